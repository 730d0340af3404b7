import Foundation
import WalkthroughKernel

/// `bench [run] [FILE…]`: the built-in suite, or the user's walkthrough files, as a table or
/// for other tools.
enum RunCommand {
    /// The options that choose what is measured and how long: `run` and `chart` share them.
    static let measureOptions: [OptionSpec] = [
        .option("filter", "REGEX", "measure the built-in scenarios whose name matches (not with FILEs)", default: "all"),
        .option("sizes", "N,N,…", "subview counts of the built-in scenarios (not with FILEs: each file has its own)",
                default: "\(list(SuiteOptions.defaultSizes)); --quick: \(list(SuiteOptions.quickSizes))"),
        .option("positions", "N", "scroll positions a FILE is measured at, evenly spaced from its first page to its last",
                default: String(Scenario.defaultPositions)),
        .option("impls", "NAME,…", "implementations to measure, side by side (see --list)",
                default: "all"),
        .choice("layout", FrameLayout.self, "the frame layout every implementation writes", default: .blocks),
        .option("budget", "SECONDS", "sampling time per scenario and size, all implementations together (a target: the samples' floor and cap can move it)",
                default: "\(SuiteOptions.defaultBudget); --quick: \(SuiteOptions.quickBudget)"),
        .flag("quick", "a quick look in a few seconds: fewer sizes, a shorter budget"),
        .flag("quiet", "no progress lines on standard error"),
    ]

    static let spec = CommandSpec(
        name: "run", usage: ["[FILE…] [options]", "--list"],
        summary: "Times every implementation side by side on the built-in scenarios or on walkthrough files.",
        details: [
            "Implementations are sampled interleaved, round after round, the reference on its own afterwards; their",
            "outputs are checked against the reference before timing. Statistics are ns per subview per frame.",
            "FILE…   walkthrough files (docs/FORMAT.md): each is a scenario named after the file, measured at its",
            "        own subview count while scrolling from its first page to its last, a sample a stretch of at least 2 µs.",
            "The report goes to standard output, progress lines to standard error. `bench` alone is `bench run`.",
        ],
        options: [.choice("format", ReportFormat.self, "the report's form", default: .text)] + measureOptions + [
            .flag("verbose", "text and markdown: after the headlines, every implementation's minimum, the ratios and all statistics",
                  default: "off: one headline a scenario and size, and a legend"),
            .option("chart", "FILE.svg", "also draw the results as a chart (see bench chart)", default: "no chart"),
            .flag("list", "list the built-in scenarios and the implementations, then exit"),
        ])

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, spec)
        if args.flag("list") {
            guard args.given == ["list"], args.positional.isEmpty else { throw BenchError("--list takes no other options; see bench run --help") }
            return list()
        }
        let format = try args.choice("format", default: ReportFormat.text)
        // The chart's path is checked before the run and before the files are read (standard input may wait).
        var chart: OutputFile?
        if let path = args.value("chart") {
            guard path != OutputFile.standardOutput else {
                throw BenchError("--chart - would mix the chart with the report on standard output; bench chart --output - writes the chart alone")
            }
            chart = try OutputFile(path, inputs: args.positional)
        }
        let suite = try suiteOptions(args)
        // The export's metadata from before the run: its date is when the run started.
        let context = format == .json || format == .googleBenchmark ? RunContext(suite: suite) : nil
        let results = try Suite.run(suite) { line in
            if suite.progress { StandardStreams.progress(line + "\n") }
        }
        var report = Report(build: .current(), results: results, run: context)
        report.verbose = args.flag("verbose")
        if let chart { try ChartCommand.write(report, to: chart) }
        return report.render(format)
    }

    /// The suite the options choose; FILEs (the positional words) are read here, before
    /// anything is measured.
    static func suiteOptions(_ args: Arguments) throws(BenchError) -> SuiteOptions {
        var suite = SuiteOptions()
        if args.flag("quick") {
            suite.sizes = SuiteOptions.quickSizes
            suite.budgetSeconds = SuiteOptions.quickBudget
        }
        if args.positional.isEmpty {
            guard args.value("positions") == nil else {
                throw BenchError("--positions applies to walkthrough files only; give FILE… or leave it out")
            }
        } else {
            for name in ["sizes", "filter"] where args.value(name) != nil {
                throw BenchError("--\(name) does not apply to walkthrough files: each is measured as it is, at its own subview count")
            }
        }
        if let text = args.value("sizes") {
            let limit = Walkthrough.maximumSubviewCount
            let sizes = text.split(separator: ",", omittingEmptySubsequences: false)
                .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { (1...limit).contains($0) }
            guard !sizes.isEmpty, sizes.count == text.split(separator: ",", omittingEmptySubsequences: false).count else {
                throw BenchError("--sizes needs a comma-separated list of counts from 1 to \(limit), got \(Echo.quoted(text))")
            }
            // A size given twice would be measured twice under one name: results are keyed
            // by scenario, implementation, size and layout (`bench compare`).
            if let twice = sizes.indices.first(where: { sizes[..<$0].contains(sizes[$0]) }) {
                throw BenchError("--sizes lists \(sizes[twice]) twice, got \(Echo.quoted(text))")
            }
            suite.sizes = sizes
        }
        suite.layout = try args.choice("layout", default: FrameLayout.blocks)
        if let text = args.value("impls") {
            suite.implementations = try ImplementationKind.list(text)
        }
        if let pattern = args.value("filter") {
            suite.filterPattern = pattern
            do { suite.filter = try Regex(pattern) } catch { throw BenchError("--filter is not a valid regular expression: \(Echo.quoted(pattern))") }
        }
        if let budget = try args.double("budget") {
            guard budget > 0 && budget <= 600 else { throw BenchError("--budget needs seconds in (0, 600], got \(budget)") }
            suite.budgetSeconds = budget
        }
        suite.positions = try args.integer("positions", in: 1...100_000, default: Scenario.defaultPositions)
        suite.files = try Scenario.files(args.positional, positions: suite.positions)
        suite.progress = !args.flag("quiet")
        return suite
    }

    static func list() -> String {
        let width = Scenario.builtIn.map(\.name.count).max() ?? 0
        return "scenarios:\n" + Scenario.builtIn.map { "  " + $0.name.padding(width) + "  " + $0.summary }.joined(separator: "\n")
            + "\nimplementations:\n"
            + ImplementationKind.allCases.map { "  " + $0.name.padding(14) + "  " + $0.summary + "\n" }.joined()
    }

    /// `1000,10000`: a list of sizes as `--sizes` takes it.
    static func list(_ sizes: [Int]) -> String { sizes.map(String.init).joined(separator: ",") }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
