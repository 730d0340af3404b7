/// The sines (lanes 0–7) and cosines (lanes 8–15) of a group's block angles, kept in memory
/// so that reading lane `j` is one scalar load, not a copy of the register to the stack.
typealias SinCosTable = SIMD16<Float>

extension UnsafePointer where Pointee == SinCosTable {
    /// Block `j`'s sine and cosine, each in every lane of a `V`.
    @inline(__always)
    func angle<V: LaneVector>(_ j: Int, as: V.Type) -> (V, V) {
        let raw = UnsafeRawPointer(self), offset = j &* MemoryLayout<Float>.stride
        return (V(repeating: raw.load(fromByteOffset: offset, as: Float.self)),
                V(repeating: raw.load(fromByteOffset: offset &+ Lanes.count &* MemoryLayout<Float>.stride, as: Float.self)))
    }
}
