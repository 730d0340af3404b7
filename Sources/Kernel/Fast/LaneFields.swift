/// The 16 fields and alpha of `V.scalarCount` subviews, one vector each: `LaneMatrix` for any
/// lane width. The spin computes one per block (8 lanes) or, where registers hold 4 Floats,
/// one per half block (`LaneVector.narrowVectors`), stored before the next is computed.
struct LaneFields<V: LaneVector> {
    var m11, m12, m13, m14, m21, m22, m23, m24: V
    var m31, m32, m33, m34, m41, m42, m43, m44: V
    var alpha: V
}

extension LaneFields where V == SIMD4<Float> {
    /// Stores these 4 lanes as lanes `4h ..< 4h + 4` of block `i`: field `c` at
    /// `base + i·136 + c·8 + 4h` (see `Lanes`).
    @inline(__always)
    func store(_ out: KernelOutputs, block i: Int, half h: Int) {
        let offset: Int = i &* Lanes.frameBlockFloats &+ h &* 4
        let base = UnsafeMutableRawPointer(out.base + offset)
        func put(_ c: Int, _ v: V) { base.storeBytes(of: v, toByteOffset: c &* 32, as: V.self) }
        put(0, m11); put(1, m12); put(2, m13); put(3, m14)
        put(4, m21); put(5, m22); put(6, m23); put(7, m24)
        put(8, m31); put(9, m32); put(10, m33); put(11, m34)
        put(12, m41); put(13, m42); put(14, m43); put(15, m44)
        put(16, alpha)
    }
}

extension LaneMatrix {
    /// The 8-lane fields as the kernels' block.
    @inline(__always)
    init(_ f: LaneFields<Lanes.Floats>) {
        self.init(m11: f.m11, m12: f.m12, m13: f.m13, m14: f.m14, m21: f.m21, m22: f.m22, m23: f.m23, m24: f.m24,
                  m31: f.m31, m32: f.m32, m33: f.m33, m34: f.m34, m41: f.m41, m42: f.m42, m43: f.m43, m44: f.m44,
                  alpha: f.alpha)
    }
}
