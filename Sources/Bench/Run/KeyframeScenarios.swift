import WalkthroughKernel

/// The keyframe scenarios (issues 18 and 41): one page of `count` subviews (every 50th
/// static, Linear with alpha, as the single-page scenarios) with timelines.
///
/// `keyframes-stagger` and `keyframes-own` are the issue-41 workload: 16 scroll positions
/// spread over the page's whole window (`o` from −1.875 to 1.875 in steps of 0.25), so that
/// many lanes are mid-transition and most change segment from one frame to the next.
/// `keyframes-drag` keeps the coherent finger drag of issue 18 on the same own timelines:
/// what a lane costs when it stays in its segment (docs/DESIGN.md, keyframe scenarios).
extension Scenario {
    /// Page offsets −1.875 … 1.875 in steps of 0.25 (the issue-41 positions).
    static let spread: [Double] = (0..<16).map { -1.875 + 0.25 * Double($0) }

    /// Page offsets −1.9 … 1.9 and back in steps of 0.02 (a 60 fps drag of 3.8 pages in
    /// about 3 s each way).
    static let sweep: [Double] = {
        let up = stride(from: -1.9, through: 1.9, by: 0.02).map { $0 }
        return up + up.reversed().dropFirst().dropLast()
    }()

    static func keyframed(_ name: String, _ summary: String, offsets: [Double] = spread,
                          _ timelines: @escaping @Sendable (Int) -> (Timeline?, (Int) -> Timeline?)) -> Scenario {
        Scenario(name: name, summary: summary, costVariesWithPosition: offsets == spread) { (count) throws(BenchError) in
            let (shared, own) = timelines(count)
            let subviews = (0..<count).map { Subview(tag: $0 % 50 == 0 ? 1 : 0, timeline: own($0)) }
            let page = Page(animationType: .linear, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002),
                            staticTags: [1], animateAlpha: true, subviews: subviews, timeline: shared)
            let walkthrough = try bench { () throws(WalkthroughError) in try Walkthrough(width: width, pages: [page]) }
            return (walkthrough, offsets.map { ($0 - 1) * width })
        }
    }

    /// All four tracks from τ = 0 to 1 with one easing: translation (0, 200) → (0, 0),
    /// scale 0.5 → 1, rotation 0.5 → 0 rad, alpha 0 → 1.
    static func fourTracks(_ easing: Easing, stagger: Double) -> Timeline {
        try! Timeline(translation: [Keyframe(at: 0, value: SIMD2(0, 200), easing: easing), Keyframe(at: 1, value: SIMD2(0, 0))],
                      scale: [Keyframe(at: 0, value: SIMD2(0.5, 0.5), easing: easing), Keyframe(at: 1, value: SIMD2(1, 1))],
                      rotation: [Keyframe(at: 0, value: 0.5, easing: easing), Keyframe(at: 1, value: 0)],
                      alpha: [Keyframe(at: 0, value: 0, easing: easing), Keyframe(at: 1, value: 1)],
                      stagger: stagger)
    }

    /// The staggered page timeline: four tracks over τ = −0.5 … 1, each with its own easings,
    /// the overshooting Bézier (0.34, 1.56, 0.64, 1) among them, stagger 0.0005.
    static let staggered: Timeline = {
        let overshoot = try! Easing(bezier: 0.34, 1.56, 0.64, 1)
        return try! Timeline(
            translation: [Keyframe(at: -0.5, value: SIMD2(0, 200), easing: overshoot), Keyframe(at: 0.5, value: SIMD2(40, 20), easing: .easeInOut),
                          Keyframe(at: 1, value: SIMD2(0, 0))],
            scale: [Keyframe(at: -0.25, value: SIMD2(0.5, 0.5), easing: .easeOut), Keyframe(at: 0.75, value: SIMD2(1, 1))],
            rotation: [Keyframe(at: 0, value: 0.5, easing: overshoot), Keyframe(at: 1, value: 0)],
            alpha: [Keyframe(at: -0.5, value: 0, easing: .linear), Keyframe(at: 0.25, value: 1)],
            stagger: 0.0005)
    }()

    /// The own timelines of `count` subviews (issue 41): subview k takes number
    /// `k mod distinctOwnTimelines`, so up to that many subviews every one has a timeline of
    /// its own, as an app whose every subview was designed apart. Each is seeded (the first k
    /// are the same at every size) and on a random non-empty subset of the four tracks, 2–8
    /// keyframes a track at random times in [−2, 2]; 40% of the keyframes a random Bézier of
    /// their own (`x1, x2` in [0, 1], `y1, y2` in [−1, 2], drawn again until the largest slope
    /// is at most 12), 10% `hold`, the rest the named curves and linear.
    static func ownTimelines(_ count: Int) -> [Timeline] {
        var rng = BenchRandom(seed: 41)
        func easing() -> Easing {
            let r = rng.unit()
            if r < 0.4 {
                // Drawn until its largest slope is at most 12 (y1, y2 in [−1, 2]: overshoots).
                while true {
                    let e = try! Easing(bezier: rng.unit(), rng.unit() * 3 - 1, rng.unit(), rng.unit() * 3 - 1)
                    if KeyframeTolerance.largestSlope(e) <= 12 { return e }
                }
            }
            if r < 0.5 { return .hold }
            return [Easing.linear, .easeIn, .easeOut, .easeInOut][rng.int(4)]
        }
        func times() -> [Double] {
            let n = 2 + rng.int(7)
            return (0..<n).map { _ in rng.unit() * 4 - 2 }.sorted().enumerated().map { $1 + Double($0) * 1e-6 }
        }
        return (0..<Swift.min(Swift.max(count, 1), distinctOwnTimelines)).map { _ in
            var subset = 0
            while subset == 0 { subset = rng.int(16) }
            func track<V>(_ bit: Int, _ value: () -> V) -> [Keyframe<V>]? {
                subset & (1 << bit) == 0 ? nil : times().map { Keyframe(at: $0, value: value(), easing: easing()) }
            }
            return try! Timeline(translation: track(0) { SIMD2(rng.unit() * 400 - 200, rng.unit() * 400 - 200) },
                                 scale: track(1) { SIMD2(rng.unit() + 0.5, rng.unit() + 0.5) },
                                 rotation: track(2) { rng.unit() * 6 - 3 },
                                 alpha: track(3) { rng.unit() })
        }
    }

    /// Distinct own timelines at most (a prime, so a block's 8 lanes differ beyond it): a million
    /// subviews repeat them, which keeps the default run's memory bounded; their plan data (about
    /// 1.2 kB a timeline) is far beyond the caches either way.
    static let distinctOwnTimelines = 100_003

    /// Subview k's own timeline of `count`'s (`ownTimelines`).
    static func own(_ count: Int) -> (Int) -> Timeline? {
        let timelines = ownTimelines(count)
        return { timelines[$0 % timelines.count] }
    }

    static let keyframeScenarios: [Scenario] = [
        keyframed("keyframes", "page timeline, four tracks, easeInOut, no stagger: one pose a page (uniform mode)") { _ in
            (fourTracks(.easeInOut, stagger: 0), { _ in nil })
        },
        keyframed("keyframes-stagger", "page timeline, four tracks, overshooting Bézier among its easings, stagger 0.0005; 16 positions over the window") { _ in
            (staggered, { _ in nil })
        },
        keyframed("keyframes-own", "every subview its own timeline: random subset of tracks, 2–8 keyframes, 40% own Béziers, 10% hold; 16 positions over the window") { count in
            (nil, own(count))
        },
        keyframed("keyframes-drag", "keyframes-own's timelines dragged coherently (−1.9 … 1.9 and back by 0.02): the cost when lanes keep their segment",
                  offsets: sweep) { count in
            (nil, own(count))
        },
    ]
}

/// SplitMix64 for the scenarios' fixed random timelines (the same in every run).
struct BenchRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in 0 ..< n.
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
