/// The fast path's inner loops: one page (or a chunk of its blocks) into the frame buffer.
///
/// Each block of `Lanes.count` subviews loads its speeds and static mask (and spin factor),
/// computes the 16 fields and alpha in lanes, and stores 17 vectors. Blocks that hold no
/// static subview skip the static selects. The serial reference is `ReferenceAnimator`.
@usableFromInline
enum FrameKernel {
    @usableFromInline static let identity: Lanes.Floats = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    /// Blocks `blocks` of one page.
    @usableFromInline
    static func run(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        if let spin = k.spin {
            switch (spin.scale != 1, spin.m34 != nil) {
            case (false, false): spinning(k, spin, input, output, blocks, scales: false, perspective: false)
            case (false, true): spinning(k, spin, input, output, blocks, scales: false, perspective: true)
            case (true, false): spinning(k, spin, input, output, blocks, scales: true, perspective: false)
            case (true, true): spinning(k, spin, input, output, blocks, scales: true, perspective: true)
            }
        } else if k.translates {
            uniform(k, input, output, blocks)
        } else {
            uniformScale(k, input, output, blocks)
        }
    }

    /// One matrix per page (no rotation, or one angle for the whole page); translating
    /// pages add `f·s_k.x`, `g·s_k.y` to row 4.
    @inline(never)
    @usableFromInline
    static func uniform(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, _ blocks: Range<Int>) {
        let f = Lanes.Floats(repeating: k.f), g = Lanes.Floats(repeating: k.g)
        for i in blocks {
            // `+ 0` turns −0 into +0, as the reference's additions do.
            let m41 = f * input.speedX.block(i, as: Lanes.Floats.self) + 0
            let m42 = g * input.speedY.block(i, as: Lanes.Floats.self) + 0
            store(k, m41: m41, m42: m42, input, output, i)
        }
    }

    /// A Zoom page without per-subview spin: the same matrix for every subview.
    @inline(never)
    @usableFromInline
    static func uniformScale(_ k: PageConstants, _ input: KernelInputs, _ output: KernelOutputs, _ blocks: Range<Int>) {
        let m41 = Lanes.Floats(repeating: k.matrix[12]), m42 = Lanes.Floats(repeating: k.matrix[13])
        for i in blocks {
            store(k, m41: m41, m42: m42, input, output, i)
        }
    }

    @inline(__always)
    static func store(_ k: PageConstants, m41: Lanes.Floats, m42: Lanes.Floats,
                      _ input: KernelInputs, _ output: KernelOutputs, _ i: Int) {
        if input.staticBlocks[i] {
            let isStatic = input.statics.block(i, as: Lanes.Masks.self) .!= 0
            for c in 0..<16 {
                let v = c == 12 ? m41 : c == 13 ? m42 : Lanes.Floats(repeating: k.matrix[c])
                output.store(c, i, v.replacing(with: identity[c], where: isStatic))
            }
            output.store(16, i, Lanes.Floats(repeating: k.alpha).replacing(with: 1, where: isStatic))
        } else {
            for c in 0..<16 {
                output.store(c, i, c == 12 ? m41 : c == 13 ? m42 : Lanes.Floats(repeating: k.matrix[c]))
            }
            output.store(16, i, Lanes.Floats(repeating: k.alpha))
        }
    }

    /// Per-subview angles: `θ_k = spin_k · (1 − o)`, sine and cosine in lanes, then
    /// `M = R(θ_k)·A·P` field by field (see `Transform3D.rotation`):
    /// rows 1–3 are `[r_i1·m, r_i2·m, r_i3, r_i3·m34]` (`m` = Zoom's scale, else 1) and
    /// row 4 is `[f·s.x, g·s.y, 0, 1]` (zeros for Zoom).
    @inline(__always)
    static func spinning(_ k: PageConstants, _ spin: PageConstants.Spin, _ input: KernelInputs,
                         _ output: KernelOutputs, _ blocks: Range<Int>, scales: Bool, perspective: Bool) {
        typealias V = Lanes.Floats
        let (xx, yy, zz) = (V(repeating: spin.xx), V(repeating: spin.yy), V(repeating: spin.zz))
        let (xy, xz, yz) = (V(repeating: spin.xy), V(repeating: spin.xz), V(repeating: spin.yz))
        let (x, y, z) = (V(repeating: spin.x), V(repeating: spin.y), V(repeating: spin.z))
        let m = V(repeating: spin.scale), p = V(repeating: spin.m34 ?? 0)
        let f = V(repeating: k.f), g = V(repeating: k.g), alpha = V(repeating: k.alpha)
        for i in blocks {
            let (s, c) = VectorTrig.sinCos(input.spin.block(i, as: Lanes.Doubles.self) * spin.u)
            let cc = 1 - c
            var r11 = c + xx * cc, r12 = xy * cc + z * s, r13 = xz * cc - y * s
            var r21 = xy * cc - z * s, r22 = c + yy * cc, r23 = yz * cc + x * s
            var r31 = xz * cc + y * s, r32 = yz * cc - x * s, r33 = c + zz * cc
            if scales {
                (r11, r12, r21, r22, r31, r32) = (r11 * m, r12 * m, r21 * m, r22 * m, r31 * m, r32 * m)
            }
            let zero = V(), one = V(repeating: 1)
            // `+ 0` turns −0 into +0, as the reference's additions do.
            let (m14, m24, m34) = perspective ? (r13 * p + 0, r23 * p + 0, r33 * p + 0) : (zero, zero, zero)
            let m41 = k.translates ? f * input.speedX.block(i, as: V.self) + 0 : zero
            let m42 = k.translates ? g * input.speedY.block(i, as: V.self) + 0 : zero
            let isStatic = input.staticBlocks[i]
                ? input.statics.block(i, as: Lanes.Masks.self) .!= 0 : SIMDMask(repeating: false)
            // Static subviews get the identity and alpha 1, whatever their lanes computed.
            func put(_ field: Int, _ v: V, _ identity: Float) {
                output.store(field, i, v.replacing(with: identity, where: isStatic))
            }
            put(0, r11, 1); put(1, r12, 0); put(2, r13, 0); put(3, m14, 0)
            put(4, r21, 0); put(5, r22, 1); put(6, r23, 0); put(7, m24, 0)
            put(8, r31, 0); put(9, r32, 0); put(10, r33, 1); put(11, m34, 0)
            put(12, m41, 0); put(13, m42, 0)
            output.store(14, i, zero)
            output.store(15, i, one)
            put(16, alpha, 1)
        }
    }
}

/// The frame buffer's streams for one page (or chunk): field `c` at `base + c·stride`.
@usableFromInline
struct KernelOutputs {
    @usableFromInline let base: UnsafeMutablePointer<Float>
    @usableFromInline let stride: Int

    @usableFromInline init(base: UnsafeMutablePointer<Float>, stride: Int) {
        (self.base, self.stride) = (base, stride)
    }

    @inline(__always)
    func store(_ c: Int, _ i: Int, _ v: Lanes.Floats) {
        (base + c * stride).storeBlock(i, v)
    }
}
