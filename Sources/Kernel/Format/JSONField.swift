/// Where a value sits in a walkthrough file, for error messages: the object (`page 2,
/// rotation`) and the key (`axis`).
struct JSONField {
    let context: String
    let key: String

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
    /// the object `context` describes). An error that names no key (none of the rules the
    /// reader calls today) keeps its message after the context.
    static func error(_ rule: WalkthroughError, context: String) -> WalkthroughError {
        guard let key = rule.key else { return rule.prefixed(context) }
        return JSONField(context: context, key: key).error(rule)
    }
}
