import Foundation
import WalkthroughKernel

/// A strict reader of bench's own JSON files (baselines, saved runs), in two passes.
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

    /// What a value is, from its first byte.
    enum Kind {
        case object, array, string, number, bool, null
    }

    static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Runs `body` with a reader over `data`, after `validate()`.
    static func read<R>(_ data: Data, _ body: (inout JSONReader) throws(Problem) -> R) throws(Problem) -> R {
        let result = data.withUnsafeBytes { raw -> Swift.Result<R, Problem> in
            var reader = JSONReader(raw.bindMemory(to: UInt8.self))
            do throws(Problem) {
                try reader.validate()
                return .success(try body(&reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: syntax

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// A syntax error here, with its line and column.
    private func syntax(_ what: String) -> Problem {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        let place = index >= bytes.count ? "at the end of the text" : "at line \(line), column \(column)"
        var problem = Problem("", "not JSON \(place): \(what)")
        problem.isSyntax = true
        return problem
    }

    private mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    /// The kind of the value that starts here (after whitespace); nil where none starts.
    mutating func peek() -> Kind? {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39): return .number
        default: return nil
        }
    }

    /// Checks that the whole text is one JSON value with no key twice in an object, then
    /// goes back to its start.
    private mutating func validate() throws(Problem) {
        index = 0
        try skipValue(depth: 0, place: "")
        skipWhitespace()
        guard index == bytes.count else { throw syntax("unexpected text after the JSON value") }
        index = 0
    }

    /// Steps over the value that starts here, checking its syntax and, in objects, that no
    /// key comes twice (`place` names the value for that error).
    private mutating func skipValue(depth: Int, place: String) throws(Problem) {
        guard depth < JSONReader.maximumDepth else { throw syntax("nesting deeper than \(JSONReader.maximumDepth) levels") }
        switch peek() {
        case .object?:
            // A few keys an object: searched in order, then hashed if there are many.
            var seen: [String] = [], many: Set<String> = []
            try forEachMember { (reader, key) throws(Problem) in
                if seen.count < 32 {
                    guard !seen.contains(key) else { throw Problem(JSONReader.member(place, key), "duplicate key (a key may appear once in an object)") }
                    seen.append(key)
                } else {
                    guard !seen.contains(key), many.insert(key).inserted else {
                        throw Problem(JSONReader.member(place, key), "duplicate key (a key may appear once in an object)")
                    }
                }
                try reader.skipValue(depth: depth + 1, place: JSONReader.member(place, key))
            }
        case .array?:
            try forEachElement { (reader, n) throws(Problem) in
                try reader.skipValue(depth: depth + 1, place: "\(place)[\(n)]")
            }
        case .string?: _ = try string()
        case .number?: _ = try numberText()
        case .bool?, .null?: try literal()
        case nil: throw syntax("expected a value")
        }
    }

    /// Steps through the object that starts here: `body` gets each key with the reader at
    /// its value, and must step over the value.
    private mutating func forEachMember(_ body: (inout JSONReader, String) throws(Problem) -> Void) throws(Problem) {
        index += 1  // {
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw syntax("expected a string key") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw syntax("expected ':'") }
            index += 1
            try body(&self, key)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return
            default: throw syntax("expected ',' or '}'")
            }
        }
    }

    /// Steps through the array that starts here: `body` gets each element's position with
    /// the reader at it, and must step over it.
    private mutating func forEachElement(_ body: (inout JSONReader, Int) throws(Problem) -> Void) throws(Problem) {
        index += 1  // [
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return }
        var n = 0
        while true {
            try body(&self, n)
            n += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return
            default: throw syntax("expected ',' or ']'")
            }
        }
    }

    private mutating func literal() throws(Problem) {
        for word in ["true", "false", "null"] {
            let end = index + word.utf8.count
            if end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) {
                index = end
                return
            }
        }
        throw syntax("expected a value")
    }

    /// The number that starts here, as written, its syntax checked.
    private mutating func numberText() throws(Problem) -> String {
        let start = index
        func digits(_ r: inout JSONReader) -> Int {
            let from = r.index
            while let b = r.current, b >= 0x30 && b <= 0x39 { r.index += 1 }
            return r.index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw syntax("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw syntax("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw syntax("expected a digit in the exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// The string that starts here, escapes decoded (`\u0000` included: valid JSON).
    private mutating func string() throws(Problem) -> String {
        index += 1  // "
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw syntax("unterminated string") }
            index += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = current else { throw syntax("unterminated string") }
                index += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: "\\u".utf8) {
                        let mark = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = mark
                        }
                    }
                    // A lone surrogate has no scalar: it reads as U+FFFD, as invalid UTF-8 does.
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default: throw syntax("invalid escape")
                }
            case 0..<0x20:
                throw syntax("control character in a string (it must be escaped)")
            default:
                out.append(b)
            }
        }
    }

    private mutating func hex4() throws(Problem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let digit = Character(Unicode.Scalar(b)).hexDigitValue else {
                throw syntax("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: typed reads (after validate)

    /// Goes back to the start of the text.
    mutating func seekStart() { index = 0 }

    /// `base.key`, or `key` at the top.
    static func member(_ base: String, _ key: String) -> String {
        base.isEmpty ? Echo.escaped(key) : "\(base).\(Echo.escaped(key))"
    }

    /// What the value here is, for errors: `an object`, `the string "2"`, `1.5`, `null`.
    mutating func found() -> String {
        let start = index
        defer { index = start }
        switch peek() {
        case .object?: return "an object"
        case .array?: return "an array"
        case .string?: return "the string " + ((try? string()).map { Echo.quoted($0, limit: 40) } ?? "")
        case .number?: return (try? numberText()).map { Echo.escaped($0, limit: 40) } ?? "a number"
        case .bool?: return current == UInt8(ascii: "t") ? "true" : "false"
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

    /// `null` here is stepped over and gives true; anything else stays.
    mutating func null() -> Bool {
        guard peek() == .null else { return false }
        index += 4
        return true
    }

    /// Steps over the value here (already checked by `validate()`).
    mutating func skip() throws(Problem) {
        try skipValue(depth: 0, place: "")
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
        index = 0
        guard peek() == .object else { return false }
        index += 1  // {
        skipWhitespace()
        while current == UInt8(ascii: "\"") {
            let name = try string()
            skipWhitespace()
            index += 1  // :
            if name == key {
                skipWhitespace()
                return true
            }
            try skip()
            skipWhitespace()
            guard current == UInt8(ascii: ",") else { break }
            index += 1
            skipWhitespace()
        }
        index = 0
        return false
    }
}
