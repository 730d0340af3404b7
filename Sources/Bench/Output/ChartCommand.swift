import Foundation
import Kernel

/// `bench chart --output FILE.svg [run options]`: runs the suite and draws ns per subview
/// against subview count, log–log, one panel per scenario and one line per implementation.
/// Hand-written SVG.
enum ChartCommand {
    static let usage = "usage: bench chart --output FILE.svg [--filter REGEX] [--sizes N,N,…] [--impls NAME,…] [--budget SECONDS] [--quick]"
    /// The run options that choose what is measured; `--format`, `--chart` and `--list` would
    /// go unused here, so they are errors.
    static let options = RunCommand.options.subtracting(["format", "chart"]).union(["output"])
    static let flags = RunCommand.flags.subtracting(["list"])

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, options: options, flags: flags)
        // A file here would be ignored (the chart is of a fresh run): an error, not a 30 s run.
        guard args.positional.isEmpty else { throw BenchError("unexpected argument \(Echo.quoted(args.positional[0])); \(usage)") }
        guard let path = args.value("output") else { throw BenchError("missing --output FILE.svg; \(usage)") }
        let output = try OutputFile(path)
        let suite = try RunCommand.suiteOptions(args)
        let results = try Suite.run(suite) { message in
            if suite.progress { StandardStreams.progress("… \(message)\n") }
        }
        let report = Report(build: .current(), results: results)
        try write(report, to: output)
        return "wrote \(Echo.escaped(path, limit: OutputFile.pathLimit))\n"
    }

    static func write(_ report: Report, to output: OutputFile) throws(BenchError) {
        try output.write(svg(report))
    }

    static let colors: [ImplementationKind: String] =
        [.reference: "#d62728", .simd: "#1f77b4", .simdParallel: "#17becf", .c: "#2ca02c", .limit: "#7f7f7f",
         .readTransform: "#9467bd", .readGather: "#8c564b", .readAlphas: "#e377c2"]

    /// Panels in a grid of three columns; axes are log10 of subviews and of ns per subview (min).
    static func svg(_ report: Report) -> String {
        let (scenarios, impls) = (report.scenarios, report.implementations)
        let (pw, ph, columns) = (300.0, 220.0, 3)
        let rows = (scenarios.count + columns - 1) / columns
        let width = pw * Double(columns) + 20, height = ph * Double(rows) + 80
        let finite = report.results.filter { $0.nsPerSubview.min > 0 && $0.nsPerSubview.min.isFinite }
        let xs = finite.map { log10(Double($0.subviews)) }, ys = finite.map { log10($0.nsPerSubview.min) }
        let (x0, x1) = ((xs.min() ?? 0).rounded(.down), max((xs.max() ?? 1).rounded(.up), (xs.min() ?? 0).rounded(.down) + 1))
        let (y0, y1) = ((ys.min() ?? 0).rounded(.down), max((ys.max() ?? 1).rounded(.up), (ys.min() ?? 0).rounded(.down) + 1))
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>
            <text x="10" y="18" font-size="13">\(escape("ns per subview per frame (min) vs subviews, log–log — " + report.build.oneLine))</text>

            """
        for (n, scenario) in scenarios.enumerated() {
            let ox = 10 + pw * Double(n % columns), oy = 30 + ph * Double(n / columns)
            let (left, top, w, h) = (ox + 45, oy + 20, pw - 65, ph - 60)
            func px(_ v: Double) -> Double { left + (v - x0) / (x1 - x0) * w }
            func py(_ v: Double) -> Double { top + h - (v - y0) / (y1 - y0) * h }
            out += "<g><text x=\"\(left)\" y=\"\(oy + 12)\" font-weight=\"bold\">\(escape(scenario))</text>\n"
            out += "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(w)\" height=\"\(h)\" fill=\"none\" stroke=\"#999\"/>\n"
            for e in stride(from: x0, through: x1, by: 1) {
                out += "<line x1=\"\(px(e))\" y1=\"\(top)\" x2=\"\(px(e))\" y2=\"\(top + h)\" stroke=\"#eee\"/>"
                out += "<text x=\"\(px(e))\" y=\"\(top + h + 14)\" text-anchor=\"middle\">1e\(Int(e))</text>\n"
            }
            for e in stride(from: y0, through: y1, by: 1) {
                out += "<line x1=\"\(left)\" y1=\"\(py(e))\" x2=\"\(left + w)\" y2=\"\(py(e))\" stroke=\"#eee\"/>"
                out += "<text x=\"\(left - 4)\" y=\"\(py(e) + 4)\" text-anchor=\"end\">1e\(Int(e))</text>\n"
            }
            for impl in impls {
                let points = finite.filter { $0.scenario == scenario && $0.impl == impl }
                    .map { "\(px(log10(Double($0.subviews)))),\(py(log10($0.nsPerSubview.min)))" }
                guard !points.isEmpty else { continue }
                out += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"\(colors[impl] ?? "black")\" points=\"\(points.joined(separator: " "))\"/>\n"
            }
            out += "</g>\n"
        }
        for (n, impl) in impls.enumerated() {
            let x = 20 + 120 * Double(n), y = height - 20
            out += "<line x1=\"\(x)\" y1=\"\(y)\" x2=\"\(x + 20)\" y2=\"\(y)\" stroke=\"\(colors[impl] ?? "black")\" stroke-width=\"3\"/>"
            out += "<text x=\"\(x + 25)\" y=\"\(y + 4)\">\(escape(impl.name))</text>\n"
        }
        return out + "</svg>\n"
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
