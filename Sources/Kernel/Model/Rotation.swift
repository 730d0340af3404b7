/// A page's custom 3D animation: subview `k` turns by
/// `θ_k = (angle + (k + 1) · angleVariance) · (1 − o)` about `axis`, seen with the
/// perspective of a viewer at `perspective` points (`m34 = −1/d`), or with none.
public struct Rotation: Hashable, Sendable {
    /// The axis as given (non-zero, finite).
    public let axis: SIMD3<Double>
    /// Radians per unit of `(1 − o)`.
    public var angle: Double
    /// Extra radians per unit of `(1 − o)` for each step down the hierarchy.
    public var angleVariance: Double
    /// The viewer's distance `d > 0`, or `nil` for no perspective.
    public let perspective: Double?

    /// - Throws: a zero, non-finite axis or a non-positive, non-finite perspective, or one so small that `−1/d` overflows.
    public init(axis: SIMD3<Double>, angle: Double, angleVariance: Double = 0,
                perspective: Double? = nil) throws(WalkthroughError) {
        try Rotation.checkAxis(axis, subject: "rotation axis")
        if let d = perspective, !(d > 0 && d.isFinite) {
            throw WalkthroughError(key: "perspective", subject: "perspective",
                                   problem: "must be a finite distance > 0, got \(d)")
        }
        if let d = perspective, !(-1 / d).isFinite {  // d below about 5.56e-309: m34 itself is infinite
            throw WalkthroughError(key: "perspective", subject: "perspective",
                                   problem: "must be a distance whose m34 = −1/d is finite, got \(d)")
        }
        (self.axis, self.angle, self.angleVariance, self.perspective) = (axis, angle, angleVariance, perspective)
    }

    /// - Throws: a non-finite or zero axis (key `axis`): the rule of a rotation's and a timeline's.
    static func checkAxis(_ axis: SIMD3<Double>, subject: String) throws(WalkthroughError) {
        guard axis.x.isFinite, axis.y.isFinite, axis.z.isFinite else {
            throw WalkthroughError(key: "axis", subject: subject, problem: "must be finite, got \(axis)")
        }
        guard axis != .zero else { throw WalkthroughError(key: "axis", subject: subject, problem: "must not be zero") }
    }

    /// The axis scaled to unit length (never nil: the initializer rejects a zero axis).
    public var normalizedAxis: SIMD3<Double> { Transform3D.unitAxis(axis)! }

    /// `m34` of the perspective matrix `P`: `−1/d`, or 0 without perspective.
    public var m34: Double { perspective.map { -1 / $0 } ?? 0 }

    /// `θ_k` for subview `k` at page offset `o`. Any `k` (`k + 1` is formed in Double).
    @inlinable
    public func angle(ofSubview k: Int, offset o: Double) -> Double {
        (angle + (Double(k) + 1) * angleVariance) * (1 - o)
    }
}
