extension WalkthroughAnimator {
    /// The last frame in the form the reference gives it (Double, one struct a subview),
    /// for comparison and for `bench eval`. Allocates: not for the hot path.
    public func state() -> FrameState {
        var pages: [PageState] = []
        for (i, page) in walkthrough.pages.enumerated() {
            var subviews: [SubviewState]?
            if animated[i] {
                subviews = page.subviews.indices.map { k in
                    SubviewState(tag: page.subviews[k].tag, transform: frame.transform(page: i, subview: k),
                                 alpha: frame.alpha(page: i, subview: k), isStatic: page.isStatic(subview: k))
                }
            }
            pages.append(PageState(index: i, offset: offsets[i], animated: animated[i], subviews: subviews))
        }
        return FrameState(currentPage: currentPage, pages: pages)
    }

    /// One frame of `walkthrough` at scroll position `x` by the fast path.
    public static func state(_ walkthrough: Walkthrough, scroll x: Double) throws(WalkthroughError) -> FrameState {
        var animator = WalkthroughAnimator(walkthrough)
        try animator.update(scroll: x)
        return animator.state()
    }
}
