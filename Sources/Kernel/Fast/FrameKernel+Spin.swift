extension FrameKernel {
    /// Per-subview angles `θ_k = A + (k + 1)·D` (`A = angle·(1 − o)`, `D = angleVariance·(1 − o)`).
    ///
    /// A block of lanes starts at `θ_b = A + (8b + 1)·D`; its lane `l` adds `l·D`. So per
    /// block one sine and cosine, taken 8 blocks at a time by `VectorTrig`, and per lane the
    /// addition formulas with the page's table of `cos(l·D)`, `sin(l·D)`:
    /// `sin θ = sin θ_b·cos lD + cos θ_b·sin lD`, `cos θ = cos θ_b·cos lD − sin θ_b·sin lD`.
    /// That is 6 Float operations a lane instead of a range reduction in Double and two
    /// polynomials (docs/DESIGN.md, "Per-subview spin"); the error stays below 3e-7
    /// (VectorTrig's bound plus rounding). The fields: `SpinLanes.fields`.
    ///
    /// One function, no closure: a group's sines and cosines sit in a local that the block
    /// loop reads through a pointer (an `inout` argument), so the page's constants stay in
    /// registers or the frame, and every block reads its angle with one scalar load.
    ///
    /// Written through the layout's `LayoutWriter`; on targets of 4-lane registers each half
    /// block is computed and stored before the next (`spinHalves`), in every layout.
    @inline(never)
    static func spinning<F: SpinFlags, W: LayoutWriter>(_ k: PageConstants, _ spin: PageConstants.Spin,
                                                        _ input: KernelInputs, _ output: KernelOutputs,
                                                        _ blocks: Range<Int>, _ flags: F.Type, _ writer: W.Type) {
        var table = SinCosTable()
        var first = blocks.lowerBound
        // In the dense layouts, blocks below `full` hold 8 subviews: their loop writes through
        // `whole`, with no code for a partial block (the C anchor's `full_blocks` split). The
        // blocks layout writes whole blocks anyway, and a second loop would cost it 4
        // instructions per 8 blocks.
        let dense = W.self != BlockWriter.self
        let full = dense ? Swift.min(blocks.upperBound, output.fullBlocks) : blocks.upperBound
        let whole = dense ? output.wholeBlocks() : output
        if Lanes.Floats.narrowVectors {
            let low = SpinLanes<SIMD4<Float>>(k, spin, lanes: 0), high = SpinLanes<SIMD4<Float>>(k, spin, lanes: 4)
            while first < blocks.upperBound {
                let count = angles(&table, first, blocks.upperBound, spin)
                let split = Swift.max(0, Swift.min(count, full &- first))
                spinHalves(&table, first, 0..<split, low, high, input, whole, F.self, W.self)
                if dense { spinHalves(&table, first, split..<count, low, high, input, output, F.self, W.self) }
                first &+= count
            }
        } else {
            let lanes = SpinLanes<Lanes.Floats>(k, spin, lanes: 0)
            while first < blocks.upperBound {
                let count = angles(&table, first, blocks.upperBound, spin)
                let split = Swift.max(0, Swift.min(count, full &- first))
                spinBlocks(&table, first, 0..<split, lanes, input, whole, F.self, W.self)
                if dense { spinBlocks(&table, first, split..<count, lanes, input, output, F.self, W.self) }
                first &+= count
            }
        }
    }

    /// The sines and cosines of blocks `first ..< first + count` (at most 8, up to `end`)
    /// into `table`; returns `count`. Lane j is block `first + j`, whose first subview's
    /// index plus one, `first·8 + 1 + 8j`, is exact in Double, so θ_b does not depend on the
    /// grouping (the parallel split stays bitwise identical).
    @inline(__always)
    static func angles(_ table: inout SinCosTable, _ first: Int, _ end: Int, _ spin: PageConstants.Spin) -> Int {
        let index = Lanes.Doubles(repeating: Double(first &* Lanes.count &+ 1)) + Lanes.Doubles(0, 8, 16, 24, 32, 40, 48, 56)
        let (sines, cosines) = VectorTrig.sinCos(spin.base + index * spin.step)
        table = SinCosTable(lowHalf: sines, highHalf: cosines)
        return Swift.min(Lanes.count, end &- first)
    }

    /// Blocks `first + j` for `j` in `group` (within the table's 8), each with the angle of
    /// table lane `j`.
    @inline(__always)
    static func spinBlocks<F: SpinFlags, W: LayoutWriter>(_ table: UnsafePointer<SinCosTable>, _ first: Int, _ group: Range<Int>,
                                                          _ lanes: SpinLanes<Lanes.Floats>, _ input: KernelInputs,
                                                          _ output: KernelOutputs, _ flags: F.Type, _ writer: W.Type) {
        var j = group.lowerBound
        while j < group.upperBound {
            let i = first &+ j, (sb, cb) = table.angle(j, as: Lanes.Floats.self)
            W.store(LaneMatrix(lanes.fields(sb, cb, input.speedX(i), input.speedY(i), F.self)), output, block: i)
            W.patchStatics(input, output, block: i)
            j &+= 1
        }
    }

    /// The same where registers hold 4 Floats (`LaneVector.narrowVectors`):
    /// each half block is computed and stored before the next, which leaves enough registers for the page's
    /// constants. (In 8 lanes the compiler keeps both halves of every value live at once and
    /// spills: 196 instructions a block on SSE2 against 159 in halves, callgrind.)
    @inline(__always)
    static func spinHalves<F: SpinFlags, W: LayoutWriter>(_ table: UnsafePointer<SinCosTable>, _ first: Int, _ group: Range<Int>,
                                                          _ low: SpinLanes<SIMD4<Float>>, _ high: SpinLanes<SIMD4<Float>>,
                                                          _ input: KernelInputs, _ output: KernelOutputs,
                                                          _ flags: F.Type, _ writer: W.Type) {
        // Each half goes straight into the layout (`LayoutWriter.storeHalf`): 17 stores in
        // blocks, 4×4 transposes in registers in the dense layouts (widened to Double in
        // caTransform3D, which went through a scratch block in the blocks layout until the
        // transposes hid their inputs from LLVM: `KERNEL_OPAQUE4`).
        var j = group.lowerBound
        while j < group.upperBound {
            let i = first &+ j, (sb, cb) = table.angle(j, as: SIMD4<Float>.self)
            let (sx, sy) = input.halfSpeeds(i, 0)
            let (sx1, sy1) = input.halfSpeeds(i, 1)
            W.storeHalf(low.fields(sb, cb, sx, sy, F.self), output, block: i, half: 0)
            W.storeHalf(high.fields(sb, cb, sx1, sy1, F.self), output, block: i, half: 1)
            W.patchStatics(input, output, block: i)
            j &+= 1
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
