/// `bench compare --format json`: the verdict, the exit status and what it means, the
/// threshold in percent, both files and builds, the summary's counts, and every matched
/// result with both runs' minimum and median, their ratios NEW/OLD and its verdict
/// (docs/PERFORMANCE.md, "Machine-readable output").
extension RunComparison {
    static func jsonVerdict(_ v: Verdict) -> String { v == .regression ? "regression" : v.rawValue }

    func json(old: RunFile, new: RunFile) -> String {
        var w = JSONWriter()
        let machines = MachineCheck(recorded: old.buildPairs, current: new.buildPairs)
        VerdictJSON.head(&w, command: "compare", regressed: regressed, warning: machines.warning("OLD was measured"))
        w.raw(",\n \"thresholdPercent\": \(VerdictJSON.percent(threshold)), \"unit\": \"ns per subview per frame\"")
        for (key, file) in [("old", old), ("new", new)] {
            w.raw(",\n \"\(key)\": {\"path\": ")
            w.string(file.path)
            w.raw(", \"build\": ")
            w.stringObject(file.buildPairs.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            w.raw("}")
        }
        let count = { (v: Verdict) in rows.filter { verdict($0) == v }.count }
        w.raw(",\n \"summary\": {\"matched\": \(rows.count), \"regressions\": \(count(.regression)), "
              + "\"improvements\": \(count(.improvement)), \"ok\": \(count(.ok)), \"onlyOld\": \(onlyOld), \"onlyNew\": \(onlyNew)}")
        w.raw(",\n \"results\": [")
        for (n, row) in rows.enumerated() {
            w.raw(n == 0 ? "\n  {\"scenario\": " : ",\n  {\"scenario\": ")
            w.string(row.key.scenario)
            w.raw(", \"impl\": ")
            w.string(row.key.impl)
            w.raw(", \"subviews\": \(row.key.subviews), \"layout\": ")
            w.string(row.key.layout)
            w.raw(", \"old\": {\"min\": \(Report.jsonNumber(row.old.min)), \"p50\": \(Report.jsonNumber(row.old.p50))}")
            w.raw(", \"new\": {\"min\": \(Report.jsonNumber(row.new.min)), \"p50\": \(Report.jsonNumber(row.new.p50))}")
            w.raw(", \"minRatio\": \(Report.jsonNumber(row.minRatio)), \"p50Ratio\": \(Report.jsonNumber(row.p50Ratio))")
            w.raw(", \"verdict\": \"\(RunComparison.jsonVerdict(verdict(row)))\"}")
        }
        w.raw("\n ]}\n")
        return w.text
    }
}
