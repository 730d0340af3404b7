// A walkthrough's big buffers, counted and allocated up front for `bww_create`, which must
// not be ended by Swift's allocator running out (sizes tested in AllocationTests).

/// The buffers of a walkthrough, or the memory its build works in, could not be allocated.
package struct OutOfMemory: Error, Sendable {
    /// The bytes asked for, all buffers together (or the working memory).
    package let bytes: Int
    /// What they were for: `the buffers of 524288 subviews`.
    package let what: String
}

/// Buffers allocated (with `posix_memalign`) before a build and handed out to it by size,
/// so that no buffer of the build can fail once the arena exists; what is not taken is freed with it.
package final class BufferArena {
    /// Per byte count, the blocks of that size not handed out yet.
    private var blocks: [Int: [UnsafeMutableRawPointer]] = [:]
    /// Blocks asked for that the arena did not hold (the taker allocated them itself).
    package private(set) var missed = 0

    /// Blocks of `byteCounts` (at least 1 byte each), 64-byte aligned; nil when one cannot be allocated (the
    /// others are freed). The lists are sized first, so none grows once blocks take the memory (`checked`).
    package init?(byteCounts: [Int]) {
        var sizes: [Int: Int] = [:]
        for bytes in byteCounts { sizes[bytes, default: 0] += 1 }
        blocks.reserveCapacity(sizes.count)
        for (bytes, count) in sizes {
            var list: [UnsafeMutableRawPointer] = []
            list.reserveCapacity(count)
            blocks[bytes] = list
        }
        for bytes in byteCounts {
            guard let block = allocateBlock(bytes) else {
                release()
                return nil
            }
            blocks[bytes, default: []].append(block)
        }
    }

    /// A block of `bytes` bytes, nil when none is left. The taker frees it (`deallocate`).
    func take(_ bytes: Int) -> UnsafeMutableRawPointer? {
        guard let block = blocks[bytes]?.popLast() else { missed += 1; return nil }
        return block
    }

    /// Blocks not handed out.
    package var untaken: Int { blocks.values.reduce(0) { $0 + $1.count } }

    private func release() {
        for list in blocks.values { list.forEach(freeBlock) }
        blocks = [:]
    }

    deinit { release() }
}

extension WalkthroughAnimator {
    /// The byte counts of the 64-byte aligned buffers `init(_:layout:)` allocates for `walkthrough`: the plan's
    /// (`PlanStorage`), the frame's (`FrameStorage`), then the keyframe buffers. Keep in step with those.
    package static func bufferByteCounts(for walkthrough: Walkthrough, layout: FrameLayout = .blocks) -> [Int] {
        bufferSizes(for: walkthrough, layout: layout).counts
    }

    /// `bufferByteCounts`, and the most keyframes one lanes page has.
    private static func bufferSizes(for walkthrough: Walkthrough, layout: FrameLayout) -> (counts: [Int], busiestKeyframes: Int) {
        let slots = walkthrough.pages.reduce(0) { $0 + Lanes.padded($1.subviews.count) }
        let entries = layout == .blocks ? slots : walkthrough.subviewCount
        let counts = [
            UnsafeMutablePointer<Float>.alignedByteCount(2 * slots),
            // The static-lane masks and the word of zeros after them (`PlanStorage`).
            (slots / Lanes.count + 8) * MemoryLayout<UInt8>.stride,
            entries * (layout.matrixStride + layout.alphaStride) + FrameStorage.misalignment,
        ]
        // An empty buffer still allocates 1 byte.
        let keyframes = keyframeSizes(for: walkthrough)
        return (counts.map { Swift.max($0, 1) } + keyframes.counts, keyframes.busiestKeyframes)
    }

    /// The byte counts of the keyframe buffers: each `KeyframeMode.lanes` page's `LaneTimelines` tables, then the
    /// `SegmentCache` (always), found as the build finds them (`LaneTableSizes`), so exact; and the most distinct
    /// keyframes one lanes page has (`workingByteCount`).
    private static func keyframeSizes(for walkthrough: Walkthrough) -> (counts: [Int], busiestKeyframes: Int) {
        var tables: [Int] = [], segments = 0, busiest = 0
        for page in walkthrough.pages {
            guard case .lanes = KeyframeMode(page) else { continue }
            let sizes = LaneTableSizes(page)
            tables += sizes.byteCounts
            segments += sizes.segmentCount
            busiest = Swift.max(busiest, sizes.keyframes)
        }
        return (tables + [UnsafeMutablePointer<LaneSegments>.alignedByteCount(segments)], busiest)
    }

    /// The animator `init(_:layout:)` builds, for a caller that must get an error where Swift's allocator
    /// would end the process (`bww_create`): each step's memory is had before the step (docs/DESIGN.md,
    /// "Allocation").
    /// - Throws: the first step's memory that cannot be had; nothing stays allocated then.
    package static func checked(_ walkthrough: Walkthrough, layout: FrameLayout = .blocks) throws(OutOfMemory) -> WalkthroughAnimator {
        func probe(_ bytes: Int, _ what: String) throws(OutOfMemory) {
            guard canAllocateAligned([bytes]) else { throw OutOfMemory(bytes: bytes, what: what) }
        }
        let pages = walkthrough.pages.count, own = walkthrough.pages.lazy.map(LaneTimelines.ownTimelineCount).max() ?? 0
        try probe(hashTableBytes(count: own, entryBytes: MemoryLayout<TimelineKey>.stride) + 3 * 8 * (8 * pages + 8) + workingReserve,
                  "counting the buffers of \(walkthrough.subviewCount) subviews")
        let (counts, busiestKeyframes) = bufferSizes(for: walkthrough, layout: layout)
        try probe(3 * 8 * counts.count + workingReserve, "the list of \(counts.count) buffers")
        guard let arena = BufferArena(byteCounts: counts) else {
            throw OutOfMemory(bytes: counts.reduce(0, +), what: "the buffers of \(walkthrough.subviewCount) subviews")
        }
        try probe(workingByteCount(for: walkthrough, busiestKeyframes: busiestKeyframes),
                  "building the plan of \(walkthrough.subviewCount) subviews")
        return WalkthroughAnimator(plan: AnimationPlan(walkthrough, arena: arena), layout: layout, arena: arena)
    }

    /// What a checked build allocates besides its buffers, bounded, term by term (docs/DESIGN.md, "Allocation");
    /// `scripts/c-api-ulimit-sweep.sh` holds `bww_create` to it.
    static func workingByteCount(for walkthrough: Walkthrough, busiestKeyframes: Int) -> Int {
        let own = walkthrough.pages.lazy.filter { if case .lanes = KeyframeMode($0) { true } else { false } }
            .map(LaneTimelines.ownTimelineCount).max() ?? 0
        let easing = MemoryLayout<EasingPolynomial>.stride
        return 1024 * walkthrough.pages.count
            + hashTableBytes(count: own, entryBytes: MemoryLayout<TimelineKey>.stride + 4) + 72 * (own + 1)
            + busiestKeyframes * (8 + 16 + easing)
            + 2 * hashTableBytes(count: LaneTimelines.fitLimit, entryBytes: easing + 32)
            + workingReserve
    }

    /// The bytes of a native `Set` or `Dictionary` made for `count` entries of `entryBytes` (`reserveCapacity`):
    /// a power of two of buckets at most three quarters full, a bit each, and a header.
    static func hashTableBytes(count: Int, entryBytes: Int) -> Int {
        var buckets = 1
        while buckets * 3 < count * 4 { buckets *= 2 }
        return buckets * entryBytes + buckets / 8 + 256
    }

    /// Memory asked for besides each step's own (small arrays, the handle, the runtime).
    static let workingReserve = 4 << 20
}
