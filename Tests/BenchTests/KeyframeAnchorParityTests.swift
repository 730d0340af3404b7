@testable import Bench
import WalkthroughKernel
import KernelTestSupport
import Testing

/// The C anchor's keyframe kernels (Sources/CAnchor/keyframes.c) against the reference, as
/// `KeyframeParityTests` checks the Swift kernel: seeded random timelines (page timelines
/// with positive and negative stagger, subview timelines, random axes), every animation
/// type with and without page rotation (per-subview spin included), counts not divisible
/// by 8 with static subviews, every layout, a coherent sweep (cached segments, the stagger
/// split moving through the page) and jumps; and a frame split across threads is bitwise
/// the single-thread one.
@Suite struct KeyframeAnchorParityTests {
    static let counts = [0, 1, 9, 17, 203]

    static func compare(_ page: Page, _ animator: WalkthroughAnimator, offset o: Double) -> String? {
        KeyframeParity.mismatch(page, animator, offset: o)
    }

    static func animator(_ page: Page, layout: FrameLayout = .blocks) throws -> WalkthroughAnimator {
        animator(AnimationPlan(try Walkthrough(width: 320, pages: [page])), layout: layout)
    }

    static func animator(_ plan: AnimationPlan, layout: FrameLayout = .blocks) -> WalkthroughAnimator {
        var animator = WalkthroughAnimator(plan: plan, layout: layout, kernel: CKeyframeAnchorKernel())
        animator.threads = 1
        return animator
    }

    @Test(.slow, .tags(.endToEnd), arguments: [(false, 0.0), (true, 0.0), (true, 0.3), (false, 1.0)])
    func randomTimelinesMatchTheReference(pageTimeline: Bool, own: Double) throws {
        let seed: UInt64 = 0xC18 &+ (pageTimeline ? 1 : 0) &+ UInt64(own * 10) << 4
        let failure = try KeyframeParity.randomTimelines(seed: seed, counts: Self.counts, pageTimeline: pageTimeline, own: own) { page, count in
            try Self.animator(page, layout: FrameLayout.allCases[count % FrameLayout.allCases.count])
        }
        if let failure { Issue.record("\(failure)") }
    }

    /// Keyframes closer together than Float can tell apart: the anchor computed `1 / gap` in
    /// Float as the Swift kernel did (NaN fields from about 3e-39), and now caches such a
    /// segment for one frame as it does.
    @Test(arguments: TinyGapPages.gaps)
    func tinyKeyframeGapsMatchTheReference(gap g: Double) throws {
        var pages = [try TinyGapPages.ownTimelines(gap: g)]
        pages += try TinyGapPages.staggers(gap: g).map { try TinyGapPages.staggered(gap: g, stagger: $0) }
        for page in pages {
            var animator = try Self.animator(page)
            if let why = TinyGapPages.mismatch(page, &animator, gap: g) { Issue.record("\(why)") }
        }
    }

    /// Stagger with the split: blocks wholly before the first keyframe or after the last
    /// take the shared pose, the rest the lanes, at every offset of a sweep, both signs.
    @Test(arguments: [0.004, -0.004])
    func staggerSplitMatchesTheReference(stagger: Double) throws {
        let timeline = try Timeline(
            translation: [Keyframe(at: 0, value: SIMD2(0, 200), easing: .easeOut), Keyframe(at: 1, value: SIMD2(5, 0))],
            scale: [Keyframe(at: 0.2, value: SIMD2(0.5, 0.5), easing: try Easing(bezier: 0.34, 1.56, 0.64, 1)), Keyframe(at: 0.8, value: SIMD2(1, 2))],
            rotation: [Keyframe(at: -0.5, value: 0.5, easing: .easeInOut), Keyframe(at: 0.5, value: 0)],
            alpha: [Keyframe(at: 0, value: 0), Keyframe(at: 0.6, value: 1, easing: .hold), Keyframe(at: 1.2, value: 0.5)],
            stagger: stagger)
        for (i, type) in AnimationType.allCases.enumerated() {
            for (j, rotation) in [nil, try Rotation(axis: SIMD3(1, 1, 1), angle: 2 * .pi, perspective: 500)].enumerated() {
                let layout = FrameLayout.allCases[(i + j) % FrameLayout.allCases.count]
                let page = Page(animationType: type, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002), staticTags: [1],
                                animateAlpha: true, subviews: (0..<157).map { Subview(tag: $0 % 50 == 0 || $0 < 9 ? 1 : 0) },
                                rotation: rotation, timeline: timeline)
                var animator = try Self.animator(page, layout: layout)
                for o in stride(from: -1.9, through: 1.9, by: 0.04) {
                    animator.animate(page: 0, offset: o)
                    if let why = Self.compare(page, animator, offset: o) {
                        Issue.record("stagger \(stagger) \(type) \(layout) rotation \(rotation != nil): \(why)")
                        return
                    }
                }
            }
        }
    }

    @Test func parallelSplitIsBitwiseIdentical() throws {
        let differences = try KeyframeParity.parallelSplitDifferences(seed: 0xC5B1) { Self.animator($0) }
        #expect(differences.isEmpty, "\(differences)")
    }
}
