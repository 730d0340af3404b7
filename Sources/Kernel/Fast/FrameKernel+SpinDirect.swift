extension FrameKernel {
    /// `spinning` on a page below `SpinSteps.minimumSubviews`, where the step table would
    /// cost more than it saves: every block is a seed.
    @inline(__always)
    static func spinningDirectly<F: SpinFlags, W: LayoutWriter>(_ k: PageConstants, _ spin: PageConstants.Spin,
                                                                _ input: KernelInputs, _ output: KernelOutputs,
                                                                _ blocks: Range<Int>, _ flags: F.Type, _ writer: W.Type) {
        if Lanes.Floats.narrowVectors {
            direct(SpinHalves(k, spin), spin, input, output, blocks, F.self, W.self)
        } else {
            direct(SpinEight(k, spin), spin, input, output, blocks, F.self, W.self)
        }
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
