import KernelTarget

extension FrameKernel {
    /// Per-subview angles `θ_k = A + (k + 1)·D` (`A = angle·(1 − o)`, `D = angleVariance·(1 − o)`).
    ///
    /// A seed block's angle `θ_b = A + (8b + 1)·D` gets a sine and cosine from `VectorTrig`,
    /// lane `l` adds `l·D` by the addition formulas, and the blocks after a seed turn its
    /// lanes by `8jD` (`SpinSteps`; docs/DESIGN.md, "Per-subview spin"). The block loops run
    /// in one function so that the page's constants stay in registers.
    @inline(never)
    static func spinning<F: SpinFlags, W: LayoutWriter>(_ k: PageConstants, _ spin: PageConstants.Spin,
                                                        _ input: KernelInputs, _ output: KernelOutputs,
                                                        _ blocks: Range<Int>, _ flags: F.Type, _ writer: W.Type) {
        // A page's size, not the call's, picks the path: a split frame stays bitwise identical.
        if output.count < SpinSteps.minimumSubviews {  // the step table would cost more than it saves
            if Lanes.Floats.narrowVectors {
                direct(SpinHalves(k, spin), spin, input, output, blocks, F.self, W.self)
            } else {
                direct(SpinEight(k, spin), spin, input, output, blocks, F.self, W.self)
            }
            return
        }
        // The step table uninitialized on the stack, filled only as far as this call reaches
        // (docs/DESIGN.md, "Per-subview spin").
        withUnsafeTemporaryAllocation(of: Lanes.Floats.self, capacity: 2 &* SpinSteps.count) { buffer in
            let steps = SpinSteps(buffer, step: spin.step,
                                  steps: Swift.min(SpinSteps.count, blocks.lowerBound % SpinSteps.count &+ blocks.count))
            spinning(k, spin, steps, input, output, blocks, F.self, W.self)
        }
    }

    /// `spinning` with its step table.
    @inline(__always)
    static func spinning<F: SpinFlags, W: LayoutWriter>(_ k: PageConstants, _ spin: PageConstants.Spin, _ steps: SpinSteps,
                                                        _ input: KernelInputs, _ output: KernelOutputs,
                                                        _ blocks: Range<Int>, _ flags: F.Type, _ writer: W.Type) {
        var blocks = blocks
        if Lanes.Floats.narrowVectors && W.self != Float4x4Writer.self && output.strategy == .avx {
            // Whole blocks in 8 lanes of AVX; a dense layout's partial last block below.
            let end = Swift.max(blocks.lowerBound, Swift.min(blocks.upperBound, output.fullBlocks))
            if spinningWide(k, spin, steps, input, output, blocks.lowerBound..<end, dense: W.self != BlockWriter.self,
                            F.self) {
                blocks = end..<blocks.upperBound
                if blocks.isEmpty { return }
            }
        }
        if Lanes.Floats.narrowVectors {
            stepped(SpinHalves(k, spin), steps, spin, input, output, blocks, F.self, W.self)
        } else {
            stepped(SpinEight(k, spin), steps, spin, input, output, blocks, F.self, W.self)
        }
    }

    /// The seed/step loop over `blocks` with `lanes`' block form.
    @inline(__always)
    static func stepped<L: SpinBlock, F: SpinFlags, W: LayoutWriter>(_ lanes: L, _ steps: SpinSteps, _ spin: PageConstants.Spin,
                                                                     _ input: KernelInputs, _ output: KernelOutputs,
                                                                     _ blocks: Range<Int>, _ flags: F.Type, _ writer: W.Type) {
        var table = SinCosTable()
        let stride = SpinSteps.count, parts = SpinParts(output, blocks, W.self)
        // The seed at or before the first block (a split may start between seeds).
        var group = blocks.lowerBound &- blocks.lowerBound % stride
        while group < blocks.upperBound {
            let count = seeds(&table, group, blocks.upperBound, spin)
            var t = 0
            while t < count {
                let seed = group &+ t &* stride, angles = lanes.angles(&table, t)
                parts.run(Swift.max(seed, blocks.lowerBound), Swift.min(seed &+ stride, blocks.upperBound)) { part, out in
                    var i = part.lowerBound
                    while i < part.upperBound {
                        lanes.store(lanes.turned(angles, steps, i &- seed), block: i, input, out, F.self, W.self)
                        i &+= 1
                    }
                }
                t &+= 1
            }
            group &+= count &* stride
        }
    }

    /// The sines and cosines of the seeds `group + apart·t` (at most 8, below `end`) into `table`;
    /// returns their count. Exact in Double, so a seed's angle does not depend on the grouping.
    @inline(__always)
    static func seeds(_ table: inout SinCosTable, _ group: Int, _ end: Int, _ spin: PageConstants.Spin,
                      apart: Int = SpinSteps.count) -> Int {
        let index = Lanes.Doubles(repeating: Double(group &* Lanes.count &+ 1))
            + Lanes.Doubles(0, 1, 2, 3, 4, 5, 6, 7) * Double(Lanes.count &* apart)
        let (sines, cosines) = VectorTrig.sinCos(spin.base + index * spin.step)
        table = SinCosTable(lowHalf: sines, highHalf: cosines)
        return Swift.min(Lanes.count, (end &- group &+ apart &- 1) / apart)
    }

    /// `spinning` for whole blocks in `blocks` or (`dense`) `caTransform3D` in 8 lanes of AVX
    /// (`kernel_spin_blocks_avx`, docs/DESIGN.md, "Per-subview spin"), one call a table of
    /// seeds, with the same bits; false, having written nothing, where the build has no such code.
    @inline(__always)
    static func spinningWide<F: SpinFlags>(_ k: PageConstants, _ spin: PageConstants.Spin, _ steps: SpinSteps,
                                           _ input: KernelInputs, _ output: KernelOutputs, _ blocks: Range<Int>,
                                           dense: Bool, _ flags: F.Type) -> Bool {
        guard !blocks.isEmpty else { return true }
        var page = kernel_spin_page(xx: spin.xx, yy: spin.yy, zz: spin.zz, xy: spin.xy, xz: spin.xz, yz: spin.yz,
                                    x: spin.x, y: spin.y, z: spin.z, m: spin.scale, p: spin.m34 ?? 0,
                                    f: k.f, g: k.g, alpha: k.alpha)
        var lanes = SIMD16<Float>(lowHalf: spin.laneCos, highHalf: spin.laneSin)
        let bits = (F.scales ? KERNEL_SPIN_SCALES : 0) | (F.perspective ? KERNEL_SPIN_PERSPECTIVE : 0)
            | (F.translates ? KERNEL_SPIN_TRANSLATES : 0) | (dense ? KERNEL_SPIN_CATRANSFORM3D : 0)
        let stepTable = UnsafeRawPointer(steps.base).assumingMemoryBound(to: Float.self)
        var seedTable = SinCosTable()
        var group = blocks.lowerBound &- blocks.lowerBound % SpinSteps.count
        while group < blocks.upperBound {
            let count = seeds(&seedTable, group, blocks.upperBound, spin)
            let done = withUnsafePointer(to: &page) { page in
                withUnsafeBytes(of: &lanes) { lanes in
                    withUnsafeBytes(of: &seedTable) { seedTable in
                        kernel_spin_blocks_avx(page, lanes.baseAddress!.assumingMemoryBound(to: Float.self),
                                               seedTable.baseAddress!.assumingMemoryBound(to: Float.self), count, group,
                                               blocks.lowerBound, blocks.upperBound, stepTable, input.speeds,
                                               input.staticLanes, output.matrices, output.alphas, Int32(bits))
                    }
                }
            }
            guard done != 0 else { return false }
            group &+= count &* SpinSteps.count
        }
        return true
    }

    /// Every block a seed: table lane `j` holds block `first + j`'s angle.
    @inline(__always)
    static func direct<L: SpinBlock, F: SpinFlags, W: LayoutWriter>(_ lanes: L, _ spin: PageConstants.Spin, _ input: KernelInputs,
                                                                    _ output: KernelOutputs, _ blocks: Range<Int>,
                                                                    _ flags: F.Type, _ writer: W.Type) {
        var table = SinCosTable()
        var first = blocks.lowerBound
        let parts = SpinParts(output, blocks, W.self)
        while first < blocks.upperBound {
            let count = seeds(&table, first, blocks.upperBound, spin, apart: 1), start = first
            parts.run(start, start &+ count) { part, out in
                var i = part.lowerBound
                while i < part.upperBound {
                    lanes.store(lanes.angles(&table, i &- start), block: i, input, out, F.self, W.self)
                    i &+= 1
                }
            }
            first &+= count
        }
    }
}

/// Where a spin call's blocks go, for the stepped and the direct spin alike: in the dense
/// layouts, blocks below `full` hold 8 subviews and go through `whole`, with no code for a
/// partial block; `blocks` writes whole blocks anyway.
struct SpinParts {
    let dense: Bool, full: Int, whole: KernelOutputs, output: KernelOutputs

    @inline(__always)
    init<W: LayoutWriter>(_ output: KernelOutputs, _ blocks: Range<Int>, _ writer: W.Type) {
        dense = W.self != BlockWriter.self
        full = dense ? Swift.min(blocks.upperBound, output.fullBlocks) : blocks.upperBound
        whole = dense ? output.wholeBlocks() : output
        self.output = output
    }

    /// `body` over blocks `first ..< end`: those below `full` with `whole`, the rest (only in
    /// a dense layout) with `output`.
    @inline(__always)
    func run(_ first: Int, _ end: Int, _ body: (Range<Int>, KernelOutputs) -> Void) {
        let split = Swift.max(first, Swift.min(end, full))
        body(first..<split, whole)
        if dense { body(split..<end, output) }
    }
}

/// Compile-time page flags for `spinning`: Zoom's scale, a perspective, a translation, and
/// whether its speeds come from the page's `SpeedLine` rather than the plan.
protocol SpinFlags {
    static var scales: Bool { get }
    static var perspective: Bool { get }
    static var translates: Bool { get }
    static var line: Bool { get }
}

protocol Flag { static var value: Bool { get } }
enum Yes: Flag { static var value: Bool { true } }
enum No: Flag { static var value: Bool { false } }

enum Flags<Scales: Flag, Perspective: Flag, Translates: Flag, Line: Flag>: SpinFlags {
    static var scales: Bool { Scales.value }
    static var perspective: Bool { Perspective.value }
    static var translates: Bool { Translates.value }
    static var line: Bool { Line.value }
}
