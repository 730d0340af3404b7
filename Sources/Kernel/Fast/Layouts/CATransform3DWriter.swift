import KernelTarget

/// `FrameLayout.caTransform3D`: 16 Doubles per subview (`m11 … m44`, 128 bytes), rows
/// converted after `storeWide` (AVX) or `LaneRows` transposes; alphas as Doubles.
enum CATransform3DWriter: LayoutWriter {
    typealias Row = SIMD4<Double>

    struct Template {
        var row0, row1, row2, row3: Row
        /// Every field in lanes (row 4's tail and alpha too).
        var lanes: LaneMatrix
    }

    @inline(__always)
    static func template(_ f: SIMD16<Float>, alpha: Float) -> Template {
        Template(row0: Row(SIMD4(f[0], f[1], f[2], f[3])), row1: Row(SIMD4(f[4], f[5], f[6], f[7])),
                 row2: Row(SIMD4(f[8], f[9], f[10], f[11])), row3: Row(SIMD4(f[12], f[13], f[14], f[15])),
                 lanes: LaneMatrix(broadcast: f, alpha: alpha))
    }

    @inline(__always)
    static func storeTranslated(_ t: Template, m41: Lanes.Floats, m42: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 128)
        if !Lanes.Floats.narrowVectors {
            // The constant rows' transposes and conversions are loop invariants.
            storeRows(t.lanes.translated(m41, m42), out, block: i, at: base, opaque: 0x3000)  // m41, m42
            storeAlpha(t.lanes.alpha, out, block: i)
            return
        }
        let row3 = LaneRows(m41, m42, t.lanes.m43, t.lanes.m44)
        out.forEachLane(inBlock: i) { l in
            let p = base + l &* 128
            p.storeBytes(of: t.row0, as: Row.self)
            p.storeBytes(of: t.row1, toByteOffset: 32, as: Row.self)
            p.storeBytes(of: t.row2, toByteOffset: 64, as: Row.self)
            p.storeBytes(of: kernel_widen4(row3.row(l)), toByteOffset: 96, as: Row.self)
        }
        storeAlpha(t.lanes.alpha, out, block: i)
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
        storeAlpha(t.lanes.alpha, out, block: i)
    }

    static let matrixBytes = 128

    @inline(__always)
    static func storeWide(_ m: LaneMatrix, lanes n: Int, at base: UnsafeMutableRawPointer, opaque: UInt32) {
        withUnsafeBytes(of: m.fields) {
            kernel_store_catransform3d(base.assumingMemoryBound(to: Double.self), n,
                                       $0.baseAddress!.assumingMemoryBound(to: Float.self), opaque)
        }
    }

    /// Row `row` (0 … 3) of every valid lane as Doubles, lane `l` at `base + 128·l + 32·row`.
    @inline(__always)
    static func storeRow(_ rows: LaneRows, _ row: Int, _ out: KernelOutputs, block i: Int, at base: UnsafeMutableRawPointer) {
        out.forEachLane(inBlock: i) { l in
            base.storeBytes(of: kernel_widen4(rows.row(l)), toByteOffset: l &* 128 &+ row &* 32, as: Row.self)
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
