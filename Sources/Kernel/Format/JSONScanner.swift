/// A strict RFC 8259 JSON scanner over UTF-8 bytes, without Foundation or a document tree
/// (docs/DESIGN.md, "The file reader"); `bench`'s `JSONReader` scans with it too.
package struct JSONScanner {
    package static let maximumDepth = 64

    /// What a value is, from its first byte.
    package enum Kind {
        case object, array, string, number, bool, null

        /// The name used in error messages.
        var name: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }

    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0
    /// Set by `validate()`: the whole text is known to be well-formed JSON.
    private(set) var validated = false

    /// A scanner over `bytes` (not copied: they must outlive it), at their start.
    package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// An error at `position` (default: here), with its line and column.
    package func error(_ what: String, at position: Int? = nil) -> WalkthroughError {
        let position = min(position ?? index, bytes.count)
        var line = 1, column = 1
        for byte in bytes[..<position] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        let place = position >= bytes.count ? "at the end of the input" : "at line \(line), column \(column)"
        return WalkthroughError("invalid JSON \(place): \(what)\(position <= 1 ? encodingHint : "")")
    }

    /// Why a file an editor saved fails at its first bytes: a byte order mark, which editors
    /// on some systems put first (JSON has none), or UTF-16 or UTF-32.
    private var encodingHint: String {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return " (the file starts with a UTF-8 byte order mark, which JSON does not allow: save it without)"
        }
        return JSONScanner.startsWide(bytes) ? " (the file looks like UTF-16 or UTF-32: save it as UTF-8)" : ""
    }

    /// Whether `bytes` start as UTF-16 or UTF-32 text does: a zero byte or a byte order mark
    /// in the first two, which no JSON text has.
    package static func startsWide(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = bytes.prefix(2)
        return start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF]) || start.contains(0)
    }

    package mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    /// The kind of the value that starts here (after whitespace); nil where none starts.
    package mutating func peek() -> Kind? {
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

    /// Checks that the whole text is one JSON value, then goes back to its start.
    mutating func validate() throws(WalkthroughError) {
        index = 0
        try skipValue(depth: 0)
        skipWhitespace()
        guard index == bytes.count else {
            // C callers pass `sizeof` a literal, which counts its terminator.
            let nul = bytes[index] == 0 ? " (a NUL byte: does the length count the string's terminator?)" : ""
            throw error("unexpected text after the JSON document\(nul)")
        }
        index = 0
        validated = true
    }

    /// Steps over the value that starts here (after whitespace), checking its syntax;
    /// `depth` is the nesting around it.
    package mutating func skipValue(depth: Int) throws(WalkthroughError) {
        switch peek() {
        case .object?:
            try forEachMember(depth: depth) { (scanner, _) throws(WalkthroughError) in
                try scanner.skipValue(depth: depth + 1)
            }
        case .array?:
            try forEachElement(depth: depth) { (scanner, _) throws(WalkthroughError) in
                try scanner.skipValue(depth: depth + 1)
            }
        case .string?: try skipString()
        case .number?: try skipNumber()
        case .bool?, .null?: _ = try literal()
        case nil: throw error("expected a value")
        }
    }

    /// Steps through the object that starts here. `body` gets the byte range of each key
    /// (quotes included), with the scanner at the key's value, and must step over the value.
    package mutating func forEachMember(
        depth: Int, _ body: (inout JSONScanner, Range<Int>) throws(WalkthroughError) -> Void
    ) throws(WalkthroughError) {
        try enter(depth)
        index += 1  // {
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyStart = index
            try skipString()
            let key = keyStart..<index
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            try body(&self, key)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return
            default: throw error("expected ',' or '}'")
            }
        }
    }

    /// Steps through the array that starts here. `body` gets each element's position in the
    /// array, with the scanner at the element, and must step over it.
    package mutating func forEachElement(
        depth: Int, _ body: (inout JSONScanner, Int) throws(WalkthroughError) -> Void
    ) throws(WalkthroughError) {
        try enter(depth)
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
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// The number of elements of the array that starts here, without moving.
    func elementCount() throws(WalkthroughError) -> Int {
        if validated { return validatedElementCount() }
        var copy = self
        var count = 0
        try copy.forEachElement(depth: 0) { (scanner, _) throws(WalkthroughError) in
            try scanner.skipValue(depth: 1)
            count += 1
        }
        return count
    }

    /// `elementCount` in well-formed text (`validate()`), by its structure alone: the commas
    /// at the array's own level, outside strings, in one cheap pass over the array's bytes where
    /// `skipValue` checked each element again (docs/DESIGN.md, "The file reader").
    private func validatedElementCount() -> Int {
        assert(bytes[index] == UInt8(ascii: "["), "elementCount at an array")
        var i = index + 1  // after [
        var depth = 0, commas = 0, empty = true
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                empty = false
                while i < bytes.count && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i += 1
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; empty = false
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return empty ? 0 : commas + 1 }
                depth -= 1
            case UInt8(ascii: ","): if depth == 0 { commas += 1 }
            case 0x20, 0x0A, 0x0D, 0x09: break
            default: empty = false
            }
        }
        return empty ? 0 : commas + 1  // not reached in well-formed text
    }

    private func enter(_ depth: Int) throws(WalkthroughError) {
        guard depth < JSONScanner.maximumDepth else {
            throw error("nesting deeper than \(JSONScanner.maximumDepth) levels")
        }
    }

    /// Reads `true`, `false` or `null` (nil) at this position.
    mutating func literal() throws(WalkthroughError) -> Bool? {
        switch current {
        case UInt8(ascii: "t"): try expect("true"); return true
        case UInt8(ascii: "f"): try expect("false"); return false
        default: try expect("null"); return nil
        }
    }

    private mutating func expect(_ word: String) throws(WalkthroughError) {
        let end = index + word.utf8.count
        guard end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) else { throw error("expected a value") }
        index = end
    }

    /// Steps over the number that starts here, checking its syntax.
    package mutating func skipNumber() throws(WalkthroughError) {
        func digits(_ s: inout JSONScanner) -> Int {
            let from = s.index
            while let b = s.current, b >= 0x30 && b <= 0x39 { s.index += 1 }
            return s.index - from
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits(&self) == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
    }

    /// Reads the number that starts here. An overflow such as `1e999` is ±infinity: the
    /// reader rejects it with the key's name.
    mutating func number() throws(WalkthroughError) -> Double {
        skipWhitespace()
        let start = index
        try skipNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw error("bad number \(Echo.quoted(text))", at: start) }
        return value
    }
}
