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
        if output.count < SpinSteps.minimumSubviews {
            spinningDirectly(k, spin, input, output, blocks, F.self, W.self)
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
        var table = SinCosTable()
        let stride = SpinSteps.count
        let parts = SpinParts(output, blocks, W.self)
        // The seed at or before the first block (a split may start between seeds).
        var group = blocks.lowerBound &- blocks.lowerBound % stride
        if Lanes.Floats.narrowVectors {
            let low = SpinLanes<SIMD4<Float>>(k, spin, lanes: 0), high = SpinLanes<SIMD4<Float>>(k, spin, lanes: 4)
            while group < blocks.upperBound {
                let count = seeds(&table, group, blocks.upperBound, spin)
                var t = 0
                while t < count {
                    let seed = group &+ t &* stride
                    let (sb, cb) = seedAngle(&table, t, as: SIMD4<Float>.self)
                    let l = low.angles(sb, cb), h = high.angles(sb, cb)
                    parts.run(Swift.max(seed, blocks.lowerBound), Swift.min(seed &+ stride, blocks.upperBound)) { part, out in
                        spinHalves(steps, seed, part, (l, h), low, high, input, out, F.self, W.self)
                    }
                    t &+= 1
                }
                group &+= count &* stride
            }
        } else {
            let lanes = SpinLanes<Lanes.Floats>(k, spin, lanes: 0)
            while group < blocks.upperBound {
                let count = seeds(&table, group, blocks.upperBound, spin)
                var t = 0
                while t < count {
                    let seed = group &+ t &* stride
                    let (sb, cb) = seedAngle(&table, t, as: Lanes.Floats.self)
                    let angles = lanes.angles(sb, cb)
                    parts.run(Swift.max(seed, blocks.lowerBound), Swift.min(seed &+ stride, blocks.upperBound)) { part, out in
                        spinBlocks(steps, seed, part, angles, lanes, input, out, F.self, W.self)
                    }
                    t &+= 1
                }
                group &+= count &* stride
            }
        }
    }

    /// The sines and cosines of the seeds `group + SpinSteps.count·t` (at most 8, below
    /// `end`) into `table`; returns their count. `8·group + 1 + 8·SpinSteps.count·t` is exact
    /// in Double, so a seed's angle does not depend on the grouping (a split frame stays
    /// bitwise identical).
    @inline(__always)
    static func seeds(_ table: inout SinCosTable, _ group: Int, _ end: Int, _ spin: PageConstants.Spin) -> Int {
        let apart = Double(Lanes.count &* SpinSteps.count)
        let index = Lanes.Doubles(repeating: Double(group &* Lanes.count &+ 1)) + Lanes.Doubles(0, 1, 2, 3, 4, 5, 6, 7) * apart
        let (sines, cosines) = VectorTrig.sinCos(spin.base + index * spin.step)
        table = SinCosTable(lowHalf: sines, highHalf: cosines)
        return Swift.min(Lanes.count, (end &- group &+ SpinSteps.count &- 1) / SpinSteps.count)
    }

    /// Seed `t`'s sine and cosine, each in every lane of a `V`.
    @inline(__always)
    static func seedAngle<V: LaneVector>(_ table: UnsafePointer<SinCosTable>, _ t: Int, as: V.Type) -> (V, V) {
        table.angle(t, as: V.self)
    }

    /// Blocks `seed + j` for `seed + j` in `group`, each the seed's lanes `angles` turned
    /// by step `j`.
    @inline(__always)
    static func spinBlocks<F: SpinFlags, W: LayoutWriter>(_ steps: SpinSteps, _ seed: Int, _ group: Range<Int>,
                                                          _ angles: (sin: Lanes.Floats, cos: Lanes.Floats),
                                                          _ lanes: SpinLanes<Lanes.Floats>, _ input: KernelInputs,
                                                          _ output: KernelOutputs, _ flags: F.Type, _ writer: W.Type) {
        @inline(__always)
        func block(_ i: Int, _ s: Lanes.Floats, _ c: Lanes.Floats) {
            W.store(LaneMatrix(lanes.fields(s, c, input.speedX(i), input.speedY(i), F.self)), output, block: i)
            W.patchStatics(input, output, block: i)
        }
        var i = group.lowerBound
        while i < group.upperBound {
            let (cj, sj) = steps.step(i &- seed, as: Lanes.Floats.self)
            let (s, c) = SpinLanes<Lanes.Floats>.turned(angles.sin, angles.cos, cos: cj, sin: sj)
            block(i, s, c)
            i &+= 1
        }
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

    /// The same where registers hold 4 Floats (`LaneVector.narrowVectors`): each half block
    /// is computed and stored before the next, so that the page's constants keep their registers.
    @inline(__always)
    static func spinHalves<F: SpinFlags, W: LayoutWriter>(_ steps: SpinSteps, _ seed: Int, _ group: Range<Int>,
                                                          _ angles: ((sin: SIMD4<Float>, cos: SIMD4<Float>),
                                                                     (sin: SIMD4<Float>, cos: SIMD4<Float>)),
                                                          _ low: SpinLanes<SIMD4<Float>>, _ high: SpinLanes<SIMD4<Float>>,
                                                          _ input: KernelInputs, _ output: KernelOutputs,
                                                          _ flags: F.Type, _ writer: W.Type) {
        @inline(__always)
        func block(_ i: Int, _ s0: SIMD4<Float>, _ c0: SIMD4<Float>, _ s1: SIMD4<Float>, _ c1: SIMD4<Float>) {
            let (sx, sy) = input.halfSpeeds(i, 0)
            W.storeHalf(low.fields(s0, c0, sx, sy, F.self), output, block: i, half: 0)
            let (sx1, sy1) = input.halfSpeeds(i, 1)
            W.storeHalf(high.fields(s1, c1, sx1, sy1, F.self), output, block: i, half: 1)
            W.patchStatics(input, output, block: i)
        }
        var i = group.lowerBound
        while i < group.upperBound {
            let (cj, sj) = steps.step(i &- seed, as: SIMD4<Float>.self)
            let (s0, c0) = SpinLanes<SIMD4<Float>>.turned(angles.0.sin, angles.0.cos, cos: cj, sin: sj)
            let (s1, c1) = SpinLanes<SIMD4<Float>>.turned(angles.1.sin, angles.1.cos, cos: cj, sin: sj)
            block(i, s0, c0, s1, c1)
            i &+= 1
        }
    }
}

/// Where a spin call's blocks go, for `spinning` and `spinningDirectly` alike: in the dense
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
