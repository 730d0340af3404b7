import WalkthroughKernel

/// A benchmark scenario: a walkthrough scaled to a subview count and the scroll positions
/// its frames cycle through, or a user's walkthrough file as it is (`Scenario.file`).
struct Scenario: Sendable {
    let name: String
    let summary: String
    /// The one subview count a walkthrough file is measured at (its own, in the window on
    /// average); nil for the built-in scenarios, which are measured at every `--sizes`.
    var ownSize: Int? = nil
    /// The walkthrough file's path, as given, for a file's scenario.
    var file: String? = nil
    /// The walkthrough file's subviews over all its pages, which the report gives beside the
    /// window's average (`ownSize`): a 10-subview file read as "7 subviews" alone.
    var fileSubviews: Int? = nil
    /// Whether a frame's cost differs from one scroll position to the next (lanes mid-
    /// transition at some, settled at others), so that a sample takes whole cycles of the
    /// positions (`Sampler.cycleFrames`): a sample of part of the cycle at 10k subviews was
    /// the cheap half, and `keyframes-stagger` read 1.00× the store limit there against
    /// 6.9× at 1k, where a sample held whole cycles.
    var costVariesWithPosition = false
    /// The walkthrough with about `subviews` subviews in the window, and its scroll positions.
    let make: @Sendable (_ subviews: Int) throws(BenchError) -> (Walkthrough, [Double])

    static let width = 375.0

    /// Page offsets the single-page scenarios cycle through: across the window, both sides
    /// of the mirror point.
    static let offsets = [-1.5, -0.75, 0.25, 0.5, 1.0, 1.25, 1.5, 1.9]

    /// One page of `count` subviews; every 50th is tagged static.
    static func singlePage(_ name: String, _ summary: String, type: AnimationType,
                           rotation: @escaping @Sendable () -> Rotation? = { nil }) -> Scenario {
        Scenario(name: name, summary: summary) { (count) throws(BenchError) in
            let subviews = (0..<count).map { Subview(tag: $0 % 50 == 0 ? 1 : 0) }
            let page = Page(animationType: type, speed: SIMD2(0.5, 1), speedVariance: SIMD2(0.001, 0.002),
                            staticTags: [1], animateAlpha: true, subviews: subviews, rotation: rotation())
            let walkthrough = try bench { () throws(WalkthroughError) in try Walkthrough(width: width, pages: [page]) }
            return (walkthrough, offsets.map { ($0 - 1) * width })  // page 0 sees o at x = (o − 1)·W
        }
    }

    /// The seed README's custom animation: 2π·(1 − o) about (1, 1, 1), `m34 = −1/500`.
    @Sendable static func readmeRotation(variance: Double) -> Rotation? {
        try? Rotation(axis: SIMD3(1, 1, 1), angle: 2 * .pi, angleVariance: variance, perspective: 500)
    }

    static let builtIn: [Scenario] = [
        singlePage("linear", "Linear, one page", type: .linear),
        singlePage("curve", "Curve, one page", type: .curve),
        singlePage("zoom", "Zoom, one page", type: .zoom),
        singlePage("inout", "InOut, one page", type: .inOut),
        singlePage("rotate3d", "Linear + README rotation, one angle per page, perspective", type: .linear,
                   rotation: { readmeRotation(variance: 0) }),
        singlePage("rotate3d-spin", "Linear + rotation with per-subview angles (angleVariance 0.001)", type: .linear,
                   rotation: { readmeRotation(variance: 0.001) }),
        storyboard,
    ] + keyframeScenarios

    /// `Benchmarks/Scenarios/storyboard.json`, every page scaled so that the window holds
    /// about `count` subviews.
    static let storyboard = Scenario(name: "storyboard", summary: "mixed 6-page walkthrough, 4 pages in the window") { (count) throws(BenchError) in
        let base = try WalkthroughFile.load(ScenarioFiles.path("storyboard.json"))
        let xs = [1.2, 1.5, 1.8, 2.3].map { $0 * base.width }
        let inWindow = base.pages.indices.filter { Walkthrough.isInWindow(base.offset(ofPage: $0, scroll: xs[1])) }
        let baseCount = inWindow.reduce(0) { $0 + base.pages[$1].subviews.count }
        let factor = Double(count) / Double(max(baseCount, 1))
        // Every page keeps a subview at least: at 1 (`--sizes 1`) each page's share rounded to
        // none, the window held no subview, and the report trapped on its infinite frames per
        // second. From about 12 subviews on every share rounds to 1 or more anyway.
        let counts = base.pages.map { $0.subviews.isEmpty ? 0 : max(1, Int((Double($0.subviews.count) * factor).rounded())) }
        // The limits before the allocation: a size they refuse allocates nothing.
        _ = try bench { () throws(WalkthroughError) in try WalkthroughBudget(subviewCounts: counts) }
        let pages = zip(base.pages, counts).map { page, n in
            var scaled = page
            scaled.subviews = (0..<n).map { page.subviews[$0 % max(page.subviews.count, 1)] }
            return scaled
        }
        return (try bench { () throws(WalkthroughError) in try Walkthrough(width: base.width, pages: pages) }, xs)
    }
}

/// Runs `body`, turning a kernel error into a bench error.
func bench<T>(_ body: () throws(WalkthroughError) -> T) throws(BenchError) -> T {
    do { return try body() } catch { throw BenchError(error.message) }
}
