/// The command lines of `bench baseline check` and `bench baseline update`, one table each
/// (the parser and `--help` read them).
enum BaselineOptions {
    static let pathOption = OptionSpec.option(
        "path", "FILE", "the baseline to read or write (required with walkthrough FILEs)", default: BaselineCommand.defaultPath)
    static let metricsOption = OptionSpec.choice(
        "metrics", MetricSelection.self, "ratios: timing ratios only (no valgrind needed); instructions: callgrind's counts only",
        default: .all)
    static let files = "FILE…   walkthrough files whose metrics to record or check instead of the built-in scenarios' "
        + "(metric names carry the file name)."

    static let check = CommandSpec(
        name: "baseline check", usage: ["[FILE…] [options]"],
        summary: "Measures the gate's metrics and compares them with a recorded baseline.",
        details: [files, "Exit status: 0 no regression (improvements are reported), 2 a regression, 1 an error."],
        options: [
            pathOption, metricsOption,
            .choice("format", BaselineFormat.self,
                    "the report's form (markdown: summary, regressions, the rest folded; json: for CI)", default: .text),
            .option("instructions-threshold", "F", "relative change that counts for instruction metrics (0.03 is 3%)",
                    default: "the baseline's"),
            .option("writes-threshold", "F", "relative change that counts for data-write metrics", default: "the baseline's"),
            .option("ratio-threshold", "F", "relative change that counts for ratio metrics", default: "the baseline's"),
            .flag("strict-machine", "refuse a baseline recorded on another machine, OS, toolchain or build (exit 1)",
                  default: "off: a one-line warning"),
        ])

    static let update = CommandSpec(
        name: "baseline update", usage: ["[FILE…] [options]"],
        summary: "Measures the gate's metrics and records them, with this machine and build, as the baseline.",
        details: [files],
        options: [pathOption, metricsOption])

    /// `bench baseline --help`: both actions.
    static var help: String { check.help + "\n" + update.help }

    enum BaselineFormat: String, CaseIterable {
        case text, markdown, json
    }
}
