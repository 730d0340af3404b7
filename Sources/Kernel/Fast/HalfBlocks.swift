// Half blocks in memory, for targets whose registers hold 4 Floats (`LaneVector.narrowVectors`).

extension LaneFields where V == SIMD4<Float> {
    /// Stores these 4 lanes as lanes `4h ..< 4h + 4` of block `i`: field `c` at
    /// `base + i·136 + c·8 + 4h` (see `Lanes`).
    @inline(__always)
    func store(_ out: KernelOutputs, block i: Int, half h: Int) {
        let offset: Int = i &* Lanes.frameBlockFloats &+ h &* 4
        let base = out.matrices + offset &* 4
        func put(_ c: Int, _ v: V) { base.storeBytes(of: v, toByteOffset: c &* 32, as: V.self) }
        put(0, m11); put(1, m12); put(2, m13); put(3, m14)
        put(4, m21); put(5, m22); put(6, m23); put(7, m24)
        put(8, m31); put(9, m32); put(10, m33); put(11, m34)
        put(12, m41); put(13, m42); put(14, m43); put(15, m44)
        put(16, alpha)
    }
}

extension KernelInputs {
    /// Lanes `4h ..< 4h + 4` of block `i`'s x and y speeds, loaded where they are used.
    @inline(__always)
    func halfSpeeds(_ i: Int, _ h: Int) -> (SIMD4<Float>, SIMD4<Float>) {
        let offset: Int = 2 &* Lanes.count &* i &+ 4 &* h
        let x = UnsafeRawPointer(speeds + offset)
        return (x.load(as: SIMD4<Float>.self), x.load(fromByteOffset: 32, as: SIMD4<Float>.self))
    }
}
