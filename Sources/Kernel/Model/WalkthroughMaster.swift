/// What `BWWalkthroughViewControllerDelegate` hears.
public enum WalkthroughEvent: Hashable, Sendable {
    /// The scroll settled on this page (sent whether or not it changed).
    case pageDidChange(Int)
    /// The next button moved the walkthrough on.
    case nextButtonPressed
    /// The previous button moved the walkthrough back.
    case prevButtonPressed
    /// The close button was pressed.
    case closeButtonPressed
}

/// The master (`BWWalkthroughViewController`) without UIKit: it owns the scroll position
/// and answers navigation with the delegate events, which an app forwards to its delegate.
///
/// Drive it from a scroll view: `scroll(to:)` from `scrollViewDidScroll`, `scrollDidSettle()`
/// from `scrollViewDidEndDecelerating` and `…DidEndScrollingAnimation`; the buttons call
/// `next()`, `previous()` and `close()`. Moves made by the buttons settle at once here.
public struct WalkthroughMaster: Sendable {
    /// The walkthrough being shown.
    public let walkthrough: Walkthrough
    /// The scroll view's `contentOffset.x` (`.y` for `topToBottom`), in points. Always finite.
    public private(set) var scrollPosition: Double

    /// A master at rest on page 0: scroll position 0, or `(n − 1)·W` right to left.
    public init(_ walkthrough: Walkthrough) {
        self.walkthrough = walkthrough
        scrollPosition = walkthrough.pages.isEmpty ? 0 : walkthrough.scrollPosition(showingPage: 0)
    }

    /// The scroll position that shows page `page` at rest (`Walkthrough.scrollPosition(showingPage:)`).
    /// - Throws: a page out of range.
    public func scrollPosition(showingPage page: Int) throws(WalkthroughError) -> Double {
        guard page >= 0, page < numberOfPages else {
            throw WalkthroughError.pageOutOfRange(page, pageCount: numberOfPages)
        }
        return walkthrough.scrollPosition(showingPage: page)
    }

    /// The number of pages.
    public var numberOfPages: Int { walkthrough.pages.count }

    /// `floor(x / W)` clamped to the pages (`x` read along the paging axis: `Walkthrough.currentPage(scroll:)`).
    public var currentPage: Int {
        // Never throws: scrollPosition is finite by construction.
        (try? walkthrough.currentPage(scroll: scrollPosition)) ?? 0
    }

    /// The scroll view moved. Any finite position is allowed (bounces go past both ends).
    public mutating func scroll(to x: Double) throws(WalkthroughError) {
        guard x.isFinite else { throw Walkthrough.nonFiniteScroll(x) }
        scrollPosition = x
    }

    /// The scroll came to rest: the delegate hears the page, changed or not.
    public func scrollDidSettle() -> [WalkthroughEvent] {
        [.pageDidChange(currentPage)]
    }

    /// The next button: moves one page on when there is a next page, and only then tells.
    @discardableResult
    public mutating func next() -> [WalkthroughEvent] {
        let target = currentPage + 1
        guard target < numberOfPages else { return [] }
        return [.nextButtonPressed] + settle(on: target)
    }

    /// The previous button: moves one page back when there is one, and only then tells.
    @discardableResult
    public mutating func previous() -> [WalkthroughEvent] {
        let target = currentPage - 1
        guard target >= 0, target < numberOfPages else { return [] }
        return [.prevButtonPressed] + settle(on: target)
    }

    /// Scrolls to page `page` (0 … n−1).
    @discardableResult
    public mutating func goToPage(_ page: Int) throws(WalkthroughError) -> [WalkthroughEvent] {
        scrollPosition = try scrollPosition(showingPage: page)
        return scrollDidSettle()
    }

    /// The close button: only tells the delegate.
    public func close() -> [WalkthroughEvent] {
        [.closeButtonPressed]
    }

    private mutating func settle(on page: Int) -> [WalkthroughEvent] {
        scrollPosition = walkthrough.scrollPosition(showingPage: page)
        return scrollDidSettle()
    }
}
