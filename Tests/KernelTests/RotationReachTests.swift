import WalkthroughKernel
import KernelTestSupport
import Testing

/// Rotation segments whose easing overshoots past ±1e6 rad are refused (SEMANTICS.md,
/// "Keyframe timelines"): values within ±1e6 with `[0.5, 1000, 0.5, 1000]` reached 1.5e9 rad,
/// where the fast path's Float angle and the reference's Double one disagree completely.
@Suite struct RotationReachTests {
    static let overshoot = try! Easing(bezier: 0.5, 1000, 0.5, 1000)

    /// `E`'s range on `[0, 1]` against a dense sampling of `B_y` (every `u` is some `p`'s):
    /// nothing sampled outside it, and its ends reached.
    @Test func easingRangeIsTheCurvesRange() throws {
        let seed: UInt64 = 44_0011
        var rng = SeededGenerator(seed: seed)
        var easings: [Easing] = Easing.named + [Self.overshoot, try Easing(bezier: 1, 1000, 0, -1000), try Easing(bezier: 0, -1000, 1, 1000),
                                                 try Easing(bezier: 0.3, 1.0 / 3, 0.3, 2.0 / 3)]  // a = 0: B_y is u
        for _ in 0..<300 {
            easings.append(try Easing(bezier: .random(in: 0...1, using: &rng), .random(in: -1000...1000, using: &rng),
                                      .random(in: 0...1, using: &rng), .random(in: -3...3, using: &rng)))
        }
        for (n, easing) in easings.enumerated() {
            let (lower, upper) = easing.range
            var (low, high) = (Double.infinity, -Double.infinity)
            for i in 0...20_000 {
                let u = Double(i) / 20_000
                let e: Double
                switch easing.curve {
                case .linear, .hold: e = TimelineReference.ease(easing, u)  // the reference's E(p), p = u
                case .bezier(let c): e = TimelineReference.bezier(c.y, c.w, u)
                }
                (low, high) = (min(low, e), max(high, e))
            }
            let slack = 1e-9 * max(1, upper - lower)
            #expect(lower <= low + slack && high <= upper + slack, "seed \(seed) case \(n) \(easing): range \(lower)…\(upper), sampled \(low)…\(high)")
            // Sampling on a grid of 5e-5 misses a turning point by at most (range)·(5e-5)²·3.
            let miss = 1e-8 * max(1, upper - lower)
            #expect(low - lower <= miss && upper - high <= miss, "seed \(seed) case \(n) \(easing): range \(lower)…\(upper), sampled \(low)…\(high)")
        }
    }

    @Test func anOvershootingRotationIsRefusedInTheModel() throws {
        let error = #expect(throws: WalkthroughError.self) {
            try Timeline(rotation: [Keyframe(at: 0, value: 0), Keyframe(at: 0.5, value: -1e6, easing: Self.overshoot),
                                    Keyframe(at: 1, value: 1e6)])
        }
        #expect(error?.message.hasPrefix("keyframe rotation[1].easing overshoots to an angle of 1499") == true, "\(String(describing: error))")
        // The last keyframe's easing shapes no segment; the same values with linear segments,
        // and a small overshoot that stays inside, are fine.
        _ = try Timeline(rotation: [Keyframe(at: 0, value: -1e6), Keyframe(at: 1, value: 1e6, easing: Self.overshoot)])
        _ = try Timeline(rotation: [Keyframe(at: 0, value: 0, easing: Self.overshoot), Keyframe(at: 1, value: 1000)])
        // Translations and scales may overshoot: their values are bounded by ±1e30 only.
        _ = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(0, 0), easing: Self.overshoot), Keyframe(at: 1, value: SIMD2(1e6, 1e6))])
    }

    /// At the bound: 0 → 1e6 with an easing whose range is exactly 0…1 passes; one that
    /// overshoots by a little, refused; so is one that undershoots below −1e6.
    @Test func theBoundIsTheValuesBound() throws {
        _ = try Timeline(rotation: [Keyframe(at: 0, value: 0, easing: .easeInOut), Keyframe(at: 1, value: 1e6)])
        #expect(throws: WalkthroughError.self) {
            try Timeline(rotation: [Keyframe(at: 0, value: 0, easing: try Easing(bezier: 0.34, 1.56, 0.64, 1)), Keyframe(at: 1, value: 1e6)])
        }
        #expect(throws: WalkthroughError.self) {
            try Timeline(rotation: [Keyframe(at: 0, value: -1e6, easing: try Easing(bezier: 0.3, -0.5, 0.7, 1)), Keyframe(at: 1, value: 0)])
        }
    }

    /// In a file the error names the page, the subview and the keyframe's `easing`.
    @Test(arguments: [
        (#"{"width": 1, "pages": [{"timeline": {"rotation": [{"at": 0, "value": -1000000, "easing": [0.5, 1000, 0.5, 1000]}, {"at": 1, "value": 1000000}]}}]}"#,
         #"page 0: key "timeline.rotation[0].easing": overshoots to an angle of 1499"#),
        (#"{"width": 1, "pages": [{"subviews": [{}, {"timeline": {"rotation": [{"at": 0, "value": 5}, {"at": 1, "value": 0, "easing": [0.34, 1.56, 0.64, 1]}, {"at": 2, "value": 950000}]}}]}]}"#,
         #"page 0, subview 1: key "timeline.rotation[1].easing": overshoots to an angle of 10"#),
    ])
    func anOvershootingRotationIsRefusedInAFile(json: String, message: String) {
        do {
            _ = try Walkthrough(json: json)
            Issue.record("loaded: \(json)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }
}
