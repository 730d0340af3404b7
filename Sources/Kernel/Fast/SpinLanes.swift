/// A spinning page's constants in lanes of `V`, built once per kernel call, and the
/// transforms they give a block (or half block) of subviews.
struct SpinLanes<V: LaneVector> {
    /// Products of the unit axis.
    let xx, yy, zz, xy, xz, yz, x, y, z: V
    /// `cos(l·D)`, `sin(l·D)` of these lanes; Zoom's scale, `m34`, `f`, `g`, alpha.
    let laneCos, laneSin, m, p, f, g, alpha: V

    /// Lanes `first ..< first + V.scalarCount` of a block (`first` is 0, or 4 for a high half).
    /// Out of line: inlined, the optimizer merged neighbouring splats and blended lanes with extra shuffles.
    @inline(never)
    init(_ k: PageConstants, _ spin: PageConstants.Spin, lanes first: Int) {
        (xx, yy, zz) = (V(repeating: spin.xx), V(repeating: spin.yy), V(repeating: spin.zz))
        (xy, xz, yz) = (V(repeating: spin.xy), V(repeating: spin.xz), V(repeating: spin.yz))
        (x, y, z) = (V(repeating: spin.x), V(repeating: spin.y), V(repeating: spin.z))
        var (laneCos, laneSin) = (V(), V())
        for l in 0..<V.scalarCount { (laneCos[l], laneSin[l]) = (spin.laneCos[first + l], spin.laneSin[first + l]) }
        (self.laneCos, self.laneSin) = (laneCos, laneSin)
        (m, p) = (V(repeating: spin.scale), V(repeating: spin.m34 ?? 0))
        (f, g, alpha) = (V(repeating: k.f), V(repeating: k.g), V(repeating: k.alpha))
    }

    /// The lanes' sines and cosines when the block's first angle has sine `sb` and cosine
    /// `cb` (in every lane): lane `l`'s angle by the addition formulas (a seed block, `SpinSteps`).
    @inline(__always)
    func angles(_ sb: V, _ cb: V) -> (sin: V, cos: V) {
        (V.madd(cb, laneSin, sb * laneCos), V.nmadd(sb, laneSin, cb * laneCos))
    }

    /// Sines `s` and cosines `c` turned by the angle whose cosine is `cj` and sine `sj`
    /// (in every lane): a block `j` blocks after its seed, from the seed's lanes.
    @inline(__always)
    static func turned(_ s: V, _ c: V, cos cj: V, sin sj: V) -> (sin: V, cos: V) {
        (V.madd(c, sj, s * cj), V.nmadd(s, sj, c * cj))
    }

    /// The lanes' `m41`, `m42` when their speeds are `sx`, `sy`: `f·s.x + 0`, `g·s.y + 0`
    /// (`+ 0` turns −0 into +0, as the reference's additions do).
    @inline(__always)
    func translation(_ sx: V, _ sy: V) -> (V, V) { (f * sx + 0, g * sy + 0) }

    /// The lanes' fields when their angles have sines `s` and cosines `c` and their translation
    /// is `translation()`'s `m41`, `m42` (called after the rotation's fields, which keeps the
    /// halves' registers): `M = R(θ)·A·P` field by field. Rows 1–3 are
    /// `[r_i1·m, r_i2·m, r_i3, r_i3·m34]` (`m` = Zoom's scale, else 1), row 4 is
    /// `[f·s.x, g·s.y, 0, 1]` (zeros for Zoom), with `R` as in `Transform3D.rotation`. The
    /// same expressions as the C anchor's `spin_chunk`, but for a translation from the line.
    @inline(__always)
    func fields<F: SpinFlags>(_ s: V, _ c: V, _ flags: F.Type, translation: () -> (V, V)) -> LaneFields<V> {
        let cc = 1 - c, zero = V()
        // r12/r21, r13/r31 and r23/r32 share their products.
        let xyc = xy * cc, xzc = xz * cc, yzc = yz * cc
        var r11 = V.madd(xx, cc, c), r12 = V.madd(z, s, xyc), r13 = V.nmadd(y, s, xzc)
        var r21 = V.nmadd(z, s, xyc), r22 = V.madd(yy, cc, c), r23 = V.madd(x, s, yzc)
        var r31 = V.madd(y, s, xzc), r32 = V.nmadd(x, s, yzc), r33 = V.madd(zz, cc, c)
        if F.scales {
            (r11, r12, r21, r22, r31, r32) = (r11 * m, r12 * m, r21 * m, r22 * m, r31 * m, r32 * m)
        }
        // `+ 0` turns −0 into +0, as the reference's additions do.
        let m14 = F.perspective ? V.madd(r13, p, zero) : zero
        let m24 = F.perspective ? V.madd(r23, p, zero) : zero
        let m34 = F.perspective ? V.madd(r33, p, zero) : zero
        let (m41, m42) = F.translates ? translation() : (zero, zero)
        return LaneFields(m11: r11, m12: r12, m13: r13, m14: m14, m21: r21, m22: r22, m23: r23, m24: m24,
                          m31: r31, m32: r32, m33: r33, m34: m34, m41: m41, m42: m42, m43: zero,
                          m44: V(repeating: 1), alpha: alpha)
    }
}
