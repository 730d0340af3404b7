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
    /// The largest `|s_k.x|` and `|s_k.y|` on the page: whether a frame's translations can
    /// overflow Float is known per page.
    package let speedBound: SIMD2<Double>
    /// How the page's timelines are evaluated.
    package let keyframes: KeyframeMode

    /// Whether each subview needs its own sine and cosine (`angleVariance ≠ 0`).
    package var spinsPerSubview: Bool { (rotation?.angleVariance ?? 0) != 0 }

    /// The page's blocks of `Lanes.count` subviews.
    package var blocks: Int { paddedCount / Lanes.count }
}
