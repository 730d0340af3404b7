@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// An animator keeps a keyframe segment cache only for a kernel that reads it
/// (`PageKernel.usesSegmentCache`): the benchmark's C anchor and store limit keep none, and
/// at a million own timelines the cache they did not read was 336 MB each.
@Suite struct SegmentCacheOwnerTests {
    /// Writes nothing and reads no segments, as the store limit.
    struct KeepsNoSegments: PageKernel {
        func evaluate(_ constants: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {}
        var usesSegmentCache: Bool { false }
    }

    @Test func onlyAKernelThatReadsTheCacheGetsOne() throws {
        var rng = SeededGenerator(seed: 0x5E6)
        let page = RandomTimeline.timed(RandomWalkthrough.page(count: 70, type: .linear, using: &rng), pageTimeline: false, own: 1, using: &rng)
        let plan = AnimationPlan(try Walkthrough(width: 100, pages: [page, Page()]))
        #expect(plan.laneTimelines[0] != nil, "seed 0x5E6: the page should be in lanes mode")
        let simd = WalkthroughAnimator(plan: plan)
        var none = WalkthroughAnimator(plan: plan, kernel: KeepsNoSegments())
        #expect(simd.segments.count > 0 && none.segments.count == 0, "seed 0x5E6: \(simd.segments.count), \(none.segments.count)")
        // Frames run as before: the kernel is given an empty cache it does not read.
        for x in stride(from: 250.0, through: -150, by: -25) { try none.update(scroll: x) }
        #expect(none.positions[0].animated, "seed 0x5E6: page 0 is in the window at the last position")
    }
}
