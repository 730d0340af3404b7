import WalkthroughKernel

/// Where Core Animation draws a subview: its frame's corners, transformed about the frame's
/// centre (the default anchor point) with the perspective divide.
enum FilmstripGeometry {
    /// The four corners of `frame` (top-left, top-right, bottom-right, bottom-left) after
    /// `transform`, in the frame's coordinate space; nil when a corner is on or behind the
    /// viewer's plane (`w ≤ 0`), which Core Animation would clip.
    static func corners(of frame: PageRect, transform m: Transform3D) -> [SIMD2<Double>]? {
        let centre = frame.center
        let local = [SIMD2(frame.x, frame.y), SIMD2(frame.x + frame.width, frame.y),
                     SIMD2(frame.x + frame.width, frame.y + frame.height), SIMD2(frame.x, frame.y + frame.height)]
        var out: [SIMD2<Double>] = []
        for p in local {
            let q = p - centre
            let h = m.homogeneous(SIMD3(q.x, q.y, 0))
            guard h.w > 0, h.x.isFinite, h.y.isFinite else { return nil }
            out.append(SIMD2(h.x / h.w, h.y / h.w) + centre)
        }
        return out
    }

    /// The height of a page: the file's `height`, else the lowest frame's bottom plus a
    /// margin, or 16:9 when no subview has a frame.
    static func pageHeight(_ w: Walkthrough) -> Double {
        if let height = w.height { return height }
        let bottoms = w.pages.flatMap { $0.subviews.compactMap { $0.frame.map { $0.y + $0.height } } }
        return bottoms.max().map { Swift.max($0 + 40, w.width) } ?? w.width * 16 / 9
    }

    /// The width a filmstrip panel draws a page at (`Filmstrip.svg`), in points.
    static let panelWidth = 240.0

    /// `pageHeight`, refused where the drawing's geometry overflows a Double (a frame's
    /// `y + height`, 16:9 of a huge width, the scale of a tiny width, or the pages' extent),
    /// which no picture holds; the error says which.
    static func drawableHeight(_ w: Walkthrough) throws(BenchError) -> Double {
        let h = pageHeight(w)
        func refuse(_ why: String) -> BenchError { BenchError("the walkthrough cannot be drawn: \(why)") }
        guard h.isFinite else {
            for (p, page) in w.pages.enumerated() {
                if let k = page.subviews.firstIndex(where: { $0.frame.map { !($0.y + $0.height).isFinite } ?? false }) {
                    throw refuse("page \(p) subview \(k): its frame's y + height overflows")
                }
            }
            throw refuse("its page height (16:9 of its width, \(w.width)) overflows")
        }
        let scale = panelWidth / w.width
        guard scale.isFinite else {
            throw refuse("its width (\(w.width)) is too small to scale to a \(Int(panelWidth))-point panel")
        }
        guard (h * scale).isFinite else {
            throw refuse("its page height (\(h)) overflows when scaled to a \(Int(panelWidth))-point panel")
        }
        guard (w.extent * Double(w.pages.count)).isFinite else { throw refuse("its pages' extent overflows") }
        return h
    }

    /// Subview `k`'s frame, or the default layout: the page's subviews stacked as rows.
    static func frame(of page: Page, subview k: Int, width: Double, height: Double) -> PageRect {
        if let frame = page.subviews[k].frame { return frame }
        let n = Double(page.subviews.count)
        let row = height * 0.8 / n
        return PageRect(x: width * 0.1, y: height * 0.1 + Double(k) * row, width: width * 0.8, height: row * 0.8)
    }
}
