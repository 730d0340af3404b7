/// A 32-byte store whose two 16-byte halves go out in address order.
///
/// Where registers hold 4 Floats (`LaneVector.narrowVectors`), a 32-byte store is a pair of
/// 16-byte stores, and LLVM emits the pair in either order; stores in address order commit
/// faster (docs/DESIGN.md, "Store order and the static patch"). Two stores written out, in
/// order, stay in that order. `blocks` stores a uniform page's template through these
/// (`BlockWriter.storeTemplate`), `float4x4` its 32-byte rows; `caTransform3D` keeps plain
/// 32-byte stores of Doubles, whose loops already go out in address order.
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
