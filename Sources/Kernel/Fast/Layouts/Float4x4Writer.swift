/// `FrameLayout.float4x4`: 16 Floats per subview (`m11 … m44`, 64 bytes), rows stored 16
/// bytes at a time after `LaneRows` transposes; alphas as one Float vector per block.
enum Float4x4Writer: LayoutWriter {
    struct Template {
        /// Rows 1–3 of every lane, and row 4's constant tail `m43 m44`.
        var row0, row1, row2: SIMD4<Float>
        var m43, m44: Lanes.Floats
        var template3: SIMD4<Float>
        var alpha: Lanes.Floats
    }

    @inline(__always)
    static func template(_ f: SIMD16<Float>, alpha: Float) -> Template {
        Template(row0: SIMD4(f[0], f[1], f[2], f[3]), row1: SIMD4(f[4], f[5], f[6], f[7]),
                 row2: SIMD4(f[8], f[9], f[10], f[11]),
                 m43: Lanes.Floats(repeating: f[14]), m44: Lanes.Floats(repeating: f[15]),
                 template3: SIMD4(f[12], f[13], f[14], f[15]), alpha: Lanes.Floats(repeating: alpha))
    }

    @inline(__always)
    static func storeTranslated(_ t: Template, m41: Lanes.Floats, m42: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        let row3 = LaneRows(m41, m42, t.m43, t.m44)
        let base = out.matrices + i &* (Lanes.count &* 64)
        out.forEachLane(inBlock: i) { l in
            let p = base + l &* 64
            p.storeBytes(of: t.row0, as: SIMD4<Float>.self)
            p.storeBytes(of: t.row1, toByteOffset: 16, as: SIMD4<Float>.self)
            p.storeBytes(of: t.row2, toByteOffset: 32, as: SIMD4<Float>.self)
            p.storeBytes(of: row3.row(l), toByteOffset: 48, as: SIMD4<Float>.self)
        }
        storeAlpha(t.alpha, out, block: i)
    }

    @inline(__always)
    static func storeTemplate(_ t: Template, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 64)
        out.forEachLane(inBlock: i) { l in
            let p = base + l &* 64
            p.storeBytes(of: t.row0, as: SIMD4<Float>.self)
            p.storeBytes(of: t.row1, toByteOffset: 16, as: SIMD4<Float>.self)
            p.storeBytes(of: t.row2, toByteOffset: 32, as: SIMD4<Float>.self)
            p.storeBytes(of: t.template3, toByteOffset: 48, as: SIMD4<Float>.self)
        }
        storeAlpha(t.alpha, out, block: i)
    }

    @inline(__always)
    static func store(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int) {
        // One row of the matrix at a time: four field vectors and their transposes live at
        // once instead of sixteen, which spilled (3x slower on SSE).
        let base = out.matrices + i &* (Lanes.count &* 64)
        storeRow(LaneRows(m.m11, m.m12, m.m13, m.m14), 0, out, block: i, at: base)
        storeRow(LaneRows(m.m21, m.m22, m.m23, m.m24), 1, out, block: i, at: base)
        storeRow(LaneRows(m.m31, m.m32, m.m33, m.m34), 2, out, block: i, at: base)
        storeRow(LaneRows(m.m41, m.m42, m.m43, m.m44), 3, out, block: i, at: base)
        storeAlpha(m.alpha, out, block: i)
    }

    /// Row `row` (0 … 3) of every valid lane, lane `l` at `base + 64·l + 16·row`.
    @inline(__always)
    static func storeRow(_ rows: LaneRows, _ row: Int, _ out: KernelOutputs, block i: Int, at base: UnsafeMutableRawPointer) {
        out.forEachLane(inBlock: i) { l in
            base.storeBytes(of: rows.row(l), toByteOffset: l &* 64 &+ row &* 16, as: SIMD4<Float>.self)
        }
    }

    @inline(__always)
    static func storeIdentity(_ out: KernelOutputs, subview k: Int) {
        let p = out.matrices + k &* 64
        p.storeBytes(of: SIMD4<Float>(1, 0, 0, 0), as: SIMD4<Float>.self)
        p.storeBytes(of: SIMD4<Float>(0, 1, 0, 0), toByteOffset: 16, as: SIMD4<Float>.self)
        p.storeBytes(of: SIMD4<Float>(0, 0, 1, 0), toByteOffset: 32, as: SIMD4<Float>.self)
        p.storeBytes(of: SIMD4<Float>(0, 0, 0, 1), toByteOffset: 48, as: SIMD4<Float>.self)
        out.alphas.storeBytes(of: Float(1), toByteOffset: k &* 4, as: Float.self)
    }

    @inline(__always)
    static func storeAlpha(_ alpha: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        let p = out.alphas + i &* (Lanes.count &* 4)
        if out.lanes(inBlock: i) == Lanes.count {
            p.storeBytes(of: alpha, as: Lanes.Floats.self)
        } else {
            for l in 0..<out.lanes(inBlock: i) { p.storeBytes(of: alpha[l], toByteOffset: l &* 4, as: Float.self) }
        }
    }
}
