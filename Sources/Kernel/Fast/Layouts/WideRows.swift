import KernelTarget

// The dense layouts' stores where registers hold 8 Floats (AVX): whole blocks transposed by
// `kernel_shuffles.h` (Swift has no shuffle of two vectors), the fields crossing as a tuple
// in memory. Bit `c` of `opaque` marks field `c` as computed per block (`kernel_transpose4`).

extension LaneMatrix {
    /// The 16 fields (alpha aside) as a tuple, laid out as the C side reads them: field `c`
    /// at byte `32·c`.
    @inline(__always)
    var fields: (Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats,
                 Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats,
                 Lanes.Floats, Lanes.Floats) {
        (m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44)
    }
}

/// 8 Floats widened to Doubles at `out` (64 bytes).
@inline(__always)
func storeWidened(_ v: Lanes.Floats, at out: UnsafeMutableRawPointer) {
    withUnsafeBytes(of: v) {
        kernel_store_widened8(out.assumingMemoryBound(to: Double.self), $0.baseAddress!.assumingMemoryBound(to: Float.self))
    }
}
