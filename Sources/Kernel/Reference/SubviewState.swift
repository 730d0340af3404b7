/// What a frame gives one subview: its layer transform and alpha.
public struct SubviewState: Hashable, Sendable {
    public var tag: Int
    public var transform: Transform3D
    public var alpha: Double
    /// Whether the subview's tag is in the page's `staticTags` (identity, alpha 1).
    public var isStatic: Bool

    public init(tag: Int, transform: Transform3D, alpha: Double, isStatic: Bool) {
        self.tag = tag
        self.transform = transform
        self.alpha = alpha
        self.isStatic = isStatic
    }
}

/// One page in a frame: its offset, whether it is in the `−2 < o < 2` window, and its
/// subviews' states when it is.
public struct PageState: Hashable, Sendable {
    public var index: Int
    public var offset: Double
    public var animated: Bool
    /// `nil` for a page outside the window (it keeps what it last had).
    public var subviews: [SubviewState]?

    public init(index: Int, offset: Double, animated: Bool, subviews: [SubviewState]?) {
        self.index = index
        self.offset = offset
        self.animated = animated
        self.subviews = subviews
    }
}

/// One whole frame at a scroll position.
public struct FrameState: Hashable, Sendable {
    public var currentPage: Int
    public var pages: [PageState]

    public init(currentPage: Int, pages: [PageState]) {
        self.currentPage = currentPage
        self.pages = pages
    }
}
