import Kernel
import KernelTestSupport
import Testing

/// Keyframes closer together than Float can tell apart (`at` −g/2 and g/2): the fast path
/// computed the segment's `1 / g` in Float, infinite from about 3e-39, and `0 · ∞` gave NaN
/// fields (subviews' own timelines and staggered page timelines: the lanes), where the
/// reference, in Double, gives every `p` in `[0, 1)`. Every gap the format accepts (any two
/// distinct doubles) now gives the reference's values.
@Suite struct TinyKeyframeGapTests {
    /// Gaps from ordinary to the smallest: 1e-30 worked before, 1e-40 did not.
    static let gaps: [Double] = [1e-20, 1e-30, 1e-36, 1e-38, 1e-40, 1e-45, 1e-300, 2 * Double.leastNonzeroMagnitude]

    /// A timeline of every track whose keyframes sit at `−g/2` and `g/2`, with a curved easing.
    static func timeline(gap g: Double, stagger: Double = 0) throws -> Timeline {
        let (a, b) = (-g / 2, g / 2)
        let curve = try Easing(bezier: 0.3, 0.8, 0.7, 0.2)
        return try Timeline(translation: [Keyframe(at: a, value: SIMD2(0, -40), easing: .easeInOut), Keyframe(at: b, value: SIMD2(100, 50))],
                            scale: [Keyframe(at: a, value: SIMD2(1, 1)), Keyframe(at: b, value: SIMD2(2, 0.5))],
                            rotation: [Keyframe(at: a, value: 0, easing: curve), Keyframe(at: b, value: 1.5)],
                            alpha: [Keyframe(at: a, value: 0.2), Keyframe(at: b, value: 1, easing: .hold)],
                            stagger: stagger)
    }

    /// Offsets inside the gap (its middle, quarters, its ends) and around it.
    static func offsets(gap g: Double) -> [Double] {
        [0, -g / 4, g / 4, -g / 2, (g / 2).nextDown, g / 2, -g, g, 0.3, -0.3, 0, g / 4]
    }

    /// The first subview off the reference (or not finite), with its gap and offset, or nil.
    static func mismatch(_ page: Page, gap g: Double, stagger: Double) throws -> String? {
        var animator = WalkthroughAnimator(try Walkthrough(width: 320, pages: [page]))
        for o in offsets(gap: g) {
            animator.animate(page: 0, offset: o)
            for k in page.subviews.indices {
                let t = animator.frame.transform(page: 0, subview: k)
                guard (0..<16).allSatisfy({ t.vector[$0].isFinite }), animator.frame.alpha(page: 0, subview: k).isFinite else {
                    return "gap \(g) stagger \(stagger) offset \(o) subview \(k): not finite: \(t.vector)"
                }
            }
            if let why = KeyframeParity.mismatch(page, animator, offset: o) { return "gap \(g) stagger \(stagger): \(why)" }
        }
        return nil
    }

    /// Subviews' own timelines (every lane at `τ = o`), their keyframes shifted a little per
    /// subview where the gap allows, so that lanes fall at different places in it.
    @Test(arguments: gaps)
    func ownTimelines(gap g: Double) throws {
        let subviews = try (0..<11).map { k in
            Subview(timeline: try Self.timeline(gap: g * (1 + Double(k % 4) / 8)))
        }
        let page = Page(animationType: .curve, speed: SIMD2(0, 1), subviews: subviews)
        if let why = try Self.mismatch(page, gap: g, stagger: 0) { Issue.record("\(why)") }
    }

    /// A staggered page timeline whose lanes' times `o − k·stagger` step through the gap.
    @Test(arguments: gaps)
    func staggeredPageTimeline(gap g: Double) throws {
        for stagger in [g / 8, Double.leastNonzeroMagnitude, 0.01] where stagger > 0 {
            let page = Page(animationType: .linear, speed: SIMD2(0.5, 1), subviews: (0..<21).map { _ in Subview() },
                            rotation: try Rotation(axis: SIMD3(0, 1, 0), angle: 1, perspective: 500),
                            timeline: try Self.timeline(gap: g, stagger: stagger))
            if let why = try Self.mismatch(page, gap: g, stagger: stagger) { Issue.record("\(why)") }
        }
    }
}
