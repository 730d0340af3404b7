import Foundation
import Kernel

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
            rows.append(Row(name: old.name, baseline: old.value, current: new.value, threshold: threshold, verdict: verdict))
        }
        for new in current where !baseline.contains(where: { $0.name == new.name }) {
            rows.append(Row(name: new.name, baseline: nil, current: new.value, threshold: new.threshold, verdict: .new))
        }
    }

    func render(markdown: Bool, baselineBuild: [String: String]) -> String {
        var table = [["metric", "baseline", "current", "change", "threshold", "verdict"]]
        for r in rows {
            let change = r.baseline.flatMap { b in r.current.map { String(format: "%+.1f%%", 100 * ($0 - b) / b) } } ?? "-"
            // Names come from the baseline file: escaped, so that the table stays one row a metric.
            table.append([Echo.escaped(r.name), r.baseline.map { String(format: "%.4g", $0) } ?? "-", r.current.map { String(format: "%.4g", $0) } ?? "-",
                          change, String(format: "±%.0f%%", 100 * r.threshold), r.verdict.rawValue])
        }
        let regressions = rows.filter { $0.verdict == .regression }.count
        let improvements = rows.filter { $0.verdict == .improvement }.count
        let recorded = { (key: String) in Echo.escaped(baselineBuild[key] ?? "?") }
        let head = "baseline from: \(recorded("configuration")) build for \(recorded("targetFeatures")), "
            + "\(recorded("swiftCompiler")); current: \(BuildInfo.current().oneLine)\n\n"
        return head + Report.table(table, markdown: markdown)
            + "\n\(regressions) regression(s), \(improvements) improvement(s), \(rows.count) metrics\n"
    }
}
