import WalkthroughKernel
import KernelTestSupport
import Testing

/// The fast path's keyframes against the reference, on seeded random timelines: page
/// timelines with and without stagger, subview timelines, static subviews, counts not
/// divisible by 8, every animation type with and without page rotation, and the split.
@Suite struct KeyframeParityTests {
    static let counts = Array(0...(2 * Lanes.count + 1)) + [203]

    static func compare(_ page: Page, _ animator: WalkthroughAnimator, offset o: Double) -> String? {
        KeyframeParity.mismatch(page, animator, offset: o)
    }

    @Test(.slow, .tags(.endToEnd), arguments: [(false, 0.0), (true, 0.0), (true, 0.3), (false, 1.0)])
    func randomTimelinesMatchTheReference(pageTimeline: Bool, own: Double) throws {
        let seed: UInt64 = 0x7131 &+ (pageTimeline ? 1 : 0) &+ UInt64(own * 10) << 4
        let failure = try KeyframeParity.randomTimelines(seed: seed, counts: Self.counts, pageTimeline: pageTimeline, own: own) { page, _ in
            WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
        }
        if let failure { Issue.record("\(failure)") }
    }

    @Test func parallelSplitIsBitwiseIdentical() throws {
        let differences = try KeyframeParity.parallelSplitDifferences(seed: 0x5B17) { WalkthroughAnimator(plan: $0) }
        #expect(differences.isEmpty, "\(differences)")
    }

    /// Every layout writes the keyframed frame the block layout does.
    @Test(arguments: FrameLayout.allCases)
    func everyLayoutMatchesTheReference(layout: FrameLayout) throws {
        let seed: UInt64 = 0x1A70
        var rng = SeededGenerator(seed: seed)
        for count in [1, 9, 40] {
            let page = RandomTimeline.timed(RandomWalkthrough.page(count: count, type: .linear, using: &rng), pageTimeline: true,
                                            own: 0.3, using: &rng)
            var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]), layout: layout)
            for o in [-1.0, 0.2, 0.5, 1.3] {
                animator.animate(page: 0, offset: o)
                if let why = Self.compare(page, animator, offset: o) { Issue.record("seed \(seed) \(layout) count \(count): \(why)") }
            }
        }
    }

    /// A page timeline without stagger is folded into the page's matrix (one pose per page).
    @Test func sharedPoseOnEveryAnimationType() throws {
        let timeline = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(0, 200), easing: .easeInOut), Keyframe(at: 1, value: SIMD2(10, 0))],
                                    scale: [Keyframe(at: 0, value: SIMD2(0.5, 0.5), easing: .easeOut), Keyframe(at: 1.5, value: SIMD2(1, 2))],
                                    rotation: [Keyframe(at: 0.5, value: 0, easing: try Easing(bezier: 0.34, 1.56, 0.64, 1)), Keyframe(at: 1.5, value: 3.14159)],
                                    alpha: [Keyframe(at: 0, value: 0), Keyframe(at: 0.6, value: 1, easing: .hold), Keyframe(at: 1.8, value: 0)])
        for type in AnimationType.allCases {
            for rotation in [nil, try Rotation(axis: SIMD3(1, 1, 1), angle: 2 * .pi, perspective: 500)] {
                let page = Page(animationType: type, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002), staticTags: [1],
                                animateAlpha: true, subviews: (0..<37).map { Subview(tag: $0 % 5 == 0 ? 1 : 0) },
                                rotation: rotation, timeline: timeline)
                var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
                for o in [-1.5, 0, 0.3, 0.5, 0.6.nextDown, 0.6, 1, 1.25, 1.9] {
                    animator.animate(page: 0, offset: o)
                    if let why = Self.compare(page, animator, offset: o) { Issue.record("\(type) \(String(describing: rotation)): \(why)") }
                }
            }
        }
    }

    /// A page of one source (`SegmentCache.findShared`: one lane's walk places every lane of
    /// its block the record holds): a staggered page timeline and a timeline every subview
    /// shares, with and without static lanes, staggers that keep a block in one segment and
    /// that straddle keyframes, spin (every block in lanes), and jumps across many keyframes,
    /// back and forth and through NaN and the infinities, against the reference and bit for
    /// bit against the same lanes found and gathered lane by lane (`SegmentGather.splat`).
    @Test func oneSourceFindsABlockAtOnce() throws {
        let seed: UInt64 = 0x0A5E
        var rng = SeededGenerator(seed: seed)
        let easings: [Easing] = [.linear, .easeIn, .hold, try Easing(bezier: 0.34, 1.56, 0.64, 1), .easeInOut]
        let times = (0..<13).map { -1.5 + 0.25 * Double($0) }
        func timeline(stagger: Double) throws -> Timeline {
            try Timeline(translation: times.enumerated().map { Keyframe(at: $1, value: SIMD2(Double($0) * 10, 5), easing: easings[$0 % 5]) },
                         rotation: [Keyframe(at: -1, value: 0.5, easing: .easeOut), Keyframe(at: 0.3, value: -1, easing: .hold),
                                    Keyframe(at: 1.1, value: 2)],
                         alpha: [Keyframe(at: -0.5, value: 0, easing: easings[3]), Keyframe(at: 0.5, value: 1)], stagger: stagger)
        }
        // Non-finite offsets put every lane on the NaN record (no reference to compare with:
        // the page's own motion is not finite there), and the next frame finds them again.
        var offsets = [0, 2.5, -2.5, .nan, 0.25, 0.25.nextUp, .infinity, -1, -.infinity, 1.2]
        offsets += (0..<24).map { _ in Double.random(in: -2.5...2.5, using: &rng) }
        for stagger in [0.0005, 0.05, -0.05] {
            for (everyStatic, spin) in [(0, false), (5, false), (7, true), (0, true)] {
                let own = stagger < 0  // the shared timeline as every subview's own (no stagger then)
                let shared = try timeline(stagger: own ? 0 : stagger)
                let subviews = (0..<64).map { Subview(tag: everyStatic > 0 && $0 % everyStatic == 0 ? 1 : 0, timeline: own ? shared : nil) }
                let page = Page(animationType: .linear, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002), staticTags: [1],
                                animateAlpha: true, subviews: subviews,
                                rotation: spin ? try Rotation(axis: SIMD3(0, 0, 1), angle: 1, angleVariance: 0.01) : nil,
                                timeline: own ? nil : shared)
                // The same page with a block of a second source after it: its first 64 lanes
                // are found and gathered lane by lane, and must come out bit for bit the same
                // where every block goes to the lanes (a staggered page without spin folds its
                // runs before and after the keyframes into the page instead, `StaggerRuns`).
                var twoSources = page
                twoSources.subviews += try (0..<8).map { _ in Subview(tag: 0, timeline: try timeline(stagger: 0.5)) }
                var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
                var laneByLane = WalkthroughAnimator(try Walkthrough(width: 320, pages: [twoSources]))
                for o in offsets {
                    animator.animate(page: 0, offset: o)
                    laneByLane.animate(page: 0, offset: o)
                    let case_ = "seed \(seed) stagger \(stagger) own \(own) every \(everyStatic) spin \(spin) offset \(o)"
                    if o.isFinite, let why = Self.compare(page, animator, offset: o) { Issue.record("\(case_): \(why)") }
                    for k in page.subviews.indices where own || spin {
                        let (a, b) = (animator.frame.transform(page: 0, subview: k), laneByLane.frame.transform(page: 0, subview: k))
                        let same = withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
                        if !same { Issue.record("\(case_): subview \(k) differs from the lane-by-lane frame"); break }
                    }
                }
            }
        }
    }
}
