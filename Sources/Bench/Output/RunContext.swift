import Foundation

/// How a run was asked for, for the JSON export: when, at which commit, and with which
/// command line and options, so that a file read months later says what it measured.
struct RunContext {
    /// The command line after `bench`, as given (`bench --quick` has no `run`).
    var arguments: [String]
    var suite: SuiteOptions
    /// When the run started, ISO 8601 in UTC: `2025-05-04T09:12:44Z`.
    var date: String
    var commit: String?
    /// Whether tracked files differed from `commit`; nil without a commit.
    var uncommittedChanges: Bool?

    init(suite: SuiteOptions) {
        arguments = Array(CommandLine.arguments.dropFirst())
        self.suite = suite
        date = ISO8601DateFormatter().string(from: Date())
        commit = GitCommit.current()
        uncommittedChanges = commit == nil ? nil : GitCommit.hasUncommittedChanges()
    }

    /// The options in effect (defaults included), as the members of a JSON object.
    func writeOptions(_ w: inout JSONWriter) {
        let files = !suite.files.isEmpty
        w.raw("{\"files\": [")
        for (n, scenario) in suite.files.enumerated() {
            if n > 0 { w.raw(", ") }
            w.string(scenario.name)
        }
        w.raw("], \"sizes\": " + (files ? "null" : "[" + suite.sizes.map(String.init).joined(separator: ", ") + "]"))
        w.raw(", \"positions\": " + (files ? String(suite.positions) : "null"))
        w.raw(", \"filter\": ")
        if let pattern = suite.filterPattern { w.string(pattern) } else { w.raw("null") }
        w.raw(", \"impls\": [" + suite.implementations.map { "\"\($0.name)\"" }.joined(separator: ", ") + "]")
        w.raw(", \"layout\": \"\(suite.layout.rawValue)\", \"budgetSeconds\": \(suite.budgetSeconds)}")
    }
}
