import Foundation
import WalkthroughKernel

/// The results of a run with the ratios people read first, in the four output formats.
struct Report {
    var build: BuildInfo
    var results: [Result]
    /// The command line and options, for the JSON export; nil for the gate's own runs.
    var run: RunContext? = nil
    /// Whether the text and markdown forms add the full tables after the headlines (`--verbose`).
    var verbose = false

    /// The JSON export's `schemaVersion`: raised whenever a key changes meaning or goes
    /// away (`bench compare` refuses to compare files of two versions). Version 1 was the
    /// export before it carried one.
    static let schemaVersion = 2

    /// Rows grouped by scenario and size, in run order.
    var groups: [(scenario: String, subviews: Int, rows: [Result])] {
        var out: [(String, Int, [Result])] = []
        for r in results {
            if let last = out.last, last.0 == r.scenario, last.1 == r.subviews {
                out[out.count - 1].2.append(r)
            } else {
                out.append((r.scenario, r.subviews, [r]))
            }
        }
        return out
    }

    /// The implementations measured, in run order.
    var implementations: [ImplementationKind] { Report.firstOccurrences(results.map(\.impl)) }

    /// The scenarios measured, in run order.
    var scenarios: [String] { Report.firstOccurrences(results.map(\.scenario)) }

    /// Each distinct element once, in order of first occurrence; linear time, since a run
    /// file may hold tens of thousands of scenarios.
    static func firstOccurrences<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }

    /// min(a) / min(b) within one group, nil when either is missing.
    static func ratio(_ rows: [Result], _ a: ImplementationKind, _ b: ImplementationKind) -> Double? {
        guard let x = rows.first(where: { $0.impl == a })?.nsPerSubview.min,
              let y = rows.first(where: { $0.impl == b })?.nsPerSubview.min, y > 0 else { return nil }
        return x / y
    }

    static let ratioColumns: [(name: String, a: ImplementationKind, b: ImplementationKind)] =
        [("simd/c", .simd, .c), ("simd/limit", .simd, .limit), ("ref/simd", .reference, .simd),
         ("transform/simd", .readTransform, .simd), ("gather/simd", .readGather, .simd),
         ("gather/read-limit", .readGather, .readLimit), ("alphas/simd", .readAlphas, .simd)]

    func render(_ format: ReportFormat) -> String {
        switch format {
        case .json: return json()
        case .csv: return csv()
        case .googleBenchmark: return GoogleBenchmarkExport(report: self).render()
        case .markdown: return tables(markdown: true)
        case .text: return tables(markdown: false)
        }
    }

    // MARK: text and markdown

    /// The headlines and legend (`Headline`), then with `verbose` the summary of minimums and
    /// ratios and every statistic.
    private func tables(markdown: Bool) -> String {
        let impls = implementations
        var summary = [["scenario", "subviews"] + impls.map(\.name) + Report.ratioColumns.map(\.name)]
        // A ratio that means nothing where it was measured carries the mark of its reason
        // (`Headline.caveat`), which a footnote gives.
        var caveats = Set<Headline.Caveat>()
        for g in groups {
            var row = [Echo.escaped(g.scenario), Report.grouped(g.subviews)]
            for impl in impls {
                row.append(g.rows.first { $0.impl == impl }.map { Report.short($0.nsPerSubview.min) } ?? "-")
            }
            let headline = Headline(scenario: g.scenario, subviews: g.subviews, rows: g.rows)
            for (_, a, b) in Report.ratioColumns {
                guard let ratio = Report.ratio(g.rows, a, b) else {
                    row.append("-")
                    continue
                }
                let caveat = headline.caveat(a, b)
                if let caveat { caveats.insert(caveat) }
                row.append(Report.ratioText(ratio) + (caveat?.mark ?? ""))
            }
            summary.append(row)
        }
        let footnotes = Headline.Caveat.allCases.filter(caveats.contains).map { "\($0.mark) \($0.reason)\n" }.joined()
        var details = [["scenario", "subviews", "impl", "min", "p50", "p90", "p99", "max", "µs/frame", "frames/s", "frames"]]
        for r in results {
            let s = r.nsPerSubview
            details.append([Echo.escaped(r.scenario), Report.grouped(r.subviews), r.impl.name] + [s.min, s.p50, s.p90, s.p99, s.max].map(Report.short)
                           + [Report.short(r.microsecondsPerFrame), Report.whole(r.framesPerSecond), String(r.frames)])
        }
        let head = markdown ? "**bench**: \(build.oneLine)\n\n" : "bench: \(build.oneLine)\n\n"
        let headlines = head + Headline.render(self, markdown: markdown)
        guard verbose else { return headlines }
        return headlines + "\n"
            + "ns per subview per frame, minimum over the samples (lower is better); ratios of minimums, measured in one run\n\n"
            + Report.table(summary, markdown: markdown)
            + (footnotes.isEmpty ? "" : (markdown ? "\n" : "") + footnotes)
            + "\nall statistics, ns per subview per frame\n\n"
            + Report.table(details, markdown: markdown)
    }

    static func table(_ rows: [[String]], markdown: Bool) -> String {
        // Names read from saved runs and files may hold `|` (a new column) or HTML, which a markdown table would act on.
        let rows = markdown ? rows.map { $0.map(markdownCell) } : rows
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            let cells = row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 || c == 2 && rows[0][2] == "impl" ? cell + pad : pad + cell
            }
            return markdown ? "| " + cells.joined(separator: " | ") + " |" : cells.joined(separator: "  ")
        }
        var out = [line(rows[0])]
        if markdown {
            out.append("|" + widths.enumerated().map { c, w in String(repeating: "-", count: w + 1) + (c == 0 ? "-" : ":") }.joined(separator: "|") + "|")
        }
        out += rows.dropFirst().map(line)
        return out.joined(separator: "\n") + "\n"
    }

    /// `cell` as literal text in a markdown table: `|`, `<` and `>` escaped (no other markup is made from names).
    static func markdownCell(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "|" || $0 == "<" || $0 == ">" }) else { return cell }
        return cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    static func short(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        // Beyond 10¹⁵ grouped digits are unreadable (and Int(x) traps from 2⁶³).
        guard x.magnitude < 1e15 else { return String(format: "%.3g", x) }
        switch x {
        case ..<10: return String(format: "%.3f", x)
        case ..<100: return String(format: "%.2f", x)
        case ..<1000: return String(format: "%.1f", x)
        default: return grouped(Int(x.rounded()))
        }
    }

    /// A ratio in a table: two decimals; "-" where it is not finite, and beyond 10¹⁵ as
    /// `short` (a ratio of hand-written times in a saved run: `%.2f` of 1e300 is 301 digits).
    static func ratioText(_ x: Double) -> String {
        x.isFinite && x.magnitude < 1e15 ? String(format: "%.2f", x) : short(x)
    }

    /// `x` rounded, digits grouped; "-" where it is not finite, and beyond 10¹⁵ as `short`
    /// (Int(x) traps from 2⁶³).
    static func whole(_ x: Double) -> String {
        x.isFinite && x.magnitude < 1e15 ? grouped(Int(x.rounded())) : short(x)
    }

    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return (n < 0 ? "-" : "") + out
    }

    // MARK: json and csv

    /// The export: what was measured, on what, when and how (`schemaVersion` and the
    /// metadata), then every statistic and the ratios. Units are in the keys' names.
    private func json() -> String {
        var w = JSONWriter()
        w.raw("{\"schemaVersion\": \(Report.schemaVersion),\n ")
        Report.writeMachine(&w, build: build, run: run)
        w.raw(",\n \"options\": ")
        if let run { run.writeOptions(&w) } else { w.raw("null") }
        w.raw(",\n \"results\": [")
        for (n, r) in results.enumerated() {
            w.raw(n == 0 ? "\n  " : ",\n  ")
            w.raw("{\"scenario\": ")
            w.string(r.scenario)
            w.raw(", \"impl\": ")
            w.string(r.impl.name)
            w.raw(", \"layout\": \"\(r.layout.rawValue)\", \"subviews\": \(r.subviews), \"frames\": \(r.frames), \"samples\": \(r.nsPerSubview.count), \"nsPerSubview\": {")
            let s = r.nsPerSubview
            w.raw([("min", s.min), ("p50", s.p50), ("p90", s.p90), ("p99", s.p99), ("max", s.max)]
                .map { "\"\($0.0)\": \(Report.jsonNumber($0.1))" }.joined(separator: ", "))
            w.raw("}, \"microsecondsPerFrame\": \(Report.jsonNumber(r.microsecondsPerFrame)), \"framesPerSecond\": \(Report.jsonNumber(r.framesPerSecond))}")
        }
        w.raw("\n ],\n \"ratios\": [")
        for (n, g) in groups.enumerated() {
            w.raw(n == 0 ? "\n  " : ",\n  ")
            w.raw("{\"scenario\": ")
            w.string(g.scenario)
            w.raw(", \"subviews\": \(g.subviews)")
            for (name, a, b) in Report.ratioColumns {
                w.raw(", ")
                w.string(name)
                w.raw(": " + (Report.ratio(g.rows, a, b).map(Report.jsonNumber) ?? "null"))
            }
            w.raw("}")
        }
        w.raw("\n ]}\n")
        return w.text
    }

    /// The machine record of an export, from `"date"` to `"arguments"`: when, where, which
    /// build and commit, and the command line (`bench capacity` writes the same).
    static func writeMachine(_ w: inout JSONWriter, build: BuildInfo, run: RunContext?) {
        w.raw("\"date\": ")
        if let run { w.string(run.date) } else { w.raw("null") }
        for (key, value) in [("os", build.os), ("cpu", build.cpu), ("cpuFeatures", build.cpuFeatures)] {
            w.raw(",\n \"\(key)\": ")
            w.string(value)
        }
        w.raw(",\n \"cores\": \(build.cores),\n \"toolchain\": ")
        w.string(build.toolchain)
        w.raw(",\n \"build\": ")
        w.stringObject(build.buildPairs)
        w.raw(",\n \"commit\": ")
        if let commit = run?.commit { w.string(commit) } else { w.raw("null") }
        w.raw(",\n \"uncommittedChanges\": " + (run?.uncommittedChanges.map { $0 ? "true" : "false" } ?? "null"))
        w.raw(",\n \"arguments\": [")
        for (n, word) in (run?.arguments ?? []).enumerated() {
            if n > 0 { w.raw(", ") }
            w.string(word)
        }
        w.raw("]")
    }

    static func jsonNumber(_ x: Double) -> String { x.isFinite ? String(x) : "null" }

    /// A plain header line, then one row a result; the metadata is in the JSON export.
    /// Statistics are ns per subview per frame.
    private func csv() -> String {
        var lines = ["scenario,impl,layout,subviews,frames,samples,min,p50,p90,p99,max,us_per_frame,fps"]
        for r in results {
            let s = r.nsPerSubview
            lines.append([Report.csvField(r.scenario), r.impl.name, r.layout.rawValue, String(r.subviews), String(r.frames), String(s.count),
                          String(s.min), String(s.p50), String(s.p90), String(s.p99), String(s.max),
                          String(r.microsecondsPerFrame), String(r.framesPerSecond)].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180): a
    /// file's name may.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
