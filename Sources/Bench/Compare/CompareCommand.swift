import WalkthroughKernel

/// `bench compare OLD.json NEW.json`: did a change make a run slower? Exit 0 when nothing
/// regressed, 2 when something did (as `bench baseline check`), 1 on an error.
enum CompareCommand {
    static let defaultThreshold: Double = 10

    static let spec = CommandSpec(
        name: "compare", usage: ["OLD.json NEW.json [options]"],
        summary: "Compares two runs saved with bench run --format json.",
        details: [
            "Results are matched by scenario, implementation, subviews and layout; for each, NEW/OLD of the",
            "minimum and of the median (p50).",
            "A result is a regression when either ratio rises above 1 + threshold, an improvement when one falls",
            "below 1 - threshold. Exit status: 0 no regression, 2 a regression, 1 an error (unreadable file,",
            "another schemaVersion, a run without results, no results in common).",
        ],
        options: [
            .option("threshold", "PERCENT", "the change that counts: 10 or 10% (timings on a shared machine move 10-50%)",
                    default: "10"),
            .choice("format", Format.self, "the report's form (markdown: summary, regressions, the rest folded; json: for CI)",
                    default: .text),
        ])

    enum Format: String, CaseIterable {
        case text, markdown, json
    }

    static func run(_ words: [String]) throws -> String {
        let args = try Arguments(words, spec)
        guard args.positional.count == 2 else { throw BenchError(spec.usageLine) }
        let format = try args.choice("format", default: Format.text)
        let percent = try args.percent("threshold") ?? defaultThreshold
        try InputFile.requireStandardInputOnce(args.positional)
        let old = try RunFile.load(args.positional[0]), new = try RunFile.load(args.positional[1])
        let comparison = try RunComparison(old: old, new: new, threshold: percent / 100)
        let report = format == .json ? comparison.json(old: old, new: new)
            : comparison.render(markdown: format == .markdown, old: old, new: new)
        if comparison.regressed { throw BaselineCommand.Regression(report: report) }
        return report
    }
}
