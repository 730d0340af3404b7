/// A page's speeds `s_k = speed + (k + 1)·speedVariance` worked out in the lanes rather than
/// read from the plan, for the uniform kernel of a diagonal page (`FrameKernel.uniform`).
///
/// Why: that loop is 17 vector stores a block, and a load among them costs more than the
/// load (docs/DESIGN.md, "Loads among the stores"): reading a block's two speed vectors
/// took `simd/limit` on `linear` from 1.12 to 1.40 at 1k subviews (AMD EPYC, AVX2). In the
/// lanes, `f·s_k.x` is `madd(k + 1, f·variance.x, f·speed.x)`, with `f·speed.x` and
/// `f·variance.x` Float products made once per kernel call (`lanes(f:g:)`), and `k + 1`
/// exact in Float.
///
/// Only where that is as good as the plan's Float speeds, else nil (and the kernel reads
/// the plan):
/// - `speed` and `speedVariance` of the same sign on each axis (or zero): `|s_k|` is then
///   `|speed| + (k + 1)·|speedVariance|`, and each rounding (the Floats of `speed` and
///   `speedVariance`, the two products with `f`, the multiply-add) is within one ulp of
///   `|f·s_k|`: five in all, against one for `f·Float(s_k)`, far inside the 1e-5 of
///   `ParityTolerance`. Of opposite signs, the terms would cancel and leave their
///   roundings larger than the result.
/// - every `|s_k|` a finite Float, and a page's overflowing frames (`saturates`) keep the
///   plan's speeds: the products with `f` and `g` then cannot overflow where `f·s_k` does not.
/// - at most 2²⁴ subview slots (padding included), so that `k + 1` is exact.
package struct SpeedLine: Hashable, Sendable {
    /// `speed` and `speedVariance` rounded to Float.
    package let speed: SIMD2<Float>, variance: SIMD2<Float>

    /// The speeds of a page of `count` subviews as a line, or nil where the plan's Float
    /// speeds must be read (see the type's conditions).
    package init?(speed: SIMD2<Double>, variance: SIMD2<Double>, count: Int) {
        guard Lanes.padded(count) <= 1 << 24 else { return nil }
        for a in 0..<2 where speed[a] * variance[a] < 0 || !speed[a].isFinite || !variance[a].isFinite { return nil }
        let largest = (speed.x.magnitude + Double(count) * variance.x.magnitude,
                       speed.y.magnitude + Double(count) * variance.y.magnitude)
        guard max(largest.0, largest.1) < Double(Float.greatestFiniteMagnitude) / 2 else { return nil }
        (self.speed, self.variance) = (SIMD2<Float>(speed), SIMD2<Float>(variance))
    }

    /// `k + 1` for the lanes of block `i` (exact: at most 2²⁴).
    @inline(__always)
    static func laneNumbers(block i: Int) -> Lanes.Floats {
        Lanes.Floats(1, 2, 3, 4, 5, 6, 7, 8) + Lanes.Floats(repeating: Float(i &* Lanes.count))
    }
}
