/// A walkthrough: `pages` side by side along the scroll axis, each `W` points long
/// (`extent`: the width, or the height for `topToBottom`), in a `direction`.
///
/// Page `i` at scroll position `x` sees the normalised offset `o_i = (x + W − W·i) / W`
/// (with `x' = (n − 1)·W − x` in place of `x` right to left): at rest on page `p`, page `p`
/// sees 1, page `p+1` sees 0 and page `p+2` sees −1.
public struct Walkthrough: Hashable, Sendable {
    /// The most pages one walkthrough may hold (2¹⁶): a page costs a few hundred bytes even
    /// without subviews (docs/ROBUSTNESS.md).
    public static let maximumPageCount = 1 << 16

    /// The most subview slots one walkthrough may hold (2²², about 4 million): each page
    /// counts its subviews rounded up to a multiple of `Lanes.count`, the padding the fast
    /// path allocates (`WalkthroughBudget`; peak memory in docs/ROBUSTNESS.md).
    public static let maximumSubviewCount = 1 << 22

    /// The most keyframes a walkthrough file's timelines may hold in all (2²¹, about 2
    /// million), counted as written: a page's timeline once, however many subviews follow
    /// it (docs/ROBUSTNESS.md). The file reader checks it (`init(json:)`, `bww_create`);
    /// `init(width:pages:)` does not: its caller has built the timelines already.
    public static let maximumKeyframeCount = 1 << 21

    /// What a timeline counts against `maximumKeyframeCount` besides its keyframes: its
    /// model and tables cost about what 4 keyframes do, however few it holds.
    public static let keyframesPerTimeline = 4

    /// The page width in points (finite, > 0): `W` but for `topToBottom`.
    public let width: Double
    /// The page height in points (finite, > 0): `W` for `topToBottom` (required there),
    /// elsewhere only the size of pictures; nil when not given.
    public let height: Double?
    /// How the pages are laid out along the scroll axis.
    public let direction: PagingDirection
    /// `W`: the pages' extent along the scroll axis, the height for `topToBottom`, else the width.
    public let extent: Double
    /// The pages, first to last (page 0 is the one the walkthrough starts on).
    public let pages: [Page]
    /// The total number of subviews over all pages.
    public let subviewCount: Int

    /// - Throws: more than `maximumPageCount` pages, more than `maximumSubviewCount` subview
    ///   slots in all, or a width that is not finite and > 0 or whose pages side by side,
    ///   `W·n`, go past the largest Double (the master would scroll to an infinite position,
    ///   and at the last page `x + W` in the offset would overflow).
    ///   A `height` that is not finite and > 0, or missing for `topToBottom`, is an error
    ///   too, as is a height whose pages one below another, `H·n`, are not finite there.
    public init(width: Double, height: Double? = nil, direction: PagingDirection = .leftToRight,
                pages: [Page]) throws(WalkthroughError) {
        _ = try WalkthroughBudget(subviewCounts: pages.lazy.map(\.subviews.count))
        try self.init(width: width, height: height, direction: direction, admittedPages: pages)
    }

    /// The shared initializer, for pages already admitted to a `WalkthroughBudget` (the file
    /// reader admits each page before it allocates its subviews).
    init(width: Double, height: Double? = nil, direction: PagingDirection = .leftToRight,
         admittedPages pages: [Page]) throws(WalkthroughError) {
        guard width.isFinite, width > 0 else {
            throw WalkthroughError(key: "width", subject: "width", problem: "must be a finite number > 0, got \(width)")
        }
        if let height, !(height.isFinite && height > 0) {
            throw WalkthroughError(key: "height", subject: "height", problem: "must be a finite number > 0, got \(height)")
        }
        guard direction != .topToBottom || height != nil else {
            throw WalkthroughError(key: "height", subject: "height",
                                   problem: "missing; a topToBottom walkthrough needs the page height > 0")
        }
        let (key, extent) = direction == .topToBottom ? ("height", height ?? 0) : ("width", width)
        guard (extent * Double(pages.count)).isFinite else {
            throw WalkthroughError(key: key, subject: key,
                                   problem: "must leave the pages' total \(key) (\(key) × \(pages.count)) finite, got \(extent)")
        }
        (self.width, self.height, self.direction, self.extent) = (width, height, direction, extent)
        self.pages = pages
        self.subviewCount = pages.reduce(0) { $0 + $1.subviews.count }
    }

    /// The position along the paging axis that the left-to-right formulas read: `x` itself,
    /// or right to left `x' = (n − 1)·W − x` (computed in that order, in Double).
    @inlinable
    public func axisPosition(scroll x: Double) -> Double {
        direction == .rightToLeft ? Double(Swift.max(pages.count - 1, 0)) * extent - x : x
    }

    /// `o_i = (x + W − W·i) / W`, BWWalkthrough's formula term for term, with `x` read along
    /// the paging axis (`axisPosition(scroll:)`).
    @inlinable
    public func offset(ofPage i: Int, scroll x: Double) -> Double {
        offset(ofPage: i, alongAxis: axisPosition(scroll: x))
    }

    /// `offset(ofPage:scroll:)` from the position along the paging axis (`axisPosition(scroll:)`),
    /// which a frame works out once for all its pages.
    @inlinable
    package func offset(ofPage i: Int, alongAxis x: Double) -> Double {
        (x + extent - extent * Double(i)) / extent
    }

    /// The scroll position that shows page `page` at rest: `p·W`, or `(n − 1 − p)·W` right to left.
    /// - Precondition: `page` is one of the pages (a trap otherwise, as an `Array`'s index;
    ///   `WalkthroughMaster.scrollPosition(showingPage:)` throws instead).
    @inlinable
    public func scrollPosition(showingPage page: Int) -> Double {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        return direction == .rightToLeft ? Double(pages.count - 1 - page) * extent : Double(page) * extent
    }

    /// Whether a page at offset `o` is animated in a frame: `−2 < o < 2`, strictly.
    /// A NaN offset is outside.
    @inlinable
    public static func isInWindow(_ o: Double) -> Bool {
        o > -2 && o < 2
    }

    /// `floor(x / W)` clamped to `0 … n−1` (0 when there are no pages), `x` read along the
    /// paging axis (`axisPosition(scroll:)`).
    /// - Throws: a non-finite scroll position.
    @inline(__always)  // once a frame, in the frame driver: small with its error out of line
    public func currentPage(scroll x: Double) throws(WalkthroughError) -> Int {
        guard x.isFinite else { throw Walkthrough.nonFiniteScroll(x) }
        return currentPage(alongAxis: axisPosition(scroll: x))
    }

    /// `currentPage(scroll:)` from a finite position along the paging axis.
    @inline(__always)
    package func currentPage(alongAxis x: Double) -> Int {
        let last = Swift.max(pages.count - 1, 0)
        let page = (x / extent).rounded(.down)  // may be ±infinity for huge x: clamp in Double
        if !(page > 0) { return 0 }
        if page >= Double(last) { return last }
        return Int(page)
    }

    /// The error for a non-finite scroll position, out of line, so that `currentPage` stays
    /// small enough to inline into the frame driver.
    @inline(never)
    static func nonFiniteScroll(_ x: Double) -> WalkthroughError {
        WalkthroughError("scroll position must be finite, got \(x)")
    }
}
