/// `bench baseline check --format json`: the verdict, the exit status and what it means,
/// the summary's counts, both builds, and every metric with its values, change and
/// threshold in percent (docs/REGRESSION-GATE.md, "Machine-readable output").
extension Comparison {
    /// Verdicts as the document spells them: lower case, whatever the text table shows.
    static func jsonVerdict(_ v: Verdict) -> String { v == .regression ? "regression" : v.rawValue }

    func json(baselinePath: String, baselineBuild: [String: String]) -> String {
        let current = Dictionary(BuildInfo.current().pairs) { a, _ in a }
        let machine = MachineCheck(recorded: baselineBuild, current: current)
        var w = JSONWriter()
        VerdictJSON.head(&w, command: "baseline check", regressed: regressed, warning: machine.warning("the baseline was recorded"))
        let count = { (v: Verdict) in rows.filter { $0.verdict == v }.count }
        w.raw(",\n \"summary\": {\"metrics\": \(rows.count), \"regressions\": \(count(.regression)), "
              + "\"improvements\": \(count(.improvement)), \"ok\": \(count(.ok)), \"new\": \(count(.new))}")
        w.raw(",\n \"baseline\": {\"path\": ")
        w.string(baselinePath)
        w.raw(", \"build\": ")
        w.stringObject(baselineBuild.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        w.raw("},\n \"current\": {\"build\": ")
        w.stringObject(current.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        w.raw("},\n \"metrics\": [")
        for (n, r) in rows.enumerated() {
            w.raw(n == 0 ? "\n  {\"name\": " : ",\n  {\"name\": ")
            w.string(r.name)
            let change = r.baseline.flatMap { b in r.current.map { ($0 - b) / b } }
            w.raw(", \"kind\": \"\(r.kind.rawValue)\", \"baseline\": \(r.baseline.map(Report.jsonNumber) ?? "null")"
                  + ", \"current\": \(r.current.map(Report.jsonNumber) ?? "null")"
                  + ", \"changePercent\": \(VerdictJSON.percent(change)), \"thresholdPercent\": \(VerdictJSON.percent(r.threshold))"
                  + ", \"verdict\": \"\(Comparison.jsonVerdict(r.verdict))\"}")
        }
        w.raw("\n ]}\n")
        return w.text
    }
}
