import Foundation
import WalkthroughKernel

/// `bench render FILE --format html`: one self-contained page that plays the walkthrough in
/// a scrolling container. The kernel computes every frame here (`caTransform3D`, the
/// numbers a `CALayer` takes, which CSS `matrix3d()` takes in the same order); the page's
/// script only picks the frame nearest the scroll position and applies it.
struct HTMLPreview {
    let walkthrough: Walkthrough
    /// The scroll positions of the stored frames, from `--from` to `--to`.
    let scrolls: [Double]
    /// Points between stored frames.
    let step: Double

    /// Frames a page may hold: beyond this the script's lookups and the file grow past use.
    static let maximumFrames = 100_000
    /// Numbers (matrix fields and alphas) a page may hold, about 70 MB of text.
    static let maximumNumbers = 10_000_000
    /// Pages' worth of scrolling a page may hold: browsers stop laying out far beyond this.
    static let maximumPagesScrolled = 10_000.0

    /// The positions from `from` to `to` every `step` points, `to` included, checked
    /// against the page's limits before any frame is computed.
    init(walkthrough: Walkthrough, from: Double, to: Double, step: Double) throws(BenchError) {
        self.walkthrough = walkthrough
        self.step = step
        let span = abs(to - from)
        // Where the span overflows (--from -1e308 --to 1e308), its pages may not.
        let pagesScrolled = span.isFinite ? span / walkthrough.extent : abs(to / walkthrough.extent - from / walkthrough.extent)
        let range = "from \(Arguments.plain(from)) to \(Arguments.plain(to))"
        guard span.isFinite, pagesScrolled <= HTMLPreview.maximumPagesScrolled else {
            throw BenchError("scrolling \(range) covers \(HTMLPreview.count(pagesScrolled)) pages; an html preview covers at most "
                             + "\(Report.grouped(Int(HTMLPreview.maximumPagesScrolled))): narrow --from/--to")
        }
        let intervals = (span / step).rounded(.down)
        guard intervals < Double(HTMLPreview.maximumFrames) else {
            throw BenchError("--step \(Arguments.plain(step)) gives \(HTMLPreview.count(intervals + 1)) frames \(range), more than "
                             + "\(Report.grouped(HTMLPreview.maximumFrames)); raise --step or narrow --from/--to")
        }
        let direction: Double = to >= from ? 1 : -1
        var scrolls = (0...Int(intervals)).map { from + direction * step * Double($0) }
        if let last = scrolls.last, last != to { scrolls.append(to) }
        // At most four pages are in the window `−2 < o < 2` at once: the largest four bound a frame.
        let perFrame = walkthrough.pages.map { min($0.subviews.count, RenderCommand.drawnPerPage) }
            .sorted(by: >).prefix(4).reduce(0, +)
        let numbers = Double(scrolls.count) * Double(perFrame) * 17
        guard numbers <= Double(HTMLPreview.maximumNumbers) else {
            throw BenchError("the page would hold up to \(HTMLPreview.count(numbers)) numbers (\(Report.grouped(scrolls.count)) frames "
                             + "of up to \(Report.grouped(perFrame)) subviews), more than \(Report.grouped(HTMLPreview.maximumNumbers)); "
                             + "raise --step or narrow --from/--to")
        }
        self.scrolls = scrolls
    }

    /// The limits, as `bench render --help` states them.
    static var limits: String {
        "at most \(Report.grouped(Int(maximumPagesScrolled))) pages of scrolling, in at most \(Report.grouped(maximumFrames)) frames "
            + "and \(Report.grouped(maximumNumbers)) numbers"
    }

    /// A count for a message, rounded up (65,535; 1.2e+20 beyond 10¹⁵, where grouped
    /// digits are unreadable and `Int` traps from 2⁶³).
    static func count(_ x: Double) -> String {
        guard x.isFinite else { return "over 1e308" }
        guard x < 1e15 else { return String(format: "%.3g", x) }
        return Report.grouped(Int(x.rounded(.up)))
    }

    func html() throws(BenchError) -> String {
        let w = walkthrough.width, h = try FilmstripGeometry.drawableHeight(walkthrough)
        var animator = WalkthroughAnimator(walkthrough, layout: .caTransform3D)
        var frames = ""
        var shown = Set<Int>()
        for (n, x) in scrolls.enumerated() {
            do { try animator.update(scroll: x) } catch { throw BenchError(error.message) }
            frames += (n == 0 ? "[" : ",\n[") + "\(x),\(animator.currentPage),["
            var firstPage = true
            for (i, page) in walkthrough.pages.enumerated() where animator.positions[i].animated {
                shown.insert(i)
                frames += (firstPage ? "" : ",") + "[\(i),\(animator.positions[i].offset),["
                firstPage = false
                for k in 0..<min(page.subviews.count, RenderCommand.drawnPerPage) {
                    if k > 0 { frames += "," }
                    let frame = FilmstripGeometry.frame(of: page, subview: k, width: w, height: h)
                    let transform = animator.frame.transform(page: i, subview: k)
                    let alpha = animator.frame.alpha(page: i, subview: k)
                    // What the filmstrip does not draw (a corner behind the viewer, a
                    // number that is not finite) the page hides, marked by a 0.
                    guard alpha.isFinite, FilmstripGeometry.corners(of: frame, transform: transform) != nil else {
                        frames += "0"
                        continue
                    }
                    let fields = transform.fields.enumerated().map { f, v in
                        // Translations need points, not significant digits; the others are ratios.
                        (12...14).contains(f) ? HTMLPreview.fixed(v) : HTMLPreview.significant(v)
                    }
                    frames += "[" + fields.joined(separator: ",") + "," + HTMLPreview.significant(max(0, min(1, alpha))) + "]"
                }
                frames += "]]"
            }
            frames += "]]"
        }
        var pages: [String] = []
        for i in shown.sorted() {
            let page = walkthrough.pages[i]
            let hue = Double((i * 67) % 360)
            let fill = RGBColor(hue: hue, saturation: 0.65, lightness: 0.55).hex
            let stroke = RGBColor(hue: hue, saturation: 0.65, lightness: 0.35).hex
            let views = (0..<min(page.subviews.count, RenderCommand.drawnPerPage)).map { k -> String in
                let r = FilmstripGeometry.frame(of: page, subview: k, width: w, height: h)
                return "[\(r.x),\(r.y),\(r.width),\(r.height),\(page.isStatic(subview: k) ? 1 : 0)]"
            }
            pages.append("{\"index\":\(i),\"position\":\(walkthrough.scrollPosition(showingPage: i)),\"fill\":\"\(fill)\",\"stroke\":\"\(stroke)\",\"views\":["
                         + views.joined(separator: ",") + "]}")
        }
        let first = scrolls.first ?? 0, last = scrolls.last ?? 0
        let data = "{\"width\":\(w),\"height\":\(h),\"extent\":\(walkthrough.extent),\"vertical\":\(walkthrough.direction == .topToBottom),"
            + "\"direction\":\"\(walkthrough.direction.rawValue)\",\"from\":\(first),\"to\":\(last),\"step\":\(step),"
            + "\"pages\":[\n" + pages.joined(separator: ",\n") + "],\n\"frames\":[\n" + frames + "]}"
        return HTMLPreview.template.replacingOccurrences(of: "/*DATA*/", with: data)
    }

    /// `v` to five significant digits, as short as it goes (`0.5`, `-0.0017321`, `1e-05`).
    static func significant(_ v: Double) -> String {
        guard abs(v) >= 1e-9 else { return "0" }
        return String(format: "%.5g", v)
    }

    /// `v` to a hundredth, trailing zeros dropped (`-260`, `12.5`).
    static func fixed(_ v: Double) -> String {
        var s = String(format: "%.2f", v)
        while s.contains("."), s.hasSuffix("0") || s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}
