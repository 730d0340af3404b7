/// A frame split across threads: part p is the p-th of `partsPerThread × threads` runs of blocks of every
/// animated page, whose kernel calls (`PageCall`) are worked out on the calling thread (docs/DESIGN.md, "Threads").
extension WalkthroughAnimator {
    /// Parts of a split frame per thread: enough that a worker that wakes late leaves the
    /// caller less to wait for (docs/DESIGN.md, "Threads").
    static let partsPerThread = 4

    /// The frame's animated pages (one run of indices, as a page's offset falls as its index rises) split on
    /// `workers`; false, having done nothing, when more are animated than `SplitFrame` holds (the window holds 5).
    func evaluateInParallel(_ base: UnsafeMutableRawPointer, _ geometry: FrameGeometry, _ workers: WorkerPool) -> Bool {
        guard let first = positions.firstIndex(where: \.animated),
              let last = positions.lastIndex(where: \.animated) else { return true }
        guard last - first < SplitFrame.capacity else { return false }
        var split = SplitFrame(parts: Self.partsPerThread * (workers.workers + 1))
        let strategy = frame.strategy
        plan.pages.withUnsafeBufferPointer { pages in
            for i in first...last where positions[i].animated {
                let page = pages.baseAddress! + i
                let output = KernelOutputs(geometry, base: base, page: i, count: page.pointee.count, strategy: strategy)
                split.append(prepare(page, index: i, offset: positions[i].offset, output))
            }
            // The parts write disjoint runs of blocks of one region, and the pages' layouts
            // and the kernel outlive them (`perform` returns when they are done).
            if usesSIMDKernel {
                SplitFrame.perform(&split, on: workers)
            } else {
                withUnsafePointer(to: kernel) { SplitFrame.perform(&split, other: $0, on: workers) }
            }
        }
        return true
    }
}

/// What every part of a split frame reads, handed to the workers by address: the animated
/// pages' calls (up to `capacity`, in a tuple: no allocation) and the kernel.
struct SplitFrame {
    static let capacity = 6
    private var calls: (PageCall?, PageCall?, PageCall?, PageCall?, PageCall?, PageCall?) = (nil, nil, nil, nil, nil, nil)
    private(set) var count = 0
    let parts: Int
    /// The kernel when it is not the SIMD kernel.
    var other: UnsafePointer<any PageKernel>?

    init(parts: Int) { self.parts = parts }

    /// Adds a page's call. - Precondition: fewer than `capacity` calls.
    mutating func append(_ call: PageCall) {
        precondition(count < Self.capacity, "a split frame holds \(Self.capacity) pages")
        withUnsafeMutableBytes(of: &calls) { $0.baseAddress!.assumingMemoryBound(to: PageCall?.self)[count] = call }
        count += 1
    }

    /// Runs the parts of `split` on `workers` and this thread, with `other` as the kernel (nil: the SIMD kernel).
    static func perform(_ split: inout SplitFrame, other: UnsafePointer<any PageKernel>? = nil, on workers: WorkerPool) {
        split.other = other
        let parts = split.parts
        withUnsafeMutablePointer(to: &split) { split in
            workers.perform(parts: parts, { context, part in
                SplitFrame.evaluate(part: part, of: context.assumingMemoryBound(to: SplitFrame.self))
            }, UnsafeRawPointer(split))
        }
    }

    /// A staggered page's part, out of line as in the frame driver.
    @inline(never)
    private static func evaluateStaggered(_ tables: Unmanaged<LaneTimelines>, _ call: PageCall,
                                          _ other: UnsafePointer<any PageKernel>?, blocks: Range<Int>) {
        WalkthroughAnimator.evaluateStaggered(tables, call, blocks: blocks) { WalkthroughAnimator.run(other, $0, $1, $2, blocks: $3) }
    }

    /// Part `part` of the frame at `split`: the part-th run of blocks of every page.
    static func evaluate(part: Int, of split: UnsafePointer<SplitFrame>) {
        let parts = split.pointee.parts, other = split.pointee.other
        let calls = UnsafeRawPointer(split) + MemoryLayout<SplitFrame>.offset(of: \.calls)!
        for k in 0..<split.pointee.count {
            guard let call = calls.assumingMemoryBound(to: PageCall?.self)[k] else { continue }
            let blocks = call.page.pointee.blocks
            let mine = blocks * part / parts ..< blocks * (part + 1) / parts
            call.check(mine)
            if let staggered = call.staggered {
                evaluateStaggered(staggered, call, other, blocks: mine)
            } else {
                WalkthroughAnimator.run(other, call.constants, call.inputs, call.output, blocks: mine)
            }
        }
    }
}
