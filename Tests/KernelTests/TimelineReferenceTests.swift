import Foundation
import WalkthroughKernel
import KernelTestSupport
import Testing

/// The reference's timelines against values computed by hand (Béziers: an exact rational
/// bisection to 80 steps, done apart from this package; see each case).
@Suite struct TimelineReferenceTests {
    /// `E(p)` at p = 0, 0.25, 0.5, 1 for every named easing, Core Animation's curves, and an
    /// overshooting Bézier (0.34, 1.56, 0.64, 1) that goes past 1.
    @Test(arguments: [
        (Easing.linear, [0, 0.25, 0.5, 1]),
        (Easing.hold, [0, 0, 0, 0]),
        (Easing.easeIn, [0, 0.09346465071882486, 0.3153568125725393, 1]),
        (Easing.easeOut, [0, 0.3781381308251098, 0.6846431874274607, 1]),
        (Easing.easeInOut, [0, 0.12916193104731982, 0.5, 1]),
        (try! Easing(bezier: 0.34, 1.56, 0.64, 1), [0, 0.8162891986924717, 1.0874006702186978, 1]),
    ])
    func easingSpotValues(easing: Easing, expected: [Double]) {
        for (p, e) in zip([0, 0.25, 0.5, 1], expected) {
            let got = TimelineReference.ease(easing, p)
            #expect((got - e).magnitude <= 1e-11, "\(easing) at \(p): \(got), by hand \(e)")
        }
    }

    @Test func bezierSolveMeetsItsBound() {
        // u* of easeIn at p = 0.25 by the exact bisection: 0.4428…; the solve is within 1e-12.
        let u = TimelineReference.solve(x1: 0.42, x2: 1, p: 0.25)
        #expect((TimelineReference.bezier(0.42, 1, u) - 0.25).magnitude <= 3e-12)
    }

    /// Where the x-speed vanishes inside the curve: `x1 = 1, x2 = 0` has
    /// `B_x(u) = 0.5 + 4(u − 0.5)³`, so `u* = 0.5 + cbrt((p − 0.5) / 4)` exactly. A Double
    /// bisection stopped about 3e-6 from it (0.4999968569889006 at p = 0.5).
    @Test func bezierSolveMeetsItsBoundAtATripleRoot() {
        let seed: UInt64 = 44_0004
        var rng = SeededGenerator(seed: seed)
        let fixed: [Double] = [0.5, 0.5.nextUp, 0.5.nextDown, 0.5 + 1e-30, 0.5 - 1e-20, 0.5 + 1e-12, 0.25, 0.75, 1e-9, 1 - 1e-9]
        for (n, p) in (fixed + (0..<2_000).map { _ in Double.random(in: 0...1, using: &rng) }).enumerated() {
            let exact = 0.5 + cbrt((p - 0.5) / 4)
            let u = TimelineReference.solve(x1: 1, x2: 0, p: p)
            #expect((u - exact).magnitude <= TimelineReference.solveTolerance,
                    "seed \(seed) case \(n): p = \(p), u = \(u), exact \(exact)")
        }
        // y controls of ±1000 turn a u error of 3e-6 into an E error of 3e-3 (0.128141).
        let steep = try! Easing(bezier: 1, 1000, 0, -1000)
        #expect((TimelineReference.ease(steep, 0.5) - 0.125).magnitude <= 1e-8, "\(TimelineReference.ease(steep, 0.5))")
    }

    /// Near u = 1 with `x2 = 1` the speed vanishes too (`1 − B_x` is about `(1 − u)²`). The
    /// exact solve there: `w = 1 − u*` solves the mirrored curve `B(w; 1 − x2, 1 − x1) = 1 − p`,
    /// whose terms are all small and evaluate to full relative precision, by bisection.
    @Test(arguments: [0.0, 0.42, 1.0])
    func bezierSolveMeetsItsBoundNearTheEnd(x1: Double) {
        for q in [0x1p-53, 1e-15, 1e-13, 1e-11, 1e-9, 3e-7, 1e-4] {
            let p = 1 - q
            var (lo, hi) = (0.0, 0.5)
            for _ in 0..<1_100 where lo < hi {
                let mid = (lo + hi) / 2
                guard mid > lo && mid < hi else { break }
                if TimelineReference.bezier(0, 1 - x1, mid) < 1 - p { lo = mid } else { hi = mid }
            }
            let exact = 1 - (lo + hi) / 2
            let u = TimelineReference.solve(x1: x1, x2: 1, p: p)
            #expect((u - exact).magnitude <= TimelineReference.solveTolerance, "x1 \(x1), p = 1 - \(q): u = \(u), exact \(exact)")
        }
    }

    /// Steep curves solve as before: the exact comparison only decides what Double cannot.
    @Test func bezierSolveAgreesWhereTheCurveIsSteep() {
        let seed: UInt64 = 44_0040
        var rng = SeededGenerator(seed: seed)
        for n in 0..<500 {
            let (x1, x2, p) = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng), Double.random(in: 0.01...0.99, using: &rng))
            let u = TimelineReference.solve(x1: x1, x2: x2, p: p)
            let v = 1 - u
            let speed = 3 * (v * v * x1 + 2 * v * u * (x2 - x1) + u * u * (1 - x2))
            guard speed > 1e-2 else { continue }
            // |B_x(u) − p| ≤ speed · |u − u*| plus the evaluation's rounding.
            #expect((TimelineReference.bezier(x1, x2, u) - p).magnitude <= 3 * speed * TimelineReference.solveTolerance + 1e-15,
                    "seed \(seed) case \(n): x1 \(x1) x2 \(x2) p \(p) u \(u)")
        }
    }

    static let hold = [Keyframe(at: 0, value: 0.0, easing: .hold), Keyframe(at: 1, value: 10.0)]

    @Test func holdKeepsTheValueUntilTheNextKeyframe() {
        #expect(TimelineReference.value(Self.hold, at: 0) == 0)
        #expect(TimelineReference.value(Self.hold, at: 1.0.nextDown) == 0)  // just before: still held
        #expect(TimelineReference.value(Self.hold, at: 1) == 10)             // at the keyframe: the jump
    }

    @Test func beforeTheFirstAndAfterTheLastKeyframe() {
        let track = [Keyframe(at: -0.5, value: SIMD2(1.0, 2)), Keyframe(at: 0.5, value: SIMD2(3.0, 6))]
        #expect(TimelineReference.value(track, at: -3) == SIMD2(1, 2))
        #expect(TimelineReference.value(track, at: 0.5) == SIMD2(3, 6))
        #expect(TimelineReference.value(track, at: 7) == SIMD2(3, 6))
        #expect(TimelineReference.value(track, at: 0) == SIMD2(2, 4))  // linear, halfway
        #expect(TimelineReference.value([Keyframe(at: 2, value: 5.0)], at: -1) == 5)  // one keyframe: constant
    }

    /// Stagger 0.25, translation 0 → 100 points over τ ∈ [0, 1]: at o = 1 subview k reads
    /// τ = 1 − 0.25k, so it sits at 100, 75, 50, 25, 0 (and 0 beyond, clamped).
    @Test func staggerDelaysEachSubview() throws {
        let timeline = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(0, 0)), Keyframe(at: 1, value: SIMD2(100, 0))],
                                    stagger: 0.25)
        let page = Page(subviews: Array(repeating: Subview(), count: 6), timeline: timeline)
        let states = ReferenceAnimator.animate(page, offset: 1)
        #expect(states.map(\.transform.m41) == [100, 75, 50, 25, 0, 0])
        #expect(states.allSatisfy { $0.transform.m42 == 0 && $0.alpha == 1 })
    }

    /// A subview's own timeline replaces the page's entirely (`{}` is the neutral pose, not
    /// the page's tracks), and is read at τ = o, without the page's stagger.
    @Test func aSubviewTimelineReplacesThePages() throws {
        let page = Page(animateAlpha: false, subviews: [
            Subview(), Subview(timeline: try Timeline()),
            Subview(timeline: try Timeline(alpha: [Keyframe(at: 0, value: 0), Keyframe(at: 1, value: 1)])),
        ], timeline: try Timeline(translation: [Keyframe(at: 0, value: SIMD2(0, 0)), Keyframe(at: 1, value: SIMD2(0, 40))],
                                  stagger: 0.5))
        let states = ReferenceAnimator.animate(page, offset: 0.5)
        #expect(states[0].transform == .translation(0, 20, 0))  // the page's, τ = 0.5
        #expect(states[1].transform == .identity && states[1].alpha == 1)  // {}: neutral
        #expect(states[2].transform == .identity && states[2].alpha == 0.5)  // its own, τ = o = 0.5 (no stagger)
    }

    @Test func staticSubviewsAreUntouched() throws {
        let own = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(9, 9))], alpha: [Keyframe(at: 0, value: 0)])
        let page = Page(staticTags: [3], animateAlpha: true,
                        subviews: [Subview(tag: 3), Subview(tag: 3, timeline: own), Subview(tag: 0, timeline: own)],
                        timeline: own)
        let states = ReferenceAnimator.animate(page, offset: 0.5)
        #expect(states[0] == SubviewState(tag: 3, transform: .identity, alpha: 1, isStatic: true))
        #expect(states[1] == SubviewState(tag: 3, transform: .identity, alpha: 1, isStatic: true))
        #expect(states[2].transform == .translation(9, 9, 0) && states[2].alpha == 0)
    }

    /// `M = K · R(θ_k, page axis) · A · P` and `alpha = alpha_page · alpha_track`, with K
    /// written out by hand: translation (10, 20), θ = π/2 about z, scale (2, 3) give
    /// `K = S·R·T` = rows (0, 2, 0, 0), (−3, 0, 0, 0), (0, 0, 1, 0), (10, 20, 0, 1).
    @Test func composesWithThePageRotationAndPerspective() throws {
        let timeline = try Timeline(translation: [Keyframe(at: 0, value: SIMD2(10, 20))],
                                    scale: [Keyframe(at: 0, value: SIMD2(2, 3))],
                                    rotation: [Keyframe(at: 0, value: .pi / 2)],
                                    alpha: [Keyframe(at: 0, value: 0.5)])
        let rotation = try Rotation(axis: SIMD3(1, 1, 1), angle: 2 * .pi, angleVariance: 0.25, perspective: 500)
        let page = Page(speed: SIMD2(1, 0), animateAlpha: true, subviews: [Subview(), Subview()],
                        rotation: rotation, timeline: timeline)
        let o = 0.75
        let states = ReferenceAnimator.animate(page, offset: o)
        let k = Transform3D(m11: 0, m12: 2, m13: 0, m14: 0, m21: -3, m22: 0, m23: 0, m24: 0,
                            m31: 0, m32: 0, m33: 1, m34: 0, m41: 10, m42: 20, m43: 0, m44: 1)
        for i in 0..<2 {
            let theta = (2 * .pi + Double(i + 1) * 0.25) * (1 - o)
            let page = Transform3D.rotation(theta, 1, 1, 1).concatenating(.translation(25, 0, 0))
                .concatenating(.perspective(distance: 500))
            let expected = k.concatenating(page)
            for (a, b) in zip(states[i].transform.fields, expected.fields) { #expect((a - b).magnitude < 1e-12, "subview \(i)") }
            #expect(states[i].alpha == 0.75 * 0.5)
        }
    }

    @Test func alphaTrackIsClampedAndOtherTracksAreNot() throws {
        let timeline = try Timeline(scale: [Keyframe(at: 0, value: SIMD2(-2, 5))], alpha: [Keyframe(at: 0, value: 7)])
        let state = ReferenceAnimator.animate(Page(subviews: [Subview()], timeline: timeline), offset: 1)[0]
        #expect(state.transform == .scale(-2, 5, 1) && state.alpha == 1)
        let below = try Timeline(alpha: [Keyframe(at: 0, value: -3)])
        #expect(ReferenceAnimator.animate(Page(subviews: [Subview()], timeline: below), offset: 1)[0].alpha == 0)
    }

    @Test func theTimelineAxisIsNormalisedAndNotThePages() throws {
        let timeline = try Timeline(rotation: [Keyframe(at: 0, value: 0.3)], axis: SIMD3(0, 2, 0))
        let page = Page(subviews: [Subview()], rotation: try Rotation(axis: SIMD3(1, 0, 0), angle: 0), timeline: timeline)
        let t = ReferenceAnimator.animate(page, offset: 1)[0].transform
        let expected = Transform3D.rotation(0.3, 0, 1, 0)
        for (a, b) in zip(t.fields, expected.fields) { #expect((a - b).magnitude < 1e-15) }
    }
}
