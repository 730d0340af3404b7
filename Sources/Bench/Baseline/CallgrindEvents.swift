/// The totals callgrind prints on standard error when it ends, by event name:
///
///     ==123== Events    : Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
///     ==123== Collected : 289624 53754 148056 97 4393 34064 67 7
///
/// `Ir` is instructions executed, `Dw` data writes (one a store instruction, whatever its
/// width; `--cache-sim=yes` adds the data events). Callgrind leaves trailing zero counts
/// off the `Collected` line (no `DLmw` above), so a named event without a number is 0.
struct CallgrindEvents: Equatable {
    let counts: [String: Double]

    /// Nil when either line is missing, a count is not a whole number, or there are more
    /// counts than events: the run did not end the way a complete one does.
    init?(stderr: String) {
        guard let names = CallgrindEvents.fields(after: "Events    :", in: stderr),
              let numbers = CallgrindEvents.fields(after: "Collected :", in: stderr),
              !names.isEmpty, numbers.count <= names.count else { return nil }
        var counts: [String: Double] = [:]
        for (n, name) in names.enumerated() {
            guard n < numbers.count else { counts[name] = 0; continue }
            guard let value = UInt64(numbers[n]) else { return nil }
            counts[name] = Double(value)
        }
        self.counts = counts
    }

    subscript(event: String) -> Double? { counts[event] }

    /// The words after `marker` to the end of its line.
    private static func fields(after marker: String, in text: String) -> [String]? {
        guard let range = text.range(of: marker) else { return nil }
        return text[range.upperBound...].prefix { $0 != "\n" }.split(separator: " ").map(String.init)
    }
}
