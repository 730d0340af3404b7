import WalkthroughKernel

extension BaselineCommand {
    /// The baseline's metrics that `check` compares, chosen before anything is measured:
    /// those of the `--metrics` selection, after the machine check (`--strict-machine`
    /// refuses a baseline from another machine or build; without it, the report's first
    /// line warns), the tools check (no valgrind: `--metrics ratios` is named) and the
    /// scenarios check (`unmeasured`).
    static func checked(_ baseline: Baseline, path: String, selection: MetricSelection,
                        strictMachine: Bool, files: [Scenario] = []) throws(BenchError) -> [Metric] {
        let file = InputFile.shown(path)
        let machine = MachineCheck(recorded: baseline.build, current: Dictionary(BuildInfo.current().pairs) { a, _ in a })
        if strictMachine && !machine.matches {
            throw BenchError("\(file) was recorded on another machine or build (\(machine.list)); --strict-machine refuses it")
        }
        try selection.requireTools()
        let expected = baseline.metrics.filter { selection.includes($0.kind) }
        guard !expected.isEmpty else {
            throw BenchError("\(file) has no metrics of --metrics \(selection.rawValue); record them with bench baseline update")
        }
        if let problem = try unmeasured(expected, files: files) { throw BenchError("\(file): \(problem)") }
        return expected
    }

    /// The scenarios this build measures each family of metric for (`Metric.Name`): the
    /// counted cases' and the ratio suite's, or those of the walkthrough `files`.
    static func measuredScenarios(files: [Scenario]) throws(BenchError) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (family, _) in Metric.Name.countFamilies { out[family] = [] }
        for counted in try countedCases(files: files) {
            for kind in [Metric.Kind.instructions, .writes] { out[CountedCase.family(kind, counted.unit), default: []].append(counted.name) }
        }
        let ratios = Suite.scenarios(ratioSuite(files: files)).map(\.name)
        for family in Metric.Name.ratioFamilies { out[family] = ratios }
        return out
    }

    /// The first metric of `metrics` whose scenario this build does not measure, in words,
    /// or nil. Found before measuring: the comparison after it said the same of such a
    /// metric ("was not measured by this build; refresh the baseline"), but only after
    /// 16 s of callgrind. A baseline of another build's scenarios (or, before per-frame
    /// counts, `instructions/FILE`) is still asked to be refreshed, not called malformed.
    /// A ratio's subviews are the window's average, known only once the walkthrough is
    /// built, so a ratio of a measured scenario at another size is still found after
    /// measuring.
    static func unmeasured(_ metrics: [Metric], files: [Scenario]) throws(BenchError) -> String? {
        let measured = try measuredScenarios(files: files)
        for metric in metrics {
            guard let name = Metric.Name(metric.name) else { continue }  // Baseline.load has refused it
            let scenarios = measured[name.family] ?? []
            guard !scenarios.contains(name.scenario) else { continue }
            let quoted = Echo.quoted(metric.name, limit: 80)
            if let guess = Suggestion.closest(to: name.scenario, among: scenarios) {
                let meant = name.family + guess + (name.subviews.map { "/\($0)" } ?? "")
                return "baseline metric \(quoted) is not measured by this build; did you mean \(Echo.quoted(meant, limit: 80))?"
            }
            let which = scenarios.isEmpty ? "no \(name.family)… metric"
                : "\(name.family)… metrics of \(scenarios.map { Echo.escaped($0, limit: 40) }.joined(separator: ", "))"
            guard files.isEmpty else {
                // The files given decide what is measured: the baseline is likely another's (a wrong --path).
                return "baseline metric \(quoted) is not measured for the files given (they give \(which)); "
                    + "check --path, or record a baseline for these files with bench baseline update"
            }
            return "baseline metric \(quoted) is not measured by this build (it measures \(which)); refresh the baseline, "
                + "or give the walkthrough files it was recorded for"
        }
        return nil
    }
}
