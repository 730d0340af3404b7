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

/// Block `m` as one 64-byte row (`m11 … m44`) per lane at `out + 64·l`, for the first
/// `lanes` lanes: two 8×8 transposes, 16 stores of 32 bytes (`kernel_store_float4x4`).
@inline(__always)
func storeFloat4x4Rows(_ m: LaneMatrix, lanes: Int, at out: UnsafeMutableRawPointer, opaque: UInt32) {
    withUnsafeBytes(of: m.fields) {
        kernel_store_float4x4(out.assumingMemoryBound(to: Float.self), lanes,
                              $0.baseAddress!.assumingMemoryBound(to: Float.self), opaque)
    }
}

/// Block `m` as one 128-byte row of Doubles per lane at `out + 128·l`, for the first `lanes`
/// lanes: four 4×4 transposes on both halves, 32 conversions and 32-byte stores
/// (`kernel_store_catransform3d`).
@inline(__always)
func storeCATransform3DRows(_ m: LaneMatrix, lanes: Int, at out: UnsafeMutableRawPointer, opaque: UInt32) {
    withUnsafeBytes(of: m.fields) {
        kernel_store_catransform3d(out.assumingMemoryBound(to: Double.self), lanes,
                                   $0.baseAddress!.assumingMemoryBound(to: Float.self), opaque)
    }
}

/// 8 Floats widened to Doubles at `out` (64 bytes).
@inline(__always)
func storeWidened(_ v: Lanes.Floats, at out: UnsafeMutableRawPointer) {
    withUnsafeBytes(of: v) {
        kernel_store_widened8(out.assumingMemoryBound(to: Double.self), $0.baseAddress!.assumingMemoryBound(to: Float.self))
    }
}
