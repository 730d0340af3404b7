@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// `WalkthroughAnimator.checked(_:layout:)` allocates the buffers the animator will take
/// before the build, so their byte counts must be those of the built plan, frame, keyframe
/// tables and segment cache (Allocation.swift).
@Suite struct AllocationTests {
    @Test(arguments: [[], [0], [1], [8], [9, 0, 21], [3, 200, 7]])
    func byteCountsMatchTheBuiltBuffers(subviewCounts: [Int]) throws {
        let pages = subviewCounts.map { Page(subviews: Array(repeating: Subview(), count: $0)) }
        let walkthrough = try Walkthrough(width: 100, pages: pages)
        for layout in FrameLayout.allCases {
            let animator = WalkthroughAnimator(walkthrough, layout: layout)
            let slots = animator.plan.slotCount
            let counts = WalkthroughAnimator.bufferByteCounts(for: walkthrough, layout: layout)
            #expect(counts.prefix(3) == [max(2 * slots, 1) * 4, slots / 8 + 8, max(animator.frame.geometry.byteCount, 1)],
                    "pages of \(subviewCounts) subviews, \(layout)")
            #expect(try Self.buildTakesExactly(counts, walkthrough, layout), "pages of \(subviewCounts) subviews, \(layout)")
        }
    }

    /// The keyframe tables and segment cache counted from the walkthrough are those the
    /// built animator allocated, on seeded pages in `KeyframeMode.lanes` (staggered page
    /// timelines, own timelines fresh and shared, static subviews, planar and not, counts
    /// not divisible by 8) mixed with pages in the other modes.
    @Test(arguments: [0xA110C as UInt64, 0xA110D, 0xA110E, 0xA110F])
    func keyframeByteCountsMatchTheBuiltTables(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var lanes = 0, planar = 0, staggered = 0, shared = 0
        for walkthroughIndex in 0..<6 {
            var pages: [Page] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let count = [1, 7, 13, 29, 45, 63, 101].randomElement(using: &rng)!
                var page = Self.page(count: count, using: &rng)
                if case .lanes(planar: let isPlanar)? = try Self.mode(of: page) {
                    lanes += 1
                    if isPlanar { planar += 1 }
                    if let t = page.timeline, t.stagger != 0 { staggered += 1 }
                    let own = page.subviews.compactMap(\.timeline)
                    if Set(own).count < own.count { shared += 1 }
                } else if Bool.random(using: &rng) {
                    page.timeline = nil  // also pages without keyframes between the others
                }
                pages.append(page)
            }
            let walkthrough = try Walkthrough(width: 320, pages: pages)
            let counts = WalkthroughAnimator.bufferByteCounts(for: walkthrough)
            #expect(try Self.buildTakesExactly(counts, walkthrough, .blocks),
                    "seed \(seed) walkthrough \(walkthroughIndex): pages of \(pages.map(\.subviews.count)) subviews")
        }
        // The seeds reach every kind of lanes page (else the comparison proves little).
        #expect(lanes > 0 && planar > 0 && planar < lanes && staggered > 0 && shared > 0,
                "seed \(seed): \(lanes) lanes pages, \(planar) planar, \(staggered) staggered, \(shared) with shared own timelines")
    }

    /// A lanes page's tables grow with its slots and timelines as the counts say: 48 bytes
    /// a slot, 32 a timeline, 24 a keyframe, 96 a segment record (a keyframe, 4 a timeline, 5
    /// fixed) and 16 a timeline of record starts, with more than one timeline 4 a slot and
    /// present track (`PackedTracks`) and 4 a block and present track, one more block; and 176
    /// a block and present track.
    @Test func keyframeByteCountsOfAKnownPage() throws {
        let timeline = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(0, 40)), Keyframe(at: 1, value: .zero)],
                                    alpha: [Keyframe(at: 0, value: 0), Keyframe(at: 0.5, value: 1), Keyframe(at: 1, value: 0)],
                                    stagger: 0.01)
        let own = try Timeline(scale: [Keyframe(at: 0, value: SIMD2(1, 1))])
        var page = Page(subviews: Array(repeating: Subview(), count: 21), timeline: timeline)
        page.subviews[4].timeline = own
        page.subviews[9].timeline = own  // shared: one more source, not two
        let walkthrough = try Walkthrough(width: 100, pages: [page])
        // 24 slots, 3 blocks; 2 sources; 5 + 1 keyframes; tracks translation, scale, alpha.
        let expected = [24 * 4, 24 * 8, 3 * 9 * 8 * 4, 2 * 8 * 4, 6 * 8, 6 * 16, (5 + 2 * 4 + 6) * 96,
                        2 * 4 * 4, 3 * 24 * 4, 3 * (3 + 1) * 4, 3 * 3 * 176]
        let counts = WalkthroughAnimator.bufferByteCounts(for: walkthrough)
        #expect(Array(counts.dropFirst(3)) == expected)
        #expect(try Self.buildTakesExactly(counts, walkthrough, .blocks))
    }

    /// The checked build (`bww_create`'s) takes every buffer from the arena allocated before
    /// it, none from Swift's allocator, which ends the process when memory runs out: the
    /// buffers once were only probed, and a build between the probe and the last allocation
    /// ended the process under `ulimit -v` 301–309 MB for 8,192 staggered pages.
    @Test(arguments: [0xA110C as UInt64, 0xA110D])
    func checkedBuildsTakeEveryBufferFromTheArena(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        for n in 0..<6 {
            let pages = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                Self.page(count: [0, 1, 7, 13, 45, 101].randomElement(using: &rng)!, using: &rng)
            }
            let walkthrough = try Walkthrough(width: 320, pages: pages)
            for layout in FrameLayout.allCases {
                let counts = WalkthroughAnimator.bufferByteCounts(for: walkthrough, layout: layout)
                let arena = try #require(BufferArena(byteCounts: counts), "seed \(seed) walkthrough \(n) \(layout)")
                var checked = WalkthroughAnimator(plan: AnimationPlan(walkthrough, arena: arena), layout: layout, arena: arena)
                #expect(arena.missed == 0 && arena.untaken == 0,
                        "seed \(seed) walkthrough \(n) \(layout): \(arena.missed) missed, \(arena.untaken) untaken (\(counts))")
                var plain = WalkthroughAnimator(walkthrough, layout: layout)
                for x in [0.0, 100, 333] {
                    try checked.update(scroll: x)
                    try plain.update(scroll: x)
                    for page in pages.indices {
                        #expect(checked.frame.bytes(page: page) == plain.frame.bytes(page: page), "seed \(seed) walkthrough \(n) \(layout) x \(x)")
                    }
                }
            }
            #expect(throws: Never.self, "seed \(seed) walkthrough \(n)") { _ = try WalkthroughAnimator.checked(walkthrough) }
        }
    }

    /// Whether a build from an arena of `counts` takes every block and allocates nothing else through it.
    static func buildTakesExactly(_ counts: [Int], _ walkthrough: Walkthrough, _ layout: FrameLayout) throws -> Bool {
        let arena = try #require(BufferArena(byteCounts: counts))
        _ = WalkthroughAnimator(plan: AnimationPlan(walkthrough, arena: arena), layout: layout, arena: arena)
        return arena.missed == 0 && arena.untaken == 0
    }

    /// An arena that cannot have all its blocks has none (the ones it had are freed).
    @Test func anArenaIsAllOrNothing() {
        #expect(BufferArena(byteCounts: [64, Int.max / 2, 64]) == nil)
        #expect(BufferArena(byteCounts: [64, -1]) == nil)
        #expect(BufferArena(byteCounts: [64, 1 << 20, 64])?.untaken == 3)
    }

    @Test(arguments: [([64, 1 << 20], true), ([Int.max / 2], false), ([64, Int.max / 2, 64], false), ([-1], false)])
    func canAllocateReportsFailure(byteCounts: [Int], possible: Bool) {
        #expect(canAllocateAligned(byteCounts) == possible, "byte counts \(byteCounts)")
    }

    /// A seeded page: random type, static tags and rotation; a page timeline (staggered or
    /// not) and own timelines drawn from a small pool (so some are shared), or fresh ones;
    /// in one case of four without rotation and every axis z (a planar page).
    static func page(count: Int, using rng: inout SeededGenerator) -> Page {
        let type = AnimationType.allCases.randomElement(using: &rng)!
        var page = RandomWalkthrough.page(count: count, type: type, using: &rng)
        let planar = Int.random(in: 0..<4, using: &rng) == 0
        func timeline(ofPage: Bool) -> Timeline {
            let t = RandomTimeline.timeline(ofPage: ofPage, using: &rng)
            guard planar else { return t }
            return try! Timeline(translation: t.translation, scale: t.scale, rotation: t.rotation, alpha: t.alpha,
                                 stagger: t.stagger)
        }
        if planar { page.rotation = nil }
        if Bool.random(using: &rng) { page.timeline = timeline(ofPage: true) }
        let pool = (0..<3).map { _ in timeline(ofPage: false) }
        let own = Double.random(in: 0...0.6, using: &rng), fresh = Bool.random(using: &rng)
        for k in page.subviews.indices where Double.random(in: 0..<1, using: &rng) < own {
            page.subviews[k].timeline = fresh ? timeline(ofPage: false) : pool.randomElement(using: &rng)!
        }
        return page
    }

    /// The page's keyframe mode as the plan chooses it.
    static func mode(of page: Page) throws -> KeyframeMode? {
        AnimationPlan(try Walkthrough(width: 100, pages: [page])).pages.first?.keyframes
    }
}
