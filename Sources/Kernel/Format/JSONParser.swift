/// A strict RFC 8259 JSON parser over UTF-8 bytes, written here so that the kernel needs
/// no Foundation. Errors give line and column; nesting is capped so that hostile input
/// cannot exhaust the stack; duplicate keys are errors.
struct JSONParser {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    static func parse(_ text: String) throws(WalkthroughError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected text after the JSON document")
        }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ what: String) -> WalkthroughError {
        var line = 1, column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        let place = index >= bytes.count ? "at the end of the input" : "at line \(line), column \(column)"
        return WalkthroughError("invalid JSON \(place): \(what)")
    }

    private mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws(WalkthroughError) -> JSONValue {
        let start = index
        for byte in literal.utf8 {
            guard current == byte else {
                index = start
                throw error("expected a value")
            }
            index += 1
        }
        return value
    }

    private mutating func parseValue() throws(WalkthroughError) -> JSONValue {
        switch current {
        case nil: throw error("expected a value")
        case UInt8(ascii: "{"): return try nested { (p) throws(WalkthroughError) in try p.parseObject() }
        case UInt8(ascii: "["): return try nested { (p) throws(WalkthroughError) in try p.parseArray() }
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        case let b? where b == UInt8(ascii: "-") || (b >= 0x30 && b <= 0x39): return try parseNumber()
        default: throw error("expected a value")
        }
    }

    private mutating func nested(
        _ body: (inout JSONParser) throws(WalkthroughError) -> JSONValue
    ) throws(WalkthroughError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONParser.maximumDepth else {
            throw error("nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        return try body(&self)
    }

    private mutating func parseObject() throws(WalkthroughError) -> JSONValue {
        index += 1  // {
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyStart = index
            let key = try parseString()
            guard seen.insert(key).inserted else {
                index = keyStart
                throw error("duplicate key \"\(key)\"")
            }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(WalkthroughError) -> JSONValue {
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(WalkthroughError) -> JSONValue {
        let start = index
        func digits(_ p: inout JSONParser) -> Int {
            let from = p.index
            while let b = p.current, b >= 0x30 && b <= 0x39 { p.index += 1 }
            return p.index - from
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
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("bad number \(text)") }
        return .number(value)  // an overflow such as 1e999 is +inf here; readers reject it
    }

    private mutating func parseString() throws(WalkthroughError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        var run = index  // start of the current run of plain bytes
        func flush(_ p: JSONParser, _ scalars: inout String.UnicodeScalarView) {
            scalars.append(contentsOf: String(decoding: p.bytes[run..<p.index], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let b = current else { throw error("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                flush(self, &scalars)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, &scalars)
                index += 1
                scalars.append(try parseEscape())
                run = index
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(WalkthroughError) -> Unicode.Scalar {
        guard let b = current else { throw error("unterminated escape") }
        index += 1
        switch b {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHex4()
            if (0xD800..<0xDC00).contains(high) {
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
                else { throw error("unpaired surrogate") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
            return scalar
        default:
            index -= 1
            throw error("bad escape")
        }
    }

    private mutating func parseHex4() throws(WalkthroughError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let digit = JSONParser.hexValue(b) else { throw error("expected 4 hex digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30...0x39: return UInt32(b - 0x30)
        case 0x41...0x46: return UInt32(b - 0x41 + 10)
        case 0x61...0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}
