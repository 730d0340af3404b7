/// Text from a file or a command line, made safe to repeat inside a one-line error message: control and
/// format characters written as JSON writes them (`\n`, `\u0000`), text past `limit` scalars cut with `…`.
package enum Echo {
    /// Characters kept of an echoed string (escapes count with their full length).
    package static let limit = 60

    /// The text escaped, shortened and in double quotes: `"a\nb"`.
    package static func quoted(_ text: some StringProtocol, limit: Int = Echo.limit) -> String {
        "\"" + escaped(text, limit: limit) + "\""
    }

    /// The text escaped and shortened, without quotes (for file paths and table cells).
    /// Quotes and backslashes are escaped too, so the result reads the same inside quotes.
    package static func escaped(_ text: some StringProtocol, limit: Int = Echo.limit) -> String {
        var out = ""
        var length = 0
        for scalar in text.unicodeScalars {
            let piece = escape(scalar, quotes: true)
            let pieceLength = piece?.count ?? 1
            if length + pieceLength > limit { return out + "…" }
            if let piece { out += piece } else { out.unicodeScalars.append(scalar) }
            length += pieceLength
        }
        return out
    }

    /// The whole text on one line: only control and format characters are escaped, nothing
    /// is cut. For a message whose parts were echoed already (a last line of defence).
    package static func oneLine(_ text: some StringProtocol) -> String {
        text.unicodeScalars.map { escape($0, quotes: false) ?? String($0) }.joined()
    }

    /// The escape for `scalar`, or nil when it stands for itself.
    private static func escape(_ scalar: Unicode.Scalar, quotes: Bool) -> String? {
        switch scalar {
        case "\"" where quotes: return "\\\""
        case "\\" where quotes: return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator:
                return utf16Escape(scalar)
            default:
                return nil
            }
        }
    }

    /// `\uXXXX`, or a surrogate pair of them above the Basic Multilingual Plane (as JSON).
    private static func utf16Escape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf16.map { unit in
            let hex = String(unit, radix: 16, uppercase: false)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }.joined()
    }
}
