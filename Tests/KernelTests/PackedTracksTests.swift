@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// Own timelines packed by track (`PackedTracks`, `KeyframeKernel.runPacked`): the tables list exactly the lanes
/// that have each track, and pages longer than a chunk (`PackedPoses.blocks`), whose groups reach across chunks
/// and across the parts of a split frame, match the reference and split bit for bit.
@Suite struct PackedTracksTests {
    static func page(seed: UInt64, count: Int, pageTimeline: Bool, own: Double) -> Page {
        var rng = SeededGenerator(seed: seed)
        return RandomTimeline.timed(RandomWalkthrough.page(count: count, type: .linear, using: &rng),
                                    pageTimeline: pageTimeline, own: own, using: &rng)
    }

    @Test(arguments: [(false, 0.3), (true, 0.5), (false, 1.0)])
    func tablesListTheLanesOfEachTrack(pageTimeline: Bool, own: Double) throws {
        let seed: UInt64 = 0x9AC4 &+ UInt64(own * 10)
        for count in [40, 200, 1_037] {
            let tables = LaneTimelines(Self.page(seed: seed, count: count, pageTimeline: pageTimeline, own: own))
            let packed = try #require(tables.packed, "seed \(seed) count \(count): \(tables.sourceCount) sources")
            for (t, kind) in tables.tracks.enumerated() {
                let expected = (0..<packed.capacity).filter { slot in
                    let source = Int(tables.laneSource[slot])
                    return source >= 0 && tables.trackRanges[8 * source + 2 * kind.rawValue + 1] > 0
                }
                let listed = (0..<expected.count).map { Int(packed.slots[t * packed.capacity + $0]) }
                #expect(listed == expected, "seed \(seed) count \(count) \(kind)")
                for j in expected.count..<(expected.count + 7) / 8 * 8 {
                    #expect(Int(packed.slots[t * packed.capacity + j]) == expected.last, "seed \(seed) count \(count) \(kind) padding \(j)")
                }
                for b in 0...packed.blocks {
                    let below = expected.filter { $0 < b * Lanes.count }.count
                    #expect(Int(packed.firsts[t * (packed.blocks + 1) + b]) == below, "seed \(seed) count \(count) \(kind) block \(b)")
                }
                // The groups of a run of blocks hold exactly its listed slots.
                for (first, end) in [(0, packed.blocks), (1, 3), (packed.blocks / 2, packed.blocks), (2, 2)] where first <= end {
                    let inside = expected.indices.filter { expected[$0] >= first * Lanes.count && expected[$0] < end * Lanes.count }
                    let groups = packed.groups(track: t, blocks: first, end)
                    #expect(groups.map { Array($0) } == (inside.isEmpty ? nil : Array(inside.first! / 8...inside.last! / 8)),
                            "seed \(seed) count \(count) \(kind) blocks \(first)..<\(end)")
                }
            }
        }
    }

    /// 1,037 to 4,001 subviews: three to eight chunks; own timelines on a third of the subviews, and on 2% (groups
    /// that span several chunks, chunks without a lane of a track between two with), a page timeline beside them
    /// shifts by its stagger.
    @Test(arguments: [(false, 0.3), (true, 0.5), (false, 0.02)])
    func longPagesMatchTheReference(pageTimeline: Bool, own: Double) throws {
        let seed: UInt64 = 0x9AD0 &+ UInt64(own * 100)
        for count in own < 0.1 ? [4_001] : [1_037, 2_003] {
            let page = Self.page(seed: seed, count: count, pageTimeline: pageTimeline, own: own)
            var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
            for o in [-1.9, -0.6, 0.05, 0.7, 1.3, 0.7] {
                animator.animate(page: 0, offset: o)
                if let why = KeyframeParity.mismatch(page, animator, offset: o) {
                    Issue.record("seed \(seed) count \(count) page timeline \(pageTimeline): \(why)")
                }
            }
        }
    }

    /// A track only the page's timeline has, while every subview has its own: no lane has it.
    @Test func aTrackWithoutLanesLeavesThePoseNeutral() throws {
        let seed: UInt64 = 0x9AF0
        var page = Self.page(seed: seed, count: 700, pageTimeline: false, own: 1)
        for k in page.subviews.indices {
            guard let t = page.subviews[k].timeline else { continue }
            page.subviews[k].timeline = try Timeline(translation: t.translation ?? [Keyframe(at: 0, value: SIMD2(3, 4))],
                                                     scale: t.scale, rotation: t.rotation, axis: t.axis)
        }
        page.timeline = try Timeline(alpha: [Keyframe(at: -1, value: 0.2), Keyframe(at: 1, value: 0.9)])
        let tables = LaneTimelines(page)
        let packed = try #require(tables.packed, "seed \(seed)")
        let alpha = try #require(tables.tracks.firstIndex(of: .alpha), "seed \(seed)")
        #expect(packed.groups(track: alpha, blocks: 0, packed.blocks) == nil, "seed \(seed)")
        var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
        for o in [-0.5, 0.3] {
            animator.animate(page: 0, offset: o)
            if let why = KeyframeParity.mismatch(page, animator, offset: o) { Issue.record("seed \(seed): \(why)") }
        }
    }

    /// Also a part longer than a chunk: 9,001 subviews on 2 threads are 8 parts of about 140 blocks.
    @Test(arguments: [2, 3])
    func longPagesSplitBitForBit(threads: Int) throws {
        let seed: UInt64 = 0x9AE0
        let pages = [Self.page(seed: seed, count: 2_003, pageTimeline: false, own: 0.3),
                     Self.page(seed: seed &+ 1, count: 1_037, pageTimeline: true, own: 0.5),
                     Self.page(seed: seed &+ 2, count: 9_001, pageTimeline: false, own: 0.05)]
        let plan = AnimationPlan(try Walkthrough(width: 100, pages: pages))
        var serial = WalkthroughAnimator(plan: plan), split = WalkthroughAnimator(plan: plan)
        serial.threads = 1
        split.threads = threads
        split.parallelThreshold = 1
        for x in [0.0, 37, 80, 130, 37, 190, 240] {
            try serial.update(scroll: x)
            try split.update(scroll: x)
            for page in pages.indices {
                let same = serial.frame.bytes(page: page) == split.frame.bytes(page: page)
                #expect(same, "seed \(seed) threads \(threads) scroll \(x) page \(page)")
            }
        }
    }

    /// A group that straddles two parts of a split frame is eased by both, each on a copy of its cache entry, so the
    /// entry stays as it was (after a first frame, never valid) while every group inside one part has its own written;
    /// a frame on one core then writes them all.
    @Test func aGroupAcrossPartsLeavesItsEntryUnwritten() throws {
        let seed: UInt64 = 0x9B00
        let page = Self.page(seed: seed, count: 2_003, pageTimeline: false, own: 0.3)
        var animator = WalkthroughAnimator(try Walkthrough(width: 100, pages: [page]))
        (animator.threads, animator.parallelThreshold) = (2, 1)
        try animator.update(scroll: 37)
        let tables = try #require(animator.plan.laneTimelines[0], "seed \(seed)")
        let packed = try #require(tables.packed, "seed \(seed)")
        let blocks = animator.plan.pages[0].blocks, parts = WalkthroughAnimator.partsPerThread * 2
        let bounds = (1..<parts).map { blocks * $0 / parts * Lanes.count }
        let start = animator.segments.pageStarts[0]
        func written(_ t: Int, _ g: Int) -> Bool {
            animator.segments.lanes[start + t * packed.blocks + g].index != .init(repeating: SegmentRecord.nanIndex)
        }
        var straddling = 0
        for t in tables.tracks.indices {
            for g in try #require(packed.groups(track: t, blocks: 0, blocks), "seed \(seed) track \(t)") {
                let slots = packed.group(track: t, g)
                let across = bounds.contains { Int(slots[0]) < $0 && Int(slots[7]) >= $0 }
                straddling += across ? 1 : 0
                #expect(written(t, g) == !across, "seed \(seed) track \(t) group \(g) across parts \(across)")
            }
        }
        #expect(straddling > 0, "seed \(seed): no group straddles a part")
        animator.threads = 1
        try animator.update(scroll: 40)
        for t in tables.tracks.indices {
            for g in try #require(packed.groups(track: t, blocks: 0, blocks), "seed \(seed) track \(t)") {
                #expect(written(t, g), "seed \(seed) one core: track \(t) group \(g)")
            }
        }
    }
}
