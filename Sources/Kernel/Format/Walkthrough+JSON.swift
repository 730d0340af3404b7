// Walkthrough files (docs/FORMAT.md): the reader checks the format and leaves the rules about values
// to the model's initializers, whose errors it tells as the file's (docs/DESIGN.md, "The file reader").

extension Walkthrough {
    static let fileKeys = ["width", "height", "direction", "pages"]
    static let pageKeys = ["animationType", "speed", "speedVariance", "staticTags", "animateAlpha",
                           "subviews", "subviewCount", "rotation", "timeline"]
    static let rotationKeys = ["axis", "angle", "angleVariance", "perspective"]
    static let subviewKeys = ["tag", "frame", "timeline"]

    /// Loads a walkthrough file's text.
    /// - Throws: a `WalkthroughError` that names the page (by index) and the key, or the
    ///   line and column of a JSON syntax error.
    public init(json text: String) throws(WalkthroughError) {
        try self.init(json: text, memory: nil)
    }

    /// Loads a walkthrough file's text, asking `memory` before allocating the pages and
    /// each page's subviews (`WalkthroughBudget`): the C interface's `bww_create`.
    /// - Throws: as `init(json:)`; an allocation `memory` refuses is an error with
    ///   `refusedBytes` set, naming the page and key.
    package init(json text: String, memory: MemoryProbe?) throws(WalkthroughError) {
        try self.init(json: text.utf8, memory: memory)  // well-formed, so `init(utf8:)` repairs nothing
    }

    /// Loads a walkthrough file's UTF-8 bytes where they are, without a copy as a `String`: the walkthrough
    /// `init(json:)` reads from `String(decoding: bytes, as: UTF8.self)`, with its errors (docs/DESIGN.md,
    /// "The file reader"). `memory` as in `init(json:memory:)`, and asked for the repaired copy.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>, memory: MemoryProbe? = nil) throws(WalkthroughError) {
        do throws(WalkthroughError) {
            var json = JSONScanner(bytes: bytes)
            try json.validate()
            self = try Walkthrough.file(&json, memory: memory)
        } catch where error.refusedBytes != nil || Walkthrough.isWellFormed(bytes) || JSONScanner.startsWide(bytes) {
            throw error  // wide text's error names its encoding, which the repaired copy would hide
        } catch {
            // A buffer's count is far below Int.max / 3 (the address space bounds it).
            try memory?.check(bytes: 3 * bytes.count, "a copy of the text with its ill-formed UTF-8 replaced")
            try self.init(json: String(decoding: bytes, as: UTF8.self), memory: memory)
        }
    }

    /// Whether `bytes` are well-formed UTF-8, read where they are.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static func file(_ json: inout JSONScanner, memory: MemoryProbe?) throws(WalkthroughError) -> Walkthrough {
        let context = "walkthrough"
        var width: Double?, height: Double?
        var direction = PagingDirection.leftToRight
        var pages: [Page]?
        try json.members(context: context) { (json, key) throws(WalkthroughError) in
            let field = JSONField(context: context, key: key)
            switch key {
            case "width": width = try json.number(field)
            case "height": height = try json.number(field)
            case "direction":
                let name = try json.string(field)
                do throws(WalkthroughError) { direction = try PagingDirection(parsing: name) } catch { throw field.error(error) }
            case "pages": pages = try Walkthrough.pages(&json, field, memory: memory)
            default:
                throw json.unknownKey(key, context: context, allowed: fileKeys)
            }
        }
        guard let width else {
            throw JSONField(context: context, key: "width").error("missing; a walkthrough needs a page width > 0")
        }
        guard let pages else {
            throw JSONField(context: context, key: "pages").error("missing; a walkthrough needs a list of pages (it may be empty)")
        }
        do {
            return try Walkthrough(width: width, height: height, direction: direction, admittedPages: pages)
        } catch {
            throw JSONField.error(error, context: context)
        }
    }

    /// The pages, each admitted to the walkthrough's budget before its subviews are allocated.
    private static func pages(_ json: inout JSONScanner, _ field: JSONField,
                              memory: MemoryProbe?) throws(WalkthroughError) -> [Page] {
        let count = try json.elementCount(field)
        var budget: WalkthroughBudget
        do { budget = try WalkthroughBudget(pageCount: count, memory: memory) } catch { throw field.error(error) }
        return try json.elements(field, count: count) { (json, i) throws(WalkthroughError) in
            try page(&json, context: "page \(i)", budget: &budget)
        }
    }

    private static func page(_ json: inout JSONScanner, context: String,
                             budget: inout WalkthroughBudget) throws(WalkthroughError) -> Page {
        var page = Page()
        var hasSubviews = false
        try json.members(context: context) { (json, key) throws(WalkthroughError) in
            let field = JSONField(context: context, key: key)
            switch key {
            case "animationType":
                let name = try json.string(field)
                do throws(WalkthroughError) { page.animationType = try AnimationType(parsing: name) } catch { throw field.error(error) }
            case "speed":
                page.speed = try json.numbers(field)
            case "speedVariance":
                page.speedVariance = try json.numbers(field)
            case "staticTags":
                let list = try json.string(field)
                do throws(WalkthroughError) { page.staticTags = try StaticTags(parsing: list) } catch { throw field.error(error) }
            case "animateAlpha":
                page.animateAlpha = try json.bool(field)
            case "subviewCount", "subviews":
                guard !hasSubviews else {
                    throw JSONField(context: context, key: "subviewCount")
                        .error("a page has either \"subviews\" or \"subviewCount\", not both")
                }
                hasSubviews = true
                page.subviews = try subviews(&json, field, budget: &budget)
            case "rotation":
                page.rotation = try rotation(&json, context: "\(context), rotation")
            case "timeline":
                page.timeline = try timeline(&json, context: context, ofPage: true, budget: &budget)
            default:
                throw json.unknownKey(key, context: context, allowed: pageKeys)
            }
        }
        return page
    }

    /// A page's `subviewCount` or `subviews`, admitted to the budget before they are allocated.
    private static func subviews(_ json: inout JSONScanner, _ field: JSONField,
                                 budget: inout WalkthroughBudget) throws(WalkthroughError) -> [Subview] {
        if field.key == "subviewCount" {
            let count = try json.integer(field, count: true)
            do { try budget.admit(subviews: count) } catch { throw field.error(error) }
            return Array(repeating: Subview(), count: count)
        }
        let count = try json.elementCount(field)
        do { try budget.admit(subviews: count) } catch { throw field.error(error) }
        return try json.elements(field, count: count) { (json, k) throws(WalkthroughError) in
            try subview(&json, context: "\(field.context), subview \(k)", budget: &budget)
        }
    }

    private static func subview(_ json: inout JSONScanner, context: String,
                                budget: inout WalkthroughBudget) throws(WalkthroughError) -> Subview {
        var subview = Subview()
        try json.members(context: context) { (json, key) throws(WalkthroughError) in
            let field = JSONField(context: context, key: key)
            switch key {
            case "tag":
                subview.tag = try json.integer(field)
            case "frame":
                let f: SIMD4<Double> = try json.numbers(field)
                subview.frame = PageRect(x: f[0], y: f[1], width: f[2], height: f[3])
            case "timeline":
                subview.timeline = try timeline(&json, context: context, ofPage: false, budget: &budget)
            default:
                throw json.unknownKey(key, context: context, allowed: subviewKeys)
            }
        }
        return subview
    }

    private static func rotation(_ json: inout JSONScanner, context: String) throws(WalkthroughError) -> Rotation {
        var axis: SIMD3<Double>?
        var angle = 0.0, variance = 0.0
        var perspective: Double?
        try json.members(context: context) { (json, key) throws(WalkthroughError) in
            let field = JSONField(context: context, key: key)
            switch key {
            case "axis": axis = try json.numbers(field) as SIMD3<Double>
            case "angle": angle = try json.number(field)
            case "angleVariance": variance = try json.number(field)
            case "perspective": perspective = try json.number(field)
            default: throw json.unknownKey(key, context: context, allowed: rotationKeys)
            }
        }
        guard let axis else {
            throw JSONField(context: context, key: "axis").error("missing; a rotation needs a non-zero axis [x, y, z]")
        }
        do {
            return try Rotation(axis: axis, angle: angle,
                                angleVariance: variance, perspective: perspective)
        } catch {
            throw JSONField.error(error, context: context)
        }
    }
}
