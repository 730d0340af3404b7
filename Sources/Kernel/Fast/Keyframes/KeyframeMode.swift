/// How the fast path evaluates a page's timelines, chosen once when the plan is built.
package enum KeyframeMode: Hashable, Sendable {
    /// No non-static subview has a timeline: the page kernels as before.
    case none
    /// Every non-static subview follows the page's timeline at the same time (`stagger` 0,
    /// no timeline of its own) and the page has one angle: each track is one value per page
    /// and frame, folded into the page's matrix in Double (`PageConstants.applyUniform`),
    /// and the usual uniform kernels run.
    case uniform(Timeline)
    /// Subviews read timelines at different times (stagger) or follow their own: each lane
    /// keeps its segment in a `SegmentCache` and `KeyframeKernel` evaluates the tracks in lanes.
    /// A staggered page timeline (no own timelines, one angle) is first split into runs by
    /// the frame driver (`StaggerRuns`): only the mid-transition blocks reach the lanes.
    /// `planar`: no page rotation and every lane's timeline turns about z (the cheap
    /// composition, `KeyframeComposition.planar`).
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
