/// The part of a frame that differs between implementations: one page's blocks. The
/// benchmark plugs its C anchor and store limit in here, so that all run through
/// `WalkthroughAnimator`'s one frame loop.
package protocol PageKernel: Sendable {
    /// Writes blocks `blocks` (page-relative, whole blocks of the page only) of one page
    /// whose constants for this frame are `constants`. `inputs` and `output` start at the
    /// page's first block. `constants` point into the plan and are valid only during the
    /// call: a kernel must not keep them.
    func evaluate(_ constants: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>)

    /// Whether the kernel reads and writes the animator's keyframe segment cache
    /// (`KernelInputs.keyframes`' lanes and flags); one that does not (the benchmark's C
    /// anchor, the store limit) gets an animator without one, which saves its memory.
    var usesSegmentCache: Bool { get }
}

extension PageKernel {
    package var usesSegmentCache: Bool { true }
}

/// The fast path: `FrameKernel`'s SIMD loops.
package struct SIMDPageKernel: PageKernel {
    package init() {}

    package func evaluate(_ constants: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs,
                          blocks: Range<Int>) {
        FrameKernel.run(constants, inputs, output, blocks: blocks)
    }
}
