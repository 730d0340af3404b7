/// A spinning page's block steps: `cos(8jD)` and `sin(8jD)` for the blocks
/// `j = 0 ..< SpinSteps.count` after a seed, each in all 8 lanes of its own vector, so that
/// a block reads them as whole vectors (no broadcast). Built once per kernel call.
///
/// Blocks whose index is a multiple of `count` are seeds (docs/DESIGN.md, "Per-subview
/// spin"): their lanes' sines and cosines are evaluated, and block `seed + j` is the seed's
/// turned by `8jD`, one rotation, so the error does not grow with `j`.
package struct SpinSteps {
    /// Blocks per seed, the seed included (at most 8: the tables hold 8 steps of 8 lanes).
    package static let count = 8
    /// Bound on the absolute error of every lane's sine and cosine where the seed's angle is
    /// within `VectorTrig.accurateRange`, the same for every block after the seed (one
    /// rotation each, not a recurrence): `√2·ε_T + (3√2 + 3)·u` with
    /// `ε_T = VectorTrig.maximumError` and `u = 2⁻²⁴` (docs/DESIGN.md, "Per-subview spin").
    package static let maximumError = 6.5e-7
    /// Block `j`'s cosine in Floats `8j ..< 8j + 8`, its sine likewise.
    var cosines = SIMD64<Float>(), sines = SIMD64<Float>()

    /// The steps for `cos 8D` and `sin 8D` (Double, `PageConstants.Spin.blockCos`): the
    /// rotation by `8D` applied `j` times in Double (error about `j` ulps), rounded to Float once.
    @inline(__always)
    init(cos c8: Double, sin s8: Double) {
        var (c, s) = (1.0, 0.0)
        for j in 0..<SpinSteps.count {
            cosines.set(j, Float(c))
            sines.set(j, Float(s))
            (c, s) = (c * c8 - s * s8, s * c8 + c * s8)
        }
    }
}

extension SIMD64<Float> {
    /// Floats `8j ..< 8j + 8` set to `value`.
    @inline(__always)
    fileprivate mutating func set(_ j: Int, _ value: Float) {
        withUnsafeMutableBytes(of: &self) {
            $0.storeBytes(of: Lanes.Floats(repeating: value), toByteOffset: j &* 32, as: Lanes.Floats.self)
        }
    }
}

extension UnsafePointer where Pointee == SpinSteps {
    /// Block `j`'s `cos 8jD` and `sin 8jD` in every lane of a `V` (whole vector loads).
    @inline(__always)
    func step<V: LaneVector>(_ j: Int, as: V.Type) -> (cos: V, sin: V) {
        let raw = UnsafeRawPointer(self), offset = j &* 32
        return (raw.load(fromByteOffset: offset, as: V.self),
                raw.load(fromByteOffset: offset &+ MemoryLayout<SIMD64<Float>>.stride, as: V.self))
    }
}
