import KernelTarget

/// A spinning page's block steps: `cos 8jD`, `sin 8jD` for the blocks `j = 0 ..< count` after a seed (a block
/// whose index is a multiple of `count`), splatted, built once per kernel call (docs/DESIGN.md, "Per-subview spin").
package struct SpinSteps {
    /// Blocks per seed, the seed included.
    package static let count = Int(KERNEL_SPIN_STEPS)
    /// Bound on the absolute error of every lane's sine and cosine where the seed's angle is within
    /// `VectorTrig.accurateRange`: `√2·ε_T + (3√2 + 3)·u` (docs/DESIGN.md, "Per-subview spin").
    package static let maximumError = 6.5e-7
    /// Pages with fewer subviews evaluate every block (`FrameKernel.direct`), where
    /// the table's fixed cost outweighs the sines it saves (docs/DESIGN.md, "Per-subview spin").
    package static let minimumSubviews = 512
    /// Block `j`'s cosine in every lane at `base[j]`, its sine at `base[count + j]`.
    let base: UnsafeMutablePointer<Lanes.Floats>

    /// The first `n` steps (`n` ≤ `count`) into `buffer` (`2·count` vectors, uninitialized) for the page's `D`
    /// (`PageConstants.Spin.step`), by a Double recurrence from libm's `cos 8D`, `sin 8D`, rounded to Float once.
    @inline(__always)
    init(_ buffer: UnsafeMutableBufferPointer<Lanes.Floats>, step d: Double, steps n: Int) {
        base = buffer.baseAddress!
        let (c8, s8) = (libmCos(8 * d), libmSin(8 * d))
        var (c, s) = (1.0, 0.0)
        var j = 0
        while j < n {
            (base + j).initialize(to: Lanes.Floats(repeating: Float(c)))
            (base + (SpinSteps.count &+ j)).initialize(to: Lanes.Floats(repeating: Float(s)))
            (c, s) = (c * c8 - s * s8, s * c8 + c * s8)
            j &+= 1
        }
    }

    /// Block `j`'s `cos 8jD` and `sin 8jD` in every lane of a `V` (whole vector loads).
    @inline(__always)
    func step<V: LaneVector>(_ j: Int, as: V.Type) -> (cos: V, sin: V) {
        let raw = UnsafeRawPointer(base)
        return (raw.load(fromByteOffset: j &* 32, as: V.self),
                raw.load(fromByteOffset: (SpinSteps.count &+ j) &* 32, as: V.self))
    }
}
