@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// The gather of a page that shares a template (`PageLayout.sharesTemplate`) reads only each
/// block's `m41` and `m42` and takes the other 14 fields from one lane, or the identity's
/// for a static lane (`kernel_gather_template_blocks`). It must write what reading every
/// field writes, bit for bit (NaN payloads and signed zeros included): for every animation
/// type, rotation or none, static subviews or none, every subview static, page timelines,
/// speeds that overflow Float, offsets anywhere (NaN and infinities through
/// `animate(page:offset:)`), frames never updated, counts around whole blocks, every 8-byte
/// phase of the destination, in every strategy this CPU runs (`avx`: 32-byte stores aligned
/// to the destination, `kernel_gather_template_blocks_phased`), and a page big enough to
/// stream.
@Suite struct TemplateGatherTests {
    static let counts = [1, 7, 8, 9, 16, 23, 64, 101]

    /// The first subview of `page` whose gathered row differs from the subview reader's
    /// transform in some bit (-1: a byte outside the rows written), gathering by template
    /// (or whatever the page takes) into a destination `offset` Doubles past a 64-byte
    /// boundary, with `strategy`'s kernels.
    static func firstDifference(_ frame: FrameBuffer, page: Int, offset: Int, strategy: KernelStrategy) -> Int? {
        let count = frame.subviewCount(page: page), bytes = 128 * count + 128 + 8 * offset
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { buffer.deallocate() }
        let out = buffer + 64 + 8 * offset
        buffer.initializeMemory(as: UInt8.self, repeating: 0xFF, count: bytes)
        if count > 0 {
            withExtendedLifetime(frame) {
                FrameReader.gather(frame.view, frame.view.slots[page], into: out, strategy: strategy)
            }
        }
        let before = 0 ..< 64 + 8 * offset, after = 64 + 8 * offset + 128 * count ..< bytes
        if (Array(before) + Array(after)).contains(where: { buffer.load(fromByteOffset: $0, as: UInt8.self) != 0xFF }) {
            return -1
        }
        return (0..<count).first { k in
            let fields = frame.transform(page: page, subview: k).fields
            return !(0..<16).allSatisfy { out.load(fromByteOffset: 128 * k + 8 * $0, as: UInt64.self) == fields[$0].bitPattern }
        }
    }

    /// Every page of `animator`'s frame, at every 8-byte phase of a 32-byte boundary, in
    /// every strategy this CPU runs; a message naming the case, or nil.
    static func mismatch(_ animator: WalkthroughAnimator, _ what: String, offsets: [Int] = [0, 1, 2, 3]) -> String? {
        for page in 0..<animator.frame.pageCount {
            for offset in offsets {
                for strategy in KernelStrategy.runnable {
                    if let k = firstDifference(animator.frame, page: page, offset: offset, strategy: strategy) {
                        let shares = animator.plan.pages[page].sharesTemplate
                        return "\(what), page \(page) (shares a template: \(shares)), offset \(offset), "
                            + "strategy \(strategy): subview \(k)"
                    }
                }
            }
        }
        return nil
    }

    /// Updates `animator` at each offset's scroll position and checks every page.
    static func checkOffsets(_ animator: inout WalkthroughAnimator, _ offsets: [Double], _ what: String) throws {
        for o in offsets {
            try animator.update(scroll: 80 * (1 + o))
            if let m = mismatch(animator, "\(what), scroll \(80 * (1 + o))") { Issue.record("\(m)") }
        }
    }

    @Test(arguments: [AnimationType.linear, .curve, .zoom, .inOut])
    func randomPagesGatherAsTheyRead(type: AnimationType) throws {
        // Seeded from the type's place in a fixed list: `hashValue` changes from run to run.
        let typeNumber = UInt64([AnimationType.linear, .curve, .zoom, .inOut].firstIndex(of: type)!)
        for count in Self.counts {
            let seed = 0x7E3A_0000 &+ UInt64(count) &* 7 &+ typeNumber
            var rng = SeededGenerator(seed: seed)
            var pages = (0..<3).map { _ in RandomWalkthrough.page(count: count, type: type, using: &rng) }
            pages[1].subviews = pages[1].subviews.map { _ in Subview(tag: 9) }
            pages[1].staticTags = StaticTags([9])  // every subview static
            pages[2].staticTags = StaticTags([])
            var animator = WalkthroughAnimator(try Walkthrough(width: 80, pages: pages))
            if let m = Self.mismatch(animator, "seed \(seed), \(type), \(count) subviews, never updated") {
                Issue.record("\(m)")
            }
            try Self.checkOffsets(&animator, RandomWalkthrough.offsets(using: &rng), "seed \(seed), \(type), \(count) subviews")
        }
    }

    @Test func nonFiniteOffsetsAndOverflowingSpeedsGatherAsTheyRead() throws {
        let seed: UInt64 = 0x7E3A_1000
        var rng = SeededGenerator(seed: seed)
        for type in [AnimationType.linear, .curve, .zoom, .inOut] {
            var page = RandomWalkthrough.page(count: 37, type: type, using: &rng)
            page.rotation = nil
            var huge = page
            huge.speed = SIMD2(3e38, -3e38)
            huge.speedVariance = SIMD2(1e37, 1e37)
            var animator = WalkthroughAnimator(try Walkthrough(width: 80, pages: [page, huge]))
            for o in [Double.nan, .infinity, -.infinity, 1e300, -0.0, 0.999] {
                animator.animate(page: 0, offset: o)
                animator.animate(page: 1, offset: o)
                if let m = Self.mismatch(animator, "seed \(seed), \(type), offset \(o)") { Issue.record("\(m)") }
            }
        }
    }

    @Test func pageTimelinesGatherAsTheyRead() throws {
        for own in [0.0, 0.5] {
            let seed: UInt64 = 0x7E3A_2000 &+ (own == 0 ? 0 : 1)
            var rng = SeededGenerator(seed: seed)
            let pages = [AnimationType.linear, .zoom, .curve].map { type in
                RandomTimeline.timed(RandomWalkthrough.page(count: 29, type: type, using: &rng), pageTimeline: true,
                                     own: own, using: &rng)
            }
            var animator = WalkthroughAnimator(try Walkthrough(width: 80, pages: pages))
            try Self.checkOffsets(&animator, RandomWalkthrough.offsets(using: &rng), "seed \(seed), own timelines \(own)")
        }
    }

    /// 4 MiB of rows or more from a 16-byte aligned destination stream in `sse2` and `avx`
    /// (`FrameReader.streams`).
    @Test func aStreamingPageGathersAsItReads() throws {
        let seed: UInt64 = 0x7E3A_3000
        var rng = SeededGenerator(seed: seed)
        let count = FrameReader.streamingBytes / 128 + 13
        let page = RandomWalkthrough.page(count: count, type: .linear, using: &rng)
        var animator = WalkthroughAnimator(try Walkthrough(width: 80, pages: [page]))
        try animator.update(scroll: 23.5)
        if let m = Self.mismatch(animator, "seed \(seed), \(count) subviews", offsets: [0, 2]) { Issue.record("\(m)") }
    }

    /// Which pages share a template: not those that spin per subview or keyframe per lane.
    @Test func sharingFollowsSpinAndLaneKeyframes() throws {
        var rng = SeededGenerator(seed: 0x7E3A_4000)
        var spin = RandomWalkthrough.page(count: 9, type: .linear, using: &rng)
        spin.rotation = try Rotation(axis: SIMD3(0, 0, 1), angle: 1, angleVariance: 0.1)
        var still = spin
        still.rotation = try Rotation(axis: SIMD3(0, 0, 1), angle: 1)
        let staggered = RandomTimeline.timed(still, pageTimeline: true, own: 1, using: &rng)
        let plan = AnimationPlan(try Walkthrough(width: 80, pages: [spin, still, staggered]))
        #expect(!plan.pages[0].sharesTemplate, "seed 0x7E3A_4000: a page spinning per subview")
        #expect(plan.pages[1].sharesTemplate, "seed 0x7E3A_4000: a page turned as a whole")
        let lanes = if case .lanes = plan.pages[2].keyframes { true } else { false }
        #expect(lanes && !plan.pages[2].sharesTemplate, "seed 0x7E3A_4000: a page keyframed per lane")
    }
}
