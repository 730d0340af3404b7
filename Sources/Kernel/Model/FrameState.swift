// A frame as values: what the reference returns, and what `WalkthroughAnimator.state()`
// reads out of the fast path's buffer for comparison and for `bench eval`.

/// What a frame gives one subview: its layer transform and alpha.
public struct SubviewState: Hashable, Sendable {
    /// The subview's tag.
    public var tag: Int
    /// The layer transform (Core Animation's `CALayer.transform`).
    public var transform: Transform3D
    /// The layer opacity: 1 unless the page animates alpha.
    public var alpha: Double
    /// Whether the subview's tag is in the page's `staticTags` (identity, alpha 1).
    public var isStatic: Bool

    /// A subview state with the given fields.
    public init(tag: Int, transform: Transform3D, alpha: Double, isStatic: Bool) {
        (self.tag, self.transform, self.alpha, self.isStatic) = (tag, transform, alpha, isStatic)
    }
}

/// One page in a frame: its offset, whether it is in the `−2 < o < 2` window, and its
/// subviews' states when it is.
public struct PageState: Hashable, Sendable {
    /// The page's index in the walkthrough.
    public var index: Int
    /// The page's normalised offset `o`.
    public var offset: Double
    /// Whether the page is in the window and so animated in this frame.
    public var animated: Bool
    /// `nil` for a page outside the window (it keeps what it last had).
    public var subviews: [SubviewState]?

    /// A page state with the given fields.
    public init(index: Int, offset: Double, animated: Bool, subviews: [SubviewState]?) {
        (self.index, self.offset, self.animated, self.subviews) = (index, offset, animated, subviews)
    }
}

/// One whole frame at a scroll position.
public struct FrameState: Hashable, Sendable {
    /// `floor(x / W)` clamped to the pages.
    public var currentPage: Int
    /// Every page, in order.
    public var pages: [PageState]

    /// A frame with the given fields.
    public init(currentPage: Int, pages: [PageState]) {
        (self.currentPage, self.pages) = (currentPage, pages)
    }
}
