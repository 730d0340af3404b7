/// Where one page lives in the plan's and the frame buffer's streams, and the page
/// settings the kernel needs each frame.
public struct PageLayout: Hashable, Sendable {
    /// First index of the page's segment (a multiple of `Lanes.count`).
    public let start: Int
    /// Subviews on the page.
    public let count: Int
    /// `count` rounded up to whole lanes; the segment's length.
    public let paddedCount: Int
    public let animationType: AnimationType
    public let animateAlpha: Bool
    public let rotation: Rotation?

    /// Whether each subview needs its own sine and cosine (`angleVariance ≠ 0`).
    public var spinsPerSubview: Bool { (rotation?.angleVariance ?? 0) != 0 }

    public var blocks: Int { paddedCount / Lanes.count }
}
