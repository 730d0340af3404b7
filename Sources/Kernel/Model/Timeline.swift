/// Scroll-driven keyframes for the subviews of a page, or for one subview (docs/FORMAT.md,
/// "Keyframe timelines"): the model of JazzHands and RazzleDazzle.
///
/// Time is the page offset `o`. A page's timeline applies to every non-static subview of
/// the page, subview `k` reading it at `τ_k = o − k·stagger`; a subview's own timeline
/// replaces the page's entirely and is read at `τ = o` (its `stagger` is not used: a file
/// cannot give it one). Each track is optional and holds its neutral value when missing:
/// translation `[0, 0]`, scale `[1, 1]`, rotation 0 (radians, about `axis`), alpha 1.
///
/// The pose `K = S · R(θ, axis) · T(tx, ty, 0)` (scale first, then the rotation, then the
/// translation) goes in front of the page's transform: `M = K · R(θ_k, page axis) · A · P`;
/// `alpha = alpha_page · clamp(alpha_track, 0, 1)`.
public struct Timeline: Hashable, Sendable {
    /// `[tx, ty]` in points.
    public let translation: [Keyframe<SIMD2<Double>>]?
    /// `[sx, sy]`.
    public let scale: [Keyframe<SIMD2<Double>>]?
    /// θ in radians about `axis` (values within ±1e6, and so is every angle a segment
    /// reaches where its easing overshoots).
    public let rotation: [Keyframe<Double>]?
    /// Clamped to `[0, 1]` when evaluated.
    public let alpha: [Keyframe<Double>]?
    /// The rotation track's axis as given (non-zero, finite); default `[0, 0, 1]`.
    public let axis: SIMD3<Double>
    /// The time step between consecutive subviews of a page (finite, within ±1000).
    public let stagger: Double

    /// The bound on `|stagger|`.
    public static let staggerLimit = 1000.0

    /// A timeline; every rule of the contract is checked here, once.
    /// - Throws: an empty track or one of more than 64 keyframes, an `at` out of range or
    ///   not strictly increasing, a value out of range, a rotation segment whose easing
    ///   overshoots past ±1e6 rad (keyed by that keyframe's `easing`), a zero or non-finite
    ///   axis, a stagger out of range. The error's key is its path (`rotation[3].at`).
    public init(translation: [Keyframe<SIMD2<Double>>]? = nil, scale: [Keyframe<SIMD2<Double>>]? = nil,
                rotation: [Keyframe<Double>]? = nil, alpha: [Keyframe<Double>]? = nil,
                axis: SIMD3<Double> = SIMD3(0, 0, 1), stagger: Double = 0) throws(WalkthroughError) {
        if let translation { try KeyframeRules.check(translation, track: "translation", limit: KeyframeRules.valueLimit) }
        if let scale { try KeyframeRules.check(scale, track: "scale", limit: KeyframeRules.valueLimit) }
        if let rotation {
            try KeyframeRules.check(rotation, track: "rotation", limit: KeyframeRules.rotationLimit)
            try KeyframeRules.checkReach(rotation)
        }
        if let alpha { try KeyframeRules.check(alpha, track: "alpha", limit: KeyframeRules.valueLimit) }
        try Rotation.checkAxis(axis, subject: "timeline axis")
        guard stagger.magnitude <= Timeline.staggerLimit else {
            throw WalkthroughError(key: "stagger", subject: "timeline stagger",
                                   problem: "must be a finite number within ±1000, got \(stagger)")
        }
        (self.translation, self.scale, self.rotation, self.alpha) = (translation, scale, rotation, alpha)
        (self.axis, self.stagger) = (axis, stagger)
    }

    /// The axis scaled to unit length (never nil: the initializer rejects a zero axis).
    public var normalizedAxis: SIMD3<Double> { Transform3D.unitAxis(axis)! }

    /// Whether no track is given: the neutral pose.
    public var isNeutral: Bool { translation == nil && scale == nil && rotation == nil && alpha == nil }
}
