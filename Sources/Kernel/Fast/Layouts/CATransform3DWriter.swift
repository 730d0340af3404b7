import KernelTarget

/// `FrameLayout.caTransform3D`: 16 Doubles per subview (`m11 … m44`, 128 bytes), rows
/// converted after `storeCATransform3DRows` (AVX) or `LaneRows` transposes; alphas as Doubles.
enum CATransform3DWriter: LayoutWriter {
    typealias Row = SIMD4<Double>

    struct Template {
        var row0, row1, row2, row3: Row
        var m43, m44: Lanes.Floats
        var alpha: Lanes.Floats
        /// Every field in lanes, for `storeTranslated` where registers hold 8 Floats.
        var lanes: LaneMatrix
    }

    @inline(__always)
    static func template(_ f: SIMD16<Float>, alpha: Float) -> Template {
        Template(row0: Row(SIMD4(f[0], f[1], f[2], f[3])), row1: Row(SIMD4(f[4], f[5], f[6], f[7])),
                 row2: Row(SIMD4(f[8], f[9], f[10], f[11])), row3: Row(SIMD4(f[12], f[13], f[14], f[15])),
                 m43: Lanes.Floats(repeating: f[14]), m44: Lanes.Floats(repeating: f[15]),
                 alpha: Lanes.Floats(repeating: alpha), lanes: LaneMatrix(broadcast: f, alpha: alpha))
    }

    @inline(__always)
    static func storeTranslated(_ t: Template, m41: Lanes.Floats, m42: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 128)
        if !Lanes.Floats.narrowVectors {
            // The constant rows' transposes and conversions are loop invariants.
            var lanes = t.lanes
            (lanes.m41, lanes.m42) = (m41, m42)
            storeRows(lanes, out, block: i, at: base, opaque: 0x3000)  // m41, m42
            storeAlpha(t.alpha, out, block: i)
            return
        }
        let row3 = LaneRows(m41, m42, t.m43, t.m44)
        out.forEachLane(inBlock: i) { l in
            let p = base + l &* 128
            p.storeBytes(of: t.row0, as: Row.self)
            p.storeBytes(of: t.row1, toByteOffset: 32, as: Row.self)
            p.storeBytes(of: t.row2, toByteOffset: 64, as: Row.self)
            p.storeBytes(of: kernel_widen4(row3.row(l)), toByteOffset: 96, as: Row.self)
        }
        storeAlpha(t.alpha, out, block: i)
    }

    @inline(__always)
    static func storeTemplate(_ t: Template, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 128)
        out.forEachLane(inBlock: i) { l in
            let p = base + l &* 128
            p.storeBytes(of: t.row0, as: Row.self)
            p.storeBytes(of: t.row1, toByteOffset: 32, as: Row.self)
            p.storeBytes(of: t.row2, toByteOffset: 64, as: Row.self)
            p.storeBytes(of: t.row3, toByteOffset: 96, as: Row.self)
        }
        storeAlpha(t.alpha, out, block: i)
    }

    @inline(__always)
    static func store(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int) {
        // One row of the matrix at a time, so that few vectors are live (see Float4x4Writer).
        let base = out.matrices + i &* (Lanes.count &* 128)
        let n = out.lanes(inBlock: i)
        if !Lanes.Floats.narrowVectors {
            storeRows(m, out, block: i, at: base, opaque: 0xFFFF)
            storeAlpha(m.alpha, out, block: i)
            return
        }
        storeRow(LaneRows(m.m11, m.m12, m.m13, m.m14), 0, lanes: n, at: base)
        storeRow(LaneRows(m.m21, m.m22, m.m23, m.m24), 1, lanes: n, at: base)
        storeRow(LaneRows(m.m31, m.m32, m.m33, m.m34), 2, lanes: n, at: base)
        storeRow(LaneRows(m.m41, m.m42, m.m43, m.m44), 3, lanes: n, at: base)
        storeAlpha(m.alpha, out, block: i)
    }

    /// Every valid lane's 128 bytes, where registers hold 8 Floats (a constant lane count in
    /// a full block, so that the stores unroll); `opaque` as in `WideRows.swift`.
    @inline(__always)
    static func storeRows(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int, at base: UnsafeMutableRawPointer, opaque: UInt32) {
        let n = out.lanes(inBlock: i)
        if n == Lanes.count {
            storeCATransform3DRows(m, lanes: Lanes.count, at: base, opaque: opaque)
        } else {
            storeCATransform3DRows(m, lanes: n, at: base, opaque: opaque)
        }
    }

    /// Row `row` (0 … 3) of the first `n` lanes as Doubles, lane `l` at `base + 128·l`
    /// (all 8 with a constant count, so that the loop unrolls).
    @inline(__always)
    static func storeRow(_ rows: LaneRows, _ row: Int, lanes n: Int = Lanes.count, at base: UnsafeMutableRawPointer) {
        @inline(__always)
        func put(_ l: Int) { base.storeBytes(of: kernel_widen4(rows.row(l)), toByteOffset: l &* 128 &+ row &* 32, as: Row.self) }
        if n == Lanes.count {
            for l in 0..<Lanes.count { put(l) }
        } else {
            for l in 0..<n { put(l) }
        }
    }

    @inline(__always)
    static func storeIdentity(_ out: KernelOutputs, subview k: Int) {
        let p = out.matrices + k &* 128
        p.storeBytes(of: Row(1, 0, 0, 0), as: Row.self)
        p.storeBytes(of: Row(0, 1, 0, 0), toByteOffset: 32, as: Row.self)
        p.storeBytes(of: Row(0, 0, 1, 0), toByteOffset: 64, as: Row.self)
        p.storeBytes(of: Row(0, 0, 0, 1), toByteOffset: 96, as: Row.self)
        out.alphas.storeBytes(of: 1.0, toByteOffset: k &* 8, as: Double.self)
    }

    @inline(__always)
    static func storeAlpha(_ alpha: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        let p = out.alphas + i &* (Lanes.count &* 8)
        if out.lanes(inBlock: i) == Lanes.count {
            storeWidened(alpha, at: p)
        } else {
            for l in 0..<out.lanes(inBlock: i) { p.storeBytes(of: Double(alpha[l]), toByteOffset: l &* 8, as: Double.self) }
        }
    }
}
