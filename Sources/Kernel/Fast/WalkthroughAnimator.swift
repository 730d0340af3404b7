/// The fast path for a whole walkthrough: evaluates frames into a reused `FrameBuffer`.
///
/// `update(scroll:)` is what an app calls from `scrollViewDidScroll`: it animates the pages
/// in the `−2 < o < 2` window and leaves the others as they were. Steady-state frames
/// allocate nothing.
public struct WalkthroughAnimator: Sendable {
    /// Subviews in the window at or above which a frame is split across cores; results are
    /// bitwise identical either way (docs/DESIGN.md, "Threads").
    public static let defaultParallelThreshold = 65_536

    /// The walkthrough laid out for the kernels; immutable, and may be shared by animators.
    public let plan: AnimationPlan
    /// The last frame: every page's transforms and alphas.
    public private(set) var frame: FrameBuffer
    /// Each page's offset and window flag at the last `update` (`PagePosition.unknown` before).
    public private(set) var positions: [PagePosition]
    /// `floor(x / W)` clamped to the pages, at the last `update` (0 before).
    public private(set) var currentPage = 0
    /// The scroll position of the last `update` (0 before).
    public private(set) var scrollPosition = 0.0
    /// Subviews in the window from which a frame is split across `threads` workers.
    public var parallelThreshold = WalkthroughAnimator.defaultParallelThreshold
    /// Worker count for the split; 1 (or less) disables it. Defaults to the online
    /// processors; at most `maximumThreads` are started, whatever it is set to.
    public var threads = onlineProcessorCount()
    /// The most threads a split frame runs on (the caller and 255 workers), whatever `threads` says.
    public static let maximumThreads = 256
    /// The threads of split frames, started by the first one (or `startWorkers()`).
    private var workers: WorkerPool?
    /// Computes each animated page's blocks.
    package let kernel: any PageKernel
    /// Whether `kernel` is the SIMD kernel, then called directly, not through the existential.
    let usesSIMDKernel: Bool
    /// Each keyframed lane's current segment (`KeyframeMode.lanes` pages), kept between frames.
    private(set) var segments: SegmentCache

    /// An animator for `walkthrough` whose frames are stored in `layout`. The frame is the
    /// identity with alpha 1 everywhere until the first `update`.
    public init(_ walkthrough: Walkthrough, layout: FrameLayout = .blocks) {
        self.init(plan: AnimationPlan(walkthrough), layout: layout)
    }

    /// An animator over an existing plan, which several animators may share.
    public init(plan: AnimationPlan, layout: FrameLayout = .blocks) {
        self.init(plan: plan, layout: layout, kernel: SIMDPageKernel())
    }

    /// An animator that computes its pages with `kernel` (the benchmark's anchors), reads
    /// its frame out with `strategy`, and takes its buffers from `arena` where it holds them.
    package init(plan: AnimationPlan, layout: FrameLayout = .blocks, kernel: any PageKernel = SIMDPageKernel(),
                 strategy: KernelStrategy = .current, arena: BufferArena? = nil) {
        self.plan = plan
        self.kernel = kernel
        usesSIMDKernel = kernel is SIMDPageKernel
        frame = FrameBuffer(for: plan, layout: layout, strategy: strategy, arena: arena)
        segments = SegmentCache(plan, arena: arena, lanes: kernel.usesSegmentCache)
        positions = Array(repeating: .unknown, count: plan.pages.count)
    }

    /// The walkthrough this animator animates.
    public var walkthrough: Walkthrough { plan.walkthrough }

    /// The frame at scroll position `x`, into `frame`.
    /// - Throws: a non-finite `x` (nothing is changed then).
    public mutating func update(scroll x: Double) throws(WalkthroughError) {
        let split = try advance(to: x)
        frame.makeUnique()
        render(into: frame.storage.base, geometry: frame.geometry, split: split)
    }

    /// The frame at scroll position `x`, written straight into memory the caller owns (for
    /// example the contents of a GPU buffer) instead of `frame`, in this animator's layout:
    /// `frame.geometry.byteCount` bytes, the matrices then (dense layouts) the alphas, page
    /// by page as `frame.geometry` says. Any alignment works; 64 bytes is fastest. Only
    /// the pages in the window are written: the others keep what the destination held.
    /// `frame` is not touched, and the positions and current page are this frame's.
    /// - Throws: a non-finite `x` or a destination smaller than the frame (nothing is
    ///   changed then).
    public mutating func update(scroll x: Double, into destination: UnsafeMutableRawBufferPointer) throws(WalkthroughError) {
        try update(scroll: x, into: destination, geometry: frame.geometry)
    }

    /// The same into a destination laid out as `geometry` (a geometry of this plan in any
    /// layout): the C interface's `bww_evaluate_into`, which picks the layout per call.
    package mutating func update(scroll x: Double, into destination: UnsafeMutableRawBufferPointer,
                                 geometry: FrameGeometry) throws(WalkthroughError) {
        let needed = geometry.byteCount
        guard destination.count >= needed else {
            throw WalkthroughError("destination of \(destination.count) bytes is too small for the frame: needs \(needed) (\(geometry.layout) layout)")
        }
        let split = try advance(to: x)
        guard needed > 0, let base = destination.baseAddress else { return }
        render(into: base, geometry: geometry, split: split)
    }

    /// The current page, the scroll position and every page's position at `x`; returns
    /// whether the frame is split across threads, after starting the workers if so.
    private mutating func advance(to x: Double) throws(WalkthroughError) -> Bool {
        let walkthrough = plan.walkthrough, pages = plan.pages  // one retain each, not one per page
        if !isKnownUniquelyReferenced(&segments) { segments = segments.copy() }
        guard x.isFinite else { throw Walkthrough.nonFiniteScroll(x) }
        let along = walkthrough.axisPosition(scroll: x)  // once a frame, for every page
        currentPage = walkthrough.currentPage(alongAxis: along)
        scrollPosition = x
        #if GATE_MUTATION_FRAME_COST
        // Never in a normal build: the regression gate's own test (scripts/gate-sensitivity.sh).
        var t = x
        for _ in 0..<50 { t = t * 0.5 + 1 }
        if t.isNaN { scrollPosition = t }
        #endif
        var work = 0
        positions.withUnsafeMutableBufferPointer { positions in
            for i in pages.indices {
                let o = walkthrough.offset(ofPage: i, alongAxis: along)
                let animated = Walkthrough.isInWindow(o)
                positions[i] = PagePosition(offset: o, animated: animated)
                if animated { work += pages[i].count }
            }
        }
        let split = threads > 1 && work >= parallelThreshold
        if split { startWorkers() }
        return split
    }

    /// Starts the threads that split frames use (`threads` − 1), unless this animator has
    /// them already (copies share them). The C interface calls it so that no `bww_evaluate` allocates.
    package mutating func startWorkers() {
        if workers?.wanted != threads { workers = WorkerPool(threads: threads) }
    }

    /// Whether some frame may reach `parallelThreshold` with `threads` > 1: some 5 neighbouring
    /// pages (the window holds 4, and a fifth when rounding puts an offset just inside) have that many subviews.
    package var canSplitFrames: Bool {
        guard threads > 1 else { return false }
        let counts = plan.pages.map(\.count)
        return counts.indices.contains { i in counts[i ..< min(i + 5, counts.count)].reduce(0, +) >= parallelThreshold }
    }

    /// Runs the kernel over every page in the window, on this thread or, with `split`, on
    /// the pool `advance` started (a Bool, not the pool as an optional, which cost a frame).
    private func render(into base: UnsafeMutableRawPointer, geometry: FrameGeometry, split: Bool) {
        if split, let workers, evaluateInParallel(base, geometry, workers) { return }
        // The per-page arrays through their buffers, once a frame: no per-page checks or retains.
        let layout = geometry.layout, matrixStride = layout.matrixStride, alphaStride = layout.alphaStride
        let strategy = frame.strategy
        let alphas = base + geometry.alphaOffset
        plan.pages.withUnsafeBufferPointer { pages in
            positions.withUnsafeBufferPointer { positions in
                geometry.firstEntries.withUnsafeBufferPointer { firstEntries in
                    var i = 0
                    while i < pages.count {
                        if positions[i].animated {
                            let page = pages.baseAddress! + i, entry = firstEntries[i]
                            let output = KernelOutputs(layout: layout, matrices: base + entry &* matrixStride,
                                                       alphas: alphas + entry &* alphaStride, count: page.pointee.count,
                                                       strategy: strategy)
                            evaluate(page, index: i, offset: positions[i].offset, blocks: 0..<page.pointee.blocks, output)
                        }
                        i &+= 1
                    }
                }
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
        if !isKnownUniquelyReferenced(&segments) { segments = segments.copy() }
        let output = KernelOutputs(frame.geometry, base: frame.storage.base, page: page, count: plan.pages[page].count,
                                   strategy: frame.strategy)
        plan.pages.withUnsafeBufferPointer {
            evaluate($0.baseAddress! + page, index: page, offset: o, blocks: 0..<$0[page].blocks, output)
        }
    }

    /// Runs the kernel on blocks `blocks` of page `i` (its layout read in place at `page`) into `output`.
    @inline(__always)
    private func evaluate(_ page: UnsafePointer<PageLayout>, index i: Int, offset o: Double, blocks: Range<Int>,
                          _ output: KernelOutputs) {
        let call = prepare(page, index: i, offset: o, output)
        call.check(blocks)
        if let staggered = call.staggered { return evaluateStaggered(staggered, call, blocks: blocks) }
        run(call.constants, call.inputs, call.output, blocks: blocks)
    }

    /// Page `i`'s kernel call at offset `o`, whose layout is at `page`, into `output` (`PageCall`).
    @inline(__always)
    func prepare(_ page: UnsafePointer<PageLayout>, index i: Int, offset o: Double, _ output: KernelOutputs) -> PageCall {
        var inputs = plan.inputs(page)
        #if KERNEL_INTERNAL_CHECKS
        // The kernels' invariant (on in debug builds, see Package.swift): vector-aligned blocks.
        precondition(Int(bitPattern: inputs.speeds) % MemoryLayout<Lanes.Floats>.alignment == 0, "unaligned speeds")
        #endif
        let constants = PageConstants(page, offset: o)
        var staggered: Unmanaged<LaneTimelines>?
        if constants.laneKeyframes != nil, let tables = plan.laneTimelines[i] {
            let start = segments.pageStarts[i]
            inputs.keyframes = KeyframeInputs(tables: .passUnretained(tables), lanes: segments.lanes + start)
            if tables.staggerRuns != nil { staggered = .passUnretained(tables) }
        }
        return PageCall(page: page, constants: constants, inputs: inputs, output: output, staggered: staggered)
    }

    /// A staggered page: the runs of lanes that share a pose go to the uniform kernels with that pose folded in,
    /// only the middle run to the lanes (`StaggerRuns`); three calls, since an array allocates.
    @inline(__always)
    static func evaluateStaggered(_ tables: Unmanaged<LaneTimelines>, _ call: PageCall, blocks: Range<Int>,
                                  run: (PageConstants, KernelInputs, KernelOutputs, Range<Int>) -> Void) {
        tables._withUnsafeGuaranteedRef { tables in
            guard let runs = tables.staggerRuns else { return }
            let (constants, o) = (call.constants, call.constants.offset)
            let r = runs.runs(offset: o)
            func shared(_ part: Range<Int>, at time: Double) {
                let mine = part.clamped(to: blocks)
                guard !mine.isEmpty else { return }
                run(constants.foldingPose(runs.timeline, call.page, offset: o, at: time), call.inputs, call.output, mine)
            }
            shared(r.leading, at: r.leadingTime)
            let middle = r.middle.clamped(to: blocks)
            if !middle.isEmpty { run(constants, call.inputs, call.output, middle) }
            shared(r.trailing, at: r.trailingTime)
        }
    }

    /// `evaluateStaggered` with this animator's kernel, out of line: the closure and the
    /// runs' optional and copies stay off every other page's path.
    @inline(never)
    private func evaluateStaggered(_ tables: Unmanaged<LaneTimelines>, _ call: PageCall, blocks: Range<Int>) {
        Self.evaluateStaggered(tables, call, blocks: blocks) { run($0, $1, $2, blocks: $3) }
    }

    /// One kernel call: the SIMD kernel directly, any other through the protocol.
    @inline(__always)
    private func run(_ constants: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        if usesSIMDKernel {
            FrameKernel.run(constants, inputs, output, blocks: blocks)
        } else {
            kernel.evaluate(constants, inputs, output, blocks: blocks)
        }
    }

    /// The same with the kernel as a pointer to the animator's (nil: the SIMD kernel), for a
    /// split frame's parts, so that the SIMD kernel's calls touch no reference count.
    @inline(__always)
    static func run(_ other: UnsafePointer<any PageKernel>?, _ constants: PageConstants, _ inputs: KernelInputs,
                    _ output: KernelOutputs, blocks: Range<Int>) {
        if let other {
            other.pointee.evaluate(constants, inputs, output, blocks: blocks)
        } else {
            FrameKernel.run(constants, inputs, output, blocks: blocks)
        }
    }
}
