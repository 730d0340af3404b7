/// `M = K · B` per lane, where `K = S·R(θ, axis)·T(tx, ty, 0)` is the keyframed pose and
/// `B = R(θ_k, page axis)·A·P` the page's transform of the subview.
///
/// With `R'` the pose's rotation: `K`'s rows are `sx·R'₁`, `sy·R'₂`, `R'₃` (fourth column
/// 0) and `(tx, ty, 0, 1)`, so `Mᵢ = Kᵢ₁·B₁ + Kᵢ₂·B₂ + Kᵢ₃·B₃` for `i = 1…3` and
/// `M₄ = tx·B₁ + ty·B₂ + B₄`, where `B₄ = (f·s_k.x, g·s_k.y, 0, 1)` (the page's
/// translation; zeros for Zoom) and `B₁…B₃` are the page's matrix rows, or per lane when
/// every subview spins (`PageConstants.Spin`).
enum KeyframeComposition {
    typealias V = Lanes.Floats

    /// The pose in lanes; the neutral one by default.
    struct Pose {
        var tx = V(), ty = V(), sx = V(repeating: 1), sy = V(repeating: 1), sin = V(), cos = V(repeating: 1)
    }

    /// The page's constants as the compositions read them.
    struct Page {
        let matrix: SIMD16<Float>
        let f: V, g: V
        let spin: PageConstants.Spin?

        init(_ k: PageConstants) {
            (matrix, f, g, spin) = (k.matrix, V(repeating: k.f), V(repeating: k.g), k.spin)
        }
    }

    /// No page rotation, every lane turning about z: `B = diag(m, m, 1, 1)` plus the
    /// translation, and `R' = [c s 0; −s c 0; 0 0 1]`, so
    /// `M = [sx·c·m, sx·s·m, 0, 0; −sy·s·m, sy·c·m, 0, 0; 0, 0, 1, 0; tx·m + f·s.x, ty·m + g·s.y, 0, 1]`.
    @inline(__always)
    static func planar(_ pose: Pose, _ page: Page, _ input: KernelInputs, block i: Int, alpha: V) -> LaneMatrix {
        let m = V(repeating: page.matrix[0])
        let (sxm, sym) = (pose.sx * m, pose.sy * m)
        let zero = V(), one = V(repeating: 1)
        // `+ 0` turns −0 into +0, as the reference's additions do.
        return LaneMatrix(m11: sxm * pose.cos + 0, m12: sxm * pose.sin + 0, m13: zero, m14: zero,
                          m21: zero - sym * pose.sin, m22: sym * pose.cos + 0, m23: zero, m24: zero,
                          m31: zero, m32: zero, m33: one, m34: zero,
                          m41: pose.tx * m + page.f * input.speedX(i) + 0, m42: pose.ty * m + page.g * input.speedY(i) + 0,
                          m43: zero, m44: one, alpha: alpha)
    }

    /// Any page and axis: `R'` from each lane's axis products (`LaneTimelines.axes`), `B`
    /// from the page's matrix or, when every subview spins, from each lane's angle.
    @inline(__always)
    static func general(_ pose: Pose, _ page: Page, _ input: KernelInputs, axes: UnsafePointer<Float>, block i: Int,
                        alpha: V) -> LaneMatrix {
        func axis(_ n: Int) -> V { UnsafeRawPointer(axes + n &* Lanes.count).load(as: V.self) }
        let (c, s) = (pose.cos, pose.sin)
        let cc = 1 - c
        let (xx, yy, zz, xy, xz, yz) = (axis(0), axis(1), axis(2), axis(3), axis(4), axis(5))
        let (xs, ys, zs) = (axis(6) * s, axis(7) * s, axis(8) * s)
        let (xyc, xzc, yzc) = (xy * cc, xz * cc, yz * cc)
        // K's rows 1–3 (the fourth column is 0).
        let k11 = pose.sx * (c + xx * cc), k12 = pose.sx * (xyc + zs), k13 = pose.sx * (xzc - ys)
        let k21 = pose.sy * (xyc - zs), k22 = pose.sy * (c + yy * cc), k23 = pose.sy * (yzc + xs)
        let k31 = xzc + ys, k32 = yzc - xs, k33 = c + zz * cc
        let (b1, b2, b3) = rows(page, block: i)
        let m41 = page.f * input.speedX(i), m42 = page.g * input.speedY(i)
        @inline(__always) func row(_ x: V, _ y: V, _ z: V) -> Row {
            (x * b1.0 + y * b2.0 + z * b3.0 + 0, x * b1.1 + y * b2.1 + z * b3.1 + 0,
             x * b1.2 + y * b2.2 + z * b3.2 + 0, x * b1.3 + y * b2.3 + z * b3.3 + 0)
        }
        let (m1, m2, m3) = (row(k11, k12, k13), row(k21, k22, k23), row(k31, k32, k33))
        return LaneMatrix(m11: m1.0, m12: m1.1, m13: m1.2, m14: m1.3, m21: m2.0, m22: m2.1, m23: m2.2, m24: m2.3,
                          m31: m3.0, m32: m3.1, m33: m3.2, m34: m3.3,
                          m41: pose.tx * b1.0 + pose.ty * b2.0 + m41 + 0, m42: pose.tx * b1.1 + pose.ty * b2.1 + m42 + 0,
                          m43: pose.tx * b1.2 + pose.ty * b2.2 + 0, m44: pose.tx * b1.3 + pose.ty * b2.3 + 1, alpha: alpha)
    }

    typealias Row = (V, V, V, V)

    /// `B₁…B₃`: the page matrix's rows broadcast, or each lane's `R(θ_k)·A·P` rows when
    /// the page spins: `(r_i1·m, r_i2·m, r_i3, r_i3·m34)` with `θ_k = base + (k + 1)·step`
    /// (the spin kernel's reduced `base` and `step`).
    @inline(__always)
    static func rows(_ page: Page, block i: Int) -> (Row, Row, Row) {
        guard let spin = page.spin else {
            let f = page.matrix
            func b(_ c: Int) -> V { V(repeating: f[c]) }
            return ((b(0), b(1), b(2), b(3)), (b(4), b(5), b(6), b(7)), (b(8), b(9), b(10), b(11)))
        }
        var steps = Lanes.Doubles()
        for l in 0..<Lanes.count { steps[l] = Double(l) }
        let index = Lanes.Doubles(repeating: Double(i &* Lanes.count &+ 1)) + steps
        let (s, c) = VectorTrig.sinCos(spin.base + index * spin.step)
        let cc = 1 - c
        let (xx, yy, zz) = (V(repeating: spin.xx), V(repeating: spin.yy), V(repeating: spin.zz))
        let (xyc, xzc, yzc) = (spin.xy * cc, spin.xz * cc, spin.yz * cc)
        let (xs, ys, zs) = (spin.x * s, spin.y * s, spin.z * s)
        let m = V(repeating: spin.scale), p = V(repeating: spin.m34 ?? 0)
        let r13 = xzc - ys, r23 = yzc + xs, r33 = c + zz * cc
        return (((c + xx * cc) * m, (xyc + zs) * m, r13, r13 * p),
                ((xyc - zs) * m, (c + yy * cc) * m, r23, r23 * p),
                ((xzc + ys) * m, (yzc - xs) * m, r33, r33 * p))
    }
}
