import WalkthroughKernel

/// A strict reader of bench's own JSON files (baselines, saved runs), in two passes over the
/// kernel's `JSONScanner` (the walkthrough files' syntax, escapes and nesting limit).
/// `validate()` checks the whole text first: RFC 8259 syntax, nesting, and no key twice in
/// any object (`JSONDecoder` kept the first of two and said "not JSON" of valid text such
/// as `1e20` for an `Int` or an escaped NUL). Then typed reads pull the values one at a
/// time, without a document tree, so a saved run of hundreds of megabytes takes one linear
/// pass more; their errors name the key, what it holds and what it must hold.
struct JSONReader {
    /// A problem in the file: where (`results[3].subviews`; empty for the whole text) and what.
    struct Problem: Error, CustomStringConvertible {
        var place: String
        var what: String
        /// The text is not JSON at all (rather than JSON of the wrong shape).
        var isSyntax = false

        init(_ place: String, _ what: String) { (self.place, self.what) = (place, what) }

        var description: String { place.isEmpty ? what : "\(place): \(what)" }
    }

    typealias Kind = JSONScanner.Kind

    static let maximumDepth = JSONScanner.maximumDepth

    private var scanner: JSONScanner

    /// Runs `body` with a reader over `bytes`, after `validate()`.
    static func read<R>(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (inout JSONReader) throws(Problem) -> R) throws(Problem) -> R {
        var reader = JSONReader(scanner: JSONScanner(bytes: bytes))
        try reader.validate()
        return try body(&reader)
    }

    /// `read` over a file's bytes (`InputFile`): the file's problem, or the text's.
    static func read<R>(file path: String, _ body: (inout JSONReader) throws(Problem) -> R) throws(BenchError) -> Swift.Result<R, Problem> {
        try InputFile.withBytes(path) { bytes in Swift.Result { () throws(Problem) in try read(bytes, body) } }
    }

    // MARK: syntax

    /// The scanner's syntax error in bench's words: `not JSON at line 3, column 5: …`.
    private static func syntax(_ error: WalkthroughError) -> Problem {
        var what = error.message
        if what.hasPrefix("invalid JSON") { what = "not JSON" + what.dropFirst("invalid JSON".count) }
        var problem = Problem("", what)
        problem.isSyntax = true
        return problem
    }

    /// `body` on the scanner, its errors as syntax `Problem`s.
    private mutating func scan<R>(_ body: (inout JSONScanner) throws(WalkthroughError) -> R) throws(Problem) -> R {
        do throws(WalkthroughError) { return try body(&scanner) } catch { throw JSONReader.syntax(error) }
    }

    /// The kind of the value that starts here (after whitespace); nil where none starts.
    mutating func peek() -> Kind? { scanner.peek() }

    /// Checks that the whole text is one JSON value with no key twice in an object, then
    /// goes back to its start.
    private mutating func validate() throws(Problem) {
        var duplicate: Problem?
        // Steps over the value here as `skipValue` does, naming each value by its `place`
        // for a duplicate key (the scanner's walkthrough reader finds those as it reads).
        func check(_ s: inout JSONScanner, depth: Int, place: String) throws(WalkthroughError) {
            switch s.peek() {
            case .object?:
                // A few keys an object: searched in order, then hashed if there are many.
                var seen: [String] = [], many: Set<String> = []
                try s.forEachMember(depth: depth) { (s, range) throws(WalkthroughError) in
                    let key = try s.decode(range), member = JSONReader.member(place, key)
                    let repeated = seen.count < 32 ? seen.contains(key) : seen.contains(key) || !many.insert(key).inserted
                    guard !repeated else {
                        duplicate = Problem(member, "duplicate key (a key may appear once in an object)")
                        throw s.error("duplicate key")
                    }
                    if seen.count < 32 { seen.append(key) }
                    try check(&s, depth: depth + 1, place: member)
                }
            case .array?:
                try s.forEachElement(depth: depth) { (s, n) throws(WalkthroughError) in
                    try check(&s, depth: depth + 1, place: "\(place)[\(n)]")
                }
            default:
                try s.skipValue(depth: depth)
            }
        }
        do throws(WalkthroughError) {
            scanner.index = 0
            try check(&scanner, depth: 0, place: "")
            scanner.skipWhitespace()
            guard scanner.index == scanner.bytes.count else { throw scanner.error("unexpected text after the JSON value") }
            scanner.index = 0
        } catch {
            throw duplicate ?? JSONReader.syntax(error)
        }
    }

    /// The number that starts here, as written (its syntax checked by `validate()`).
    private mutating func numberText() throws(Problem) -> String {
        let start = scanner.index
        try scan { s throws(WalkthroughError) in try s.skipNumber() }
        return String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index]), as: UTF8.self)
    }

    /// The string that starts here, escapes decoded (`\u0000` included: valid JSON).
    private mutating func string() throws(Problem) -> String {
        try scan { s throws(WalkthroughError) in try s.string() }
    }

    /// Steps through the object that starts here (`validate()` has checked it): `body` gets
    /// each key with the reader at its value, and must step over the value. Its `Problem`
    /// leaves through the scanner's walk as that walk's error.
    private mutating func forEachMember(_ body: (inout JSONReader, String) throws(Problem) -> Void) throws(Problem) {
        var problem: Problem?
        do throws(WalkthroughError) {
            try scanner.forEachMember(depth: 0) { (s, range) throws(WalkthroughError) in
                let key = try s.decode(range)
                var reader = JSONReader(scanner: s)
                defer { s = reader.scanner }
                do throws(Problem) { try body(&reader, key) } catch { problem = error; throw s.error(error.what) }
            }
        } catch {
            throw problem ?? JSONReader.syntax(error)
        }
    }

    /// The same for the array that starts here: `body` gets each element's position.
    private mutating func forEachElement(_ body: (inout JSONReader, Int) throws(Problem) -> Void) throws(Problem) {
        var problem: Problem?
        do throws(WalkthroughError) {
            try scanner.forEachElement(depth: 0) { (s, n) throws(WalkthroughError) in
                var reader = JSONReader(scanner: s)
                defer { s = reader.scanner }
                do throws(Problem) { try body(&reader, n) } catch { problem = error; throw s.error(error.what) }
            }
        } catch {
            throw problem ?? JSONReader.syntax(error)
        }
    }

    // MARK: typed reads (after validate)

    /// Goes back to the start of the text.
    mutating func seekStart() { scanner.index = 0 }

    /// `base.key`, or `key` at the top.
    static func member(_ base: String, _ key: String) -> String {
        base.isEmpty ? Echo.escaped(key) : "\(base).\(Echo.escaped(key))"
    }

    /// What the value here is, for errors: `an object`, `the string "2"`, `1.5`, `null`.
    mutating func found() -> String {
        let start = scanner.index
        defer { scanner.index = start }
        switch peek() {
        case .object?: return "an object"
        case .array?: return "an array"
        case .string?: return "the string " + ((try? string()).map { Echo.quoted($0, limit: 40) } ?? "")
        case .number?: return (try? numberText()).map { Echo.escaped($0, limit: 40) } ?? "a number"
        case .bool?: return scanner.current == UInt8(ascii: "t") ? "true" : "false"
        case .null?: return "null"
        case nil: return "nothing"
        }
    }

    /// The error for a value here of the wrong kind: `must be EXPECTED, got FOUND`.
    mutating func mismatch(_ place: String, _ expected: String) -> Problem {
        Problem(place, "must be \(expected), got \(found())")
    }

    /// Reads the object that starts here: `body` gets each key in file order with the
    /// reader at its value, and must read or skip the value. A key in neither list is an
    /// error naming the allowed keys; a `required` key absent, an error naming it.
    mutating func object(_ place: String, required: [String], optional: [String] = [],
                         _ body: (inout JSONReader, String, String) throws(Problem) -> Void) throws(Problem) {
        guard peek() == .object else { throw mismatch(place, "an object") }
        var present: [String] = []
        try forEachMember { (reader, key) throws(Problem) in
            let member = JSONReader.member(place, key)
            guard required.contains(key) || optional.contains(key) else {
                throw Problem(member, "unknown key \(Echo.quoted(key)); allowed keys: \((required + optional).joined(separator: ", "))")
            }
            try body(&reader, key, member)
            present.append(key)
        }
        if let missing = required.first(where: { !present.contains($0) }) {
            throw Problem(JSONReader.member(place, missing), "missing")
        }
    }

    /// Reads the array that starts here: `body` reads each element, given its position.
    mutating func array(_ place: String,
                        _ body: (inout JSONReader, Int, String) throws(Problem) -> Void) throws(Problem) {
        guard peek() == .array else { throw mismatch(place, "an array") }
        try forEachElement { (reader, n) throws(Problem) in
            try body(&reader, n, "\(place)[\(n)]")
        }
    }

    mutating func string(_ place: String) throws(Problem) -> String {
        guard peek() == .string else { throw mismatch(place, "a string") }
        return try string()
    }

    /// A string that is not empty.
    mutating func nonEmptyString(_ place: String) throws(Problem) -> String {
        let text = try string(place)
        guard !text.isEmpty else { throw Problem(place, "must be a non-empty string, got the string \"\"") }
        return text
    }

    /// A number and its text as written (for errors about its value); `1e999` reads as
    /// infinity, which the caller's range check names.
    mutating func number(_ place: String) throws(Problem) -> (value: Double, text: String) {
        guard peek() == .number else { throw mismatch(place, "a number") }
        let text = try numberText()
        return (Double(text) ?? .nan, Echo.escaped(text, limit: 40))
    }

    /// A whole number within `range`.
    mutating func wholeNumber(_ place: String, in range: ClosedRange<Int>) throws(Problem) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard peek() == .number else { throw mismatch(place, expected) }
        let (value, text) = try number(place)
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw Problem(place, "must be \(expected), got \(text)")
        }
        return Int(value)
    }

    /// A finite number ≥ 0 (a quantity that cannot be negative: a rate, a ratio of times, a
    /// time), or with `orNull` a `null`, which gives nil.
    mutating func nonNegativeNumber(_ place: String, orNull: Bool = false) throws(Problem) -> Double? {
        let expected = "a finite number ≥ 0" + (orNull ? " or null" : "")
        if orNull && null() { return nil }
        guard peek() == .number else { throw mismatch(place, expected) }
        let (value, text) = try number(place)
        guard value.isFinite, value >= 0 else { throw Problem(place, "must be \(expected), got \(text)") }
        return value
    }

    /// `null` here is stepped over and gives true; anything else stays.
    mutating func null() -> Bool {
        guard peek() == .null else { return false }
        scanner.index += 4
        return true
    }

    /// Steps over the value here (already checked by `validate()`).
    mutating func skip() throws(Problem) {
        try scan { s throws(WalkthroughError) in try s.skipValue(depth: 0) }
    }

    /// Steps over a value of kind `kind`, or a `null` where `orNull`; anything else is an
    /// error that names `expected`.
    mutating func skip(_ kind: Kind, orNull: Bool = false, _ place: String, expected: String) throws(Problem) {
        if orNull && null() { return }  // null() has stepped over it: skip() would read on
        guard peek() == kind else { throw mismatch(place, expected) }
        try skip()
    }

    /// An object whose values are strings.
    mutating func stringObject(_ place: String, required: [String], optional: [String] = []) throws(Problem) -> [String: String] {
        var out: [String: String] = [:]
        try object(place, required: required, optional: optional) { (reader, key, at) throws(Problem) in
            out[key] = try reader.string(at)
        }
        return out
    }

    /// Moves to the value of the top-level object's member `key` and returns true, or goes
    /// back to the start and returns false (no such member, or the text is not an object).
    mutating func seekTopLevel(_ key: String) throws(Problem) -> Bool {
        scanner.index = 0
        guard peek() == .object else { return false }
        scanner.index += 1  // {
        scanner.skipWhitespace()
        while scanner.current == UInt8(ascii: "\"") {
            let name = try string()
            scanner.skipWhitespace()
            scanner.index += 1  // :
            if name == key {
                scanner.skipWhitespace()
                return true
            }
            try skip()
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: ",") else { break }
            scanner.index += 1
            scanner.skipWhitespace()
        }
        scanner.index = 0
        return false
    }
}
