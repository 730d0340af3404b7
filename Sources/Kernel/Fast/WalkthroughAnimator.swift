import Dispatch

/// The fast path for a whole walkthrough: evaluates frames into a reused `FrameBuffer`.
///
/// `update(scroll:)` is what an app calls from `scrollViewDidScroll`: it computes every
/// page's offset, animates the pages in the `−2 < o < 2` window and leaves the others as
/// they were. Steady-state frames allocate nothing (single-threaded; see `parallelThreshold`).
public struct WalkthroughAnimator: Sendable {
    /// Subviews in the window at or above which a frame is split across cores. Waking the
    /// workers costs a few µs a frame; on the 2-core development machine the split broke
    /// even at 40–50k subviews and won 1.3–1.7× from 70k (README, "Performance"). Results
    /// are bitwise identical either way.
    public static let defaultParallelThreshold = 65_536

    public let plan: AnimationPlan
    public private(set) var frame: FrameBuffer
    /// Each page's offset at the last `update`.
    public private(set) var offsets: [Double]
    /// Whether each page was in the window at the last `update`.
    public private(set) var animated: [Bool]
    public private(set) var currentPage = 0
    public private(set) var scrollPosition = 0.0
    public var parallelThreshold = WalkthroughAnimator.defaultParallelThreshold
    /// Worker count for the split; 1 disables it.
    public var threads = onlineProcessorCount()

    public init(_ walkthrough: Walkthrough) {
        self.init(plan: AnimationPlan(walkthrough))
    }

    public init(plan: AnimationPlan) {
        self.plan = plan
        frame = FrameBuffer(for: plan)
        offsets = Array(repeating: .nan, count: plan.pages.count)
        animated = Array(repeating: false, count: plan.pages.count)
    }

    public var walkthrough: Walkthrough { plan.walkthrough }

    /// The frame at scroll position `x`.
    /// - Throws: a non-finite `x` (nothing is changed then).
    public mutating func update(scroll x: Double) throws(WalkthroughError) {
        let walkthrough = plan.walkthrough, pages = plan.pages  // one retain each, not one per page
        currentPage = try walkthrough.currentPage(scroll: x)
        scrollPosition = x
        var work = 0
        for i in pages.indices {
            let o = walkthrough.offset(ofPage: i, scroll: x)
            offsets[i] = o
            animated[i] = Walkthrough.isInWindow(o)
            if animated[i] { work += pages[i].count }
        }
        frame.makeUnique()
        if threads > 1 && work >= parallelThreshold {
            evaluateInParallel()
        } else {
            for i in pages.indices where animated[i] {
                evaluate(page: i, offset: offsets[i], blocks: 0..<pages[i].blocks)
            }
        }
    }

    /// Animates page `page` as if it were at offset `o`, window or not: the kernel's direct
    /// entry. Any `o` is accepted: a NaN or infinite offset gives that page's non-static
    /// subviews non-finite fields and touches nothing else.
    /// - Precondition: `page` in range.
    public mutating func animate(page: Int, offset o: Double) {
        precondition(plan.pages.indices.contains(page), "page \(page) out of range 0..<\(plan.pages.count)")
        frame.makeUnique()
        evaluate(page: page, offset: o, blocks: 0..<plan.pages[page].blocks)
    }

    private func evaluate(page i: Int, offset o: Double, blocks: Range<Int>) {
        let output = KernelOutputs(base: frame.blocks(page: i))
        #if KERNEL_INTERNAL_CHECKS
        // The kernels' invariants (on in debug builds, see Package.swift): whole blocks of
        // the page only, and vector-aligned blocks.
        precondition(blocks.lowerBound >= 0 && blocks.upperBound <= plan.pages[i].blocks,
                     "blocks \(blocks) outside page \(i)'s \(plan.pages[i].blocks)")
        precondition(Int(bitPattern: output.base) % MemoryLayout<Lanes.Floats>.alignment == 0, "unaligned frame block")
        precondition(Int(bitPattern: plan.inputs(i).speeds) % MemoryLayout<Lanes.Floats>.alignment == 0, "unaligned speeds")
        #endif
        FrameKernel.run(PageConstants(plan.pages[i], offset: o), plan.inputs(i), output, blocks: blocks)
    }

    /// Splits every animated page into `threads` runs of blocks and runs them all at once.
    private func evaluateInParallel() {
        let parts = threads
        let pages = plan.pages.indices.filter { animated[$0] }
        let this = self
        DispatchQueue.concurrentPerform(iterations: pages.count * parts) { n in
            let page = pages[n / parts], part = n % parts
            let blocks = this.plan.pages[page].blocks
            let range = blocks * part / parts ..< blocks * (part + 1) / parts
            this.evaluate(page: page, offset: this.offsets[page], blocks: range)
        }
    }
}
