/// A walkthrough: `pages` side by side, each `width` points wide, scrolled horizontally.
///
/// Page `i` at scroll position `x` sees the normalised offset `o_i = (x + W − W·i) / W`:
/// at rest on page `p`, page `p` sees 1, page `p+1` sees 0 and page `p+2` sees −1.
public struct Walkthrough: Hashable, Sendable {
    /// The most pages one walkthrough may hold (2¹⁶). A page costs a few hundred bytes
    /// (model, plan, frame state) whether or not it has subviews; without a limit, 17 million
    /// empty pages in a 51 MB file took 5 GB.
    public static let maximumPageCount = 1 << 16

    /// The most subview slots one walkthrough may hold (2²², about 4 million): each page
    /// counts its subviews rounded up to a multiple of `Lanes.count`, the padding the fast
    /// path allocates. The largest walkthrough's measured peak memory is in README
    /// ("Robustness"); more is an error, not an allocation (see `WalkthroughBudget`).
    public static let maximumSubviewCount = 1 << 22

    /// The most keyframes a walkthrough file's timelines may hold in all (2²¹, about 2
    /// million), counted as written: a page's timeline once, however many subviews follow
    /// it. Tracks hold at most 64, but subviews may each have their own timeline: a 48 MB
    /// file of 2 million keyframes takes 560 MB to load (`bench eval`), so without this
    /// limit a file of the longest text the C interface accepts (1 GiB) could take over
    /// 10 GB. The file reader checks it (`init(json:)`, `bww_create`); `init(width:pages:)`
    /// does not: its caller has built the timelines already, and subviews may share them
    /// (the fast path's tables are made once per distinct timeline).
    public static let maximumKeyframeCount = 1 << 21

    /// What a timeline counts against `maximumKeyframeCount` besides its keyframes: its
    /// model and tables cost about what 4 keyframes do however few it holds (2 million
    /// subviews, each with a timeline of one keyframe, took 2.0 GB uncounted; a timeline
    /// of only an `axis` holds none).
    public static let keyframesPerTimeline = 4

    /// The page width `W` in points (finite, > 0).
    public let width: Double
    /// The pages, left to right.
    public let pages: [Page]
    /// The total number of subviews over all pages.
    public let subviewCount: Int

    /// - Throws: more than `maximumPageCount` pages, more than `maximumSubviewCount` subview
    ///   slots in all, or a width that is not finite and > 0 or whose pages side by side,
    ///   `W·n`, go past the largest Double (the master would scroll to an infinite position,
    ///   and at the last page `x + W` in the offset would overflow).
    public init(width: Double, pages: [Page]) throws(WalkthroughError) {
        _ = try WalkthroughBudget(subviewCounts: pages.lazy.map(\.subviews.count))
        try self.init(width: width, admittedPages: pages)
    }

    /// The initializer both ways in share, for pages admitted to a `WalkthroughBudget` one by
    /// one (the file reader admits each page before it allocates its subviews). Checks the
    /// width.
    init(width: Double, admittedPages pages: [Page]) throws(WalkthroughError) {
        guard width.isFinite, width > 0 else {
            throw WalkthroughError(key: "width", subject: "width", problem: "must be a finite number > 0, got \(width)")
        }
        guard (width * Double(pages.count)).isFinite else {
            throw WalkthroughError(key: "width", subject: "width",
                                   problem: "must leave the pages' total width (width × \(pages.count)) finite, got \(width)")
        }
        self.width = width
        self.pages = pages
        self.subviewCount = pages.reduce(0) { $0 + $1.subviews.count }
    }

    /// `o_i = (x + W − W·i) / W`, BWWalkthrough's formula term for term.
    @inlinable
    public func offset(ofPage i: Int, scroll x: Double) -> Double {
        (x + width - width * Double(i)) / width
    }

    /// Whether a page at offset `o` is animated in a frame: `−2 < o < 2`, strictly.
    /// A NaN offset is outside.
    @inlinable
    public static func isInWindow(_ o: Double) -> Bool {
        o > -2 && o < 2
    }

    /// `floor(x / W)` clamped to `0 … n−1` (0 when there are no pages).
    /// - Throws: a non-finite scroll position.
    @inline(__always)  // once a frame, in the frame driver: small with its error out of line
    public func currentPage(scroll x: Double) throws(WalkthroughError) -> Int {
        guard x.isFinite else { throw Walkthrough.nonFiniteScroll(x) }
        let last = Swift.max(pages.count - 1, 0)
        let page = (x / width).rounded(.down)  // may be ±infinity for huge x: clamp in Double
        if !(page > 0) { return 0 }
        if page >= Double(last) { return last }
        return Int(page)
    }

    /// The error for a non-finite scroll position, out of line: with the message built
    /// inside it, `currentPage` was too large to inline into the frame driver (a call and
    /// 30 instructions a frame).
    @inline(never)
    static func nonFiniteScroll(_ x: Double) -> WalkthroughError {
        WalkthroughError("scroll position must be finite, got \(x)")
    }
}
