import Foundation
import WalkthroughKernel

/// Two saved runs side by side: rows matched by scenario, implementation, size and layout;
/// for each, NEW/OLD of the minimum and of the median, and a verdict.
struct RunComparison {
    struct Key: Hashable {
        var scenario: String
        var impl: String
        var subviews: Int
        var layout: String
    }

    struct Row {
        var key: Key
        var old: RunFile.Statistics
        var new: RunFile.Statistics
        var minRatio: Double { new.min / old.min }
        var p50Ratio: Double { new.p50 / old.p50 }
    }

    enum Verdict: String {
        case ok, regression = "REGRESSION", improvement
    }

    let rows: [Row]
    let onlyOld: Int, onlyNew: Int
    /// Relative change beyond which a row regressed or improved (0.1 is 10%).
    let threshold: Double

    /// - Throws: two results of one key in a file, or no key in common.
    init(old: RunFile, new: RunFile, threshold: Double) throws(BenchError) {
        let a = try RunComparison.index(old), b = try RunComparison.index(new)
        rows = old.rows.compactMap { row in
            let key = RunComparison.key(row)
            return b[key].map { Row(key: key, old: row.nsPerSubview, new: $0) }
        }
        guard !rows.isEmpty else {
            throw BenchError("\(old.name) and \(new.name) have no results in common (scenario, implementation, subviews and layout)")
        }
        onlyOld = a.count - rows.count
        onlyNew = b.count - rows.count
        self.threshold = threshold
    }

    func verdict(_ row: Row) -> Verdict {
        let changes = [row.minRatio - 1, row.p50Ratio - 1]
        if changes.contains(where: { $0 > threshold }) { return .regression }
        if changes.contains(where: { $0 < -threshold }) { return .improvement }
        return .ok
    }

    var regressed: Bool { rows.contains { verdict($0) == .regression } }

    func render(markdown: Bool, old: RunFile, new: RunFile) -> String {
        let showLayout = rows.contains { $0.key.layout != FrameLayout.blocks.rawValue }
        var header = ["scenario", "subviews", "impl"] + (showLayout ? ["layout"] : [])
        header += ["old min", "new min", "min new/old", "old p50", "new p50", "p50 new/old", "verdict"]
        let table = rows.map { row -> (cells: [String], regression: Bool) in
            let v = verdict(row)
            var cells = [Echo.escaped(row.key.scenario), Report.grouped(row.key.subviews), Echo.escaped(row.key.impl)]
            if showLayout { cells.append(Echo.escaped(row.key.layout)) }
            cells += [Report.short(row.old.min), Report.short(row.new.min), Report.ratioText(row.minRatio),
                      Report.short(row.old.p50), Report.short(row.new.p50), Report.ratioText(row.p50Ratio), v.rawValue]
            return (cells, v == .regression)
        }
        let count = { (v: Verdict) in rows.filter { verdict($0) == v }.count }
        var summary = "\(count(.regression)) regression(s), \(count(.improvement)) improvement(s), \(count(.ok)) within "
            + "±\(String(format: "%g", 100 * threshold))% of \(rows.count) matched results"
        if onlyOld + onlyNew > 0 { summary += "; \(onlyOld) only in OLD, \(onlyNew) only in NEW" }
        let machines = MachineCheck(recorded: old.buildPairs, current: new.buildPairs)
        return VerdictReport(
            warning: machines.warning("OLD was measured"),
            summary: summary,
            context: ["OLD: \(old.name)", "NEW: \(new.name)", "ns per subview per frame; new/old above 1 is slower"],
            header: header, rows: table).render(markdown: markdown)
    }

    private static func key(_ row: RunFile.Row) -> Key {
        Key(scenario: row.scenario, impl: row.impl, subviews: row.subviews, layout: row.layout)
    }

    private static func index(_ file: RunFile) throws(BenchError) -> [Key: RunFile.Statistics] {
        var out: [Key: RunFile.Statistics] = [:]
        for row in file.rows {
            let key = key(row)
            guard out.updateValue(row.nsPerSubview, forKey: key) == nil else {
                throw BenchError("\(file.name): two results for \(Echo.quoted(row.scenario)) \(Echo.quoted(row.impl)) at \(row.subviews) subviews")
            }
        }
        return out
    }
}
