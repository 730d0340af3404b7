import KernelTarget

/// `FrameLayout.float4x4`: 16 Floats per subview (`m11 … m44`, 64 bytes); alphas as one
/// Float vector per block. Rows transposed by `storeWide` (AVX) or `LaneRows`.
enum Float4x4Writer: LayoutWriter {
    struct Template {
        /// Rows 1–2 and rows 3–4 of every lane (the same in every lane of a uniform page).
        var rows12, rows34: Lanes.Floats
        /// Every field in lanes (row 4's tail and alpha too).
        var lanes: LaneMatrix
    }

    @inline(__always)
    static func template(_ f: SIMD16<Float>, alpha: Float) -> Template {
        Template(rows12: f.lowHalf, rows34: f.highHalf, lanes: LaneMatrix(broadcast: f, alpha: alpha))
    }

    @inline(__always)
    static func storeTranslated(_ t: Template, m41: Lanes.Floats, m42: Lanes.Floats, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 64)
        if !Lanes.Floats.narrowVectors && out.lanes(inBlock: i) == Lanes.count {
            // Only m41 and m42 transposed, each lane's row 4 shuffled into its half beside
            // row 3 (`kernel_store_float4x4_translated`).
            withUnsafeBytes(of: (t.rows12, t.rows34)) { rows in
                withUnsafeBytes(of: (m41, m42)) { xy in
                    kernel_store_float4x4_translated(base.assumingMemoryBound(to: Float.self),
                                                     rows.baseAddress!.assumingMemoryBound(to: Float.self),
                                                     xy.baseAddress!.assumingMemoryBound(to: Float.self))
                }
            }
        } else if !Lanes.Floats.narrowVectors {
            // A partial block: the transposes of the constant fields are loop invariants,
            // per block what `m41`, `m42` change and the valid lanes' stores.
            storeRows(t.lanes.translated(m41, m42), out, block: i, at: base, opaque: 0x3000)  // m41, m42
        } else {
            let row3 = LaneRows(m41, m42, t.lanes.m43, t.lanes.m44), row2 = t.rows34.lowHalf
            out.forEachLane(inBlock: i) { l in
                let p = base + l &* 64
                p.storeInOrder(t.rows12)
                p.storeBytes(of: row2, toByteOffset: 32, as: SIMD4<Float>.self)
                p.storeBytes(of: row3.row(l), toByteOffset: 48, as: SIMD4<Float>.self)
            }
        }
        storeAlpha(t.lanes.alpha, out, block: i)
    }

    @inline(__always)
    static func storeTemplate(_ t: Template, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 64)
        out.forEachLane(inBlock: i) { l in
            let p = base + l &* 64
            p.storeInOrder(t.rows12)
            p.storeInOrder(t.rows34, toByteOffset: 32)
        }
        storeAlpha(t.lanes.alpha, out, block: i)
    }

    static let matrixBytes = 64

    @inline(__always)
    static func storeWide(_ m: LaneMatrix, lanes n: Int, at base: UnsafeMutableRawPointer, opaque: UInt32) {
        withUnsafeBytes(of: m.fields) {
            kernel_store_float4x4(base.assumingMemoryBound(to: Float.self), n,
                                  $0.baseAddress!.assumingMemoryBound(to: Float.self), opaque)
        }
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
            p.storeInOrder(alpha)
        } else {
            for l in 0..<out.lanes(inBlock: i) { p.storeBytes(of: alpha[l], toByteOffset: l &* 4, as: Float.self) }
        }
    }
}
