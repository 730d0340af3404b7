import Foundation
import WalkthroughKernel

/// The chart of a run, hand-written SVG: one column of panels per scenario. The upper panel
/// is ns per subview per frame (minimum) against subviews, log–log, one line per
/// implementation; the lower one, when `limit` was measured, the minimums of the
/// implementations that compute a frame divided by `limit`'s, on a linear axis fitted to the
/// fast ones (the reference, 30–150× limit at thousands of subviews, is named above the
/// panel when it does not fit; the readers are in the upper panel), so that the fast
/// implementations, squeezed together at the bottom of the upper panel, can be told apart.
///
/// Every axis is fitted to the data: the x axis spans the measured sizes (its ticks are
/// those sizes), the y axes the measured values.
struct Chart {
    let report: Report

    static let colors: [ImplementationKind: String] =
        [.reference: "#d62728", .simd: "#1f77b4", .simdParallel: "#17becf", .c: "#2ca02c", .limit: "#7f7f7f",
         .readTransform: "#9467bd", .readGather: "#8c564b", .readLimit: "#bcbd22", .readAlphas: "#e377c2"]

    // Geometry, in pixels.
    private static let (cellWidth, columns, margin) = (320.0, 3, 20.0)
    private static let (panelLeft, panelRight) = (58.0, 12.0)
    private static let (upperHeight, lowerHeight, panelGap) = (170.0, 110.0, 48.0)
    /// Width of a character, as a share of the font size: generous for sans-serif digits
    /// and lower-case text, so that a text measured with it fits.
    private static let characterWidth = 0.62

    /// The results with a drawable minimum, grouped by scenario: found once, so that drawing
    /// takes time linear in the results (each cell once filtered them all).
    private let points: [Result]
    private let pointsByScenario: [String: [Result]]
    private let hasLimit: Bool

    init(report: Report) {
        self.report = report
        points = report.results.filter { $0.nsPerSubview.min > 0 && $0.nsPerSubview.min.isFinite }
        pointsByScenario = Dictionary(grouping: points, by: \.scenario)
        hasLimit = report.results.contains { $0.impl == .limit }
    }

    func svg() -> String {
        let scenarios = report.scenarios, impls = report.implementations
        let columns = max(1, min(Chart.columns, scenarios.count))
        let width = Chart.margin * 2 + Chart.cellWidth * Double(columns)
        let cellHeight = 24 + Chart.upperHeight + (hasLimit ? Chart.panelGap + Chart.lowerHeight : 0) + 52
        let rows = (scenarios.count + columns - 1) / columns
        let legendRows = legendLayout(impls, width: width).rows
        // The title and the build lines wrap at words to the chart's width: one column (a
        // walkthrough file) is 360 pixels, where one line cut the title to "Time per subview
        // per frame: mi…".
        let b = report.build, room = width - 2 * Chart.margin
        let heading: [(String, Double, Bool, String)] =
            Chart.wrap(Chart.title, size: 15, bold: true, width: room).map { ($0, 15, true, "#000000") }
            + ["\(b.configuration) build: Swift code for \(b.swiftTargetFeatures), C anchor for \(b.cTargetFeatures); \(b.swiftCompiler), \(b.cCompiler.prefix { $0 != "(" })",
               "\(b.cpu) (\(b.cpuFeatures)), \(b.cores) cores, \(b.os)"]
                .flatMap { Chart.wrap($0, size: 10, bold: false, width: room) }.map { ($0, 10, false, "#555555") }
        var lineY = 6.0
        let headingY = heading.map { line in
            lineY += line.1 + 3
            return lineY
        }
        let top = lineY + 14
        let height = top + cellHeight * Double(rows) + 22 * Double(legendRows) + 16
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(height))" font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>

            """
        for (line, y) in zip(heading, headingY) {
            out += text(Chart.margin, y, line.0, size: line.1, bold: line.2, color: line.3, width: room)
        }
        let (y0, y1) = logRange(points.map { log10($0.nsPerSubview.min) })
        for (n, scenario) in scenarios.enumerated() {
            let x = Chart.margin + Chart.cellWidth * Double(n % columns), y = top + cellHeight * Double(n / columns)
            out += cell(scenario, impls: impls, x: x, y: y, y0: y0, y1: y1)
        }
        out += legend(impls, y: top + cellHeight * Double(rows) + 8, width: width)
        return out + "</svg>\n"
    }

    static let title = "Time per subview per frame: minimum over the samples, lower is better"

    /// `s` in lines that fit `width` at font `size` (measured as `text` measures), broken
    /// between words; a word longer than a line is left for `text` to cut.
    static func wrap(_ s: String, size: Double, bold: Bool, width: Double) -> [String] {
        let fits = max(Int(width / (size * characterWidth * (bold ? 1.1 : 1))), 1)
        var lines: [String] = [], line = ""
        for word in s.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > fits {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }

    // MARK: one scenario

    private func cell(_ scenario: String, impls: [ImplementationKind], x: Double, y: Double, y0: Double, y1: Double) -> String {
        let rows = pointsByScenario[scenario] ?? []
        let left = x + Chart.panelLeft, w = Chart.cellWidth - Chart.panelLeft - Chart.panelRight
        var out = "<g>\n" + text(left, y + 14, scenario, size: 12, bold: true, width: w)
        let (x0, x1) = sizeRange(rows.map(\.subviews))
        let sizes = Array(Set(rows.map(\.subviews))).sorted()
        func px(_ subviews: Int) -> Double { left + (log10(Double(subviews)) - x0) / (x1 - x0) * w }
        // At a single size (a walkthrough file) the points of all implementations would sit
        // on one vertical line: each is moved aside by its place in the legend.
        func spread(_ impl: ImplementationKind) -> Double {
            guard sizes.count == 1, let n = impls.firstIndex(of: impl) else { return 0 }
            return (Double(n) - Double(impls.count - 1) / 2) * 7
        }

        // Upper panel: log–log.
        let top = y + 24, h = Chart.upperHeight
        func py(_ ns: Double) -> Double { top + h - (log10(ns) - y0) / (y1 - y0) * h }
        out += frame(left, top, w, h)
        for (value, labelled) in Chart.logTicks(y0, y1) {
            out += gridLine(left, py(value), left + w, py(value))
            if labelled { out += text(left - 5, py(value) + 4, Chart.tickLabel(value), anchor: "end") }
        }
        out += xTicks(sizes, px: px, top: top, bottom: top + h)
        out += yTitle("ns per subview", x: x + 14, middle: top + h / 2)
        for impl in impls {
            let line = rows.filter { $0.impl == impl }.sorted { $0.subviews < $1.subviews }
            out += series(line.map { (px($0.subviews) + spread(impl), py($0.nsPerSubview.min)) }, impl)
        }
        var bottom = top + h
        // Lower panel: ratios to `limit`, linear, without the reference.
        if hasLimit {
            let ltop = bottom + Chart.panelGap, lh = Chart.lowerHeight
            let limits = Dictionary(rows.filter { $0.impl == .limit }.map { ($0.subviews, $0) }) { first, _ in first }
            // A saved run may hold any time from just above 0 to 1e15 ns (`RunFile`): a ratio
            // beyond `largestRatio` is left out rather than scaling the axis to it. An
            // infinite one (a limit of 1e-300 ns) made grid lines that never ended, and one of
            // 1e24 trapped in `number`'s Int.
            let all: [(Result, Double)] = rows.compactMap { r in
                guard !r.impl.reads, let l = limits[r.subviews] else { return nil }
                let ratio = r.nsPerSubview.min / l.nsPerSubview.min
                return ratio <= Chart.largestRatio ? (r, ratio) : nil
            }
            let top = Chart.niceCeiling(max(1.5, 1.08 * (all.filter { $0.0.impl != .reference }.map(\.1).max() ?? 1)))
            // The reference too when it fits (small walkthroughs, where fixed costs dominate).
            let reference = all.filter { $0.0.impl == .reference }.map(\.1).max()
            let ratios = all.filter { $0.0.impl != .reference || (reference ?? .infinity) <= top }
            func qy(_ v: Double) -> Double { ltop + lh - v / top * lh }
            out += frame(left, ltop, w, lh)
            let step = Chart.niceStep(top / 4)
            for v in stride(from: 0, through: top + step / 2, by: step) {
                out += gridLine(left, qy(v), left + w, qy(v))
                out += text(left - 5, qy(v) + 4, Chart.number(v), anchor: "end")
            }
            out += "<line x1=\"\(f(left))\" y1=\"\(f(qy(1)))\" x2=\"\(f(left + w))\" y2=\"\(f(qy(1)))\" stroke=\"#7f7f7f\" stroke-dasharray=\"4 3\"/>\n"
            out += xTicks(sizes, px: px, top: ltop, bottom: ltop + lh)
            out += yTitle("ratio to limit", x: x + 14, middle: ltop + lh / 2)
            for impl in impls {
                let line = ratios.filter { $0.0.impl == impl }.sorted { $0.0.subviews < $1.0.subviews }
                out += series(line.map { (px($0.0.subviews) + spread(impl), qy($0.1)) }, impl)
            }
            if let reference, reference > top {
                out += text(left + 4, ltop - 5, "reference: up to \(Chart.number(reference))× limit, off this scale", size: 9, color: "#555555", width: w)
            }
            bottom = ltop + lh
        }
        out += text(left + w / 2, bottom + 30, "subviews (log scale)", anchor: "middle", color: "#333333")
        return out + "</g>\n"
    }

    private func series(_ xy: [(Double, Double)], _ impl: ImplementationKind) -> String {
        guard !xy.isEmpty else { return "" }
        let color = Chart.colors[impl] ?? "#000000"
        var out = ""
        if xy.count > 1 {
            out += "<polyline fill=\"none\" stroke-width=\"2\" stroke=\"\(color)\" points=\"\(xy.map { "\(f($0.0)),\(f($0.1))" }.joined(separator: " "))\"/>\n"
        }
        for (x, y) in xy { out += "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"2.5\" fill=\"\(color)\"/>" }
        return out + "\n"
    }

    private func xTicks(_ sizes: [Int], px: (Int) -> Double, top: Double, bottom: Double) -> String {
        var out = ""
        for size in sizes {
            out += gridLine(px(size), top, px(size), bottom)
            out += text(px(size), bottom + 14, Chart.sizeLabel(size), anchor: "middle")
        }
        return out
    }

    // MARK: legend

    private func legendLayout(_ impls: [ImplementationKind], width: Double) -> (positions: [(Double, Double)], rows: Int) {
        var (x, row) = (Chart.margin, 0)
        var positions: [(Double, Double)] = []
        for impl in impls {
            let w = 34 + Double(impl.name.count) * 11 * Chart.characterWidth + 18
            if x + w > width - Chart.margin && x > Chart.margin { (x, row) = (Chart.margin, row + 1) }
            positions.append((x, Double(row)))
            x += w
        }
        return (positions, row + 1)
    }

    private func legend(_ impls: [ImplementationKind], y: Double, width: Double) -> String {
        var out = ""
        for (impl, (x, row)) in zip(impls, legendLayout(impls, width: width).positions) {
            let ly = y + 22 * row + 8, color = Chart.colors[impl] ?? "#000000"
            out += "<line x1=\"\(f(x))\" y1=\"\(f(ly))\" x2=\"\(f(x + 24))\" y2=\"\(f(ly))\" stroke=\"\(color)\" stroke-width=\"3\"/>"
            out += "<circle cx=\"\(f(x + 12))\" cy=\"\(f(ly))\" r=\"2.5\" fill=\"\(color)\"/>"
            out += text(x + 30, ly + 4, impl.name)
        }
        return out + "\n"
    }

    // MARK: scales

    /// The x range in log10 of subviews: the measured sizes with a margin, a decade wide
    /// around a single size.
    private func sizeRange(_ sizes: [Int]) -> (Double, Double) {
        let logs = sizes.map { log10(Double(max($0, 1))) }
        guard let lo = logs.min(), let hi = logs.max(), hi > lo else {
            let only = logs.first ?? 3
            return (only - 0.5, only + 0.5)
        }
        let pad = (hi - lo) * 0.06
        return (lo - pad, hi + pad)
    }

    /// The values' range (log10) with a margin, at least one decade wide.
    private func logRange(_ logs: [Double]) -> (Double, Double) {
        let lo = logs.min() ?? 0, hi = logs.max() ?? 1
        let middle = (lo + hi) / 2, half = max((hi - lo) / 2 + 0.1, 0.5)
        return (middle - half, middle + half)
    }

    /// Ticks of a log axis from 10^lo to 10^hi: 1, 2 and 5 times powers of ten, the powers
    /// labelled (and the 2s and 5s too when the axis spans less than two decades).
    static func logTicks(_ lo: Double, _ hi: Double) -> [(Double, Bool)] {
        var ticks: [(Double, Bool)] = []
        for e in Int(lo.rounded(.down))...Int(hi.rounded(.up)) {
            for m in [1.0, 2, 5] {
                let v = m * pow(10, Double(e))
                guard log10(v) >= lo, log10(v) <= hi else { continue }
                ticks.append((v, m == 1 || hi - lo < 2))
            }
        }
        return ticks
    }

    /// 1, 2, 2.5 or 5 times a power of ten, at least `x`.
    static func niceStep(_ x: Double) -> Double {
        let p = pow(10, log10(x).rounded(.down))
        return [1, 2, 2.5, 5, 10].map { $0 * p }.first { $0 >= x * 0.999 } ?? 10 * p
    }

    /// The axis top: a multiple of a nice step at or above `x`.
    static func niceCeiling(_ x: Double) -> Double {
        let step = niceStep(x / 4)
        return (x / step).rounded(.up) * step
    }

    /// Ratios to `limit` above this are not drawn: no measured run comes near it, and the
    /// axis labels (`number`) stay within Int.
    static let largestRatio = 1e15

    static func number(_ v: Double) -> String {
        v >= 10 || v == v.rounded() ? String(Int(v.rounded())) : String(format: "%.1f", v)
    }

    /// `0.2`, `5`, `100`, `5000`, then `1e+04`.
    static func tickLabel(_ v: Double) -> String {
        v >= 1e4 ? String(format: "%.0e", v) : v >= 1 ? String(Int(v.rounded())) : String(format: "%g", v)
    }

    /// `988`, `10k`, `1M`, `1.5k`.
    static func sizeLabel(_ n: Int) -> String {
        func short(_ x: Double, _ unit: String) -> String {
            (x == x.rounded() ? String(Int(x)) : String(format: "%.1f", x)) + unit
        }
        if n >= 1_000_000 && n % 100_000 == 0 { return short(Double(n) / 1e6, "M") }
        if n >= 1_000 && n % 100 == 0 { return short(Double(n) / 1e3, "k") }
        return Report.grouped(n)
    }

    // MARK: drawing

    private func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"none\" stroke=\"#999999\"/>\n"
    }

    private func gridLine(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"#eeeeee\"/>"
    }

    private func yTitle(_ title: String, x: Double, middle: Double) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(middle))\" transform=\"rotate(-90 \(f(x)) \(f(middle)))\" text-anchor=\"middle\" fill=\"#333333\">\(Chart.escape(title))</text>\n"
    }

    /// A text element; with `width`, the text is cut (with `…`) to fit it.
    private func text(_ x: Double, _ y: Double, _ s: String, size: Double = 11, bold: Bool = false, anchor: String = "start",
                      color: String = "#000000", width: Double? = nil) -> String {
        var s = s
        if let width {
            let fits = Int(width / (size * Chart.characterWidth * (bold ? 1.1 : 1)))
            if s.count > fits { s = String(s.prefix(max(fits - 1, 0))) + "…" }
        }
        return "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\"\(bold ? " font-weight=\"bold\"" : "") "
            + "text-anchor=\"\(anchor)\" fill=\"\(color)\">\(Chart.escape(Echo.oneLine(s)))</text>\n"
    }

    private func f(_ v: Double) -> String { v.isFinite ? String(format: "%.1f", v) : "0" }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
