/// What `bench baseline check --format json` and `bench compare --format json` share: the
/// head of the document (the command, its verdict, its exit status and what each status
/// means, the machine warning) and numbers in percent. A CI step reads the verdict from the
/// document or from the exit status alike; on an error (exit 1) standard output is empty
/// and standard error holds one line, so there is no document to read.
enum VerdictJSON {
    /// Every exit status of the two commands and its meaning, as the document lists them.
    static let exitStatuses: [(status: Int, meaning: String)] = [
        (0, "no regression (improvements are reported)"),
        (1, "an error: one line on standard error, nothing on standard output"),
        (2, "a regression"),
    ]

    /// `{"command": …, "verdict": "pass"|"regression", "exitStatus": 0|2, "exitStatuses":
    /// {…}, "warning": …` without the closing brace: the caller adds its own keys.
    static func head(_ w: inout JSONWriter, command: String, regressed: Bool, warning: String?) {
        w.raw("{\"command\": ")
        w.string(command)
        w.raw(", \"verdict\": \"\(regressed ? "regression" : "pass")\", \"exitStatus\": \(regressed ? 2 : 0),\n \"exitStatuses\": {")
        w.raw(exitStatuses.map { "\"\($0.status)\": " + quoted($0.meaning) }.joined(separator: ", "))
        w.raw("},\n \"warning\": ")
        if let warning { w.string(warning) } else { w.raw("null") }
    }

    /// A relative change (0.064) as a JSON number in percent (6.4), or null when it has none.
    static func percent(_ fraction: Double?) -> String {
        guard let fraction, fraction.isFinite else { return "null" }
        return String(100 * fraction)
    }

    /// A string as a JSON string.
    static func quoted(_ s: String) -> String {
        var w = JSONWriter()
        w.string(s)
        return w.text
    }
}
