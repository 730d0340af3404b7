// Typed reads of the value at the scanner's position, each an error that names the field.
extension JSONScanner {
    /// Reads the object that starts here: `body` gets each key in file order, with the
    /// scanner at its value, and reads the value or rejects the key. A key that comes twice
    /// is an error at its second place.
    mutating func members(
        context: String, _ body: (inout JSONScanner, String) throws(WalkthroughError) -> Void
    ) throws(WalkthroughError) {
        let kind = peek()
        guard kind == .object else { throw WalkthroughError("\(context): must be an object, got \(kind.name)") }
        // Only the keys a reader accepted, a few, searched in order: cheaper than hashing each.
        var seen: [String] = []
        try forEachMember(depth: 0) { (scanner, range) throws(WalkthroughError) in
            let key = try scanner.decode(range)
            guard !seen.contains(key) else {
                throw scanner.error("duplicate key \(Echo.quoted(key))", at: range.lowerBound)
            }
            try body(&scanner, key)
            seen.append(key)
        }
    }

    /// The error for a key the reader does not know, with the keys it does.
    func unknownKey(_ key: String, context: String, allowed: [String]) -> WalkthroughError {
        WalkthroughError("\(context): unknown key \(Echo.quoted(key)); allowed keys: \(allowed.joined(separator: ", "))")
    }

    /// A finite number.
    mutating func number(_ field: JSONField) throws(WalkthroughError) -> Double {
        try expect(.number, field)
        let d = try number()
        guard d.isFinite else { throw field.error("number out of range (not finite)") }
        return d
    }

    /// A whole number within ±(2⁵³ − 1), where every integer is a Double of its own (2⁵³ + 1
    /// in the text would read as 2⁵³); a `count` is ≥ 0 as well. Errors echo the number as
    /// written.
    mutating func integer(_ field: JSONField, count: Bool = false) throws(WalkthroughError) -> Int {
        skipWhitespace()
        let start = index
        let d = try number(field)
        guard d == d.rounded(), d.magnitude < 9_007_199_254_740_992, !count || d >= 0 else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            let what = count ? "a whole number from 0" : "an integer from -9007199254740991"
            throw field.error("must be \(what) to 9007199254740991, got \(Echo.escaped(text, limit: 40))")
        }
        return Int(d)
    }

    mutating func bool(_ field: JSONField) throws(WalkthroughError) -> Bool {
        try expect(.bool, field)
        return try literal() == true
    }

    mutating func string(_ field: JSONField) throws(WalkthroughError) -> String {
        try expect(.string, field)
        return try string()
    }

    /// An array of exactly `V.scalarCount` finite numbers, read without an array (a translation
    /// or scale track reads one a keyframe).
    mutating func numbers<V: SIMD>(_ field: JSONField) throws(WalkthroughError) -> V where V.Scalar == Double {
        let n = try elementCount(field)
        guard n == V.scalarCount else { throw field.error("must be an array of \(V.scalarCount) numbers, got \(n) elements") }
        var v = V()
        try forEachElement(depth: 0) { (scanner, i) throws(WalkthroughError) in v[i] = try scanner.number(field) }
        return v
    }

    /// The number of elements of the array that starts here, counted before anything is
    /// allocated for them.
    mutating func elementCount(_ field: JSONField) throws(WalkthroughError) -> Int {
        try expect(.array, field)
        return try elementCount()
    }

    /// Reads the array that starts here, of `count` elements (`elementCount`), into an array
    /// made at that size: `element` reads each (given its position).
    mutating func elements<T>(
        _ field: JSONField, count: Int, _ element: (inout JSONScanner, Int) throws(WalkthroughError) -> T
    ) throws(WalkthroughError) -> [T] {
        try expect(.array, field)
        var result: [T] = []
        result.reserveCapacity(count)
        try forEachElement(depth: 0) { (json, i) throws(WalkthroughError) in result.append(try element(&json, i)) }
        return result
    }

    private mutating func expect(_ kind: Kind, _ field: JSONField) throws(WalkthroughError) {
        let found = peek()
        guard found == kind else { throw field.error("must be \(kind.name), got \(found.name)") }
    }
}

extension Optional<JSONScanner.Kind> {
    /// The name of what was found; nothing is found only where the text is not JSON, which
    /// `validate()` rules out before anything is read.
    var name: String { self?.name ?? "no value" }
}
