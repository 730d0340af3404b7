import Foundation
import WalkthroughKernel

/// `bench capacity`: how many subviews a frame can animate on this machine within a share
/// of a 60 Hz and a 120 Hz frame, per scenario, layout and implementation, found by
/// measuring sizes (`CapacitySearch`) as `bench run` measures them (`Suite`, `Sampler`).
enum CapacityCommand {
    /// The refresh rates whose frames the capacity is given for.
    static let rates = [60, 120]
    /// The implementations it measures: the fast path on one core and on all.
    static let kinds: [ImplementationKind] = [.simd, .simdParallel]
    /// The scenarios measured without `--filter`: one uniform page and own timelines, the
    /// cheapest frame and the dearest, so that the default run stays short.
    static let defaultFilter = "^(linear|keyframes-own)$"
    static let defaultShare = 10.0
    static let defaultBudget = 0.1

    static let spec = CommandSpec(
        name: "capacity", usage: ["[options]"],
        summary: "How many subviews a frame can animate within a share of a 60 Hz and a 120 Hz frame, measured.",
        details: [
            "For each scenario, layout and implementation (simd, simd-parallel): sizes are doubled from 1,000 subviews until",
            "a frame's median time exceeds the share of the frame, then bisected to within 3%; each size is built, checked",
            "against the reference and sampled as bench run samples. The capacity is the largest size measured to fit, in",
            "subviews in the window per frame. The report goes to standard output, progress lines to standard error.",
        ],
        options: [
            .choice("format", CapacityReport.Format.self, "the report's form", default: .text),
            .option("share", "PERCENT", "the share of a frame the animation may take, in (0, 100]", default: String(Int(defaultShare))),
            .option("filter", "REGEX", "the built-in scenarios whose name matches (see bench run --list)", default: defaultFilter),
            .option("layouts", "NAME,…", "frame layouts, each searched on its own: \(FrameLayout.allCases.map(\.rawValue).joined(separator: ", "))",
                    default: FrameLayout.blocks.rawValue),
            .option("impls", "NAME,…", "implementations: simd, simd-parallel", default: kinds.map(\.name).joined(separator: ",")),
            .option("budget", "SECONDS", "sampling time of each size measured", default: String(defaultBudget)),
            .flag("quiet", "no progress lines on standard error"),
        ])

    /// What the options choose.
    struct Options {
        var share = CapacityCommand.defaultShare
        var filterPattern = CapacityCommand.defaultFilter
        var scenarios: [Scenario] = []
        var layouts: [FrameLayout] = [.blocks]
        var kinds = CapacityCommand.kinds
        var budgetSeconds = CapacityCommand.defaultBudget
        var progress = true
    }

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, spec)
        if let word = args.positional.first {
            throw BenchError("capacity takes no FILE or other word, got \(Echo.quoted(word)); see bench capacity --help")
        }
        let options = try parse(args)
        let format = try args.choice("format", default: CapacityReport.Format.text)
        let context = format == .json ? RunContext(suite: SuiteOptions()) : nil
        let rows = try measure(options) { line in
            if options.progress { StandardStreams.progress(line + "\n") }
        }
        return CapacityReport(build: .current(), options: options, rows: rows, run: context).render(format)
    }

    static func parse(_ args: Arguments) throws(BenchError) -> Options {
        var options = Options()
        if let share = try args.onlyPercent("share") {
            guard share > 0 && share <= 100 else { throw BenchError("--share needs a percentage in (0, 100], got \(Echo.quoted(args.value("share") ?? ""))") }
            options.share = share
        }
        if let pattern = args.value("filter") { options.filterPattern = pattern }
        let filter: Regex<AnyRegexOutput>
        do { filter = try Regex(options.filterPattern) } catch { throw BenchError("--filter is not a valid regular expression: \(Echo.quoted(options.filterPattern))") }
        options.scenarios = Scenario.builtIn.filter { $0.name.contains(filter) }
        guard !options.scenarios.isEmpty else { throw BenchError("--filter matches no scenario; see bench run --list") }
        if let text = args.value("layouts") { options.layouts = try list(text, option: "layouts", FrameLayout.allCases) }
        if let text = args.value("impls") { options.kinds = try list(text, option: "impls", kinds) }
        if let budget = try args.double("budget") {
            guard budget > 0 && budget <= 60 else { throw BenchError("--budget needs seconds in (0, 60], got \(budget)") }
            options.budgetSeconds = budget
        }
        options.progress = !args.flag("quiet")
        return options
    }

    /// A comma-separated subset of `allowed` (names without regard to case), in `allowed`'s
    /// order; an unknown name or one given twice is an error.
    static func list<E: RawRepresentable & Equatable>(_ text: String, option: String, _ allowed: [E]) throws(BenchError) -> [E] where E.RawValue == String {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.lowercased() }
        let known = allowed.map { $0.rawValue.lowercased() }
        guard !names.isEmpty, names.allSatisfy(known.contains) else {
            throw BenchError("--\(option) takes a comma-separated subset of \(allowed.map(\.rawValue).joined(separator: ",")), got \(Echo.quoted(text))")
        }
        if let twice = names.indices.first(where: { names[..<$0].contains(names[$0]) }) {
            throw BenchError("--\(option) lists \(names[twice]) twice, got \(Echo.quoted(text))")
        }
        return allowed.filter { names.contains($0.rawValue.lowercased()) }
    }

    /// The frame budget at `hz` for `share` percent of a frame, in microseconds.
    static func budgetMicroseconds(hz: Int, share: Double) -> Double { 1e6 / Double(hz) * share / 100 }

    /// Every scenario, layout and implementation searched, the largest budget (60 Hz) first,
    /// whose measured sizes the smaller one reuses.
    /// - Parameter progress: one line as each size is measured, in `bench run`'s form.
    static func measure(_ options: Options, progress: (String) -> Void) throws(BenchError) -> [CapacityRow] {
        let searches = options.scenarios.flatMap { s in options.layouts.flatMap { l in options.kinds.map { (s, l, $0) } } }
        var rows: [CapacityRow] = []
        var finished: [Double] = []
        for (n, (scenario, layout, kind)) in searches.enumerated() {
            let searchStart = Sampler.now() / 1e9
            var search = CapacitySearch()
            func measureSize(_ size: Int) throws(BenchError) -> CapacityProbe? {
                // The time left: the searches to come, each as long as those done took on
                // average (before the first, 20 sizes of the budget and a build each).
                let mean = finished.isEmpty ? 20 * (options.budgetSeconds + 0.05) : finished.reduce(0, +) / Double(finished.count)
                let current = max(mean - (Sampler.now() / 1e9 - searchStart), 1)
                progress(ProgressEstimate.line(n, of: searches.count, scenario: scenario.name, subviews: size,
                                               left: current + mean * Double(searches.count - n - 1)))
                return try probe(scenario, size: size, layout: layout, kind: kind, budgetSeconds: options.budgetSeconds)
            }
            for hz in rates.sorted() {
                let budget = budgetMicroseconds(hz: hz, share: options.share)
                let (fit, miss) = try search.capacity(within: budget, measure: measureSize)
                rows.append(CapacityRow(scenario: scenario.name, layout: layout, impl: kind, hz: hz, budgetMicroseconds: budget,
                                        fit: fit, miss: miss, probes: search.probes.count))
            }
            finished.append(Sampler.now() / 1e9 - searchStart)
        }
        return rows
    }

    /// One size of `scenario` measured with `kind` in `layout`: built, checked against the
    /// reference and sampled as a step of `bench run` is (`Suite.checkedImplementations`,
    /// `Sampler.measure`), then released. Nil when the scenario cannot be built at a size
    /// above 1,000 (a walkthrough's limits: the storyboard's six pages reach 4,194,304
    /// subviews before its window does): the search takes that as its limit.
    static func probe(_ scenario: Scenario, size: Int, layout: FrameLayout, kind: ImplementationKind,
                      budgetSeconds: Double) throws(BenchError) -> CapacityProbe? {
        let walkthrough: Walkthrough, scrolls: [Double]
        do {
            (walkthrough, scrolls) = try scenario.make(size)
        } catch {
            if size <= 1_000 { throw error }
            return nil
        }
        let plan = AnimationPlan(walkthrough)
        let perFrame = Suite.averageAnimatedSubviews(walkthrough, scrolls)
        var sampler = Sampler(budgetSeconds: budgetSeconds)
        if scenario.costVariesWithPosition { sampler.cycleFrames = scrolls.count }
        let measured = try sampler.measure([kind], subviewsPerFrame: perFrame) { (_) throws(BenchError) in
            try Suite.checkedImplementations([kind], plan, scrolls: scrolls, layout: layout, scenario: scenario.name, size: size)
        }
        return CapacityProbe(size: size, subviews: perFrame, nsPerSubview: Statistics(measured.first?.samples ?? []))
    }
}

/// One answer of `bench capacity`: a scenario, layout and implementation at one refresh rate.
struct CapacityRow {
    var scenario: String
    var layout: FrameLayout
    var impl: ImplementationKind
    var hz: Int
    var budgetMicroseconds: Double
    /// The largest size measured to fit; nil when not even one subview did.
    var fit: CapacityProbe?
    /// The smallest size measured not to fit; nil when the largest walkthrough fitted.
    var miss: CapacityProbe?
    /// Sizes measured for this scenario, layout and implementation (both rates).
    var probes: Int

    /// Whether the largest walkthrough allowed fitted: the capacity is at least that.
    var atLimit: Bool { fit != nil && miss == nil }
}
