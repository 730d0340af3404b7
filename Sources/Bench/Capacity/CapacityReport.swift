import Foundation
import WalkthroughKernel

/// `bench capacity`'s answers in `bench run`'s four forms, under the same machine record
/// (`BuildInfo`; in JSON the export's metadata, `Report.writeMachine`).
struct CapacityReport {
    var build: BuildInfo
    var options: CapacityCommand.Options
    var rows: [CapacityRow]
    /// The command line, date and commit, for the JSON export.
    var run: RunContext?

    /// The JSON export's `schemaVersion`, raised whenever a key changes meaning or goes away.
    static let schemaVersion = 1

    /// `bench run`'s forms but google/benchmark's, whose entries are timings, not capacities.
    enum Format: String, CaseIterable {
        case text, markdown, json, csv
    }

    func render(_ format: Format) -> String {
        switch format {
        case .json: return json()
        case .csv: return csv()
        case .markdown: return table(markdown: true)
        case .text: return table(markdown: false)
        }
    }

    /// `1,234,567`, `≥ 4,194,304` when the largest walkthrough fitted, `0` when not one
    /// subview did.
    static func capacity(_ row: CapacityRow) -> String {
        guard let fit = row.fit else { return "0" }
        return (row.atLimit ? "≥ " : "") + Report.grouped(fit.subviews)
    }

    /// The rows of one scenario, layout and implementation side by side, a pair of columns a rate.
    private var lines: [(key: (String, FrameLayout, ImplementationKind), rows: [CapacityRow])] {
        var out: [((String, FrameLayout, ImplementationKind), [CapacityRow])] = []
        for row in rows {
            if let last = out.last, last.0 == (row.scenario, row.layout, row.impl) {
                out[out.count - 1].1.append(row)
            } else {
                out.append(((row.scenario, row.layout, row.impl), [row]))
            }
        }
        return out
    }

    private func table(markdown: Bool) -> String {
        let rates = CapacityCommand.rates.sorted()
        var table = [["scenario", "layout", "impl"] + rates.flatMap { ["\($0) Hz", "µs/frame"] }]
        for line in lines {
            var cells = [Echo.escaped(line.key.0), line.key.1.rawValue, line.key.2.name]
            for hz in rates {
                let row = line.rows.first { $0.hz == hz }
                cells += [row.map(Self.capacity) ?? "-", row?.fit.map { Report.short($0.medianMicroseconds) } ?? "-"]
            }
            table.append(cells)
        }
        let budgets = rates.map { "\(Report.short(CapacityCommand.budgetMicroseconds(hz: $0, share: options.share))) µs at \($0) Hz" }
        let head = markdown ? "**bench capacity**: \(build.oneLine)\n\n" : "bench capacity: \(build.oneLine)\n\n"
        return head
            + "subviews a frame animates within \(String(format: "%g", options.share))% of a frame (\(budgets.joined(separator: ", "))): the largest size measured\n"
            + "whose median frame time fits, and that time; sizes doubled from 1,000, then bisected to within 3%\n\n"
            + Report.table(table, markdown: markdown)
    }

    private func json() -> String {
        var w = JSONWriter()
        w.raw("{\"capacitySchemaVersion\": \(Self.schemaVersion),\n ")
        Report.writeMachine(&w, build: build, run: run)
        w.raw(",\n \"options\": {\"share\": \(Report.jsonNumber(options.share)), \"filter\": ")
        w.string(options.filterPattern)
        w.raw(", \"scenarios\": [" + options.scenarios.map { "\"\($0.name)\"" }.joined(separator: ", ") + "]")
        w.raw(", \"layouts\": [" + options.layouts.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]")
        w.raw(", \"impls\": [" + options.kinds.map { "\"\($0.name)\"" }.joined(separator: ", ") + "]")
        w.raw(", \"budgetSeconds\": \(options.budgetSeconds)},\n \"results\": [")
        for (n, r) in rows.enumerated() {
            w.raw(n == 0 ? "\n  " : ",\n  ")
            w.raw("{\"scenario\": ")
            w.string(r.scenario)
            w.raw(", \"layout\": \"\(r.layout.rawValue)\", \"impl\": \"\(r.impl.name)\", \"hz\": \(r.hz)")
            w.raw(", \"budgetMicroseconds\": \(Report.jsonNumber(r.budgetMicroseconds)), \"subviews\": \(r.fit.map { String($0.subviews) } ?? "0")")
            w.raw(", \"atLimit\": \(r.atLimit), \"probes\": \(r.probes), \"fit\": \(Self.json(r.fit)), \"miss\": \(Self.json(r.miss))}")
        }
        w.raw("\n ]}\n")
        return w.text
    }

    /// A probe as a JSON object, or null.
    static func json(_ p: CapacityProbe?) -> String {
        guard let p else { return "null" }
        return "{\"size\": \(p.size), \"subviews\": \(p.subviews), \"samples\": \(p.nsPerSubview.count), "
            + "\"nsPerSubview\": {\"min\": \(Report.jsonNumber(p.nsPerSubview.min)), \"p50\": \(Report.jsonNumber(p.nsPerSubview.p50))}, "
            + "\"microsecondsPerFrame\": {\"min\": \(Report.jsonNumber(p.minimumMicroseconds)), \"p50\": \(Report.jsonNumber(p.medianMicroseconds))}}"
    }

    private func csv() -> String {
        var lines = ["scenario,layout,impl,hz,budget_us,subviews,at_limit,us_per_frame_p50,us_per_frame_min,next_subviews,next_us_per_frame_p50"]
        for r in rows {
            lines.append([Report.csvField(r.scenario), r.layout.rawValue, r.impl.name, String(r.hz), String(r.budgetMicroseconds),
                          String(r.fit?.subviews ?? 0), String(r.atLimit),
                          r.fit.map { String($0.medianMicroseconds) } ?? "", r.fit.map { String($0.minimumMicroseconds) } ?? "",
                          r.miss.map { String($0.subviews) } ?? "", r.miss.map { String($0.medianMicroseconds) } ?? ""].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
