import WalkthroughKernel

/// Seeded random walkthroughs that cover every animation type, static tags, alpha on and
/// off, and rotation with and without perspective and variance.
public enum RandomWalkthrough {
    /// A page with `count` subviews; tags 0 … 4, a random subset of them static.
    public static func page(count: Int, type: AnimationType, using rng: inout SeededGenerator) -> Page {
        var page = Page(animationType: type)
        page.speed = SIMD2(.random(in: -3...3, using: &rng), .random(in: -3...3, using: &rng))
        page.speedVariance = SIMD2(.random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng))
        page.staticTags = StaticTags((0..<5).filter { _ in Int.random(in: 0..<4, using: &rng) == 0 })
        page.animateAlpha = Bool.random(using: &rng)
        page.subviews = (0..<count).map { _ in Subview(tag: Int.random(in: 0..<5, using: &rng)) }
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: page.rotation = nil
        case let kind:
            let axis = SIMD3(Double.random(in: -1...1, using: &rng), .random(in: -1...1, using: &rng),
                             .random(in: 0.1...1, using: &rng))
            page.rotation = try! Rotation(
                axis: axis, angle: .random(in: -7...7, using: &rng),
                angleVariance: kind == 1 ? 0 : .random(in: -0.5...0.5, using: &rng),
                perspective: Bool.random(using: &rng) ? .random(in: 100...1000, using: &rng) : nil)
        }
        return page
    }

    /// Offsets across the window: exact 0 and 1, the mirror point, near the edges, random.
    public static func offsets(using rng: inout SeededGenerator) -> [Double] {
        [0, 1, -1, 0.5, 1.5, -1.999_999, 1.999_999, (-2.0).nextUp, (2.0).nextDown, 1.0.nextUp, 1.0.nextDown]
            + (0..<5).map { _ in Double.random(in: -2...2, using: &rng) }
    }
}
