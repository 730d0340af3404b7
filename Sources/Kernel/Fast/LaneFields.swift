/// The 16 fields and alpha of `V.scalarCount` subviews, one vector each: a block, or a half
/// block where registers hold 4 Floats (`LaneMatrix` is the 8-lane form).
struct LaneFields<V: LaneVector> {
    var m11, m12, m13, m14, m21, m22, m23, m24: V
    var m31, m32, m33, m34, m41, m42, m43, m44: V
    var alpha: V
}
