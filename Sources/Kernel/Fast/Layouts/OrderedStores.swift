/// A 32-byte store whose two 16-byte halves go out in address order where registers hold 4
/// Floats (docs/DESIGN.md, "Store order and the static patch").
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
