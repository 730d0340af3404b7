@testable import WalkthroughKernel
import KernelTestSupport
import KernelTarget
import Testing

/// `SpeedLine`: the speeds a uniform diagonal page, or a spinning one computed in 8 lanes,
/// works out in its lanes. Taken only where
/// its roundings stay within a few ulps of `f·s_k` (no cancellation, finite, `k + 1`
/// exact); such pages match the Double reference that closely in every layout, at counts
/// on both sides of the kernels' groups of eight blocks, with static subviews anywhere.
@Suite struct SpeedLineTests {
    @Test func aLineOnlyWhereItsTermsCannotCancel() {
        func line(_ speed: SIMD2<Double>, _ variance: SIMD2<Double>, count: Int = 100) -> Bool {
            SpeedLine(speed: speed, variance: variance, count: count) != nil
        }
        #expect(line(SIMD2(0, 1), SIMD2(0, 2)))  // the seed README's parallax
        #expect(line(SIMD2(-3, 2), SIMD2(-0.5, 0)))
        #expect(line(SIMD2(-0.0, 1), SIMD2(4, 1)))  // a zero takes either sign
        #expect(!line(SIMD2(1, 1), SIMD2(-0.01, 0)))  // x cancels
        #expect(!line(SIMD2(1, -1), SIMD2(0, 0.5)))  // y cancels
        #expect(!line(SIMD2(1, 1), SIMD2(.infinity, 0)))
        #expect(!line(SIMD2(.nan, 1), SIMD2(0, 0)))
        #expect(!line(SIMD2(0, 1), SIMD2(1e37, 0)))  // |s_k| up to 1e39: past half of Float's range
        #expect(line(SIMD2(0, 1), SIMD2(1e35, 0)))  // up to 1e37
        #expect(line(SIMD2(0, 1), SIMD2(1, 1), count: 1 << 24))
        #expect(!line(SIMD2(0, 1), SIMD2(1, 1), count: (1 << 24) + 1))  // k + 1 no longer exact
        // 9 subviews reach 1.35e38, below half of Float's largest (1.7e38), their padding
        // (k + 1 up to 16) 2.4e38: no line; 1 subview's padding reaches 1.2e38.
        #expect(!line(SIMD2(0, 1), SIMD2(1.5e37, 0), count: 9))
        #expect(line(SIMD2(0, 1), SIMD2(1.5e37, 0), count: 1))
        // Two zeros become their sum, as the plan's s_k: −0 only when both are.
        let zeros = SpeedLine(speed: SIMD2(-0.0, -0.0), variance: SIMD2(0, -0.0), count: 3)
        #expect(zeros?.speed.x.sign == .plus && zeros?.variance.x.sign == .plus)
        #expect(zeros?.speed.y.sign == .minus && zeros?.variance.y.sign == .minus)
    }

    /// The kernel takes the line in `blocks`, and with AVX in every layout: every non-static
    /// translation is, bit for bit, `madd(k + 1, f·variance, f·speed) + 0` in Float (fused
    /// where the target has it), which the plan's `f·Float(s_k)` is not in general; a split
    /// frame too. The dense layouts of other targets read the plan: `f·Float(s_k) + 0`, bit
    /// for bit.
    @Test(arguments: FrameLayout.allCases)
    func theKernelComputesTheLine(layout: FrameLayout) throws {
        let seed: UInt64 = 0x11E5 &+ UInt64(FrameLayout.allCases.firstIndex(of: layout)!)
        var rng = SeededGenerator(seed: seed)
        for count in [5, 64, 77, 200] {
            let page = Page(animationType: .curve, speed: SIMD2(.random(in: 0...2, using: &rng), -.random(in: 0...2, using: &rng)),
                            speedVariance: SIMD2(.random(in: 0...0.1, using: &rng), -.random(in: 0...0.1, using: &rng)),
                            staticTags: [1], subviews: (0..<count).map { Subview(tag: $0 % 7 == 3 ? 1 : 0) })
            try Self.expectTranslations(page, layout: layout, seed: seed, takesLine: layout == .blocks || KERNEL_TARGET_AVX != 0) {
                n, base, step in (Lanes.Floats.fusedMultiplyAdd ? base.addingProduct(n, step) : n * step + base) + 0
            }
        }
    }

    /// Spinning pages take the line where a block is computed in 8 lanes, not two halves (every
    /// target but x86-64 without AVX, `KERNEL_TARGET_NARROW_VECTORS`): each non-static translation
    /// is then, bit for bit, `madd(k + 1, f·variance, f·speed + 0)`; elsewhere the plan's
    /// `f·Float(s_k) + 0`. With and without a perspective (two of `spinning`'s specializations).
    @Test(arguments: FrameLayout.allCases)
    func spinningPagesComputeTheLine(layout: FrameLayout) throws {
        let seed: UInt64 = 0x5914 &+ UInt64(FrameLayout.allCases.firstIndex(of: layout)!)
        var rng = SeededGenerator(seed: seed)
        for count in [5, 77, SpinSteps.minimumSubviews + 91] {  // both sides of the step table's threshold
            let page = Page(animationType: .linear,
                            speed: SIMD2(.random(in: 0...2, using: &rng), -.random(in: 0...2, using: &rng)),
                            speedVariance: SIMD2(.random(in: 0...0.1, using: &rng), -.random(in: 0...0.1, using: &rng)),
                            staticTags: [1], subviews: (0..<count).map { Subview(tag: $0 % 7 == 3 ? 1 : 0) },
                            rotation: try Rotation(axis: SIMD3(1, 2, 3), angle: 2, angleVariance: 0.003,
                                                   perspective: count == 77 ? nil : 400))
            try Self.expectTranslations(page, layout: layout, seed: seed, takesLine: KERNEL_TARGET_NARROW_VECTORS == 0) {
                n, base, step in
                let base = base + 0
                return Lanes.Floats.fusedMultiplyAdd ? base.addingProduct(n, step) : n * step + base
            }
        }
    }

    /// `page` (one page with a `SpeedLine`, its frames split over 2 threads) at three offsets in
    /// `layout`: each non-static `m41`, `m42` bit for bit `onLine(k + 1, f·speed, f·variance)` where
    /// the kernel `takesLine`, else the plan's `f·Float(s_k) + 0`; and the two differ somewhere.
    static func expectTranslations(_ page: Page, layout: FrameLayout, seed: UInt64, takesLine: Bool,
                                   onLine: (Float, Float, Float) -> Float) throws {
        let count = page.subviews.count
        let plan = AnimationPlan(try Walkthrough(width: 320, pages: [page]))
        let line = try #require(plan.pages[0].speedLine, "seed \(seed) count \(count)")
        var animator = WalkthroughAnimator(plan: plan, layout: layout, kernel: SIMDPageKernel())
        (animator.threads, animator.parallelThreshold) = (2, 0)
        var differsFromThePlan = false
        for o in [0.25, 1.7, -0.6] {
            try animator.update(scroll: (o - 1) * 320)
            let offset = animator.positions[0].offset
            let constants = plan.pages.withUnsafeBufferPointer { PageConstants($0.baseAddress!, offset: offset) }
            for k in 0..<count where !page.isStatic(subview: k) {
                let t = animator.frame.transform(page: 0, subview: k)
                for (value, factor, axis) in [(t.m41, constants.f, 0), (t.m42, constants.g, 1)] {
                    let lined = onLine(Float(k + 1), factor * line.speed[axis], factor * line.variance[axis])
                    let fromPlan = factor * Float(page.speed(ofSubview: k)[axis]) + 0
                    differsFromThePlan = differsFromThePlan || fromPlan != lined
                    let expected = takesLine ? lined : fromPlan
                    #expect(Float(value).bitPattern == expected.bitPattern,
                            "seed \(seed) \(layout) count \(count) subview \(k) offset \(o) axis \(axis): \(value) against \(expected)")
                }
            }
        }
        #expect(differsFromThePlan, "seed \(seed) count \(count): the line and the plan agree everywhere")
    }

    static let counts = [1, 7, 8, 9, 63, 64, 65, 71, 72, 129, 520, 1_003]

    /// Translations within 8 Float ulps of the reference's (`ParityTolerance` allows 1e-5,
    /// about 170 ulps): the line's five roundings, none cancelling, and the reference's own.
    @Test(arguments: [AnimationType.linear, .curve, .inOut])
    func linePagesMatchTheReferenceWithinUlps(type: AnimationType) throws {
        let seed: UInt64 = 0x5BEED &+ UInt64(AnimationType.allCases.firstIndex(of: type)!)
        var rng = SeededGenerator(seed: seed)
        for (c, count) in Self.counts.enumerated() {
            let sign = SIMD2<Double>(c % 2 == 0 ? 1 : -1, c % 3 == 0 ? -1 : 1)
            var page = Page(animationType: type, animateAlpha: true)
            page.speed = sign * SIMD2(.random(in: 0...3, using: &rng), .random(in: 0...3, using: &rng))
            page.speedVariance = sign * SIMD2(.random(in: 0...0.1, using: &rng), .random(in: 0...0.1, using: &rng))
            page.staticTags = [1]
            page.subviews = (0..<count).map { _ in Subview(tag: Int.random(in: 0..<9, using: &rng) == 0 ? 1 : 0) }
            let walkthrough = try Walkthrough(width: 320, pages: [page])
            #expect(AnimationPlan(walkthrough).pages[0].speedLine != nil, "seed \(seed) count \(count)")
            for layout in FrameLayout.allCases {
                var animator = WalkthroughAnimator(walkthrough, layout: layout)
                for o in [0, 0.37, 1.5, -1.25, 1.999] {
                    animator.animate(page: 0, offset: o)
                    let reference = ReferenceAnimator.animate(page, offset: o)
                    for k in 0..<count {
                        let fast = animator.frame.transform(page: 0, subview: k), expected = reference[k].transform
                        let why = "seed \(seed) \(type) \(layout) count \(count) subview \(k) offset \(o)"
                        if reference[k].isStatic {
                            #expect(fast == .identity && animator.frame.alpha(page: 0, subview: k) == 1, "\(why): static")
                            continue
                        }
                        for (a, b) in [(fast.m41, expected.m41), (fast.m42, expected.m42)] {
                            let ulps = (a - b).magnitude / Double(Float(b).ulp)
                            if !(ulps <= 8 || (a - b).magnitude <= 1e-30) {
                                Issue.record("\(why): \(a) against \(b), \(ulps) ulps")
                                return
                            }
                        }
                    }
                }
            }
        }
    }
}
