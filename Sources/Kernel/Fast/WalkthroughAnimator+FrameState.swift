extension WalkthroughAnimator {
    /// The last frame in the form the reference gives it (Double, one struct a subview):
    /// the pages in the window get their subviews. For comparison and for `bench eval`;
    /// it allocates, so it is not for the hot path (read `frame` there).
    public func state() -> FrameState {
        var pages: [PageState] = []
        pages.reserveCapacity(positions.count)
        for (i, page) in walkthrough.pages.enumerated() {
            let position = positions[i]
            let subviews = position.animated ? page.subviews.indices.map { subviewState(page, i, subview: $0) } : nil
            pages.append(PageState(index: i, offset: position.offset, animated: position.animated, subviews: subviews))
        }
        return FrameState(currentPage: currentPage, pages: pages)
    }

    /// Subview `k` of page `i` (whose model is `page`) in the last frame, as `state()` holds
    /// it; the bench compares a frame this way a subview at a time.
    package func subviewState(_ page: Page, _ i: Int, subview k: Int) -> SubviewState {
        SubviewState(tag: page.subviews[k].tag, transform: frame.transform(page: i, subview: k),
                     alpha: frame.alpha(page: i, subview: k), isStatic: page.isStatic(subview: k))
    }

    /// One frame of `walkthrough` at scroll position `x` by the fast path.
    /// - Throws: a non-finite scroll position.
    public static func state(_ walkthrough: Walkthrough, scroll x: Double) throws(WalkthroughError) -> FrameState {
        var animator = WalkthroughAnimator(walkthrough)
        try animator.update(scroll: x)
        return animator.state()
    }
}
