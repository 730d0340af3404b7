import Foundation
import WalkthroughKernel

/// The current metrics against a baseline: every metric's relative change and verdict.
struct Comparison {
    /// What a metric's change means.
    enum Verdict: String {
        /// Within the threshold either way.
        case ok
        /// Worse by more than the threshold: the check exits 2.
        case regression = "REGRESSION"
        /// Better by more than the threshold: reported, not a failure.
        case improvement
        /// Measured now, not in the baseline.
        case new
    }

    struct Row {
        var name: String
        var kind: Metric.Kind
        var baseline: Double?
        var current: Double?
        var threshold: Double
        var verdict: Verdict
    }

    var rows: [Row] = []
    var regressed: Bool { rows.contains { $0.verdict == .regression } }

    /// - Throws: a baseline metric that this build cannot measure (the gate would be blind).
    init(baseline: [Metric], current: [Metric], overrides: [Metric.Kind: Double?]) throws(BenchError) {
        for old in baseline {
            guard let new = current.first(where: { $0.name == old.name }) else {
                throw BenchError("baseline metric \(Echo.quoted(old.name)) was not measured by this build; refresh the baseline")
            }
            let threshold = (overrides[old.kind] ?? nil) ?? old.threshold
            let change = (new.value - old.value) / old.value
            let verdict: Verdict = change > threshold ? .regression : change < -threshold ? .improvement : .ok
            rows.append(Row(name: old.name, kind: old.kind, baseline: old.value, current: new.value, threshold: threshold, verdict: verdict))
        }
        for new in current where !baseline.contains(where: { $0.name == new.name }) {
            rows.append(Row(name: new.name, kind: new.kind, baseline: nil, current: new.value, threshold: new.threshold, verdict: .new))
        }
    }

    /// The report: a warning first when the baseline comes from another machine or build,
    /// then every metric (`VerdictReport`: in markdown, the summary and the regressions
    /// first, the rest folded).
    func render(markdown: Bool, baselineBuild: [String: String]) -> String {
        let header = ["metric", "baseline", "current", "change", "threshold", "verdict"]
        let table = rows.map { r -> (cells: [String], regression: Bool) in
            let change = r.baseline.flatMap { b in r.current.map { String(format: "%+.1f%%", 100 * ($0 - b) / b) } } ?? "-"
            // Names come from the baseline file: escaped, so that the table stays one row a metric.
            return ([Echo.escaped(r.name), r.baseline.map { String(format: "%.4g", $0) } ?? "-", r.current.map { String(format: "%.4g", $0) } ?? "-",
                     change, "±" + String(format: "%g", 100 * r.threshold) + "%", r.verdict.rawValue], r.verdict == .regression)
        }
        let regressions = rows.filter { $0.verdict == .regression }.count
        let improvements = rows.filter { $0.verdict == .improvement }.count
        let recorded = { (key: String) in Echo.escaped(baselineBuild[key] ?? "?") }
        let current = BuildInfo.current()
        let head = "baseline from: \(recorded("configuration")) build for \(recorded("targetFeatures")), "
            + "\(recorded("swiftCompiler")); current: \(current.oneLine)"
        let machine = MachineCheck(recorded: baselineBuild, current: Dictionary(current.pairs) { a, _ in a })
        return VerdictReport(warning: machine.warning("the baseline was recorded"),
                             summary: "\(regressions) regression(s), \(improvements) improvement(s), \(rows.count) metrics",
                             context: [head], header: header, rows: table).render(markdown: markdown)
    }
}
