extension FrameBuffer {
    /// A frame in the form the reference gives it (Double, one struct a subview): the pages
    /// marked `animated` get their subviews. For comparison and for `bench eval`; allocates,
    /// so not for the hot path.
    public func state(of walkthrough: Walkthrough, currentPage: Int, offsets: [Double], animated: [Bool]) -> FrameState {
        var pages: [PageState] = []
        for (i, page) in walkthrough.pages.enumerated() {
            let subviews = animated[i] ? page.subviews.indices.map { k in
                SubviewState(tag: page.subviews[k].tag, transform: transform(page: i, subview: k),
                             alpha: alpha(page: i, subview: k), isStatic: page.isStatic(subview: k))
            } : nil
            pages.append(PageState(index: i, offset: offsets[i], animated: animated[i], subviews: subviews))
        }
        return FrameState(currentPage: currentPage, pages: pages)
    }
}

extension WalkthroughAnimator {
    /// The last frame as `FrameState` (see `FrameBuffer.state(of:…)`).
    public func state() -> FrameState {
        frame.state(of: walkthrough, currentPage: currentPage, offsets: offsets, animated: animated)
    }

    /// One frame of `walkthrough` at scroll position `x` by the fast path.
    public static func state(_ walkthrough: Walkthrough, scroll x: Double) throws(WalkthroughError) -> FrameState {
        var animator = WalkthroughAnimator(walkthrough)
        try animator.update(scroll: x)
        return animator.state()
    }
}
