import Foundation
import Kernel

/// `bench [run]`: the built-in suite, as a table or for other tools.
enum RunCommand {
    static let options: Set<String> = ["format", "filter", "sizes", "impls", "budget", "chart", "layout"]
    static let flags: Set<String> = ["quick", "list"]

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, options: options, flags: flags)
        guard args.positional.isEmpty else { throw BenchError("unexpected argument \(Echo.quoted(args.positional[0])); see bench --help") }
        if args.flag("list") {
            guard args.given == ["list"] else { throw BenchError("--list takes no other options; see bench --help") }
            return list()
        }
        let suite = try suiteOptions(args)
        let format = try args.choice("format", default: ReportFormat.text)
        // The chart's path is checked before the run, not after it.
        var chart: OutputFile?
        if let path = args.value("chart") { chart = try OutputFile(path) }
        let results = try Suite.run(suite) { message in
            if suite.progress { StandardStreams.progress("… \(message)\n") }
        }
        let report = Report(build: .current(), results: results)
        if let chart { try ChartCommand.write(report, to: chart) }
        return report.render(format)
    }

    static func suiteOptions(_ args: Arguments) throws(BenchError) -> SuiteOptions {
        var suite = SuiteOptions()
        if args.flag("quick") {
            suite.sizes = SuiteOptions.quickSizes
            suite.budgetSeconds = 0.08
        }
        if let text = args.value("sizes") {
            let limit = Walkthrough.maximumSubviewCount
            let sizes = text.split(separator: ",", omittingEmptySubsequences: false)
                .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { (1...limit).contains($0) }
            guard !sizes.isEmpty, sizes.count == text.split(separator: ",", omittingEmptySubsequences: false).count else {
                throw BenchError("--sizes needs a comma-separated list of counts from 1 to \(limit), got \(Echo.quoted(text))")
            }
            suite.sizes = sizes
        }
        if let text = args.value("impls") {
            suite.implementations = try ImplementationKind.list(text)
        }
        suite.layout = try args.choice("layout", default: FrameLayout.blocks)
        if let pattern = args.value("filter") {
            do { suite.filter = try Regex(pattern) } catch { throw BenchError("--filter is not a valid regular expression: \(Echo.quoted(pattern))") }
        }
        if let budget = try args.double("budget") {
            guard budget > 0 && budget <= 600 else { throw BenchError("--budget needs seconds in (0, 600], got \(budget)") }
            suite.budgetSeconds = budget
        }
        suite.progress = isatty(2) != 0
        return suite
    }

    static func list() -> String {
        let width = Scenario.builtIn.map(\.name.count).max() ?? 0
        return "scenarios:\n" + Scenario.builtIn.map { "  " + $0.name.padding(width) + "  " + $0.summary }.joined(separator: "\n")
            + "\nimplementations:\n"
            + ImplementationKind.allCases.map { "  " + $0.name.padding(13) + "  " + $0.summary + "\n" }.joined()
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
