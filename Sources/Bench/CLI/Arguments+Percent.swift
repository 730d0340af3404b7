import Foundation
import WalkthroughKernel

extension Arguments {
    /// A threshold option in percent, the one unit of every threshold on the command line:
    /// `10` and `10%` are ten percent, `0.5%` half of one. A bare number above 0 and at most 1
    /// is refused: `compare --threshold` always took percent and `baseline --ratio-threshold`
    /// a fraction, so `0.1` has meant both 10% and 0.1% (and `--threshold 0.1` silently
    /// meant the latter); the error says how to write either. Returns the percentage, or nil
    /// when the option is absent.
    func percent(_ name: String) throws(BenchError) -> Double? {
        guard let text = value(name) else { return nil }
        return try Arguments.percent(text, option: name)
    }

    /// An option that has only ever taken percent (`capacity --share`): `1` is one percent, and
    /// `%` may follow; nil when absent.
    func onlyPercent(_ name: String) throws(BenchError) -> Double? {
        guard let text = value(name) else { return nil }
        return try Arguments.percent(text, option: name, fractionsAreAmbiguous: false)
    }

    /// `text` as a percentage for option `name` (see `percent(_:)`).
    static func percent(_ text: String, option name: String, fractionsAreAmbiguous: Bool = true) throws(BenchError) -> Double {
        let marked = text.hasSuffix("%")
        let digits = marked ? String(text.dropLast()) : text
        guard let value = decimal(digits), value.isFinite else {
            throw BenchError("option --\(name) needs a percentage such as 10 or 10%, got \(Echo.quoted(text))")
        }
        guard value >= 0 else { throw BenchError("option --\(name) needs a percentage ≥ 0, got \(Echo.quoted(text))") }
        if fractionsAreAmbiguous && !marked && value > 0 && value <= 1 {
            let whole = Arguments.plain(value * 100)
            throw BenchError("option --\(name) is ambiguous: \(digits) could be a fraction (\(whole)%) or \(digits)%; "
                             + "thresholds are in percent: write \(whole) for \(whole)%, or \(digits)% for \(digits)%")
        }
        return value
    }

    /// `10`, `0.5`: a percentage as typed, without trailing zeros or a product's last-bit
    /// noise (0.07 × 100 is 7.000000000000001).
    static func plain(_ x: Double) -> String { String(format: "%.10g", x) }
}
