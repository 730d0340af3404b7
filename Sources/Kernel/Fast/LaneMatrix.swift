/// The 16 fields and alpha of `Lanes.count` subviews, one lane vector each: the register
/// form of a block (the frame buffer is its storage form).
///
/// Written out field by field: a loop with a dynamic field index kept the vectors out of registers.
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

    /// Loads a stored block (`FrameLayout.blocks`): 17 aligned vector loads.
    @inline(__always)
    init(loading block: UnsafeRawPointer) {
        func f(_ c: Int) -> V { block.load(fromByteOffset: c &* 32, as: V.self) }
        (m11, m12, m13, m14) = (f(0), f(1), f(2), f(3))
        (m21, m22, m23, m24) = (f(4), f(5), f(6), f(7))
        (m31, m32, m33, m34) = (f(8), f(9), f(10), f(11))
        (m41, m42, m43, m44) = (f(12), f(13), f(14), f(15))
        alpha = f(16)
    }
}
