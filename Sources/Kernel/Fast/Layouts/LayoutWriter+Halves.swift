import KernelTarget

// Half blocks straight into each layout, for targets whose registers hold 4 Floats
// (`LaneVector.narrowVectors`): the spin computes half a block at a time (`spinHalves`) and
// each writer stores it as it comes out of the arithmetic — the blocks layout as 17 vector
// stores, the dense layouts four fields at a time through a 4×4 transpose (`HalfRows`),
// one row group at a time so that few vectors are live (the C anchor's `put_dense`).
// Before, the dense layouts went through a scratch block and a second transpose pass:
// 74 instructions a subview against 24 in blocks.

extension BlockWriter {
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int) {
        f.store(out, block: i, half: h)
    }
}

extension KernelOutputs {
    /// Subviews of half `h` of block `i` on the page: 4, fewer (possibly none) in a dense
    /// layout's last block.
    @inline(__always)
    func lanes(inBlock i: Int, half h: Int) -> Int {
        Swift.min(4, count &- (i &* Lanes.count &+ h &* 4))
    }

    /// Runs `body(l)` for each valid lane `l` (0 … 3) of half `h` of block `i`: with the
    /// constant count 4 in a full half, so that the loop unrolls into constant lanes.
    @inline(__always)
    func forEachLane(inBlock i: Int, half h: Int, _ body: (Int) -> Void) {
        let n = lanes(inBlock: i, half: h)
        if n == 4 {
            for l in 0..<4 { body(l) }
        } else {
            var l = 0
            while l < n { body(l); l &+= 1 }
        }
    }
}

extension Float4x4Writer {
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int) {
        let first = i &* Lanes.count &+ h &* 4
        let base = out.matrices + first &* 64
        func row(_ rows: HalfRows, _ r: Int) {
            out.forEachLane(inBlock: i, half: h) { l in
                base.storeBytes(of: rows.row(l), toByteOffset: l &* 64 &+ r &* 16, as: SIMD4<Float>.self)
            }
        }
        row(HalfRows(f.m11, f.m12, f.m13, f.m14), 0)
        row(HalfRows(f.m21, f.m22, f.m23, f.m24), 1)
        row(HalfRows(f.m31, f.m32, f.m33, f.m34), 2)
        row(HalfRows(f.m41, f.m42, f.m43, f.m44), 3)
        let alphas = out.alphas + first &* 4
        if out.lanes(inBlock: i, half: h) == 4 {
            alphas.storeBytes(of: f.alpha, as: SIMD4<Float>.self)
        } else {
            out.forEachLane(inBlock: i, half: h) { l in alphas.storeBytes(of: f.alpha[l], toByteOffset: l &* 4, as: Float.self) }
        }
    }
}

extension CATransform3DWriter {
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int) {
        let first = i &* Lanes.count &+ h &* 4
        let base = out.matrices + first &* 128
        func row(_ rows: HalfRows, _ r: Int) {
            out.forEachLane(inBlock: i, half: h) { l in
                base.storeBytes(of: kernel_widen4(rows.row(l)), toByteOffset: l &* 128 &+ r &* 32, as: Row.self)
            }
        }
        row(HalfRows(f.m11, f.m12, f.m13, f.m14), 0)
        row(HalfRows(f.m21, f.m22, f.m23, f.m24), 1)
        row(HalfRows(f.m31, f.m32, f.m33, f.m34), 2)
        row(HalfRows(f.m41, f.m42, f.m43, f.m44), 3)
        let alphas = out.alphas + first &* 8
        if out.lanes(inBlock: i, half: h) == 4 {
            alphas.storeBytes(of: kernel_widen4(f.alpha), as: SIMD4<Double>.self)
        } else {
            out.forEachLane(inBlock: i, half: h) { l in alphas.storeBytes(of: Double(f.alpha[l]), toByteOffset: l &* 8, as: Double.self) }
        }
    }
}

extension CATransform3DWriter {
    /// Block `i` from a block laid out as in `blocks` at `source` (17 fields of 8 lanes,
    /// 32-byte aligned), transposed four fields at a time: how the half-block spin reaches
    /// caTransform3D (see `FrameKernel.spinHalves`).
    @inline(__always)
    static func storeBlock(copying source: UnsafeRawPointer, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* 128), n = out.lanes(inBlock: i)
        for row in 0..<4 {
            func field(_ c: Int) -> Lanes.Floats { source.load(fromByteOffset: (4 &* row &+ c) &* 32, as: Lanes.Floats.self) }
            storeRow(LaneRows(field(0), field(1), field(2), field(3)), row, lanes: n, at: base)
        }
        storeAlpha(source.load(fromByteOffset: 16 &* 32, as: Lanes.Floats.self), out, block: i)
    }
}
