/// How far keyframed subviews may stray from the reference: `ParityTolerance` plus the eased fraction's error bound
/// times the magnitudes in play (docs/DESIGN.md, "Error bound").
package struct KeyframeTolerance: Sendable {
    /// `δ`, `W` and `Δt + t·W` of a page.
    package let delta: Double, pose: Double, translation: Double

    /// The tolerance of `page`'s subviews. Each distinct timeline and easing is looked at
    /// once: pages with a million own timelines share a few thousand (a slope takes 1,001
    /// samples, and `bench run` checks every size against the reference).
    package init(_ page: Page) {
        var distinct = Set<Timeline>()
        if let timeline = page.timeline { distinct.insert(timeline) }
        for subview in page.subviews { if let timeline = subview.timeline { distinct.insert(timeline) } }
        var slopes: [Easing: Double] = [:]
        var slope = 1.0, scale = 1.0, t = 0.0
        var spans = SIMD3<Double>.zero  // translation, scale, rotation
        func span<V>(_ track: [Keyframe<V>]?, _ component: (V) -> [Double]) -> Double {
            let values = (track ?? []).map { component($0.value) }
            return zip(values, values.dropFirst()).map { a, b in zip(a, b).map { ($1 - $0).magnitude }.max() ?? 0 }.max() ?? 0
        }
        for tl in distinct {
            for k in tl.scale ?? [] { scale = Swift.max(scale, k.value.x.magnitude, k.value.y.magnitude) }
            for k in tl.translation ?? [] { t = Swift.max(t, k.value.x.magnitude, k.value.y.magnitude) }
            spans = pointwiseMax(spans, SIMD3(span(tl.translation) { [$0.x, $0.y] }, span(tl.scale) { [$0.x, $0.y] },
                                              span(tl.rotation) { [$0] }))
            for e in [tl.translation?.map(\.easing), tl.scale?.map(\.easing), tl.rotation?.map(\.easing),
                      tl.alpha?.map(\.easing)].compactMap({ $0 }).joined() {
                if slopes[e] == nil { slopes[e] = KeyframeTolerance.largestSlope(e) }
                slope = Swift.max(slope, slopes[e]!)
            }
        }
        delta = 2e-6 * slope + 1e-6
        pose = spans.z * scale + spans.y + 1  // + 1: alpha's span
        translation = spans.x + t * pose
    }

    /// `page`'s tolerance when the page or one of its subviews has a timeline, else nil:
    /// the fuzzer and the bench's agreement check make one a page, not one a subview.
    package init?(ifKeyframed page: Page) {
        guard page.timeline != nil || page.subviews.contains(where: { $0.timeline != nil }) else { return nil }
        self.init(page)
    }

    /// The largest `dE/dp` of an easing, sampled (`.infinity` where `B_x' = 0` and `B_y' ≠ 0`).
    package static func largestSlope(_ easing: Easing) -> Double {
        guard let c = easing.controlPoints else { return 1 }
        var largest = 0.0
        for i in 0...1000 {
            let u = Double(i) / 1000, v = 1 - u
            let dx = 3 * v * v * c.x + 6 * v * u * (c.z - c.x) + 3 * u * u * (1 - c.z)
            let dy = 3 * v * v * c.y + 6 * v * u * (c.w - c.y) + 3 * u * u * (1 - c.w)
            if dx == 0 { if dy != 0 { return .infinity } else { continue } }
            largest = Swift.max(largest, (dy / dx).magnitude)
        }
        return largest
    }

    /// The allowance of field `c` (0 … 15, 16 for alpha) against the reference's `b`.
    package func allowed(field c: Int, reference b: Double) -> Double {
        // No bound where a slope is unbounded (docs/DESIGN.md, "Error bound"): ∞·0 would make the allowance NaN,
        // which rejects everything (the fuzzer's seed timeline-own.json).
        guard delta.isFinite else { return .infinity }
        let isTranslation = (12...14).contains(c)
        return ParityTolerance.allowed(field: c, reference: b) + delta * (isTranslation ? translation : pose) * (1 + b.magnitude)
    }

    /// The first field where `a` strays from `b` beyond the allowance, or nil.
    package func mismatch(_ a: SubviewState, _ b: SubviewState) -> String? {
        ParityTolerance.mismatch(a, b, allowed: allowed(field:reference:))
    }
}
