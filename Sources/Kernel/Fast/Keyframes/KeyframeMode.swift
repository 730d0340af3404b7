/// How the fast path evaluates a page's timelines, chosen once when the plan is built.
package enum KeyframeMode: Hashable, Sendable {
    /// No non-static subview has a timeline: the page kernels as before.
    case none
    /// Every non-static subview follows the page's timeline at the same time (`stagger` 0, no timeline of its own)
    /// and the page has one angle: the uniform kernels run on the folded pose (docs/DESIGN.md, "Shared pose").
    case uniform(Timeline)
    /// Subviews read timelines at different times (stagger) or follow their own: `KeyframeKernel` evaluates them in
    /// lanes, a staggered page timeline split into runs first (docs/DESIGN.md, "Stagger as runs"). `planar`: no page
    /// rotation and every lane's timeline turns about z (`KeyframeComposition.planar`).
    case lanes(planar: Bool)

    /// The mode of `page`, lazily: an array a subview would escape a C caller's memory probe.
    init(_ page: Page) {
        let animated = page.subviews.indices.lazy.filter { !page.isStatic(subview: $0) }
        let timed = animated.contains { page.timeline(ofSubview: $0) != nil }
        guard timed else { self = .none; return }
        let own = animated.contains { page.subviews[$0].timeline != nil }
        if let timeline = page.timeline, !own, timeline.stagger == 0, (page.rotation?.angleVariance ?? 0) == 0 {
            self = .uniform(timeline)
        } else {
            let turnsAboutZ = animated.allSatisfy { page.timeline(ofSubview: $0).map { $0.normalizedAxis == SIMD3(0, 0, 1) } ?? true }
            self = .lanes(planar: page.rotation == nil && turnsAboutZ)
        }
    }
}
