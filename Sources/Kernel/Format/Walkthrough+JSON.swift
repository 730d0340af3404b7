// Walkthrough files: what a storyboard sets through runtime attributes, as JSON.
// The format and its defaults are in SEMANTICS.md ("Walkthrough files").

extension Walkthrough {
    static let fileKeys = ["width", "pages"]
    static let pageKeys = ["animationType", "speed", "speedVariance", "staticTags", "animateAlpha",
                           "subviews", "subviewCount", "rotation"]
    static let rotationKeys = ["axis", "angle", "angleVariance", "perspective"]
    static let subviewKeys = ["tag", "frame"]

    /// Loads a walkthrough file's text.
    /// - Throws: a `WalkthroughError` that names the page (by index) and the key.
    public init(json text: String) throws(WalkthroughError) {
        var file = try JSONObjectReader(try JSONParser.parse(text), context: "walkthrough")
        guard let width = try file.number("width") else {
            throw file.error("width", "missing; a walkthrough needs a page width > 0")
        }
        guard width > 0 else { throw file.error("width", "must be > 0, got \(width)") }
        var pages: [Page] = []
        var total = 0
        for (i, item) in (try file.array("pages") ?? []).enumerated() {
            let page = try Walkthrough.page(item, context: "page \(i)", budget: Walkthrough.maximumSubviewCount - total)
            total += page.subviews.count
            pages.append(page)
        }
        try file.finish(allowed: Walkthrough.fileKeys)
        try self.init(width: width, pages: pages)
    }

    private static func page(_ value: JSONValue, context: String, budget: Int) throws(WalkthroughError) -> Page {
        var r = try JSONObjectReader(value, context: context)
        var page = Page()
        if let name = try r.string("animationType") {
            do { page.animationType = try AnimationType(parsing: name) } catch { throw r.error("animationType", error.message) }
        }
        if let s = try r.numbers("speed", count: 2) { page.speed = SIMD2(s[0], s[1]) }
        if let v = try r.numbers("speedVariance", count: 2) { page.speedVariance = SIMD2(v[0], v[1]) }
        if let list = try r.string("staticTags") {
            do { page.staticTags = try StaticTags(parsing: list) } catch { throw r.error("staticTags", error.message) }
        }
        page.animateAlpha = try r.bool("animateAlpha") ?? false
        if r.has("subviews") && r.has("subviewCount") {
            throw r.error("subviewCount", "a page has either \"subviews\" or \"subviewCount\", not both")
        }
        if let count = try r.integer("subviewCount") {
            guard count >= 0 else { throw r.error("subviewCount", "must be ≥ 0, got \(count)") }
            guard count <= budget else {
                throw r.error("subviewCount", "\(count) subviews would exceed the limit of \(Walkthrough.maximumSubviewCount) per walkthrough")
            }
            page.subviews = Array(repeating: Subview(), count: count)
        }
        if let items = try r.array("subviews") {
            guard items.count <= budget else {
                throw r.error("subviews", "too many subviews; the limit is \(Walkthrough.maximumSubviewCount) per walkthrough")
            }
            for (k, item) in items.enumerated() {
                page.subviews.append(try subview(item, context: "\(context), subview \(k)"))
            }
        }
        if let rotationValue = r.value("rotation") {
            page.rotation = try rotation(rotationValue, context: "\(context), rotation")
        }
        try r.finish(allowed: pageKeys)
        return page
    }

    private static func subview(_ value: JSONValue, context: String) throws(WalkthroughError) -> Subview {
        var r = try JSONObjectReader(value, context: context)
        var subview = Subview(tag: try r.integer("tag") ?? 0)
        if let f = try r.numbers("frame", count: 4) {
            subview.frame = Frame(x: f[0], y: f[1], width: f[2], height: f[3])
        }
        try r.finish(allowed: subviewKeys)
        return subview
    }

    private static func rotation(_ value: JSONValue, context: String) throws(WalkthroughError) -> Rotation {
        var r = try JSONObjectReader(value, context: context)
        guard let axis = try r.numbers("axis", count: 3) else {
            throw r.error("axis", "missing; a rotation needs a non-zero axis [x, y, z]")
        }
        guard axis != [0, 0, 0] else { throw r.error("axis", "must not be zero") }
        let angle = try r.number("angle") ?? 0
        let variance = try r.number("angleVariance") ?? 0
        let perspective = try r.number("perspective")
        if let d = perspective, d <= 0 {
            throw r.error("perspective", "must be a distance > 0, got \(d)")
        }
        try r.finish(allowed: rotationKeys)
        do {
            return try Rotation(axis: SIMD3(axis[0], axis[1], axis[2]), angle: angle,
                                angleVariance: variance, perspective: perspective)
        } catch {
            throw error.prefixed(context)
        }
    }
}
