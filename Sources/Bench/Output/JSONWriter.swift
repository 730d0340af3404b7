/// Builds JSON text. Numbers print in Swift's shortest round-trip form; a non-finite
/// number has no JSON form, so writing one is an error instead of a broken document.
struct JSONWriter {
    private(set) var text = ""

    mutating func raw(_ s: String) { text += s }

    mutating func string(_ s: String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    mutating func number(_ d: Double, what: @autoclosure () -> String) throws(BenchError) {
        try JSONWriter.check(d, what: what())
        text += d.description
    }

    /// Throws when `d` has no JSON form (NaN, ±infinity), for checking a document before
    /// any of it is written.
    static func check(_ d: Double, what: @autoclosure () -> String) throws(BenchError) {
        guard d.isFinite else { throw BenchError("\(what()) is \(d), which JSON cannot represent") }
    }

    mutating func integer(_ i: Int) { text += String(i) }

    /// `{"key": "value", …}` with string values, in the order given.
    mutating func stringObject(_ pairs: [(String, String)]) {
        text += "{"
        for (n, (key, value)) in pairs.enumerated() {
            if n > 0 { text += ", " }
            string(key)
            text += ": "
            string(value)
        }
        text += "}"
    }

    mutating func bool(_ b: Bool) { text += b ? "true" : "false" }
}
