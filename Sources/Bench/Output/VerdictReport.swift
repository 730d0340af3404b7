/// A table of rows with verdicts (`bench baseline check`, `bench compare`) in the two forms
/// people read it in.
///
/// - text: the warning (if any) first, the table, then the summary line;
/// - markdown, to paste into a pull request: the warning, the summary line (counts), the
///   regressions' table, then everything else inside a `<details>` block, so that a review
///   sees what failed without scrolling past what did not.
struct VerdictReport {
    /// One line about what was compared, shown before everything else; nil when all is well.
    var warning: String?
    /// One line of counts.
    var summary: String
    /// Lines that describe the comparison (what was measured where), put inside the
    /// details in markdown and above the table in text.
    var context: [String] = []
    var header: [String]
    var rows: [(cells: [String], regression: Bool)]

    func render(markdown: Bool) -> String {
        var out = warning.map { $0 + "\n\n" } ?? ""
        guard markdown else {
            if !context.isEmpty { out += context.joined(separator: "\n") + "\n\n" }
            return out + Report.table([header] + rows.map(\.cells), markdown: false) + "\n" + summary + "\n"
        }
        out += "**\(summary)**\n\n"
        let regressions = rows.filter(\.regression).map(\.cells)
        let rest = rows.filter { !$0.regression }.map(\.cells)
        out += regressions.isEmpty ? "No regressions.\n" : "Regressions:\n\n" + Report.table([header] + regressions, markdown: true)
        out += "\n<details><summary>\(rest.count) other row\(rest.count == 1 ? "" : "s")</summary>\n\n"
        if !context.isEmpty { out += context.joined(separator: "\n\n") + "\n\n" }
        if !rest.isEmpty { out += Report.table([header] + rest, markdown: true) }
        return out + "\n</details>\n"
    }
}
