/// A page's speeds `s_k = speed + (k + 1)·speedVariance` worked out in the lanes rather than
/// read from the plan, so that the store loop loads nothing (docs/DESIGN.md, "Loads among
/// the stores"). Only where that is about as exact as reading them (else nil):
/// - `speed` and `speedVariance` of the same sign on each axis (or zero), so that no terms
///   cancel: about 3 ulps of `|f·s_k|`, far inside `ParityTolerance`'s 1e-5;
/// - every `|s_k|` over the page's slots (padding too) below half of Float's largest;
/// - at most 2²⁴ slots, so that `k + 1` is exact.
package struct SpeedLine: Hashable, Sendable {
    /// `speed` and `speedVariance` rounded to Float.
    package let speed: SIMD2<Float>, variance: SIMD2<Float>

    /// The speeds of a page of `count` subviews as a line, or nil where the plan's Float
    /// speeds must be read (see the type's conditions).
    package init?(speed: SIMD2<Double>, variance: SIMD2<Double>, count: Int) {
        let slots = Lanes.padded(count)
        guard slots <= 1 << 24 else { return nil }
        var (speed, variance) = (speed, variance)
        for a in 0..<2 {
            guard speed[a].isFinite, variance[a].isFinite else { return nil }
            if speed[a] != 0 && variance[a] != 0 && speed[a].sign != variance[a].sign { return nil }
            // Two zeros as the plan has them: s_k is their sum, −0 only if both are (the
            // line's two zero terms then add up to the same signed zero).
            if speed[a] == 0 && variance[a] == 0 { (speed[a], variance[a]) = (speed[a] + variance[a], speed[a] + variance[a]) }
        }
        let largest = speed.x.magnitude + Double(slots) * variance.x.magnitude
        let largestY = speed.y.magnitude + Double(slots) * variance.y.magnitude
        guard max(largest, largestY) < Double(Float.greatestFiniteMagnitude) / 2 else { return nil }
        (self.speed, self.variance) = (SIMD2<Float>(speed), SIMD2<Float>(variance))
    }

    /// `k + 1` for the lanes of block `i` (exact: at most 2²⁴).
    @inline(__always)
    static func laneNumbers(block i: Int) -> Lanes.Floats {
        Lanes.Floats(1, 2, 3, 4, 5, 6, 7, 8) + Lanes.Floats(repeating: Float(i &* Lanes.count))
    }
}
