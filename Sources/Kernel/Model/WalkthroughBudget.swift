/// The one place of the limits that keep a walkthrough's memory bounded (pages, subview slots padded to
/// whole lanes, and in a file keyframes), each admitted before it is allocated (docs/DESIGN.md, "The file reader").
package struct WalkthroughBudget: Sendable {
    /// Slots taken by the pages admitted so far.
    package private(set) var slots = 0
    /// Keyframes taken by the tracks admitted so far.
    package private(set) var keyframes = 0
    /// Asked before the arrays of admitted pages and subviews are allocated; nil: not asked.
    private let memory: MemoryProbe?
    /// Bytes `memory` last confirmed that the admitted small allocations have not used yet.
    private var confirmed = 0

    /// What `memory` confirms at a time for small allocations.
    static let workingChunk = 1 << 20
    /// Upper bounds of the small allocations of a page (its settings and static tags), a
    /// timeline (its box) and a track (its array), and of a keyframe in a track.
    static let (pageBytes, timelineBytes, trackBytes, keyframeBytes) = (1024, 256, 128, 128)

    /// Starts the budget of a walkthrough of `pageCount` pages.
    /// - Throws: pages past `Walkthrough.maximumPageCount` (key `pages`), or their array refused by `memory`.
    package init(pageCount: Int, memory: MemoryProbe? = nil) throws(WalkthroughError) {
        guard pageCount <= Walkthrough.maximumPageCount else {
            throw WalkthroughError(
                key: "pages",
                problem: "\(pageCount) pages exceed the limit of \(Walkthrough.maximumPageCount) per walkthrough")
        }
        self.memory = memory
        try memory?.check(pageCount, of: Page.self, "pages")
    }

    /// The budget of a walkthrough whose pages hold `counts` subviews, for checking sizes before allocating.
    /// - Throws: the first limit exceeded; a page's error names the page (`page 3: …`).
    package init(subviewCounts counts: some Collection<Int>) throws(WalkthroughError) {
        try self.init(pageCount: counts.count)
        for (i, count) in counts.enumerated() {
            do { try admit(subviews: count) } catch { throw error.prefixed("page \(i)") }
        }
    }

    /// Admits the next page, of `count` subviews (`count ≥ 0`).
    /// - Throws: slots past `Walkthrough.maximumSubviewCount` (key `subviews`), or the subviews' array refused
    ///   by `memory`; nothing is admitted then.
    package mutating func admit(subviews count: Int) throws(WalkthroughError) {
        let limit = Walkthrough.maximumSubviewCount
        // Compared before padding, so that no sum can overflow whatever `count` is.
        guard count <= limit - slots, Lanes.padded(count) <= limit - slots else {
            let earlier = slots == 0 ? "" : " (earlier pages take \(slots), each page's count rounded up to a multiple of \(Lanes.count))"
            throw Self.exceeding(count, "subviews", limit: limit, earlier: earlier)
        }
        // The small allocations first: the subviews' array is allocated right after its check.
        try admitWorking(WalkthroughBudget.pageBytes)
        try memory?.check(count, of: Subview.self, "subviews")
        slots += Lanes.padded(count)
    }

    /// Counts `bytes` of small allocations against the memory `memory` confirmed, asking
    /// it for `workingChunk` (or `bytes`, if more) again when they would exceed it; throws what it refuses.
    private mutating func admitWorking(_ bytes: Int) throws(WalkthroughError) {
        guard let memory else { return }
        if bytes > confirmed {
            let chunk = Swift.max(bytes, WalkthroughBudget.workingChunk)
            try memory.check(bytes: chunk, "reading the file's pages and timelines")
            confirmed = chunk
        }
        confirmed -= bytes
    }

    /// Admits a timeline, whatever its tracks: `Walkthrough.keyframesPerTimeline`.
    /// - Throws: past `Walkthrough.maximumKeyframeCount` (key `timeline`); nothing is admitted then.
    package mutating func admitTimeline() throws(WalkthroughError) {
        let limit = Walkthrough.maximumKeyframeCount, cost = Walkthrough.keyframesPerTimeline
        guard cost <= limit - keyframes else {
            throw WalkthroughError(
                key: "timeline",
                problem: "a timeline would exceed the limit of \(limit) keyframes per walkthrough (a timeline counts as "
                    + "\(cost) besides its keyframes; earlier timelines and tracks hold \(keyframes))")
        }
        try admitWorking(WalkthroughBudget.timelineBytes)
        keyframes += cost
    }

    /// Admits a track of `count` keyframes (`count ≥ 0`).
    /// - Throws: past `Walkthrough.maximumKeyframeCount` (key `keyframes`); nothing is admitted then.
    package mutating func admit(keyframes count: Int) throws(WalkthroughError) {
        let limit = Walkthrough.maximumKeyframeCount
        guard count <= limit - keyframes else {
            let earlier = keyframes == 0 ? "" : " (earlier tracks hold \(keyframes))"
            throw Self.exceeding(count, "keyframes", limit: limit, earlier: earlier)
        }
        try admitWorking(WalkthroughBudget.trackBytes + count * WalkthroughBudget.keyframeBytes)
        keyframes += count
    }

    /// `count` subviews or keyframes (`key`, a plural) past `limit`; `earlier` tells what earlier pages or tracks took.
    private static func exceeding(_ count: Int, _ key: String, limit: Int, earlier: String) -> WalkthroughError {
        let noun = count == 1 ? String(key.dropLast()) : key
        let problem = "\(count) \(noun) would exceed the limit of \(limit) per walkthrough\(earlier)"
        return WalkthroughError(key: key, problem: problem)
    }
}
