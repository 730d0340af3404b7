import WalkthroughKernel

/// What `bench run` measures and how long it may take.
struct SuiteOptions {
    var sizes = SuiteOptions.defaultSizes
    var implementations = ImplementationKind.allCases
    /// The layout every implementation writes (`--layout`).
    var layout = FrameLayout.blocks
    var filter: Regex<AnyRegexOutput>?
    /// `--filter` as given, for the export.
    var filterPattern: String?
    /// Walkthrough files measured instead of the built-in scenarios (`bench run FILE…`).
    var files: [Scenario] = []
    /// Scroll positions per file (`--positions`).
    var positions = Scenario.defaultPositions
    var budgetSeconds = SuiteOptions.defaultBudget
    /// Whether progress lines go to standard error (`--quiet` turns them off).
    var progress = true

    static let defaultSizes = [1_000, 10_000, 100_000, 1_000_000]
    static let defaultBudget = 0.4
    static let quickSizes = [1_000, 10_000]
    static let quickBudget = 0.1
}

/// Runs the scenarios: for each scenario and size, builds the walkthrough, checks that the
/// implementations agree on one frame, then samples them (`Sampler.measure`).
enum Suite {
    static func scenarios(_ options: SuiteOptions) -> [Scenario] {
        guard options.files.isEmpty else { return options.files }
        return Scenario.builtIn.filter { s in options.filter.map { s.name.contains($0) } ?? true }
    }

    /// Every scenario and size, in run order.
    static func steps(_ options: SuiteOptions) throws(BenchError) -> [(scenario: Scenario, size: Int)] {
        let chosen = scenarios(options)
        guard !chosen.isEmpty else { throw BenchError("--filter matches no scenario; see bench --list") }
        return chosen.flatMap { scenario in (scenario.ownSize.map { [$0] } ?? options.sizes).map { (scenario, $0) } }
    }

    /// - Parameter progress: receives one line as each scenario and size starts.
    static func run(_ options: SuiteOptions, progress: (String) -> Void) throws(BenchError) -> [Result] {
        var results: [Result] = []
        let steps = try steps(options)
        var estimate = ProgressEstimate(steps: steps.map { .init(scenario: $0.scenario.name, subviews: $0.size) },
                                        budgetSeconds: options.budgetSeconds)
        for (n, (scenario, size)) in steps.enumerated() {
            progress(estimate.start(n, now: Sampler.now() / 1e9))
            let (walkthrough, scrolls) = try scenario.make(size)
            let plan = AnimationPlan(walkthrough)
            let impls = options.implementations.map { $0.make(plan, scrolls: scrolls, layout: options.layout) }
            try checkAgreement(impls, walkthrough, scroll: scrolls[0], scenario: scenario.name, size: size)
            let perFrame = averageAnimatedSubviews(walkthrough, scrolls)
            var sampler = Sampler(budgetSeconds: options.budgetSeconds)
            if scenario.file != nil {
                // Short samples along the scroll, enough for every position to be timed many times.
                (sampler.scrolling, sampler.minimumSampleNanoseconds) = (true, Sampler.scrollSampleNanoseconds)
                sampler.maximumSamples = max(sampler.maximumSamples, 20 * scrolls.count)
            }
            for (impl, measured) in zip(impls, sampler.measure(impls, subviewsPerFrame: perFrame)) {
                results.append(Result(scenario: scenario.name, impl: impl.kind, layout: options.layout, subviews: perFrame,
                                      fileSubviews: scenario.fileSubviews, frames: measured.frames, nsPerSubview: Statistics(measured.samples)))
            }
        }
        return results
    }

    /// Subviews in the window, averaged over the scroll positions (exact for one page).
    static func averageAnimatedSubviews(_ w: Walkthrough, _ scrolls: [Double]) -> Int {
        let total = scrolls.reduce(0) { sum, x in
            sum + w.pages.indices.filter { Walkthrough.isInWindow(w.offset(ofPage: $0, scroll: x)) }
                .reduce(0) { $0 + w.pages[$1].subviews.count }
        }
        return total / max(scrolls.count, 1)
    }

    /// One frame of each implementation at `x`, compared with the reference (parity
    /// tolerance) and, for `simd-parallel`, with `simd` bit for bit. A disagreement stops
    /// the run: timing wrong answers is worthless.
    static func checkAgreement(_ impls: [any Implementation], _ walkthrough: Walkthrough, scroll x: Double,
                               scenario: String, size: Int) throws(BenchError) {
        for impl in impls { impl.render(scroll: x) }
        let reference = try bench { () throws(WalkthroughError) in try ReferenceAnimator.frame(walkthrough, scroll: x) }
        let simd = impls.first { $0.kind == .simd }?.state()
        // One tolerance per keyframed page, shared by the implementations.
        let tolerances = walkthrough.pages.map { model in
            model.timeline != nil || model.subviews.contains { $0.timeline != nil } ? KeyframeTolerance(model) : nil
        }
        for impl in impls {
            guard let state = impl.state() else { continue }
            guard state.currentPage == reference.currentPage else {
                throw BenchError("\(impl.kind.name) disagrees with the reference on \(scenario) at \(size): current page")
            }
            for (page, expected) in zip(state.pages, reference.pages) {
                guard page.animated == expected.animated, page.offset == expected.offset else {
                    throw BenchError("\(impl.kind.name) disagrees with the reference on \(scenario) at \(size): page \(expected.index) offset or window")
                }
                let keyframes = tolerances[expected.index]
                for (k, (a, b)) in zip(page.subviews ?? [], expected.subviews ?? []).enumerated() {
                    if let why = keyframes.map({ $0.mismatch(a, b) }) ?? ParityTolerance.mismatch(a, b) {
                        throw BenchError("\(impl.kind.name) disagrees with the reference on \(scenario) at \(size): page \(expected.index) subview \(k): \(why)")
                    }
                }
            }
            if impl.kind == .simdParallel, let simd, state.pages.map(\.subviews) != simd.pages.map(\.subviews) {
                throw BenchError("simd-parallel is not bitwise equal to simd on \(scenario) at \(size)")
            }
        }
    }
}
