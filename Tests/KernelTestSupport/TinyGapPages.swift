import WalkthroughKernel

/// Pages whose keyframes sit closer together than Float can tell apart (`at` −g/2 and g/2),
/// for the fast path's and the C anchor's parity with the reference at every gap the
/// format accepts.
public enum TinyGapPages {
    /// Gaps from ordinary to the smallest: 1e-30 worked before, 1e-40 did not.
    public static let gaps: [Double] = [1e-20, 1e-30, 1e-36, 1e-38, 1e-40, 1e-45, 1e-300, 2 * Double.leastNonzeroMagnitude]

    /// A timeline of every track whose keyframes sit at `−g/2` and `g/2`, with a curved easing.
    public static func timeline(gap g: Double, stagger: Double = 0) throws -> Timeline {
        let (a, b) = (-g / 2, g / 2)
        let curve = try Easing(bezier: 0.3, 0.8, 0.7, 0.2)
        return try Timeline(translation: [Keyframe(at: a, value: SIMD2(0, -40), easing: .easeInOut), Keyframe(at: b, value: SIMD2(100, 50))],
                            scale: [Keyframe(at: a, value: SIMD2(1, 1)), Keyframe(at: b, value: SIMD2(2, 0.5))],
                            rotation: [Keyframe(at: a, value: 0, easing: curve), Keyframe(at: b, value: 1.5)],
                            alpha: [Keyframe(at: a, value: 0.2), Keyframe(at: b, value: 1, easing: .hold)],
                            stagger: stagger)
    }

    /// Offsets inside the gap (its middle, quarters, its ends) and around it, with repeats
    /// (a cached segment read again).
    public static func offsets(gap g: Double) -> [Double] {
        [0, -g / 4, g / 4, -g / 2, (g / 2).nextDown, g / 2, -g, g, 0.3, -0.3, 0, g / 4, g / 4]
    }

    /// Subviews' own timelines (every lane at `τ = o`), their keyframes spread a little per
    /// subview, so that lanes fall at different places in the gap.
    public static func ownTimelines(gap g: Double) throws -> Page {
        let subviews = try (0..<11).map { k in Subview(timeline: try timeline(gap: g * (1 + Double(k % 4) / 8))) }
        return Page(animationType: .curve, speed: SIMD2(0, 1), subviews: subviews)
    }

    /// A staggered page timeline whose lanes' times `o − k·stagger` step through the gap.
    public static func staggered(gap g: Double, stagger: Double) throws -> Page {
        Page(animationType: .linear, speed: SIMD2(0.5, 1), subviews: (0..<21).map { _ in Subview() },
             rotation: try Rotation(axis: SIMD3(0, 1, 0), angle: 1, perspective: 500),
             timeline: try timeline(gap: g, stagger: stagger))
    }

    /// The staggers `staggered` is tried with at gap `g`.
    public static func staggers(gap g: Double) -> [Double] {
        [g / 8, Double.leastNonzeroMagnitude, 0.01].filter { $0 > 0 }
    }

    /// The first subview of `animator` (made for `page`) off the reference or not finite, at
    /// the offsets of gap `g`, or nil.
    public static func mismatch(_ page: Page, _ animator: inout WalkthroughAnimator, gap g: Double) -> String? {
        for o in offsets(gap: g) {
            animator.animate(page: 0, offset: o)
            for k in page.subviews.indices {
                let t = animator.frame.transform(page: 0, subview: k)
                guard (0..<16).allSatisfy({ t.vector[$0].isFinite }), animator.frame.alpha(page: 0, subview: k).isFinite else {
                    return "gap \(g) stagger \(page.timeline?.stagger ?? 0) offset \(o) subview \(k): not finite: \(t.vector)"
                }
            }
            if let why = KeyframeParity.mismatch(page, animator, offset: o) { return "gap \(g) stagger \(page.timeline?.stagger ?? 0): \(why)" }
        }
        return nil
    }
}
