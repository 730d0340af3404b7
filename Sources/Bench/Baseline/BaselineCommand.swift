import Foundation
import Kernel

/// `bench baseline update|check [--path FILE] …`: the performance regression gate.
///
/// Metrics hold still on a shared machine: instructions per subview of the fast path
/// (callgrind) and ratios of minimum times against the in-run anchors (`c`, `limit`).
/// `check` exits 0 when nothing regressed (improvements are reported), 2 on a regression,
/// 1 on an error.
enum BaselineCommand {
    static let usage = "usage: bench baseline check|update [FILE…] [options]; see bench baseline check --help"
    static let defaultPath = "Benchmarks/baseline.json"
    /// Scenarios and the size whose instructions are counted.
    static let counted = ["linear", "zoom", "rotate3d", "rotate3d-spin", "storyboard"]
    static let countedSize = 4_000, countedFrames = 8

    /// Exit status 2: the check found a regression.
    struct Regression: Error {
        let report: String
    }

    static func run(_ words: [String]) throws -> String {
        guard let action = words.first, ["update", "check"].contains(action) else {
            if let word = words.first, CommandSpec.helpWords.contains(word) { return BaselineOptions.help }
            throw BenchError(usage)
        }
        // Each action takes only the options it uses; everything is checked before measuring.
        let spec = action == "check" ? BaselineOptions.check : BaselineOptions.update
        let words = Array(words.dropFirst())
        if spec.wantsHelp(words) { return spec.help }
        let args = try Arguments(words, spec)
        // Walkthrough files are read before anything is measured; their baseline is not the
        // built-in scenarios' one, so it is named.
        let files = try Scenario.files(args.positional, positions: Scenario.defaultPositions)
        guard files.isEmpty || args.value("path") != nil else {
            throw BenchError("walkthrough files need --path BASELINE.json: \(defaultPath) holds the built-in scenarios' metrics")
        }
        let path = args.value("path") ?? defaultPath
        let quick = args.flag("quick")
        let selection = try args.choice("metrics", default: MetricSelection.all)
        guard action == "check" else {
            let output = try OutputFile(path, inputs: args.positional)
            try selection.requireTools()
            let metrics = try measure(quick: quick, selection: selection, files: files)
            try output.write(try Baseline(build: .current(), metrics: metrics).encoded())
            return "recorded \(metrics.count) metrics in \(Echo.escaped(path, limit: OutputFile.pathLimit))\n"
        }
        let format = try args.choice("format", default: BaselineOptions.BaselineFormat.text)
        let thresholds: [Metric.Kind: Double?] = [.instructions: try threshold(args, "instructions-threshold"),
                                                  .ratio: try threshold(args, "ratio-threshold")]
        let baseline = try Baseline.load(path)
        let expected = try checked(baseline, path: path, selection: selection, strictMachine: args.flag("strict-machine"))
        var current = try measure(quick: quick, selection: selection, files: files)
        var comparison = try Comparison(baseline: expected, current: current, overrides: thresholds)
        // A timing ratio that regressed is measured again (up to twice) and its lowest
        // value kept: a slow spell of the shared machine passes, a real regression stays.
        // Instruction counts are exact and never re-measured.
        for _ in 0..<2 where comparison.rows.contains(where: { $0.verdict == .regression && $0.name.hasPrefix("simd/") }) {
            let again = try measureRatios(quick: quick, files: files)
            current = current.map { m in
                guard m.kind == .ratio, let r = again.first(where: { $0.name == m.name }) else { return m }
                return Metric(name: m.name, kind: m.kind, value: Swift.min(m.value, r.value), threshold: m.threshold)
            }
            comparison = try Comparison(baseline: expected, current: current, overrides: thresholds)
        }
        let table = comparison.render(markdown: format == .markdown, baselineBuild: baseline.build)
        if comparison.regressed { throw Regression(report: table) }
        return table
    }

    /// A threshold flag, held to the same rule as a threshold in the file.
    static func threshold(_ args: Arguments, _ name: String) throws(BenchError) -> Double? {
        guard let value = try args.double(name) else { return nil }
        guard Metric.isValidThreshold(value) else { throw BenchError("option --\(name) \(Metric.thresholdRule), got \(value)") }
        return value
    }

    /// Instruction counts, then the ratio suite (`simd/c`, `simd/limit` at 1k and 10k), of
    /// the built-in scenarios or of walkthrough `files`; `selection` chooses which.
    static func measure(quick: Bool, selection: MetricSelection = .all, files: [Scenario] = []) throws(BenchError) -> [Metric] {
        var counts: [Metric] = []
        if selection.includes(.instructions) {
            counts = try InstructionCounter.withCounter { (counter) throws(BenchError) in
                var metrics: [Metric] = []
                for file in files {
                    let value = try counter.count(file: file, frames: Scenario.defaultPositions)
                    metrics.append(Metric(name: "instructions/\(file.name)", kind: .instructions, value: value,
                                          threshold: Metric.defaultThreshold(.instructions)))
                }
                for scenario in counted where files.isEmpty {
                    let value = try counter.count(scenario: scenario, size: countedSize, frames: countedFrames)
                    metrics.append(Metric(name: "instructions/\(scenario)", kind: .instructions, value: value,
                                          threshold: Metric.defaultThreshold(.instructions)))
                }
                return metrics
            }
        }
        return counts + (selection.includes(.ratio) ? try measureRatios(quick: quick, files: files) : [])
    }

    /// `simd/c` and `simd/limit` per scenario at 1k and 10k subviews, or per file at its own count.
    static func measureRatios(quick: Bool, files: [Scenario] = []) throws(BenchError) -> [Metric] {
        var metrics: [Metric] = []
        var suite = SuiteOptions()
        suite.sizes = [1_000, 10_000]
        suite.files = files
        suite.implementations = [.simd, .c, .limit]
        suite.budgetSeconds = quick ? 0.1 : 0.4
        // The median of three runs: one run's minimum can still catch a slow spell of the
        // shared machine (seen: 2.5 instead of 1.7 for one ratio).
        var runs: [[String: Double]] = []
        for _ in 0..<3 {
            let report = Report(build: .current(), results: try Suite.run(suite) { _ in })
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
            metrics.append(Metric(name: name, kind: .ratio, value: values[values.count / 2],
                                  threshold: Metric.defaultThreshold(.ratio)))
        }
        return metrics
    }
}
