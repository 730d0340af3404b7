/// Where a value sits in a walkthrough file, for error messages: the object (`page 2,
/// rotation`) and the key (`axis`).
struct JSONField {
    let context: String
    private let base: String
    /// `base[index]` or `base[index].member`, composed only when an error asks (`key`).
    private let index: Int?, member: String?

    init(context: String, key: String) {
        (self.context, base, index, member) = (context, key, nil, nil)
    }

    private init(context: String, key: String, index: Int, member: String?) {
        (self.context, base, self.index, self.member) = (context, key, index, member)
    }

    /// Element `index` of the array this field holds, or that element's member `member`.
    func element(_ index: Int, _ member: String? = nil) -> JSONField {
        JSONField(context: context, key: key, index: index, member: member)
    }

    /// The key as the file's errors give it: `timeline.rotation[3].at`.
    var key: String {
        guard let index else { return base }
        return member.map { "\(base)[\(index)].\($0)" } ?? "\(base)[\(index)]"
    }

    func error(_ what: String) -> WalkthroughError {
        WalkthroughError("\(context): key \"\(key)\": \(what)")
    }

    /// A model rule's error about this field's value, told as the file's: the rule's
    /// problem after this field's context and key.
    func error(_ rule: WalkthroughError) -> WalkthroughError {
        var error = error(rule.problem)
        error.refusedBytes = rule.refusedBytes
        return error
    }

    /// A model initializer's error, told as the file's: the key the rule names (a value of
    /// the object `context` describes); an error without a key keeps its message after the context.
    static func error(_ rule: WalkthroughError, context: String) -> WalkthroughError {
        guard let key = rule.key else { return rule.prefixed(context) }
        return JSONField(context: context, key: key).error(rule)
    }
}
