/// A walkthrough: `pages` side by side, each `width` points wide, scrolled horizontally.
///
/// Page `i` at scroll position `x` sees the normalised offset `o_i = (x + W − W·i) / W`:
/// at rest on page `p`, page `p` sees 1, page `p+1` sees 0 and page `p+2` sees −1.
public struct Walkthrough: Hashable, Sendable {
    /// The most subviews one walkthrough may hold in all (2²², about 4 million). A frame
    /// costs about 150 bytes a subview across model, parameters and frame buffer, so this
    /// caps one walkthrough near 600 MiB; a larger count is an error, not an allocation.
    public static let maximumSubviewCount = 1 << 22

    public let width: Double
    public let pages: [Page]
    /// The total number of subviews over all pages.
    public let subviewCount: Int

    /// - Throws: a width that is not finite and > 0, or more than `maximumSubviewCount`
    ///   subviews in all.
    public init(width: Double, pages: [Page]) throws(WalkthroughError) {
        guard width.isFinite, width > 0 else {
            throw WalkthroughError("width must be a finite number > 0, got \(width)")
        }
        let total = pages.reduce(0) { $0 + $1.subviews.count }
        guard total <= Walkthrough.maximumSubviewCount else {
            throw WalkthroughError(
                "\(total) subviews in all exceed the limit of \(Walkthrough.maximumSubviewCount)")
        }
        self.width = width
        self.pages = pages
        self.subviewCount = total
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
    public func currentPage(scroll x: Double) throws(WalkthroughError) -> Int {
        guard x.isFinite else {
            throw WalkthroughError("scroll position must be finite, got \(x)")
        }
        let last = Swift.max(pages.count - 1, 0)
        let page = (x / width).rounded(.down)  // may be ±infinity for huge x: clamp in Double
        if !(page > 0) { return 0 }
        if page >= Double(last) { return last }
        return Int(page)
    }
}
