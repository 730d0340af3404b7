@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// A staggered page split into runs (`StaggerRuns`): the boundaries against a brute force
/// over every lane, and whole frames against the reference where lanes sit exactly on
/// keyframe times (`hold` included), run boundaries fall inside blocks, lanes are static,
/// and the frame is split across threads.
@Suite struct StaggerRunsTests {
    /// A timeline whose keyframe times are multiples of 1/8 (exact sums with the staggers
    /// below), with a `hold` before the last keyframe of every track.
    static func timeline(stagger: Double) throws -> Timeline {
        try Timeline(translation: [Keyframe(at: -0.5, value: SIMD2(0, 200), easing: .easeOut),
                                   Keyframe(at: 0.25, value: SIMD2(40, 10), easing: .hold), Keyframe(at: 1, value: SIMD2(0, 0))],
                     scale: [Keyframe(at: 0, value: SIMD2(0.5, 2), easing: try Easing(bezier: 0.34, 1.56, 0.64, 1)),
                             Keyframe(at: 0.75, value: SIMD2(1.5, 1), easing: .hold), Keyframe(at: 1.25, value: SIMD2(1, 1))],
                     rotation: [Keyframe(at: 0.125, value: 0.5, easing: .hold), Keyframe(at: 0.875, value: -1)],
                     alpha: [Keyframe(at: 0, value: 0, easing: .easeInOut), Keyframe(at: 0.5, value: 1)],
                     stagger: stagger)
    }

    /// The runs by brute force: the longest prefix and suffix of blocks whose lanes all
    /// share the pose past every keyframe or before every keyframe.
    static func bruteForce(_ runs: StaggerRuns, offset o: Double) -> StaggerRuns.Runs {
        let blocks = Lanes.padded(runs.count) / Lanes.count
        func all(_ b: Int, _ test: (Double) -> Bool) -> Bool {
            (b * Lanes.count ..< min(b * Lanes.count + Lanes.count, runs.count)).allSatisfy { test(o - Double($0) * runs.stagger) }
        }
        let past = { (b: Int) in all(b) { $0 >= runs.last } }, before = { (b: Int) in all(b) { $0 < runs.first } }
        let (lead, trail) = runs.stagger > 0 ? (past, before) : (before, past)
        var leadEnd = 0
        while leadEnd < blocks && lead(leadEnd) { leadEnd += 1 }
        var trailStart = blocks
        while trailStart > leadEnd && trail(trailStart - 1) { trailStart -= 1 }
        let (leadTime, trailTime) = runs.stagger > 0 ? (Double.infinity, -Double.infinity) : (-.infinity, .infinity)
        return StaggerRuns.Runs(leading: 0..<leadEnd, middle: leadEnd..<trailStart, trailing: trailStart..<blocks,
                                leadingTime: leadTime, trailingTime: trailTime)
    }

    @Test func runsMatchABruteForceOverEveryLane() throws {
        let seed: UInt64 = 0x5AE6
        var rng = SeededGenerator(seed: seed)
        for stagger in [0.125, -0.125, 0.0005, -0.3, 0.01, 1e-9] {
            let timeline = try Self.timeline(stagger: stagger)
            for count in Array(0...(2 * Lanes.count + 1)) + [203, 4000] {
                let runs = StaggerRuns(timeline, count: count)
                // Offsets that put some lane exactly on a keyframe time (and next to one),
                // random ones, and the non-finite ones.
                var offsets = [Double.nan, .infinity, -.infinity, 0, -1e300, 1e300]
                for at in [-0.5, 0, 0.125, 0.25, 0.75, 0.875, 1, 1.25] {
                    let k = Double(Int.random(in: 0...max(count, 1), using: &rng))
                    let o = at + k * stagger
                    offsets += [o, o.nextUp, o.nextDown]
                }
                offsets += (0..<8).map { _ in Double.random(in: -3...3, using: &rng) + Double(count) * stagger * .random(in: 0...1, using: &rng) }
                for o in offsets {
                    let found = runs.runs(offset: o), expected = Self.bruteForce(runs, offset: o)
                    #expect(found == expected, "seed \(seed) stagger \(stagger) count \(count) offset \(o)")
                }
            }
        }
    }

    /// A page with no tracks: every lane shares the neutral pose.
    @Test func aTimelineWithoutTracksIsOneRun() throws {
        for stagger in [0.5, -0.5] {
            let runs = StaggerRuns(try Timeline(stagger: stagger), count: 20)
            let r = runs.runs(offset: 0.3)
            #expect(r.middle.isEmpty && r.leading.count + r.trailing.count == 3, "stagger \(stagger): \(r)")
        }
    }

    /// Whole frames against the reference at offsets where lanes sit exactly on keyframe
    /// times (where `hold` jumps), with static lanes, on every animation type, with a page
    /// rotation (one angle) and with per-subview spin (no runs then).
    @Test(.slow, .tags(.endToEnd)) func framesAtKeyframeTimesMatchTheReference() throws {
        let rotations: [Rotation?] = [nil, try Rotation(axis: SIMD3(1, 1, 1), angle: 2 * .pi, perspective: 500),
                                      try Rotation(axis: SIMD3(0, 0, 1), angle: 1, angleVariance: 0.01)]
        for stagger in [0.125, -0.125, 0.0625] {
            let timeline = try Self.timeline(stagger: stagger)
            for type in AnimationType.allCases {
                for rotation in rotations {
                    for count in [5, 37, 203] {
                        let page = Page(animationType: type, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002), staticTags: [1],
                                        animateAlpha: true, subviews: (0..<count).map { Subview(tag: $0 % 7 == 3 ? 1 : 0) },
                                        rotation: rotation, timeline: timeline)
                        var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
                        var offsets: [Double] = []
                        for at in [-0.5, 0, 0.125, 0.25, 0.75, 0.875, 1, 1.25] {
                            for k in [0, 1, 7, 8, 13, count - 1] { offsets += [at + Double(k) * stagger, (at + Double(k) * stagger).nextDown] }
                        }
                        for o in offsets + stride(from: -1.9, through: 1.9, by: 0.05).map({ $0 }) {
                            animator.animate(page: 0, offset: o)
                            if let why = KeyframeParityTests.compare(page, animator, offset: o) {
                                Issue.record("stagger \(stagger) \(type) count \(count) rotation \(String(describing: rotation)): \(why)")
                                return
                            }
                        }
                    }
                }
            }
        }
    }

    /// A frame split across threads, with run boundaries inside the workers' chunks, is
    /// bitwise the single-core frame.
    @Test func parallelSplitIsBitwiseIdentical() throws {
        let pages = try [0.125, -0.0625, 0.003].map { stagger in
            Page(animationType: .linear, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002), staticTags: [1],
                 animateAlpha: true, subviews: (0..<301).map { Subview(tag: $0 % 50 == 0 ? 1 : 0) }, timeline: try Self.timeline(stagger: stagger))
        }
        let walkthrough = try Walkthrough(width: 100, pages: pages)
        var serial = WalkthroughAnimator(walkthrough)
        serial.threads = 1
        var parallel = WalkthroughAnimator(walkthrough)
        (parallel.threads, parallel.parallelThreshold) = (3, 1)
        for x in stride(from: -40.0, through: 290, by: 12.5) {
            try serial.update(scroll: x)
            try parallel.update(scroll: x)
            for page in pages.indices {
                #expect(serial.frame.bytes(page: page) == parallel.frame.bytes(page: page), "x \(x) page \(page)")
            }
        }
    }
}
