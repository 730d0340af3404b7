import KernelTarget

// Half blocks straight into each layout, for targets whose registers hold 4 Floats
// (`LaneVector.narrowVectors`): the spin computes half a block at a time (`spinHalves`) and
// each writer stores it as it comes out of the arithmetic — the blocks layout as 17 vector
// stores, the dense layouts four fields at a time through a 4×4 transpose (`HalfRows`),
// one row group at a time so that few vectors are live (the C anchor's `put_dense`).
// Before, the dense layouts went through a scratch block and a second transpose pass:
// 74 instructions a subview against 24 in blocks. The transposes mark the computed fields
// opaque (`HalfRows`'s `opaque`): without, LLVM pushed their shuffles into the arithmetic
// and ran 68 multiplies a block instead of 36 (float4x4: 60 instructions a subview against
// the C anchor's 38; now 38.4, callgrind, rotate3d-spin, 10k subviews). A kernel's loop
// over full blocks passes `KernelOutputs.wholeBlocks()`, so one test a half block folds away.

extension BlockWriter {
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, block i: Int, half h: Int) {
        f.store(out, block: i, half: h)
    }
}

/// A dense layout's half-block store: subviews `first ..< first + n` (`n` ≤ 4, possibly
/// ≤ 0), one subview's fields after another.
protocol DenseHalfWriter: LayoutWriter {
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, first: Int, lanes n: Int)
}

extension DenseHalfWriter {
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

extension Float4x4Writer: DenseHalfWriter {
    /// Subviews `first ..< first + n` (`n` ≤ 4, possibly ≤ 0) as 16 Floats each.
    @inline(__always)
    static func storeHalf(_ f: LaneFields<SIMD4<Float>>, _ out: KernelOutputs, first: Int, lanes n: Int) {
        let base = out.matrices + first &* 64
        @inline(__always)
        func row(_ rows: HalfRows, _ r: Int) {
            var l = 0
            while l < n {
                base.storeBytes(of: rows.row(l), toByteOffset: l &* 64 &+ r &* 16, as: SIMD4<Float>.self)
                l &+= 1
            }
        }
        row(HalfRows(f.m11, f.m12, f.m13, f.m14, opaque: 0xF), 0)
        row(HalfRows(f.m21, f.m22, f.m23, f.m24, opaque: 0xF), 1)
        row(HalfRows(f.m31, f.m32, f.m33, f.m34, opaque: 0xF), 2)
        row(HalfRows(f.m41, f.m42, f.m43, f.m44, opaque: 0x3), 3)  // m43, m44 are constants
        let alphas = out.alphas + first &* 4
        if n == 4 {
            alphas.storeBytes(of: f.alpha, as: SIMD4<Float>.self)
        } else {
            var l = 0
            while l < n { alphas.storeBytes(of: f.alpha[l], toByteOffset: l &* 4, as: Float.self); l &+= 1 }
        }
    }
}

extension CATransform3DWriter: DenseHalfWriter {
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
