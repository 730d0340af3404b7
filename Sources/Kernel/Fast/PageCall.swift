/// One animated page's kernel call for a frame, worked out by the frame driver
/// (`WalkthroughAnimator.prepare`): plain values and pointers only, so that the threads of a
/// split frame can run it with no reference counting (see `WalkthroughAnimator+Split`).
struct PageCall {
    /// The page's layout, in the plan.
    let page: UnsafePointer<PageLayout>
    let constants: PageConstants
    let inputs: KernelInputs
    let output: KernelOutputs
    /// The page's lane timelines when they are staggered: the runs of lanes that share a
    /// pose go to the uniform kernels (`WalkthroughAnimator.evaluateStaggered`).
    let staggered: Unmanaged<LaneTimelines>?

    /// The kernels' invariant (with `KERNEL_INTERNAL_CHECKS`, on in debug builds, see
    /// Package.swift): whole blocks of the page only.
    @inline(__always)
    func check(_ blocks: Range<Int>) {
        #if KERNEL_INTERNAL_CHECKS
        precondition(blocks.lowerBound >= 0 && blocks.upperBound <= page.pointee.blocks,
                     "blocks \(blocks) outside the page's \(page.pointee.blocks)")
        #endif
    }
}
