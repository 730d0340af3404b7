/// Where one page's blocks sit in the plan and the frame buffer, and the page settings the
/// kernels need each frame.
package struct PageLayout: Hashable, Sendable {
    /// The page's first subview slot over all pages (a multiple of `Lanes.count`, so the
    /// page starts on a block).
    package let start: Int
    /// Subviews on the page.
    package let count: Int
    /// `count` rounded up to whole blocks: the slots the page owns.
    package let paddedCount: Int
    package let animationType: AnimationType
    package let animateAlpha: Bool
    package let rotation: Rotation?
    /// The page's `speed` and `speedVariance` in Double, for the rare frames whose
    /// translations overflow Float (`PageConstants.Saturation`).
    package let speed: SIMD2<Double>, speedVariance: SIMD2<Double>
    /// The largest `|s_k.x|` and `|s_k.y|` over the page's slots, padding included, so that
    /// whether a frame's translations can overflow Float is known per page.
    package let speedBound: SIMD2<Double>
    /// The speeds as a line the uniform and spinning kernels work out in their lanes, where
    /// that is as exact as reading them (`SpeedLine`).
    package let speedLine: SpeedLine?
    /// How the page's timelines are evaluated.
    package let keyframes: KeyframeMode
    /// Whether `keyframes` is not `.none`: one byte to test per page, not the enum's payload.
    package let hasKeyframes: Bool

    package init(start: Int, count: Int, paddedCount: Int, animationType: AnimationType, animateAlpha: Bool,
                 rotation: Rotation?, speed: SIMD2<Double>, speedVariance: SIMD2<Double>, speedBound: SIMD2<Double>,
                 keyframes: KeyframeMode) {
        (self.start, self.count, self.paddedCount) = (start, count, paddedCount)
        (self.animationType, self.animateAlpha, self.rotation) = (animationType, animateAlpha, rotation)
        (self.speed, self.speedVariance, self.speedBound) = (speed, speedVariance, speedBound)
        speedLine = SpeedLine(speed: speed, variance: speedVariance, count: count)
        self.keyframes = keyframes
        if case .none = keyframes { hasKeyframes = false } else { hasKeyframes = true }
    }

    /// Whether each subview needs its own sine and cosine (`angleVariance ≠ 0`).
    package var spinsPerSubview: Bool { (rotation?.angleVariance ?? 0) != 0 }

    /// Whether every non-static subview holds the same fields but `m41`, `m42` (alpha aside),
    /// so that the gather reads only those two rows (`kernel_gather_template_blocks`).
    package var sharesTemplate: Bool {
        if spinsPerSubview { return false }
        if case .lanes = keyframes { return false }
        return true
    }

    /// The page's blocks of `Lanes.count` subviews.
    package var blocks: Int { paddedCount / Lanes.count }
}
