import Foundation
import WalkthroughKernel

/// The two things `bench render` draws.
enum RenderFormat: String, CaseIterable {
    case svg, html
}

/// `bench render FILE --output film.svg [--frames K] [--from X --to Y]`: the walkthrough at K
/// scroll positions, one panel each, computed by the fast path and drawn as Core Animation
/// would place the layers. Hand-written SVG. With `--format html`, one page that plays the
/// walkthrough as it scrolls (`HTMLPreview`).
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render", usage: ["FILE --output FILE.svg [options]", "FILE --format html --output FILE.html [--step S] [--from X --to Y]"],
        summary: "Draws a walkthrough file at K scroll positions as an SVG filmstrip, or as a page that scrolls.",
        details: ["One panel a position, the layers placed as Core Animation would: frames transformed about their",
                  "centres, with perspective, filled with their alpha; static subviews dashed. A page's first 2,000",
                  "subviews are drawn, and the report says when a page has more.",
                  "--format html writes one self-contained page: the pages in a scrolling container with paging,",
                  "showing the kernel's frame (CATransform3D as CSS matrix3d) nearest the scroll position. It covers",
                  "\(HTMLPreview.limits): narrow",
                  "--from/--to (or raise --step) beyond them."],
        options: [
            .option("output", "FILE", "where the filmstrip or page goes (required)", default: "none"),
            .choice("format", RenderFormat.self, "an SVG filmstrip or an HTML page", default: .svg),
            .option("frames", "K", "svg: panels, at evenly spaced scroll positions from --from to --to (1 to 64)", default: "5"),
            .option("step", "S", "html: points of scroll between stored frames (> 0)", default: "2"),
            .option("from", "X", "the first panel's (or stored frame's) scroll position, in points", default: "the first page"),
            .option("to", "Y", "the last panel's (or stored frame's) scroll position, in points (svg: needs --frames 2 or more)", default: "the last page"),
        ])
    /// More subviews than this on one page are not drawn (the file would be unreadable).
    static let drawnPerPage = 2_000

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, spec)
        guard args.positional.count == 1 else { throw BenchError(spec.usageLine) }
        let format = try args.choice("format", default: RenderFormat.svg)
        guard let path = args.value("output") else { throw BenchError("missing --output FILE.\(format.rawValue); \(spec.usageLine)") }
        // Each format's own option would otherwise go unused.
        if format == .html, args.value("frames") != nil { throw BenchError("--frames applies to --format svg; an html page takes --step") }
        if format == .svg, args.value("step") != nil { throw BenchError("--step applies to --format html; a filmstrip takes --frames") }
        let frames = try args.integer("frames", in: 1...64, default: 5)
        // One panel is drawn at --from: a --to would go unused.
        guard format == .html || frames > 1 || args.value("to") == nil else { throw BenchError("--to needs --frames 2 or more; one panel is drawn at --from") }
        let step = try args.double("step") ?? 2
        guard step > 0 else { throw BenchError("option --step needs a number of points > 0, got \(Echo.quoted(args.value("step") ?? ""))") }
        let from = try args.double("from")
        let to = try args.double("to")
        let input = args.positional[0]
        let output = try OutputFile(path, inputs: [input])
        let walkthrough = try WalkthroughFile.load(input)
        let pages = walkthrough.pages.count
        let first = from ?? (pages > 0 ? walkthrough.scrollPosition(showingPage: 0) : 0)
        let last = to ?? (pages > 0 ? walkthrough.scrollPosition(showingPage: pages - 1) : 0)
        let crowded = walkthrough.pages.indices.filter { walkthrough.pages[$0].subviews.count > drawnPerPage }
        let wrote: String
        if format == .html {
            let preview = try HTMLPreview(walkthrough: walkthrough, from: first, to: last, step: step)
            try output.write(try preview.html())
            let count = preview.scrolls.count
            wrote = "wrote \(count) frame\(count == 1 ? "" : "s") to \(output.shown)"
        } else {
            // Evenly spaced; where the span itself overflows (--from 1e308 --to -1e308), as
            // weighted means, which stay between the two.
            let span = last - first
            let scrolls = (0..<frames).map { n -> Double in
                guard frames > 1 else { return first }
                let t = Double(n) / Double(frames - 1)
                return span.isFinite ? first + span * t : first * (1 - t) + last * t
            }
            try output.write(try Filmstrip(walkthrough: walkthrough, scrolls: scrolls).svg())
            wrote = "wrote \(frames) panel\(frames == 1 ? "" : "s") to \(output.shown)"
        }
        guard let first = crowded.first else { return output.report(wrote + "\n") }
        return output.report(wrote + " (page \(first)\(crowded.count > 1 ? " and \(crowded.count - 1) more" : ""): the first \(drawnPerPage) of "
            + "\(walkthrough.pages[first].subviews.count) subviews drawn)\n")
    }
}

/// The drawing itself: panels side by side, each the viewport (one page wide) at one
/// scroll position.
struct Filmstrip {
    let walkthrough: Walkthrough
    let scrolls: [Double]

    func svg() throws(BenchError) -> String {
        let w = walkthrough.width, h = try FilmstripGeometry.drawableHeight(walkthrough)
        let scale = FilmstripGeometry.panelWidth / w, gap = 16.0, label = 44.0
        let panelW = w * scale, panelH = h * scale
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(fmt(gap + Double(scrolls.count) * (panelW + gap)))" \
            height="\(fmt(panelH + label + 2 * gap))" font-family="sans-serif" font-size="11">
            <rect width="100%" height="100%" fill="white"/>

            """
        var animator = WalkthroughAnimator(walkthrough)
        for (n, x) in scrolls.enumerated() {
            do { try animator.update(scroll: x) } catch { throw BenchError(error.message) }
            let left = gap + Double(n) * (panelW + gap), top = gap
            out += "<g><clipPath id=\"panel\(n)\"><rect x=\"\(fmt(left))\" y=\"\(fmt(top))\" width=\"\(fmt(panelW))\" height=\"\(fmt(panelH))\"/></clipPath>\n"
            out += "<rect x=\"\(fmt(left))\" y=\"\(fmt(top))\" width=\"\(fmt(panelW))\" height=\"\(fmt(panelH))\" fill=\"#f4f4f8\" stroke=\"#888888\"/>\n"
            out += "<g clip-path=\"url(#panel\(n))\">\n"
            for (i, page) in walkthrough.pages.enumerated() where animator.positions[i].animated {
                // Page i sits at its scroll position (`scrollPosition(showingPage:)`: from the
                // right right to left, below the last top to bottom); the viewport starts at x.
                let at = (walkthrough.scrollPosition(showingPage: i) - x) * scale
                let vertical = walkthrough.direction == .topToBottom
                out += panel(page: page, index: i, animator: animator, originX: left + (vertical ? 0 : at),
                             top: top + (vertical ? at : 0), scale: scale, height: h)
            }
            out += "</g>\n"
            let offsets = walkthrough.pages.indices.filter { animator.positions[$0].animated }
                .map { "p\($0) \(String(format: "%.2f", animator.positions[$0].offset))" }.joined(separator: "  ")
            let axis = walkthrough.direction == .topToBottom ? "y" : "x"
            out += "<text x=\"\(fmt(left))\" y=\"\(fmt(top + panelH + 16))\">\(axis) = \(Filmstrip.label(x))</text>\n"
            out += "<text x=\"\(fmt(left))\" y=\"\(fmt(top + panelH + 32))\" fill=\"#555555\">\(offsets.isEmpty ? "no page in the window" : offsets)</text></g>\n"
        }
        return out + "</svg>\n"
    }

    private func panel(page: Page, index i: Int, animator: WalkthroughAnimator, originX: Double, top: Double,
                       scale: Double, height: Double) -> String {
        // One hue a page, a lighter fill and a darker outline.
        let hue = Double((i * 67) % 360)
        let fill = RGBColor(hue: hue, saturation: 0.65, lightness: 0.55).hex
        let stroke = RGBColor(hue: hue, saturation: 0.65, lightness: 0.35).hex
        var out = ""
        for k in 0..<min(page.subviews.count, RenderCommand.drawnPerPage) {
            let frame = FilmstripGeometry.frame(of: page, subview: k, width: walkthrough.width, height: height)
            let transform = animator.frame.transform(page: i, subview: k)
            guard let corners = FilmstripGeometry.corners(of: frame, transform: transform) else { continue }
            let points = corners.map { "\(fmt(originX + $0.x * scale)),\(fmt(top + $0.y * scale))" }.joined(separator: " ")
            if page.isStatic(subview: k) {
                out += "<polygon points=\"\(points)\" fill=\"none\" stroke=\"#333333\" stroke-dasharray=\"3 2\"/>\n"
            } else {
                let alpha = animator.frame.alpha(page: i, subview: k)
                out += "<polygon points=\"\(points)\" fill=\"\(fill)\" fill-opacity=\"\(fmt(max(0, min(1, alpha)) * 0.85))\" stroke=\"\(stroke)\" stroke-opacity=\"\(fmt(max(0, min(1, alpha))))\"/>\n"
            }
        }
        return out
    }

    /// A scroll position under its panel: two decimals, or six significant digits beyond
    /// 10⁹ (`--from -1e308` was labelled with 309 digits).
    static func label(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        return String(format: x.magnitude < 1e9 ? "%.2f" : "%.6g", x)
    }

    private func fmt(_ v: Double) -> String {
        v.isFinite ? String(format: "%.2f", v) : "0"
    }
}
