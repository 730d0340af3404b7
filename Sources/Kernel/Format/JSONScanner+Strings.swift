// Strings: checked in one pass, decoded in one more, each linear in the string's bytes
// (docs/DESIGN.md, "The file reader").

extension JSONScanner {
    /// Steps over the string that starts here, checking its characters and escapes.
    mutating func skipString() throws(WalkthroughError) {
        index += 1  // opening quote
        while true {
            guard let b = current else { throw error("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                if index < bytes.count, JSONScanner.shortEscape(bytes[index]) != nil {
                    index += 1
                } else {
                    _ = try unicodeEscape(at: &index)
                }
            case 0..<0x20:
                throw error("control character in a string")
            default:
                index += 1
            }
        }
    }

    /// Reads the string that starts here (after whitespace).
    package mutating func string() throws(WalkthroughError) -> String {
        skipWhitespace()
        let start = index
        try skipString()
        return try decode(start..<index)
    }

    /// The string whose bytes (quotes included) are `range`, checked already.
    package func decode(_ range: Range<Int>) throws(WalkthroughError) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range.lowerBound + 1 ..< range.upperBound - 1])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: raw.count)  // decoding only ever shortens
        defer { out.deallocate() }
        var n = 0
        var i = range.lowerBound + 1
        let end = range.upperBound - 1
        while i < end {
            let b = bytes[i]
            i += 1
            if b != UInt8(ascii: "\\") {
                out[n] = b
                n += 1
            } else if let byte = JSONScanner.shortEscape(bytes[i]) {  // checked: a byte follows
                out[n] = byte
                n += 1
                i += 1
            } else {
                UTF8.encode(try unicodeEscape(at: &i)) { unit in
                    out[n] = unit
                    n += 1
                }
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: out[..<n]), as: UTF8.self)
    }

    /// The byte a two-character escape (`\n`, `\"`, …) stands for, given the byte after the backslash; else nil.
    /// Kept apart from `\u`'s decoding, so escapes cost about what plain bytes do (docs/DESIGN.md, "The file reader").
    @inline(__always)
    static func shortEscape(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return b
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// The scalar of the `\uXXXX` escape (two for a surrogate pair) whose `u` is at `i`, moving `i` past it;
    /// any other byte there is a bad escape (`shortEscape` takes the short ones first).
    func unicodeEscape(at i: inout Int) throws(WalkthroughError) -> Unicode.Scalar {
        guard i < bytes.count else { throw error("unterminated escape", at: i) }
        guard bytes[i] == UInt8(ascii: "u") else { throw error("bad escape", at: i) }
        i += 1
        let high = try hex4(at: &i)
        if (0xD800..<0xDC00).contains(high) {
            guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate", at: i)
            }
            i += 2
            let low = try hex4(at: &i)
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate", at: i) }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate", at: i) }
        return scalar
    }

    private func hex4(at i: inout Int) throws(WalkthroughError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let digit = JSONScanner.hexValue(bytes[i]) else {
                throw error("expected 4 hex digits", at: i)
            }
            value = value << 4 | digit
            i += 1
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
