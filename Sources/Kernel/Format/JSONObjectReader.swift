/// Reads the keys of one JSON object with typed accessors. Every error names `context`
/// (for example `page 2`) and the key; `finish()` rejects keys nobody asked for.
struct JSONObjectReader {
    private let members: [(key: String, value: JSONValue)]
    private let context: String
    private var used = Set<String>()

    init(_ value: JSONValue, context: String) throws(WalkthroughError) {
        guard case let .object(members) = value else {
            throw WalkthroughError("\(context): must be an object, got \(value.typeName)")
        }
        self.members = members
        self.context = context
    }

    func error(_ key: String, _ what: String) -> WalkthroughError {
        WalkthroughError("\(context): key \"\(key)\": \(what)")
    }

    mutating func value(_ key: String) -> JSONValue? {
        used.insert(key)
        return members.first { $0.key == key }?.value
    }

    func has(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    mutating func number(_ key: String) throws(WalkthroughError) -> Double? {
        guard let v = value(key) else { return nil }
        return try JSONObjectReader.finite(v, error: { error(key, $0) })
    }

    mutating func integer(_ key: String) throws(WalkthroughError) -> Int? {
        guard let v = value(key) else { return nil }
        return try JSONObjectReader.integer(v, error: { error(key, $0) })
    }

    mutating func bool(_ key: String) throws(WalkthroughError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case let .bool(b) = v else { throw error(key, "must be a boolean, got \(v.typeName)") }
        return b
    }

    mutating func string(_ key: String) throws(WalkthroughError) -> String? {
        guard let v = value(key) else { return nil }
        guard case let .string(s) = v else { throw error(key, "must be a string, got \(v.typeName)") }
        return s
    }

    mutating func array(_ key: String) throws(WalkthroughError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case let .array(a) = v else { throw error(key, "must be an array, got \(v.typeName)") }
        return a
    }

    /// An array of exactly `count` finite numbers.
    mutating func numbers(_ key: String, count: Int) throws(WalkthroughError) -> [Double]? {
        guard let items = try array(key) else { return nil }
        guard items.count == count else {
            throw error(key, "must be an array of \(count) numbers, got \(items.count) elements")
        }
        var result: [Double] = []
        for item in items {
            result.append(try JSONObjectReader.finite(item, error: { error(key, $0) }))
        }
        return result
    }

    /// Throws on the first key that no accessor asked for.
    func finish(allowed: [String]) throws(WalkthroughError) {
        if let unknown = members.first(where: { !used.contains($0.key) }) {
            throw WalkthroughError(
                "\(context): unknown key \"\(unknown.key)\"; allowed keys: \(allowed.joined(separator: ", "))")
        }
    }

    static func finite(_ v: JSONValue, error: (String) -> WalkthroughError) throws(WalkthroughError) -> Double {
        guard case let .number(d) = v else { throw error("must be a number, got \(v.typeName)") }
        guard d.isFinite else { throw error("number out of range (not finite)") }
        return d
    }

    /// A whole number that fits in 2⁵³ in magnitude.
    static func integer(_ v: JSONValue, error: (String) -> WalkthroughError) throws(WalkthroughError) -> Int {
        let d = try finite(v, error: error)
        guard d == d.rounded(), d.magnitude <= 9_007_199_254_740_992 else {
            throw error("must be an integer, got \(d)")
        }
        return Int(d)
    }
}
