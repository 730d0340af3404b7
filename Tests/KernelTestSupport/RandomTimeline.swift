import WalkthroughKernel

/// Seeded random timelines: every track, every easing (named and Bézier, overshooting),
/// 1 to 6 keyframes, axes z and random, stagger on page timelines.
public enum RandomTimeline {
    public static func easing(using rng: inout SeededGenerator) -> Easing {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return .linear
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .easeInOut
        case 4: return .hold
        default:
            return try! Easing(bezier: .random(in: 0.05...1, using: &rng), .random(in: -1...2, using: &rng),
                               .random(in: 0...0.95, using: &rng), .random(in: -1...2, using: &rng))
        }
    }

    static func times(using rng: inout SeededGenerator) -> [Double] {
        let n = Int.random(in: 1...6, using: &rng)
        return (0..<n).map { _ in Double.random(in: -2.5...2.5, using: &rng) }.sorted()
            .enumerated().map { $1 + Double($0) * 1e-3 }  // strictly increasing
    }

    static func track<V>(_ value: (inout SeededGenerator) -> V, using rng: inout SeededGenerator) -> [Keyframe<V>]? {
        guard Int.random(in: 0..<5, using: &rng) != 0 else { return nil }
        return times(using: &rng).map { Keyframe(at: $0, value: value(&rng), easing: easing(using: &rng)) }
    }

    /// A timeline; `stagger` only when `ofPage`.
    public static func timeline(ofPage: Bool, using rng: inout SeededGenerator) -> Timeline {
        let translation = track({ SIMD2(Double.random(in: -300...300, using: &$0), .random(in: -300...300, using: &$0)) }, using: &rng)
        let scale = track({ SIMD2(Double.random(in: -2...3, using: &$0), .random(in: -2...3, using: &$0)) }, using: &rng)
        let rotation = track({ Double.random(in: -7...7, using: &$0) }, using: &rng)
        let alpha = track({ Double.random(in: -0.5...1.5, using: &$0) }, using: &rng)
        let axis = Bool.random(using: &rng) ? SIMD3<Double>(0, 0, 1)
            : SIMD3(.random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng), .random(in: 0.1...1, using: &rng))
        let stagger = ofPage && Bool.random(using: &rng) ? Double.random(in: -0.3...0.3, using: &rng) : 0
        return try! Timeline(translation: translation, scale: scale, rotation: rotation, alpha: alpha, axis: axis, stagger: stagger)
    }

    /// `page` with a page timeline (or not) and, per subview, an own timeline with
    /// probability `own`.
    public static func timed(_ page: Page, pageTimeline: Bool, own: Double, using rng: inout SeededGenerator) -> Page {
        var page = page
        if pageTimeline { page.timeline = timeline(ofPage: true, using: &rng) }
        for k in page.subviews.indices where Double.random(in: 0..<1, using: &rng) < own {
            page.subviews[k].timeline = timeline(ofPage: false, using: &rng)
        }
        return page
    }

    /// The largest magnitude of any translation or scale value of the page's timelines, at least 1.
    public static func magnitude(_ page: Page) -> Double {
        let timelines = [page.timeline].compactMap { $0 } + page.subviews.compactMap(\.timeline)
        var m = 1.0
        for t in timelines {
            for k in t.translation ?? [] { m = max(m, k.value.x.magnitude, k.value.y.magnitude) }
            for k in t.scale ?? [] { m = max(m, k.value.x.magnitude, k.value.y.magnitude) }
        }
        return m
    }
}
