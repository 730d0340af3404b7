import KernelTarget

// Half blocks straight into each layout where registers hold 4 Floats, the dense layouts
// through `HalfRows` (docs/DESIGN.md, "Reading a frame out").

extension BlockWriter {
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int) {
        f.store(out, block: i, half: h)
    }
}

/// A dense layout's writer: one subview's `matrixBytes` after another (docs/DESIGN.md, "Reading a frame out").
protocol DenseWriter: LayoutWriter {
    static var matrixBytes: Int { get }
    /// Block `m`'s first `n` lanes from registers of 8 Floats (`kernel_shuffles.h`); `opaque` as in `WideRows.swift`.
    static func storeWide(_ m: LaneMatrix, lanes n: Int, at base: UnsafeMutableRawPointer, opaque: UInt32)
    /// Row `row` of every valid lane where registers hold 4 Floats.
    static func storeRow(_ rows: LaneRows, _ row: Int, _ out: KernelOutputs, block i: Int, at base: UnsafeMutableRawPointer)
    static func storeAlpha(_ alpha: Lanes.Floats, _ out: KernelOutputs, block i: Int)
    /// Subviews `first ..< first + n` (`n` ≤ 4, possibly ≤ 0), one subview's fields after another.
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, first: Int, lanes n: Int)
}

extension DenseWriter {
    /// Every valid lane, with a constant lane count in a full block so that the stores unroll.
    @inline(__always)
    static func storeRows(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int, at base: UnsafeMutableRawPointer, opaque: UInt32) {
        let n = out.lanes(inBlock: i)
        if n == Lanes.count {
            storeWide(m, lanes: Lanes.count, at: base, opaque: opaque)
        } else {
            storeWide(m, lanes: n, at: base, opaque: opaque)
        }
    }

    @inline(__always)
    static func store(_ m: LaneMatrix, _ out: KernelOutputs, block i: Int) {
        let base = out.matrices + i &* (Lanes.count &* matrixBytes)
        if !Lanes.Floats.narrowVectors {
            storeRows(m, out, block: i, at: base, opaque: 0xFFFF)
        } else {
            // One row at a time: four field vectors live instead of sixteen, which spilled.
            storeRow(LaneRows(m.m11, m.m12, m.m13, m.m14), 0, out, block: i, at: base)
            storeRow(LaneRows(m.m21, m.m22, m.m23, m.m24), 1, out, block: i, at: base)
            storeRow(LaneRows(m.m31, m.m32, m.m33, m.m34), 2, out, block: i, at: base)
            storeRow(LaneRows(m.m41, m.m42, m.m43, m.m44), 3, out, block: i, at: base)
        }
        storeAlpha(m.alpha, out, block: i)
    }

    /// Half `h` of block `i`: one test a half block, and with the constant 4 every loop of
    /// `storeHalf(_:_:first:lanes:)` unrolls into constant lanes.
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int) {
        let first = i &* Lanes.count &+ h &* 4, n = out.lanes(inBlock: i, half: h)
        if n == 4 {
            storeHalf(f, out, first: first, lanes: 4)
        } else {
            storeHalf(f, out, first: first, lanes: n)
        }
    }
}

extension KernelOutputs {
    /// Subviews of half `h` of block `i` on the page: 4, fewer (possibly none) in a dense
    /// layout's last block.
    @inline(__always)
    func lanes(inBlock i: Int, half h: Int) -> Int {
        whole ? 4 : Swift.min(4, count &- (i &* Lanes.count &+ h &* 4))
    }
}

extension Float4x4Writer: DenseWriter {
    /// Subviews `first ..< first + n` (`n` ≤ 4, possibly ≤ 0) as 16 Floats each, one
    /// subview's four rows after another in address order (see the header).
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, first: Int, lanes n: Int) {
        let base = out.matrices + first &* 64
        let r0 = HalfRows(f.m11, f.m12, f.m13, f.m14, opaque: 0xF)
        let r1 = HalfRows(f.m21, f.m22, f.m23, f.m24, opaque: 0xF)
        let r2 = HalfRows(f.m31, f.m32, f.m33, f.m34, opaque: 0xF)
        let r3 = HalfRows(f.m41, f.m42, f.m43, f.m44, opaque: 0x3)  // m43, m44 are constants
        var l = 0
        while l < n {
            let p = base + l &* 64
            p.storeBytes(of: r0.row(l), as: SIMD4<Float>.self)
            p.storeBytes(of: r1.row(l), toByteOffset: 16, as: SIMD4<Float>.self)
            p.storeBytes(of: r2.row(l), toByteOffset: 32, as: SIMD4<Float>.self)
            p.storeBytes(of: r3.row(l), toByteOffset: 48, as: SIMD4<Float>.self)
            l &+= 1
        }
        let alphas = out.alphas + first &* 4
        if n == 4 {
            alphas.storeBytes(of: f.alpha, as: SIMD4<Float>.self)
        } else {
            var l = 0
            while l < n { alphas.storeBytes(of: f.alpha[l], toByteOffset: l &* 4, as: Float.self); l &+= 1 }
        }
    }
}

extension CATransform3DWriter: DenseWriter {
    /// Subviews `first ..< first + n` (`n` ≤ 4, possibly ≤ 0), as in `Float4x4Writer`.
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, first: Int, lanes n: Int) {
        let base = out.matrices + first &* 128
        @inline(__always)
        func row(_ rows: HalfRows, _ r: Int) {
            var l = 0
            while l < n {
                base.storeBytes(of: kernel_widen4(rows.row(l)), toByteOffset: l &* 128 &+ r &* 32, as: Row.self)
                l &+= 1
            }
        }
        row(HalfRows(f.m11, f.m12, f.m13, f.m14, opaque: 0xF), 0)
        row(HalfRows(f.m21, f.m22, f.m23, f.m24, opaque: 0xF), 1)
        row(HalfRows(f.m31, f.m32, f.m33, f.m34, opaque: 0xF), 2)
        row(HalfRows(f.m41, f.m42, f.m43, f.m44, opaque: 0x3), 3)  // m43, m44 are constants
        let alphas = out.alphas + first &* 8
        if n == 4 {
            alphas.storeBytes(of: kernel_widen4(f.alpha), as: SIMD4<Double>.self)
        } else {
            var l = 0
            while l < n { alphas.storeBytes(of: Double(f.alpha[l]), toByteOffset: l &* 8, as: Double.self); l &+= 1 }
        }
    }
}
