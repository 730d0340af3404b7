import WalkthroughKernel

extension BaselineCommand {
    /// The baseline's metrics that `check` compares, chosen before anything is measured:
    /// those of the `--metrics` selection, after the machine check (`--strict-machine`
    /// refuses a baseline from another machine or build; without it, the report's first
    /// line warns) and the tools check (no valgrind: `--metrics ratios` is named).
    static func checked(_ baseline: Baseline, path: String, selection: MetricSelection,
                        strictMachine: Bool) throws(BenchError) -> [Metric] {
        let file = Echo.escaped(path, limit: OutputFile.pathLimit)
        let machine = MachineCheck(recorded: baseline.build, current: Dictionary(BuildInfo.current().pairs) { a, _ in a })
        if strictMachine && !machine.matches {
            throw BenchError("\(file) was recorded on another machine or build (\(machine.list)); --strict-machine refuses it")
        }
        try selection.requireTools()
        let expected = baseline.metrics.filter { selection.includes($0.kind) }
        guard !expected.isEmpty else {
            throw BenchError("\(file) has no metrics of --metrics \(selection.rawValue); record them with bench baseline update")
        }
        return expected
    }
}
