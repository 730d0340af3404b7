/// The 16 fields and alpha of `Lanes.count` subviews, one lane vector each: the register
/// form of a block (the frame buffer is its storage form).
///
/// Written out field by field: a loop with a dynamic field index kept the vectors out of registers.
typealias LaneMatrix = LaneFields<Lanes.Floats>

extension LaneMatrix {
    /// Every lane holds `fields` (Core Animation order) and `alpha`.
    @inline(__always)
    init(broadcast f: SIMD16<Float>, alpha a: Float) {
        (m11, m12, m13, m14) = (V(repeating: f[0]), V(repeating: f[1]), V(repeating: f[2]), V(repeating: f[3]))
        (m21, m22, m23, m24) = (V(repeating: f[4]), V(repeating: f[5]), V(repeating: f[6]), V(repeating: f[7]))
        (m31, m32, m33, m34) = (V(repeating: f[8]), V(repeating: f[9]), V(repeating: f[10]), V(repeating: f[11]))
        (m41, m42, m43, m44) = (V(repeating: f[12]), V(repeating: f[13]), V(repeating: f[14]), V(repeating: f[15]))
        alpha = V(repeating: a)
    }
}

extension LaneMatrix {
    /// These fields with `m41`, `m42` replaced.
    @inline(__always)
    func translated(_ m41: V, _ m42: V) -> Self { var m = self; (m.m41, m.m42) = (m41, m42); return m }
}
