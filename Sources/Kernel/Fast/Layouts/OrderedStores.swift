/// A 32-byte store whose two 16-byte halves go out in address order.
///
/// Where registers hold 4 Floats (`LaneVector.narrowVectors`), a 32-byte store is a pair of
/// 16-byte stores, and LLVM emits the pair in either order: in `blocks` it stored half of
/// the Zoom page's fields high half first. On an Intel Xeon (family 6, model 207, SSE2
/// build) that page ran 1.16–1.31× the store limit and 1.05–1.18× the C anchor, whose
/// stores go in address order; with every pair in order 1.07–1.11× and 0.98–1.01× (three
/// sets of 4–5 runs, 1k–100k subviews). Two stores written out, in order, stay in that order.
///
/// `blocks` stores a uniform page's template through these (`BlockWriter.storeTemplate`),
/// `float4x4` its 32-byte rows (no faster, no slower there). `caTransform3D` keeps plain
/// 32-byte stores of Doubles: its uniform loops already went out in address order, and
/// with its rows written in halves (the same stores in the Zoom loop, other registers) its
/// Zoom and Linear pages ran 1.2–1.3× as long on that Xeon, an effect left unexplained
/// (callgrind: the same instructions a frame).
extension UnsafeMutableRawPointer {
    /// `v` at `offset` bytes on: lanes 0–3, then lanes 4–7.
    @inline(__always)
    func storeInOrder(_ v: SIMD8<Float>, toByteOffset offset: Int = 0) {
        if Lanes.Floats.narrowVectors {
            storeBytes(of: v.lowHalf, toByteOffset: offset, as: SIMD4<Float>.self)
            storeBytes(of: v.highHalf, toByteOffset: offset &+ 16, as: SIMD4<Float>.self)
        } else {
            storeBytes(of: v, toByteOffset: offset, as: SIMD8<Float>.self)
        }
    }
}
