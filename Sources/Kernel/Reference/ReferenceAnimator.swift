/// The scalar reference: BWWalkthrough's animation, ported literally.
///
/// Per subview it starts from the identity and applies one `Transform3D` operation as
/// `BWWalkthroughPageViewController` does, then the page's rotation and perspective,
/// then the keyframed pose of its timeline in front (`TimelineReference`), all in Double,
/// array of structs. It is the oracle the fast path is tested against and
/// the "literal port" the benchmark measures: keep it plain, do not tune it.
public enum ReferenceAnimator {
    /// Every subview of `page` at offset `o`.
    public static func animate(_ page: Page, offset o: Double) -> [SubviewState] {
        page.subviews.indices.map { animate(page, subview: $0, offset: o) }
    }

    /// Subview `k` of `page` at offset `o`.
    /// - Precondition: `k` is one of the page's subviews (a trap otherwise, as an `Array`'s index).
    public static func animate(_ page: Page, subview k: Int, offset o: Double) -> SubviewState {
        precondition(page.subviews.indices.contains(k), "subview \(k) out of range 0..<\(page.subviews.count)")
        let tag = page.subviews[k].tag
        if page.isStatic(subview: k) {
            return SubviewState(tag: tag, transform: .identity, alpha: 1, isStatic: true)
        }
        let delta = page.speed(ofSubview: k)
        var transform = Transform3D.identity
        switch page.animationType {
        case .linear:
            let mx = (1 - o) * 100
            transform = transform.translated(mx * delta.x, mx * delta.y, 0)
        case .curve:
            let x = (1 - o) * 10
            transform = transform.translated((x * x * x - x * 25) * delta.x, (x * x * x - x * 20) * delta.y, 0)
        case .zoom:
            let m = PageAnimation.mirrored(o)
            transform = transform.scaled(m, m, 1)
        case .inOut:
            let m = PageAnimation.mirrored(o)
            transform = transform.translated((1 - m) * 100 * delta.x, (1 - m) * 100 * delta.y, 0)
        }
        if let rotation = page.rotation {
            let axis = rotation.axis
            transform = transform.rotated(rotation.angle(ofSubview: k, offset: o), axis.x, axis.y, axis.z)
            if let d = rotation.perspective {
                transform = transform.concatenating(.perspective(distance: d))
            }
        }
        var alpha = PageAnimation.alpha(offset: o, animateAlpha: page.animateAlpha)
        if let timeline = page.timeline(ofSubview: k) {
            // M = K · R(θ_k) · A · P: the keyframed pose first, in local space.
            let pose = TimelineReference.pose(timeline, at: TimelineReference.time(page, subview: k, offset: o))
            transform = pose.transform.concatenating(transform)
            alpha *= pose.alpha
        }
        return SubviewState(tag: tag, transform: transform, alpha: alpha, isStatic: false)
    }

    /// A whole frame at scroll position `x`: pages in the window get their subviews, right
    /// to left mirrored (`F·M·F`, docs/FORMAT.md "Paging directions"; offsets and the current
    /// page from `x' = (n − 1)·W − x`: `Walkthrough.offset(ofPage:scroll:)`).
    /// - Throws: a non-finite scroll position.
    public static func frame(_ walkthrough: Walkthrough, scroll x: Double) throws(WalkthroughError) -> FrameState {
        let current = try walkthrough.currentPage(scroll: x)
        let mirrors = walkthrough.direction == .rightToLeft
        var pages: [PageState] = []
        for (i, page) in walkthrough.pages.enumerated() {
            let o = walkthrough.offset(ofPage: i, scroll: x)
            let animated = Walkthrough.isInWindow(o)
            var subviews = animated ? animate(page, offset: o) : nil
            if mirrors, let states = subviews {
                subviews = states.map { SubviewState(tag: $0.tag, transform: $0.transform.mirroredLeftRight,
                                                     alpha: $0.alpha, isStatic: $0.isStatic) }
            }
            pages.append(PageState(index: i, offset: o, animated: animated, subviews: subviews))
        }
        return FrameState(currentPage: current, pages: pages)
    }
}
