/// The command lines of `bench baseline check` and `bench baseline update`, one table each
/// (the parser and `--help` read them).
enum BaselineOptions {
    static let pathOption = OptionSpec.option(
        "path", "FILE", "the baseline to read or write (required with walkthrough FILEs)", default: BaselineCommand.defaultPath)
    static let metricsOption = OptionSpec.choice(
        "metrics", MetricSelection.self, "ratios: timing ratios only (no valgrind needed); instructions: callgrind's counts only",
        default: .all)
    static let quietOption = OptionSpec.flag("quiet", "no progress lines on standard error")
    static let files = "FILE…   walkthrough files whose metrics to record or check instead of the built-in scenarios' "
        + "(metric names carry the file name)."

    static let check = CommandSpec(
        name: "baseline check", usage: ["[FILE…] [options]"],
        summary: "Measures the gate's metrics and compares them with a recorded baseline.",
        details: [files, "Progress lines go to standard error (-q silences them), the report to standard output.", "Exit status: 0 no regression (improvements are reported), 2 a regression, 1 an error."],
        options: [
            pathOption, metricsOption,
            .choice("format", BaselineFormat.self,
                    "the report's form (markdown: summary, regressions, the rest folded; json: for CI)", default: .text),
            .option("instructions-threshold", "PERCENT", "change that counts for instruction metrics: 3 or 3%",
                    default: "the baseline's"),
            .option("writes-threshold", "PERCENT", "change that counts for data-write metrics", default: "the baseline's"),
            .option("ratio-threshold", "PERCENT", "change that counts for ratio metrics", default: "the baseline's"),
            .flag("strict-machine", "refuse a baseline recorded on another machine, OS, toolchain or build (exit 1)",
                  default: "off: a one-line warning"),
            quietOption,
        ])

    static let update = CommandSpec(
        name: "baseline update", usage: ["[FILE…] [options]"],
        summary: "Measures the gate's metrics and records them, with this machine and build, as the baseline.",
        details: [files, "Progress lines go to standard error (-q silences them)."],
        options: [pathOption, metricsOption, quietOption])

    /// One line for `bench --help` and the head of `bench baseline --help`.
    static let summary = "The performance regression gate: record metrics (update), compare with them (check)."

    /// `bench baseline --help`: what the group is and its two actions, a line each, before
    /// their pages (it began with `check`'s usage, as if there were nothing else).
    static var help: String {
        let actions = [check, update]
        let width = actions.map { $0.name.count }.max() ?? 0
        return "usage: bench baseline check|update [FILE…] [options]\n\n\(summary)\n"
            + "Metrics are exact instruction and data-write counts (callgrind) and timing ratios against in-run anchors;\n"
            + "docs/REGRESSION-GATE.md has them and their thresholds.\n\ncommands:\n"
            + actions.map { "  " + $0.name.padding(width) + "  " + $0.summary + "\n" }.joined()
            + "\n" + actions.map(\.help).joined(separator: "\n")
    }

    enum BaselineFormat: String, CaseIterable {
        case text, markdown, json
    }
}
