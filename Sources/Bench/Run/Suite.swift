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
            results += try measure(scenario, size: size, options)
        }
        return results
    }

    /// One scenario at one size. What it makes lives only as long as it is needed: the
    /// implementations of the rounds are made and checked one after another against one
    /// reference frame, released before sampling; each one sampled apart is made after the
    /// rounds' are released (`Sampler.measure(_:subviewsPerFrame:make:)`); and the
    /// walkthrough, plan, animators and frames go when the step ends, so that a run's peak
    /// memory is its largest step's, not the sum of them (`SuiteMemoryTests`).
    static func measure(_ scenario: Scenario, size: Int, _ options: SuiteOptions) throws(BenchError) -> [Result] {
        let (walkthrough, scrolls) = try scenario.make(size)
        let plan = AnimationPlan(walkthrough)
        let perFrame = averageAnimatedSubviews(walkthrough, scrolls)
        var sampler = Sampler(budgetSeconds: options.budgetSeconds)
        if scenario.costVariesWithPosition { sampler.cycleFrames = scrolls.count }
        if scenario.file != nil {
            // Short samples along the scroll, enough for every position to be timed many times.
            (sampler.scrolling, sampler.minimumSampleNanoseconds) = (true, Sampler.scrollSampleNanoseconds)
            sampler.maximumSamples = max(sampler.maximumSamples, 20 * scrolls.count)
        }
        let kinds = options.implementations
        let measured = try sampler.measure(kinds, subviewsPerFrame: perFrame) { (indices) throws(BenchError) in
            try checkedImplementations(indices.map { kinds[$0] }, plan, scrolls: scrolls, layout: options.layout,
                                       scenario: scenario.name, size: size)
        }
        return zip(kinds, measured).map { kind, measured in
            Result(scenario: scenario.name, impl: kind, layout: options.layout, subviews: perFrame,
                   fileSubviews: scenario.fileSubviews, frames: measured.frames, nsPerSubview: Statistics(measured.samples))
        }
    }

    /// Makes the implementations of `kinds` and checks each one's frame at the first scroll
    /// position (`AgreementCheck`) before the next is made. The readers share one frame,
    /// made after the last implementation compared with the reference, whose frame is then
    /// released.
    static func checkedImplementations(_ kinds: [ImplementationKind], _ plan: AnimationPlan, scrolls: [Double], layout: FrameLayout,
                                       scenario: String, size: Int) throws(BenchError) -> [any Implementation] {
        var check: AgreementCheck? = AgreementCheck(plan.walkthrough, scroll: scrolls[0], scenario: scenario, size: size)
        let lastCompared = kinds.lastIndex { $0 != .reference && !$0.reads && $0 != .limit }
        var readerFrame: (frame: FrameBuffer, pages: [Int])?
        var made: [any Implementation] = []
        for (n, kind) in kinds.enumerated() {
            let impl: any Implementation
            if kind.reads {
                let read = readerFrame ?? ReadImplementation.frame(plan, layout: layout, scroll: scrolls[0])
                readerFrame = read
                impl = ReadImplementation(kind, read, scroll: scrolls[0])
            } else {
                impl = kind.make(plan, scrolls: scrolls, layout: layout)
            }
            try check?.check(impl, made: made)
            if lastCompared.map({ n >= $0 }) ?? true { check = nil }
            made.append(impl)
        }
        return made
    }

    /// Subviews in the window, averaged over the scroll positions (exact for one page).
    static func averageAnimatedSubviews(_ w: Walkthrough, _ scrolls: [Double]) -> Int {
        let total = scrolls.reduce(0) { sum, x in
            sum + w.pages.indices.filter { Walkthrough.isInWindow(w.offset(ofPage: $0, scroll: x)) }
                .reduce(0) { $0 + w.pages[$1].subviews.count }
        }
        return total / max(scrolls.count, 1)
    }
}
