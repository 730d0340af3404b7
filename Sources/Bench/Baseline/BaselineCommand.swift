import Foundation
import WalkthroughKernel

/// `bench baseline update|check [FILE…] [--path FILE] …`: the performance regression gate.
///
/// Metrics hold still on a shared machine: instructions and data writes of the fast path
/// (callgrind, exact), per subview at 4,000 subviews and per frame on app-sized
/// walkthroughs (`CountedCase`), and ratios of minimum times against the in-run anchors
/// (`c`, `limit`). For a user's walkthrough FILEs, the same metrics of those files.
/// `check` exits 0 when nothing regressed (improvements are reported), 2 on a regression,
/// 1 on an error.
enum BaselineCommand {
    static let usage = "usage: bench baseline check|update [FILE…] [options]; see bench baseline check --help"
    static let defaultPath = "Benchmarks/baseline.json"
    /// Re-measurements of the ratios after one regressed, and the pause before each. Slow
    /// spells of the shared machine outlast a measurement: in one check of 20 on an
    /// otherwise quiet machine, ten ratios stayed 8–41% high through two re-measurements
    /// taken straight away. With pauses, 90 checks had no false alarm and two needed a
    /// third re-measurement; the fourth is margin (docs/REGRESSION-GATE.md).
    /// A real regression costs the wait, about 2.5 minutes.
    static let ratioRetries = 4, ratioRetryPause = 30.0
    /// Runs whose median is a ratio: `update` takes more, because every check is compared
    /// with the baseline, so the baseline's own error is in every check's drift.
    static let checkedRatioRuns = 3, recordedRatioRuns = 9

    /// Exit status 2: the check found a regression.
    struct Regression: Error {
        let report: String
    }

    static func run(_ words: [String]) throws -> String {
        guard let action = words.first, ["update", "check"].contains(action) else {
            if let word = words.first, CommandSpec.helpWords.contains(word) { return BaselineOptions.help }
            if let word = words.first, let guess = Suggestion.closest(to: word, among: ["check", "update"]) {
                throw BenchError("unknown action \(Echo.quoted(word)); did you mean baseline \(guess)?")
            }
            throw BenchError(usage)
        }
        // Each action takes only the options it uses; everything is checked before measuring.
        let spec = action == "check" ? BaselineOptions.check : BaselineOptions.update
        let words = Array(words.dropFirst())
        if spec.wantsHelp(words) { return spec.help }
        let args = try Arguments(words, spec)
        // A file's metrics are named after it, and callgrind runs it again in a process of its own, by its path.
        guard !args.positional.contains(InputFile.standardInput) else {
            throw BenchError("standard input (-) cannot be a baseline's walkthrough: the gate names a file's metrics after it and counts it again by its path")
        }
        // Walkthrough files are read before anything is measured; their baseline is not the
        // built-in scenarios' one, so it is named.
        let files = try Scenario.files(args.positional, positions: Scenario.defaultPositions)
        guard files.isEmpty || args.value("path") != nil else {
            throw BenchError("walkthrough files need --path BASELINE.json: \(defaultPath) holds the built-in scenarios' metrics")
        }
        let path = args.value("path") ?? defaultPath
        let selection = try args.choice("metrics", default: MetricSelection.all)
        let progress: Progress = args.flag("quiet") ? { _ in } : { StandardStreams.progress($0 + "\n") }
        guard action == "check" else {
            let output = try OutputFile(path, inputs: args.positional)
            try selection.requireTools()
            let metrics = try measure(selection: selection, files: files, ratioRuns: recordedRatioRuns, progress: progress)
            try output.write(try Baseline(build: .current(), metrics: metrics).encoded())
            return output.report("recorded \(metrics.count) metrics in \(output.shown)\n")
        }
        let format = try args.choice("format", default: BaselineOptions.BaselineFormat.text)
        let thresholds: [Metric.Kind: Double?] = [.instructions: try threshold(args, "instructions-threshold"),
                                                  .writes: try threshold(args, "writes-threshold"),
                                                  .ratio: try threshold(args, "ratio-threshold")]
        let baseline = try Baseline.load(path)
        let expected = try checked(baseline, path: path, selection: selection, strictMachine: args.flag("strict-machine"), files: files)
        var current = try measure(selection: selection, files: files, ratioRuns: checkedRatioRuns, progress: progress)
        var comparison = try Comparison(baseline: expected, current: current, overrides: thresholds)
        // A timing ratio that regressed is measured again after a pause (`ratioRetries`) and
        // its lowest value kept: a slow spell of the shared machine passes, a real regression
        // stays. Instruction and write counts are exact and never re-measured.
        for retry in 1...ratioRetries where ratiosWorthRemeasuring(comparison) {
            progress("a ratio regressed: measuring the ratios again in \(Int(ratioRetryPause)) s (\(retry) of \(ratioRetries))")
            Thread.sleep(forTimeInterval: ratioRetryPause)
            let again = try measureRatios(files: files, runs: checkedRatioRuns, progress: progress)
            current = current.map { m in
                guard m.kind == .ratio, let r = again.first(where: { $0.name == m.name }) else { return m }
                return Metric(name: m.name, kind: m.kind, value: Swift.min(m.value, r.value), threshold: m.threshold)
            }
            comparison = try Comparison(baseline: expected, current: current, overrides: thresholds)
        }
        let table = format == .json ? comparison.json(baselinePath: path, baselineBuild: baseline.build)
            : comparison.render(markdown: format == .markdown, baselineBuild: baseline.build)
        if comparison.regressed { throw Regression(report: table) }
        return table
    }

    /// Whether measuring the ratios again could change the verdict: a ratio regressed and no
    /// count did (a count's regression fails the check whatever the ratios say, so a build
    /// that adds instructions or stores is not kept waiting for the pauses).
    static func ratiosWorthRemeasuring(_ comparison: Comparison) -> Bool {
        let regressed = comparison.rows.filter { $0.verdict == .regression }
        return !regressed.isEmpty && regressed.allSatisfy { $0.name.hasPrefix("simd/") }
    }

    /// A threshold option, in percent as every threshold on the command line
    /// (`Arguments.percent`), as the relative change the baseline file stores (3% is 0.03):
    /// converted here, so that the file keeps its readable fractions.
    static func threshold(_ args: Arguments, _ name: String) throws(BenchError) -> Double? {
        guard let percent = try args.percent(name) else { return nil }
        return percent / 100
    }

    /// Instruction and write counts (`CountedCase.all`, or per frame of each walkthrough
    /// file), then the ratio suite (`simd/c`, `simd/limit` at 1k and 10k, or per
    /// file at its own count); `selection` chooses which.
    static func measure(selection: MetricSelection = .all, files: [Scenario] = [],
                        ratioRuns: Int = checkedRatioRuns, progress: Progress = { _ in }) throws(BenchError) -> [Metric] {
        var counts: [Metric] = []
        if selection.includes(.instructions) {
            counts = try InstructionCounter.withCounter { (counter) throws(BenchError) in
                var metrics: [Metric] = []
                let cases = try countedCases(files: files)
                var steps = CountingProgress(count: cases.count)
                for counted in cases {
                    progress(steps.start(counted.name))
                    metrics += try counter.count(counted)
                }
                // Instructions first, then writes: the table reads one kind at a time.
                return metrics.filter { $0.kind == .instructions } + metrics.filter { $0.kind == .writes }
            }
        }
        return counts + (selection.includes(.ratio) ? try measureRatios(files: files, runs: ratioRuns, progress: progress) : [])
    }

    /// What callgrind counts: `CountedCase.all`, or each walkthrough file per frame.
    static func countedCases(files: [Scenario]) throws(BenchError) -> [CountedCase] {
        files.isEmpty ? CountedCase.all : try files.map { (file) throws(BenchError) in try CountedCase(file: file) }
    }

    /// `simd/c` and `simd/limit` per scenario at 1k and 10k subviews, or per file at its own
    /// count, each the median of `runs` runs.
    static func measureRatios(files: [Scenario] = [], runs count: Int = checkedRatioRuns,
                              progress: Progress = { _ in }) throws(BenchError) -> [Metric] {
        var metrics: [Metric] = []
        let suite = ratioSuite(files: files)
        // The median of several runs: one run's minimum can still catch a slow spell of the
        // shared machine (seen: 2.5 instead of 1.7 for one ratio).
        var runs: [[String: Double]] = []
        var firstRunSeconds: Double?
        for run in 0..<count {
            let started = Sampler.now() / 1e9
            let results = try Suite.run(suite) { progress(ratioProgress($0, run: run, of: count, runSeconds: firstRunSeconds)) }
            firstRunSeconds = firstRunSeconds ?? Sampler.now() / 1e9 - started
            let report = Report(build: .current(), results: results)
            var ratios: [String: Double] = [:]
            for group in report.groups {
                for (name, a, b) in Report.ratioColumns where a == .simd {
                    ratios["\(name)/\(group.scenario)/\(group.subviews)"] = Report.ratio(group.rows, a, b)
                }
            }
            runs.append(ratios)
        }
        for name in runs[0].keys.sorted() {
            let values = runs.compactMap { $0[name] }.sorted()
            guard values.count == runs.count else { continue }
            metrics.append(Metric(name: name, kind: .ratio, value: values[values.count / 2]))
        }
        return metrics
    }

    /// The run the ratios are measured in: the BWWalkthrough scenarios at 1k and 10k
    /// subviews, or the walkthrough `files` at their own counts, with `simd` and its anchors.
    static func ratioSuite(files: [Scenario]) -> SuiteOptions {
        var suite = SuiteOptions()
        suite.sizes = [1_000, 10_000]
        suite.files = files
        suite.implementations = [.simd, .c, .limit]
        // The BWWalkthrough scenarios; the keyframe ones are compute-bound experiments whose
        // ratios to the store limit (5–45) drift with the machine's load beyond any useful
        // threshold, and their C anchor is not the competent yardstick yet (README).
        suite.filter = try? Regex("^(linear|curve|zoom|inout|rotate3d|rotate3d-spin|storyboard)$")
        // Each implementation takes the sampler's 400 samples (about 0.1 s a scenario and
        // size) before this budget runs out, so the budget only bounds a very slow machine.
        // There is no shorter mode (`--quick` was one in name only): the ratio threshold is
        // chosen from the drift of exactly this measurement (docs/REGRESSION-GATE.md).
        suite.budgetSeconds = 0.4
        return suite
    }
}
