import WalkthroughKernel

/// The keyframe scenarios (issue 18): one page of `count` subviews (every 50th static,
/// Linear with alpha, as the single-page scenarios) with timelines, scrolled coherently
/// back and forth across the window, as a finger drags it (a lane changes segment when it
/// passes a keyframe, not every frame).
extension Scenario {
    /// Page offsets −1.9 … 1.9 and back in steps of 0.02 (a 60 fps drag of 3.8 pages in
    /// about 3 s each way).
    static let sweep: [Double] = {
        let up = stride(from: -1.9, through: 1.9, by: 0.02).map { $0 }
        return up + up.reversed().dropFirst().dropLast()
    }()

    static func keyframed(_ name: String, _ summary: String, _ timelines: @escaping @Sendable (Int) -> (Timeline?, (Int) -> Timeline?)) -> Scenario {
        Scenario(name: name, summary: summary) { (count) throws(BenchError) in
            let (shared, own) = timelines(count)
            let subviews = (0..<count).map { Subview(tag: $0 % 50 == 0 ? 1 : 0, timeline: own($0)) }
            let page = Page(animationType: .linear, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002),
                            staticTags: [1], animateAlpha: true, subviews: subviews, timeline: shared)
            let walkthrough = try bench { () throws(WalkthroughError) in try Walkthrough(width: width, pages: [page]) }
            return (walkthrough, sweep.map { ($0 - 1) * width })
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

    /// `ownTimelineCount` seeded random timelines: each of the four tracks 2–8 keyframes at
    /// random times in [−2, 2], each keyframe a random easing (the five names or a random
    /// Bézier, overshooting in y). Subview k takes number `k mod ownTimelineCount` (a prime,
    /// so a block's 8 lanes have 8 different ones): every subview has its own timeline
    /// object, and the plan holds each distinct one once.
    static let ownTimelines: [Timeline] = {
        var rng = BenchRandom(seed: 18)
        func easing() -> Easing {
            switch rng.int(6) {
            case 0: return .linear
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .easeInOut
            case 4: return .hold
            default: return try! Easing(bezier: rng.unit(), rng.unit() * 2 - 0.5, rng.unit(), rng.unit() * 2 - 0.5)
            }
        }
        func times() -> [Double] {
            let n = 2 + rng.int(7)
            return (0..<n).map { _ in rng.unit() * 4 - 2 }.sorted().enumerated().map { $1 + Double($0) * 1e-6 }
        }
        return (0..<ownTimelineCount).map { _ in
            try! Timeline(translation: times().map { Keyframe(at: $0, value: SIMD2(rng.unit() * 400 - 200, rng.unit() * 400 - 200), easing: easing()) },
                          scale: times().map { Keyframe(at: $0, value: SIMD2(rng.unit() + 0.5, rng.unit() + 0.5), easing: easing()) },
                          rotation: times().map { Keyframe(at: $0, value: rng.unit() * 6 - 3, easing: easing()) },
                          alpha: times().map { Keyframe(at: $0, value: rng.unit(), easing: easing()) })
        }
    }()
    static let ownTimelineCount = 1021

    static let keyframeScenarios: [Scenario] = [
        keyframed("keyframes", "page timeline, four tracks, easeInOut, no stagger") { _ in
            (fourTracks(.easeInOut, stagger: 0), { _ in nil })
        },
        keyframed("keyframes-stagger", "page timeline, four tracks, Bézier (0.34, 1.56, 0.64, 1), stagger 0.0005") { _ in
            (fourTracks(try! Easing(bezier: 0.34, 1.56, 0.64, 1), stagger: 0.0005), { _ in nil })
        },
        keyframed("keyframes-own", "every subview its own timeline: four tracks of 2–8 keyframes, random times and easings") { _ in
            (nil, { ownTimelines[$0 % ownTimelineCount] })
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
