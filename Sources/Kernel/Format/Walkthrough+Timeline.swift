// The `timeline` key of a page or a subview (docs/FORMAT.md, "Keyframe timelines"); the model's errors keyed by path
// (docs/DESIGN.md, "The file reader").

extension Walkthrough {
    static let pageTimelineKeys = ["translation", "scale", "rotation", "alpha", "axis", "stagger"]
    static let subviewTimelineKeys = ["translation", "scale", "rotation", "alpha", "axis"]
    static let keyframeKeys = ["at", "value", "easing"]

    /// The timeline that starts here; `context` names its page (and subview). Only a page's
    /// timeline may have a `stagger`. Each track is admitted to `budget` before it is read.
    static func timeline(_ json: inout JSONScanner, context: String, ofPage: Bool,
                         budget: inout WalkthroughBudget) throws(WalkthroughError) -> Timeline {
        let field = JSONField(context: context, key: "timeline")
        let kind = json.peek()
        guard kind == .object else { throw field.error("must be an object, got \(kind.name)") }
        do { try budget.admitTimeline() } catch { throw field.error(error) }
        var translation: [Keyframe<SIMD2<Double>>]?, scale: [Keyframe<SIMD2<Double>>]?
        var rotation: [Keyframe<Double>]?, alpha: [Keyframe<Double>]?
        var axis = SIMD3<Double>(0, 0, 1), stagger = 0.0
        try json.members(context: context) { (json, key) throws(WalkthroughError) in
            let path = "timeline.\(key)"
            let member = JSONField(context: context, key: path)
            switch key {
            case "translation": translation = try track(&json, member, &budget) { (json, f) throws(WalkthroughError) in try json.numbers(f) }
            case "scale": scale = try track(&json, member, &budget) { (json, f) throws(WalkthroughError) in try json.numbers(f) }
            case "rotation": rotation = try track(&json, member, &budget) { (json, f) throws(WalkthroughError) in try json.number(f) }
            case "alpha": alpha = try track(&json, member, &budget) { (json, f) throws(WalkthroughError) in try json.number(f) }
            case "axis": axis = try json.numbers(member)
            case "stagger" where ofPage:
                stagger = try json.number(member)
            default:
                throw field.error("unknown key \(Echo.quoted(key)); allowed keys: "
                                  + (ofPage ? pageTimelineKeys : subviewTimelineKeys).joined(separator: ", "))
            }
        }
        do {
            return try Timeline(translation: translation, scale: scale, rotation: rotation, alpha: alpha,
                                axis: axis, stagger: stagger)
        } catch {
            throw JSONField(context: context, key: "timeline." + (error.key ?? "")).error(error.problem)
        }
    }

    /// A track: an array of keyframe objects, counted against the limits (the track's and
    /// the walkthrough's, `budget`) before anything is allocated for it. `value` reads one
    /// keyframe's value.
    private static func track<V>(
        _ json: inout JSONScanner, _ field: JSONField, _ budget: inout WalkthroughBudget,
        value: (inout JSONScanner, JSONField) throws(WalkthroughError) -> V
    ) throws(WalkthroughError) -> [Keyframe<V>] {
        let count = try json.elementCount(field)
        guard count <= KeyframeRules.maximumCount else { throw field.error(KeyframeRules.countProblem(count)) }
        do { try budget.admit(keyframes: count) } catch { throw field.error(error) }
        return try json.elements(field, count: count) { (json, j) throws(WalkthroughError) in
            let object = field.element(j)
            let kind = json.peek()
            guard kind == .object else { throw object.error("must be a keyframe object {\"at\", \"value\", \"easing\"}, got \(kind.name)") }
            var at: Double?, v: V?, easing = Easing.linear
            try json.members(context: field.context) { (json, key) throws(WalkthroughError) in
                let member = field.element(j, key)
                switch key {
                case "at": at = try json.number(member)
                case "value": v = try value(&json, member)
                case "easing": easing = try Walkthrough.easing(&json, member)
                default:
                    throw object.error("unknown key \(Echo.quoted(key)); allowed keys: \(keyframeKeys.joined(separator: ", "))")
                }
            }
            guard let at else { throw field.element(j, "at").error("missing; a keyframe needs \"at\" and \"value\"") }
            guard let v else { throw field.element(j, "value").error("missing; a keyframe needs \"at\" and \"value\"") }
            return Keyframe(at: at, value: v, easing: easing)
        }
    }

    /// A name (`"easeIn"`) or a Bézier's control points `[x1, y1, x2, y2]`.
    private static func easing(_ json: inout JSONScanner, _ field: JSONField) throws(WalkthroughError) -> Easing {
        switch json.peek() {
        case .string:
            let name = try json.string(field)
            do { return try Easing(parsing: name) } catch { throw field.error(error) }
        case .array:
            let c: SIMD4<Double> = try json.numbers(field)
            do { return try Easing(bezier: c[0], c[1], c[2], c[3]) } catch { throw field.error(error) }
        case let kind:
            throw field.error("must be an easing name or [x1, y1, x2, y2], got \(kind.name)")
        }
    }
}
