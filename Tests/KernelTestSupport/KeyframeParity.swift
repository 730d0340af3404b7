import WalkthroughKernel

/// The keyframe parity checks that every kernel passes (the Swift fast path in
/// `KeyframeParityTests`, the bench's C anchor in `KeyframeAnchorParityTests`): an animator
/// made by the caller, compared with the reference on seeded random timelines, and a frame
/// split across threads compared with one core's.
public enum KeyframeParity {
    /// The first subview of page 0 at offset `o` where `animator` strays from the
    /// reference beyond `KeyframeTolerance`, or nil.
    public static func mismatch(_ page: Page, _ animator: WalkthroughAnimator, offset o: Double) -> String? {
        let reference = ReferenceAnimator.animate(page, offset: o)
        let tolerance = KeyframeTolerance(page)
        for k in page.subviews.indices {
            let fast = SubviewState(tag: page.subviews[k].tag, transform: animator.frame.transform(page: 0, subview: k),
                                    alpha: animator.frame.alpha(page: 0, subview: k), isStatic: page.isStatic(subview: k))
            if let why = tolerance.mismatch(fast, reference[k]) { return "subview \(k) offset \(o): \(why)" }
        }
        return nil
    }

    /// Random pages (`RandomTimeline.timed`) of each count and animation type, animated by
    /// `make(page, count)` over a sweep (coherent frames: cached segments) and the usual
    /// offsets (jumps). The first mismatch, with its seed and case, or nil.
    public static func randomTimelines(seed: UInt64, counts: [Int], pageTimeline: Bool, own: Double,
                                       make: (Page, Int) throws -> WalkthroughAnimator) rethrows -> String? {
        var rng = SeededGenerator(seed: seed)
        for count in counts {
            for type in AnimationType.allCases {
                let base = RandomWalkthrough.page(count: count, type: type, using: &rng)
                let page = RandomTimeline.timed(base, pageTimeline: pageTimeline || own == 0, own: own, using: &rng)
                var animator = try make(page, count)
                let offsets = stride(from: -1.9, through: 1.9, by: 0.1).map { $0 } + RandomWalkthrough.offsets(using: &rng)
                for o in offsets {
                    animator.animate(page: 0, offset: o)
                    if let why = mismatch(page, animator, offset: o) {
                        return "seed \(seed): \(type) count \(count) layout \(animator.frame.layout) stagger \(page.timeline?.stagger ?? 0) "
                            + "rotation \(String(describing: page.rotation)): \(why)"
                    }
                }
            }
        }
        return nil
    }

    /// Four pages of 301 subviews with page and own timelines, rendered by `make(plan)`
    /// on one thread and on three at a sweep of scrolls: the pages that differ (as
    /// "seed S x X page P"), empty when the split is bitwise the single-thread frame.
    public static func parallelSplitDifferences(seed: UInt64, make: (AnimationPlan) -> WalkthroughAnimator) throws -> [String] {
        var rng = SeededGenerator(seed: seed)
        let pages = AnimationType.allCases.enumerated().map { i, type in
            RandomTimeline.timed(RandomWalkthrough.page(count: 301, type: type, using: &rng), pageTimeline: true,
                                 own: [0, 0.5, 1, 0][i], using: &rng)
        }
        let plan = AnimationPlan(try Walkthrough(width: 100, pages: pages))
        var serial = make(plan), parallel = make(plan)
        serial.threads = 1
        parallel.threads = 3
        parallel.parallelThreshold = 1
        var differences: [String] = []
        for x in [0.0, 37, 150, 210, 37, 290] {
            try serial.update(scroll: x)
            try parallel.update(scroll: x)
            for page in pages.indices where serial.frame.bytes(page: page) != parallel.frame.bytes(page: page) {
                differences.append("seed \(seed) x \(x) page \(page)")
            }
        }
        return differences
    }
}
