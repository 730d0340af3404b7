/// The 16 fields and alpha of `Lanes.count` subviews, one lane vector each: the register
/// form of a block (the frame buffer is its storage form).
///
/// Written out field by field on purpose: a loop over fields with a dynamic index keeps
/// Swift from holding the vectors in registers (measured 3x slower).
struct LaneMatrix {
    typealias V = Lanes.Floats
    var m11, m12, m13, m14, m21, m22, m23, m24: V
    var m31, m32, m33, m34, m41, m42, m43, m44: V
    var alpha: V

    @inline(__always)
    init(m11: V, m12: V, m13: V, m14: V, m21: V, m22: V, m23: V, m24: V,
         m31: V, m32: V, m33: V, m34: V, m41: V, m42: V, m43: V, m44: V, alpha: V) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
        self.alpha = alpha
    }

    /// Every lane holds `fields` (Core Animation order) and `alpha`.
    @inline(__always)
    init(broadcast f: SIMD16<Float>, alpha a: Float) {
        (m11, m12, m13, m14) = (V(repeating: f[0]), V(repeating: f[1]), V(repeating: f[2]), V(repeating: f[3]))
        (m21, m22, m23, m24) = (V(repeating: f[4]), V(repeating: f[5]), V(repeating: f[6]), V(repeating: f[7]))
        (m31, m32, m33, m34) = (V(repeating: f[8]), V(repeating: f[9]), V(repeating: f[10]), V(repeating: f[11]))
        (m41, m42, m43, m44) = (V(repeating: f[12]), V(repeating: f[13]), V(repeating: f[14]), V(repeating: f[15]))
        alpha = V(repeating: a)
    }

    /// Stores block `i`.
    @inline(__always)
    func store(_ out: KernelOutputs, _ i: Int) {
        out.store(0, i, m11); out.store(1, i, m12); out.store(2, i, m13); out.store(3, i, m14)
        out.store(4, i, m21); out.store(5, i, m22); out.store(6, i, m23); out.store(7, i, m24)
        out.store(8, i, m31); out.store(9, i, m32); out.store(10, i, m33); out.store(11, i, m34)
        out.store(12, i, m41); out.store(13, i, m42); out.store(14, i, m43); out.store(15, i, m44)
        out.store(16, i, alpha)
    }
}
