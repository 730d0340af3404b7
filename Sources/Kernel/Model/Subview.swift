/// A subview of a page: its tag and, optionally, its frame in page points.
public struct Subview: Hashable, Sendable {
    /// The view tag that `staticTags` matches (default 0).
    public var tag: Int
    /// The view's frame in page points, for drawing (`bench render`); nil when unknown.
    public var frame: Frame?

    /// A subview with a tag and, optionally, a frame.
    public init(tag: Int = 0, frame: Frame? = nil) {
        self.tag = tag
        self.frame = frame
    }
}

/// A rectangle in page points (`CGRect`): origin and size.
public struct Frame: Hashable, Sendable {
    /// Origin and size in page points.
    public var x, y, width, height: Double

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// The centre, Core Animation's default anchor point.
    public var center: SIMD2<Double> { SIMD2(x + width / 2, y + height / 2) }
}
