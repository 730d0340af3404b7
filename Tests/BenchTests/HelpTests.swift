import Foundation
import Testing
@testable import Bench

/// `--help` and `-h` on every command: exit 0, a usage line, every option with its meaning
/// and default, nothing on standard error.
@Suite struct HelpTests {
    /// Every command line that has a help page, with the option tables it prints.
    static let pages: [([String], [CommandSpec])] = [
        (["run"], [RunCommand.spec]), (["capacity"], [CapacityCommand.spec]), (["chart"], [ChartCommand.spec]), (["compare"], [CompareCommand.spec]),
        (["eval"], [EvalCommand.spec]), (["render"], [RenderCommand.spec]), (["profile"], [ProfileCommand.spec]),
        (["valgrind-copy"], [StrippedCopy.spec]),
        (["baseline"], [BaselineOptions.check, BaselineOptions.update]),
        (["baseline", "check"], [BaselineOptions.check]), (["baseline", "update"], [BaselineOptions.update]),
    ]

    @Test(arguments: pages.flatMap { page in ["--help", "-h"].map { (page.0 + [$0], page.1) } })
    func everyCommandHasHelp(arguments: [String], specs: [CommandSpec]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.status) \(run.stderr)")
        // A group (`bench baseline`) names its actions first; a command its own usage.
        let usage = specs.count > 1 ? "usage: bench \(arguments[0]) \(specs.map { $0.name.split(separator: " ").last! }.joined(separator: "|")) "
            : "usage: bench \(specs[0].name) "
        #expect(run.stdout.hasPrefix(usage), "\(arguments): \(run.stdout.prefix(80))")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for option in specs.flatMap(\.options) {
            let line = lines.first { $0.hasPrefix("  " + option.synopsis + " ") }
            #expect(line?.contains(option.meaning) == true && line?.hasSuffix("(default: \(option.defaultText))") == true,
                    "\(arguments): --\(option.name): \(line ?? "missing")")
        }
        #expect(lines.contains { $0.hasPrefix("  -h, --help") }, "\(arguments)")
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], ["help", "--help"]])
    func benchHelpListsTheCommands(arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(arguments): \(run.stderr)")
        let width = Subcommand.all.map(\.name.count).max() ?? 0
        for command in Subcommand.all {
            #expect(run.stdout.contains("\n  \(command.name.padding(width))  \(command.summary)\n"), "\(arguments): \(command.name)")
        }
        #expect(run.stdout.contains("bench COMMAND --help"))
    }

    /// The parser takes exactly what the help lists: every option of every table parses
    /// with a value (or without, for a flag), and a name outside the table does not.
    @Test(arguments: Self.pages.flatMap(\.1))
    func theParserTakesWhatTheHelpLists(spec: CommandSpec) throws {
        for option in spec.options {
            let words = ["--" + option.name] + (option.value == nil ? [] : ["1"])
            let args = try Arguments(words, spec)
            #expect(args.given == [option.name], "\(spec.name): --\(option.name)")
        }
        #expect(throws: BenchError.self) { try Arguments(["--not-an-option"], spec) }
    }

    /// Help wins over a bad option, but `-h` where an option's value belongs is neither help
    /// nor the value: the value was left out. `--filter=-h` gives it.
    @Test func helpIsAWordOfItsOwn() throws {
        let bad = try BenchProcess.run(["run", "--format", "xml", "--help"])
        #expect(bad.status == 0 && bad.stdout.hasPrefix("usage: bench run"), "\(bad.stderr)")
        let missing = try BenchProcess.run(["run", "--filter", "-h"])
        #expect(missing.failedWithOneLine && missing.stderr.contains("option --filter needs a value, got the option -h"), "\(missing.stderr)")
        let value = try BenchProcess.run(["run", "--filter=-h"])
        #expect(value.failedWithOneLine && value.stderr.contains("--filter matches no scenario"), "\(value.stderr)")
    }
}
