/// A page's speeds `s_k = speed + (k + 1)·speedVariance` worked out in the lanes rather than
/// read from the plan, for the uniform kernels of every page in the `blocks` layout, and with
/// AVX in every layout (`BlockTranslation`). The dense layouts of an SSE2 build read the
/// plan: their loops are bound by the transposes (as the gather is), and the line's four
/// registers made `linear` in `float4x4` slower.
///
/// Why: that loop is 17 vector stores a block, and a load among them costs more than the
/// load (docs/DESIGN.md, "Loads among the stores"). In the lanes, `f·s_k.x` is
/// `madd(k + 1, f·variance.x, f·speed.x)`, with `f·speed.x` and `f·variance.x` Float
/// products made once per kernel call, and `k + 1` exact in Float.
///
/// Only where that is about as exact as reading them, else nil (and the kernel reads the
/// plan):
/// - `speed` and `speedVariance` of the same sign on each axis (or zero): `|s_k|` is then
///   `|speed| + (k + 1)·|speedVariance|`, each term at most `|s_k|`, and each rounding (the
///   Floats of `speed` and `speedVariance`, the two products with `f`, the multiply-add, and
///   without fused multiply-add its product) at most half an ulp of `|f·s_k|`: about 3 ulps
///   in all, against about 1 for `f·Float(s_k)` (both also carry `f`'s own rounding), far
///   inside the 1e-5 of `ParityTolerance`. Of opposite signs, the terms would cancel and
///   leave their roundings larger than the result.
/// - every `|s_k|` over the page's slots (its padding too) below half of Float's largest:
///   finite. A frame whose translations may overflow (`PageConstants.saturates`, from the
///   same slots) reads the plan, so the products with `f`, `g` are finite where used.
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
