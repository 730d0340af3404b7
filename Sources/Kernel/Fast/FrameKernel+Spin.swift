extension FrameKernel {
    /// Per-subview angles `θ_k = A + (k + 1)·D` (`A = angle·(1 − o)`, `D = angleVariance·(1 − o)`).
    ///
    /// A block of lanes starts at `θ_b = A + (8b + 1)·D`; its lane `l` adds `l·D`. So per
    /// block one sine and cosine, taken 8 blocks at a time by `VectorTrig`, and per lane the
    /// addition formulas with the page's table of `cos(l·D)`, `sin(l·D)`:
    /// `sin θ = sin θ_b·cos lD + cos θ_b·sin lD`, `cos θ = cos θ_b·cos lD − sin θ_b·sin lD`.
    /// That is 6 Float operations a lane instead of a range reduction in Double and two
    /// polynomials (measured 3.4x faster, see README "Per-subview spin"); the error stays
    /// below 3e-7 (VectorTrig's bound plus rounding).
    ///
    /// Then `M = R(θ_k)·A·P` field by field (see `Transform3D.rotation`): rows 1–3 are
    /// `[r_i1·m, r_i2·m, r_i3, r_i3·m34]` (`m` = Zoom's scale, else 1), row 4 is
    /// `[f·s.x, g·s.y, 0, 1]` (zeros for Zoom).
    @inline(never)
    static func spinning<F: SpinFlags, W: LayoutWriter>(_ k: PageConstants, _ spin: PageConstants.Spin, _ input: KernelInputs,
                                                        _ output: KernelOutputs, _ blocks: Range<Int>, _ flags: F.Type,
                                                        _ writer: W.Type) {
        typealias V = Lanes.Floats
        let (xx, yy, zz) = (V(repeating: spin.xx), V(repeating: spin.yy), V(repeating: spin.zz))
        let (xy, xz, yz) = (V(repeating: spin.xy), V(repeating: spin.xz), V(repeating: spin.yz))
        let (x, y, z) = (V(repeating: spin.x), V(repeating: spin.y), V(repeating: spin.z))
        let m = V(repeating: spin.scale), p = V(repeating: spin.m34 ?? 0)
        let f = V(repeating: k.f), g = V(repeating: k.g), alpha = V(repeating: k.alpha)
        let zero = V(), one = V(repeating: 1)
        // Lane j of a group is block `first + j`; its first subview's index plus one is
        // `first·L + 1 + j·L`, exact in Double, so θ_b does not depend on the grouping
        // (the parallel split stays bitwise identical).
        var blockSteps = Lanes.Doubles()
        for j in 0..<Lanes.count { blockSteps[j] = Double(j * Lanes.count) }
        var first = blocks.lowerBound
        while first < blocks.upperBound {
            let count = Swift.min(Lanes.count, blocks.upperBound - first)
            let index = Lanes.Doubles(repeating: Double(first * Lanes.count + 1)) + blockSteps
            // Kept in memory for the scalar reads below: extracting lane `j` of a vector
            // register with a variable `j` copies the whole vector to the stack each time.
            var table = VectorTrig.sinCos(spin.base + index * spin.step)
            withUnsafeBytes(of: &table) { raw in
                for j in 0..<count {
                    let i = first &+ j
                    let sb = V(repeating: raw.load(fromByteOffset: j &* 4, as: Float.self))
                    let cb = V(repeating: raw.load(fromByteOffset: MemoryLayout<V>.stride &+ j &* 4, as: Float.self))
                    let s = sb * spin.laneCos + cb * spin.laneSin
                    let c = cb * spin.laneCos - sb * spin.laneSin
                    let cc = 1 - c
                    // r12/r21, r13/r31 and r23/r32 share their products.
                    let (xyc, xzc, yzc) = (xy * cc, xz * cc, yz * cc)
                    let (xs, ys, zs) = (x * s, y * s, z * s)
                    var r11 = c + xx * cc, r12 = xyc + zs, r13 = xzc - ys
                    var r21 = xyc - zs, r22 = c + yy * cc, r23 = yzc + xs
                    var r31 = xzc + ys, r32 = yzc - xs, r33 = c + zz * cc
                    if F.scales {
                        (r11, r12, r21, r22, r31, r32) = (r11 * m, r12 * m, r21 * m, r22 * m, r31 * m, r32 * m)
                    }
                    // `+ 0` turns −0 into +0, as the reference's additions do.
                    let (m14, m24, m34) = F.perspective ? (r13 * p + 0, r23 * p + 0, r33 * p + 0) : (zero, zero, zero)
                    let m41 = F.translates ? f * input.speedX(i) + 0 : zero
                    let m42 = F.translates ? g * input.speedY(i) + 0 : zero
                    let lanes = LaneMatrix(m11: r11, m12: r12, m13: r13, m14: m14, m21: r21, m22: r22, m23: r23, m24: m24,
                                           m31: r31, m32: r32, m33: r33, m34: m34, m41: m41, m42: m42, m43: zero, m44: one,
                                           alpha: alpha)
                    W.store(lanes, output, block: i)
                    W.patchStatics(input, output, block: i)
                }
            }
            first += count
        }
    }
}

/// Compile-time page flags for `spinning`: Zoom's scale, a perspective, a translation.
protocol SpinFlags {
    static var scales: Bool { get }
    static var perspective: Bool { get }
    static var translates: Bool { get }
}

protocol Flag { static var value: Bool { get } }
enum Yes: Flag { static var value: Bool { true } }
enum No: Flag { static var value: Bool { false } }

enum Flags<Scales: Flag, Perspective: Flag, Translates: Flag>: SpinFlags {
    static var scales: Bool { Scales.value }
    static var perspective: Bool { Perspective.value }
    static var translates: Bool { Translates.value }
}
