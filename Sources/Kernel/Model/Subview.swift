/// A subview of a page: its tag and, optionally, its frame in page points and a timeline
/// of its own.
public struct Subview: Hashable, Sendable {
    /// The view tag that `staticTags` matches (default 0).
    public var tag: Int
    /// The view's frame in page points, for drawing (`bench render`); nil when unknown.
    public var frame: PageRect?
    /// Keyframes that replace the page's timeline for this subview (read at `τ = o`).
    public var timeline: Timeline? {
        get { box?.timeline }
        set { box = newValue.map(TimelineBox.init) }
    }
    /// The timeline behind one reference: a subview stays 8 bytes larger than without
    /// timelines, not 80 (4 million subviews are allowed; see docs/ROBUSTNESS.md).
    private var box: TimelineBox?

    /// A subview with a tag and, optionally, a frame and a timeline.
    public init(tag: Int = 0, frame: PageRect? = nil, timeline: Timeline? = nil) {
        (self.tag, self.frame, box) = (tag, frame, timeline.map(TimelineBox.init))
    }
}

/// A subview's timeline, held by reference; equal and hashed by value.
private final class TimelineBox: Hashable, Sendable {
    let timeline: Timeline

    init(_ timeline: Timeline) { self.timeline = timeline }

    static func == (a: TimelineBox, b: TimelineBox) -> Bool { a.timeline == b.timeline }

    func hash(into hasher: inout Hasher) { hasher.combine(timeline) }
}
