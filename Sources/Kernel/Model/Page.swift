/// One page of a walkthrough: its subviews in hierarchy order and the settings that
/// Interface Builder's runtime attributes set on `BWWalkthroughPageViewController`.
public struct Page: Hashable, Sendable {
    /// The prebuilt animation (Interface Builder's `animationType`).
    public var animationType: AnimationType
    /// `speed` (points per unit of offset, ×100 for the translations).
    public var speed: SIMD2<Double>
    /// Extra speed per step down the hierarchy.
    public var speedVariance: SIMD2<Double>
    /// Tags of the subviews left alone (identity, alpha 1).
    public var staticTags: StaticTags
    /// Whether alpha follows `clamp(m(o), 0, 1)`; otherwise it stays 1.
    public var animateAlpha: Bool
    /// The subviews in hierarchy order: their positions set their speeds.
    public var subviews: [Subview]
    /// The custom 3D rotation with perspective, if any.
    public var rotation: Rotation?
    /// Keyframes for every non-static subview without a timeline of its own, if any.
    public var timeline: Timeline?

    /// A page with the storyboard defaults: Linear, no speed, no static tags, no alpha, no subviews, no rotation, no timeline.
    public init(animationType: AnimationType = .linear,
                speed: SIMD2<Double> = .zero,
                speedVariance: SIMD2<Double> = .zero,
                staticTags: StaticTags = [],
                animateAlpha: Bool = false,
                subviews: [Subview] = [],
                rotation: Rotation? = nil,
                timeline: Timeline? = nil) {
        (self.animationType, self.speed, self.speedVariance) = (animationType, speed, speedVariance)
        (self.staticTags, self.animateAlpha, self.subviews) = (staticTags, animateAlpha, subviews)
        (self.rotation, self.timeline) = (rotation, timeline)
    }

    /// `s_k = speed + (k + 1) · speedVariance`. Depends on the hierarchy position alone:
    /// static subviews take their step too. Any `k` (`k + 1` is formed in Double, so
    /// `Int.max` does not overflow).
    @inlinable
    public func speed(ofSubview k: Int) -> SIMD2<Double> {
        speed + (Double(k) + 1) * speedVariance
    }

    /// Whether subview `k`'s tag is in `staticTags`.
    /// - Precondition: `k` is an index of `subviews` (a trap otherwise, as an `Array`'s).
    @inlinable
    public func isStatic(subview k: Int) -> Bool {
        staticTags.contains(subviews[k].tag)
    }

    /// The timeline subview `k` follows: its own, else the page's; nil for none. (Static
    /// subviews ignore it.)
    /// - Precondition: `k` is an index of `subviews` (a trap otherwise, as an `Array`'s).
    @inlinable
    public func timeline(ofSubview k: Int) -> Timeline? {
        subviews[k].timeline ?? timeline
    }
}
