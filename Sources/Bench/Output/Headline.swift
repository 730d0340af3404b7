import Foundation
import WalkthroughKernel

/// The report's first lines, one a scenario and size, in the manner of hyperfine and
/// criterion: `simd`'s time a subview and a frame with its spread, frames per second, and
/// what the ratios mean in words. The tables they replace (17 columns of minimums and ratios,
/// then a row of statistics a result) left the reader to work out whether 1.19 ns is good,
/// and made a `simd/limit` of 22.66 or a `simd-parallel` slower than `simd` look like bugs;
/// they follow with `--verbose`.
///
/// A ratio that means nothing where it was measured is named as such, with the reason,
/// instead of a number: on a small frame the frame's fixed cost, not the kernels, sets the
/// times of `c` and `limit`; on a walkthrough file two implementations whose samples hold
/// different numbers of frames had their minimums taken over different stretches of the
/// scroll (a 10-subview file read 1.4 for the reference where the medians differ 5×).
struct Headline {
    let scenario: String
    /// Subviews in the window (on average over the scroll, for a file).
    let subviews: Int
    let rows: [Result]

    /// Subviews in the window below which `simd`'s ratios to `c` and to `limit` mean nothing:
    /// a frame costs a fixed 500 instructions or so (page offsets, the window, the driver's
    /// calls: `scripts/fixed-cost.sh` holds it to 500 in CI), and 230–280 more for the C
    /// anchor's harness (docs/PERFORMANCE.md), against 6–25 a subview (Benchmarks/baseline.json):
    /// below 500 subviews the fixed part is up to a sixth of the frame or more, and differs
    /// from one implementation to the other. (The docs compare the kernels from 1k up.)
    static let fixedCostSubviews = 500

    /// `simd/limit` up to this is "at the store limit" (store-bound): the gate's threshold for
    /// the store-bound scenarios' drift with no code change (`Metric.storeBoundLimitThreshold`).
    static let storeBound = 1 + Metric.storeBoundLimitThreshold

    /// `simd/c` within this of 1 is "on par with C".
    static let parity = 0.05

    func row(_ kind: ImplementationKind) -> Result? { rows.first { $0.impl == kind } }

    /// The file's own subview count for a walkthrough file's group, nil for a built-in one.
    var fileSubviews: Int? { rows.first?.fileSubviews }

    /// Frames in one sample of `r`: a batch, as the sampler chose it.
    static func framesPerSample(_ r: Result) -> Int {
        r.nsPerSubview.count > 0 ? Int((Double(r.frames) / Double(r.nsPerSubview.count)).rounded()) : 0
    }

    /// The scenario and size, as the line starts: `linear, 1,000 subviews` or
    /// `small.json, 16 subviews (9 in the window on average)`.
    var title: String {
        let name = Echo.escaped(scenario)
        guard let total = fileSubviews else { return "\(name), \(Report.grouped(subviews)) subview\(subviews == 1 ? "" : "s")" }
        return "\(name), \(Report.grouped(total)) subview\(total == 1 ? "" : "s") (\(Report.grouped(subviews)) in the window on average)"
    }

    /// The line after the title: the time, its spread, the rate, then the ratios in words.
    var body: String {
        guard let lead = row(.simd) ?? rows.first else { return "nothing measured" }
        let s = lead.nsPerSubview, n = Double(max(subviews, 1))
        var parts = ["\(lead.impl.name) \(Report.short(s.p50)) ns/subview, \(Headline.duration(s.p50 * n))/frame "
                     + "(\(Headline.spread(s.min * n, s.p90 * n))), "
                     + "\(Report.grouped(Int((1e9 / (s.p50 * n)).rounded()))) frames/s"]
        if lead.impl == .simd { parts += ratioWords(lead) }
        return parts.joined(separator: "; ")
    }

    /// What the ratios to the reference, C, the store limit and the forced split mean.
    private func ratioWords(_ simd: Result) -> [String] {
        var words: [String] = []
        if let reference = row(.reference) {
            let (a, b) = (Headline.framesPerSample(reference), Headline.framesPerSample(simd))
            if caveat(.reference, .simd) == .differentStretches {
                let x = reference.nsPerSubview.p50 / simd.nsPerSubview.p50
                words.append(Headline.faster(x, than: "the reference")
                             + " (medians: the minimums are of different stretches of the scroll, \(a) frame\(a == 1 ? "" : "s") a sample against \(b))")
            } else if let x = Report.ratio(rows, .reference, .simd) {
                words.append(Headline.faster(x, than: "the reference"))
            }
        }
        let anchors = [(ImplementationKind.c, "C"), (.limit, "the store limit")].filter { row($0.0) != nil }
        if let first = anchors.first, caveat(.simd, first.0) == .fixedCost {
            words.append("vs \(anchors.map(\.1).joined(separator: " and ")): not meaningful at \(Report.grouped(subviews)) subview\(subviews == 1 ? "" : "s") a frame, "
                         + "where the frame's fixed cost outweighs its subviews' work (ratios mean something from \(Report.grouped(Headline.fixedCostSubviews)))")
        } else {
            if let r = Report.ratio(rows, .simd, .c) {
                words.append(abs(r - 1) <= Headline.parity ? "on par with C (\(Headline.times(r)))" : Headline.faster(1 / r, than: "C"))
            }
            if let r = Report.ratio(rows, .simd, .limit) {
                if r < 1 - Headline.parity {
                    // The limit is one plain loop of stores: fewer bytes, or wider or
                    // non-temporal stores, beat it (docs/PERFORMANCE.md).
                    words.append("below the store limit (\(Headline.times(r))): store-bound, with fewer or better stores than its plain loop")
                } else if r <= Headline.storeBound {
                    words.append("at the store limit (\(Headline.times(r))): store-bound")
                } else {
                    words.append("\(Headline.times(r)) the store limit: compute-bound")
                }
            }
        }
        if let r = Report.ratio(rows, .simdParallel, .simd) {
            let forced = subviews < WalkthroughAnimator.defaultParallelThreshold ? " (forced: the library would not split here)" : ""
            words.append("split across cores: " + Headline.faster(1 / r, than: "simd") + forced)
        }
        return words
    }

    /// `31.6× faster than X`, `1.3× slower than X`.
    static func faster(_ x: Double, than what: String) -> String {
        x >= 1 ? "\(times(x)) faster than \(what)" : "\(times(1 / x)) slower than \(what)"
    }

    /// `1.02×`, `31.6×`, `240×`.
    static func times(_ x: Double) -> String {
        guard x.isFinite else { return "-" }
        return (x < 10 ? String(format: "%.2f", x) : x < 100 ? String(format: "%.1f", x) : Report.whole(x)) + "×"
    }

    /// A frame's time in the unit that suits it: `85 ns`, `1.19 µs`, `11.9 ms`.
    static func duration(_ nanoseconds: Double) -> String {
        let (number, unit) = scaled(nanoseconds)
        return "\(number) \(unit)"
    }

    /// `1.19 … 1.49 µs`: a range, its unit once when both ends share it.
    static func spread(_ low: Double, _ high: Double) -> String {
        let (a, unit) = scaled(low), (b, other) = scaled(high)
        return unit == other ? "\(a) … \(b) \(unit)" : "\(a) \(unit) … \(b) \(other)"
    }

    /// Nanoseconds as a number and the unit it is in.
    private static func scaled(_ nanoseconds: Double) -> (String, String) {
        guard nanoseconds.isFinite else { return ("-", "ns") }
        switch nanoseconds {
        case ..<1_000: return (Report.short(nanoseconds), "ns")
        case ..<1_000_000: return (Report.short(nanoseconds / 1e3), "µs")
        default: return (Report.short(nanoseconds / 1e6), "ms")
        }
    }

    /// The headlines of `report`, one a group, and the legend: text lines, or a markdown
    /// list and paragraph.
    static func render(_ report: Report, markdown: Bool) -> String {
        let headlines = report.groups.map { Headline(scenario: $0.scenario, subviews: $0.subviews, rows: $0.rows) }
        let width = headlines.map(\.title.count).max() ?? 0
        let lines = headlines.map { h in markdown ? "- **\(h.title)**: \(h.body)" : h.title.padding(width) + "  " + h.body }
        return lines.joined(separator: "\n") + "\n\n" + legend(report, markdown: markdown)
    }

    /// What the figures and words mean, for the implementations measured.
    static func legend(_ report: Report, markdown: Bool) -> String {
        let impls = Set(report.implementations)
        var lines = ["Times are medians over the samples, (min … p90) their spread; frames/s is one over the median frame. Lower times are better."]
        if impls.contains(.simd) {
            // Each anchor measured, its clause; the last ends the sentence (none measured: no sentence).
            var ratios: [String] = []
            if impls.contains(.reference) { ratios.append("× faster than the reference: the scalar port's time over simd's") }
            if impls.contains(.c) { ratios.append("C: the same math in C -O3 through the same frame driver") }
            if impls.contains(.limit) {
                ratios.append("the store limit: storing the frame's bytes with no math, so simd within \(Int((Metric.storeBoundLimitThreshold * 100).rounded()))% of it is store-bound (memory sets its speed)"
                              + " and above it compute-bound (arithmetic does)")
            }
            if !ratios.isEmpty {
                lines.append("Ratios are of minimums taken in the same run (the machine's drift cancels): " + ratios.joined(separator: "; ") + ".")
            }
        }
        if impls.contains(.simdParallel) {
            lines.append("split across cores: simd-parallel, which forces the split across all cores (\(report.build.cores) here) at every size; the library splits a frame only from "
                         + "\(Report.grouped(WalkthroughAnimator.defaultParallelThreshold)) subviews in the window (WalkthroughAnimator.defaultParallelThreshold), "
                         + "so below that it shows a split the library would not make.")
        }
        if !report.verbose { lines.append("--verbose (-v) adds every implementation's minimum, the ratios and all statistics.") }
        return markdown ? "**Legend**\n\n" + lines.map { "- " + $0 + "\n" }.joined()
            : "legend:\n" + lines.map { "  " + $0 }.joined(separator: "\n") + "\n"
    }
}
