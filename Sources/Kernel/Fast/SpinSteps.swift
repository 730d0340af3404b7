/// A spinning page's block steps: `cos(8jD)` and `sin(8jD)` for the blocks
/// `j = 0 ..< SpinSteps.count` after a seed, each in all 8 lanes of its own vector, so that
/// a block reads them as whole vectors (no broadcast). Built once per kernel call.
///
/// Blocks whose index is a multiple of `count` are seeds (docs/DESIGN.md, "Per-subview
/// spin"): their lanes' sines and cosines are evaluated, and block `seed + j` is the seed's
/// turned by `8jD`, one rotation, so the error does not grow with `j`.
package struct SpinSteps {
    /// Blocks per seed, the seed included (at most 16: the table holds 16 steps of 8 lanes).
    package static let count = 16
    /// Bound on the absolute error of every lane's sine and cosine where the seed's angle is
    /// within `VectorTrig.accurateRange`, the same for every block after the seed (one
    /// rotation each, not a recurrence): `√2·ε_T + (3√2 + 3)·u` with
    /// `ε_T = VectorTrig.maximumError` and `u = 2⁻²⁴` (docs/DESIGN.md, "Per-subview spin").
    package static let maximumError = 6.5e-7
    /// Block `j`'s cosine in Floats `8j ..< 8j + 8` (bytes `32j`), its sine `sineOffset` bytes on.
    var table = (SIMD64<Float>(), SIMD64<Float>(), SIMD64<Float>(), SIMD64<Float>())
    static let sineOffset = 512

    /// The first `n` steps (`n` ≤ `count`) for `cos 8D` and `sin 8D` (Double,
    /// `PageConstants.Spin.blockCos`): the rotation by `8D` applied `j` times in Double
    /// (error about `j` ulps), rounded to Float once.
    @inline(__always)
    init(cos c8: Double, sin s8: Double, steps n: Int) {
        var (c, s) = (1.0, 0.0)
        withUnsafeMutableBytes(of: &table) { bytes in
            for j in 0..<n {
                bytes.storeBytes(of: Lanes.Floats(repeating: Float(c)), toByteOffset: j &* 32, as: Lanes.Floats.self)
                bytes.storeBytes(of: Lanes.Floats(repeating: Float(s)), toByteOffset: SpinSteps.sineOffset &+ j &* 32,
                                 as: Lanes.Floats.self)
                (c, s) = (c * c8 - s * s8, s * c8 + c * s8)
            }
        }
    }
}

extension UnsafePointer where Pointee == SpinSteps {
    /// Block `j`'s `cos 8jD` and `sin 8jD` in every lane of a `V` (whole vector loads).
    @inline(__always)
    func step<V: LaneVector>(_ j: Int, as: V.Type) -> (cos: V, sin: V) {
        let raw = UnsafeRawPointer(self), offset = j &* 32
        return (raw.load(fromByteOffset: offset, as: V.self),
                raw.load(fromByteOffset: offset &+ SpinSteps.sineOffset, as: V.self))
    }
}
