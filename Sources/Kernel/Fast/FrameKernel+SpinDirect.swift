extension FrameKernel {
    /// `spinning` on a page below `SpinSteps.minimumSubviews`, where the step table would
    /// cost more than it saves: every block is a seed.
    @inline(__always)
    static func spinningDirectly<F: SpinFlags, W: LayoutWriter>(_ k: PageConstants, _ spin: PageConstants.Spin,
                                                                _ input: KernelInputs, _ output: KernelOutputs,
                                                                _ blocks: Range<Int>, _ flags: F.Type, _ writer: W.Type) {
        var table = SinCosTable()
        var first = blocks.lowerBound
        let parts = SpinParts(output, blocks, W.self)
        if Lanes.Floats.narrowVectors {
            let low = SpinLanes<SIMD4<Float>>(k, spin, lanes: 0), high = SpinLanes<SIMD4<Float>>(k, spin, lanes: 4)
            while first < blocks.upperBound {
                let count = blockAngles(&table, first, blocks.upperBound, spin), start = first
                parts.run(start, start &+ count) { part, out in
                    directHalves(&table, start, (part.lowerBound &- start)..<(part.upperBound &- start), low, high, input, out,
                                 F.self, W.self)
                }
                first &+= count
            }
        } else {
            let lanes = SpinLanes<Lanes.Floats>(k, spin, lanes: 0)
            while first < blocks.upperBound {
                let count = blockAngles(&table, first, blocks.upperBound, spin), start = first
                parts.run(start, start &+ count) { part, out in
                    directBlocks(&table, start, (part.lowerBound &- start)..<(part.upperBound &- start), lanes, input, out,
                                 F.self, W.self)
                }
                first &+= count
            }
        }
    }

    /// The sines and cosines of blocks `first ..< first + count` (at most 8, up to `end`)
    /// into `table`; returns `count`. `first·8 + 1 + 8j` is exact in Double, so θ_b does not
    /// depend on the grouping (a split frame stays bitwise identical).
    @inline(__always)
    static func blockAngles(_ table: inout SinCosTable, _ first: Int, _ end: Int, _ spin: PageConstants.Spin) -> Int {
        let index = Lanes.Doubles(repeating: Double(first &* Lanes.count &+ 1)) + Lanes.Doubles(0, 8, 16, 24, 32, 40, 48, 56)
        let (sines, cosines) = VectorTrig.sinCos(spin.base + index * spin.step)
        table = SinCosTable(lowHalf: sines, highHalf: cosines)
        return Swift.min(Lanes.count, end &- first)
    }

    /// Blocks `first + j` for `j` in `group` (within the table's 8), each with the angle of
    /// table lane `j` (`spinningDirectly`).
    @inline(__always)
    static func directBlocks<F: SpinFlags, W: LayoutWriter>(_ table: UnsafePointer<SinCosTable>, _ first: Int, _ group: Range<Int>,
                                                          _ lanes: SpinLanes<Lanes.Floats>, _ input: KernelInputs,
                                                          _ output: KernelOutputs, _ flags: F.Type, _ writer: W.Type) {
        var j = group.lowerBound
        while j < group.upperBound {
            let i = first &+ j, (sb, cb) = table.angle(j, as: Lanes.Floats.self)
            let (s, c) = lanes.angles(sb, cb)
            W.store(LaneMatrix(lanes.fields(s, c, input.speedX(i), input.speedY(i), F.self)), output, block: i)
            W.patchStatics(input, output, block: i)
            j &+= 1
        }
    }

    /// `directBlocks` in half blocks where registers hold 4 Floats, as `spinHalves`.
    @inline(__always)
    static func directHalves<F: SpinFlags, W: LayoutWriter>(_ table: UnsafePointer<SinCosTable>, _ first: Int, _ group: Range<Int>,
                                                          _ low: SpinLanes<SIMD4<Float>>, _ high: SpinLanes<SIMD4<Float>>,
                                                          _ input: KernelInputs, _ output: KernelOutputs,
                                                          _ flags: F.Type, _ writer: W.Type) {
        var j = group.lowerBound
        while j < group.upperBound {
            let i = first &+ j, (sb, cb) = table.angle(j, as: SIMD4<Float>.self)
            let (sx, sy) = input.halfSpeeds(i, 0)
            let (sx1, sy1) = input.halfSpeeds(i, 1)
            let (s0, c0) = low.angles(sb, cb), (s1, c1) = high.angles(sb, cb)
            W.storeHalf(low.fields(s0, c0, sx, sy, F.self), output, block: i, half: 0)
            W.storeHalf(high.fields(s1, c1, sx1, sy1, F.self), output, block: i, half: 1)
            W.patchStatics(input, output, block: i)
            j &+= 1
        }
    }
}
