/// The 16 fields and alpha of `V.scalarCount` subviews, one vector each: `LaneMatrix` for any
/// lane width. The spin computes one per block (8 lanes) or, where registers hold 4 Floats,
/// one per half block (`LaneVector.narrowVectors`), stored before the next is computed.
struct LaneFields<V: LaneVector> {
    var m11, m12, m13, m14, m21, m22, m23, m24: V
    var m31, m32, m33, m34, m41, m42, m43, m44: V
    var alpha: V
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
