import WalkthroughKernel

/// The subcommands of `bench`, for dispatch and for `bench --help`.
struct Subcommand: Sendable {
    let name: String
    let summary: String
    /// The command's own help for `words`, or nil when they do not ask for it.
    let help: @Sendable ([String]) -> String?
    let run: @Sendable ([String]) throws -> String

    /// A command with one option table.
    init(_ spec: CommandSpec, run: @escaping @Sendable ([String]) throws -> String) {
        (name, summary, self.run) = (spec.name, spec.summary, run)
        help = { spec.wantsHelp($0) ? spec.help : nil }
    }

    init(name: String, summary: String, help: @escaping @Sendable ([String]) -> String?, run: @escaping @Sendable ([String]) throws -> String) {
        (self.name, self.summary, self.help, self.run) = (name, summary, help, run)
    }

    static let all: [Subcommand] = [
        Subcommand(RunCommand.spec) { try RunCommand.run($0) },
        Subcommand(CapacityCommand.spec) { try CapacityCommand.run($0) },
        Subcommand(ChartCommand.spec) { try ChartCommand.run($0) },
        Subcommand(CompareCommand.spec) { try CompareCommand.run($0) },
        Subcommand(name: "baseline", summary: BaselineOptions.summary,
                 help: { _ in nil }) { try BaselineCommand.run($0) },
        Subcommand(EvalCommand.spec) { words in
            try EvalCommand.run(words) { (piece) throws(BenchError) in try StandardStreams.output(piece) }
            return ""
        },
        Subcommand(RenderCommand.spec) { try RenderCommand.run($0) },
        Subcommand(ProfileCommand.spec) { try ProfileCommand.run($0) },
        Subcommand(StrippedCopy.spec) { try StrippedCopy.run($0) },
    ]

    /// `bench --help`: the commands, a line each.
    static var help: String {
        let width = all.map(\.name.count).max() ?? 0
        return """
            usage: bench [COMMAND] [options]      (without a command: bench run)

            Measures the BWWalkthrough animation kernels, draws walkthroughs, and gates performance.

            commands:

            """ + all.map { "  " + $0.name.padding(width) + "  " + $0.summary + "\n" }.joined()
            + "  " + "help".padding(width) + "  This list; help COMMAND: the command's options.\n\n"
            + "bench COMMAND --help (or bench help COMMAND) lists a command's options and their defaults;\n"
            + "bench --version prints the library's version.\n"
            + "-- ends the options: every word after it is an argument (a FILE named -q.json), never an option;\n"
            + "--NAME=VALUE gives an option a value that begins with a dash (--output=-q.svg).\n"
            + "- as an input file reads standard input (once; a file named - is ./-),\n"
            + "and as --output writes standard output.\n"
    }

    /// `bench help [COMMAND [SUBCOMMAND]]`: this list, or the page `bench COMMAND --help`
    /// prints (`bench help baseline check`).
    static func helpPage(_ words: [String]) throws -> String {
        let rest = words.filter { !CommandSpec.helpWords.contains($0) }
        guard let name = rest.first, name != "help" else { return help }
        guard let entry = all.first(where: { $0.name == name }) else {
            throw BenchError("no command \(Echo.quoted(name))" + Suggestion.clause(name, among: all.map(\.name)) + " (bench --help lists the commands)")
        }
        let asked = Array(rest.dropFirst()) + ["--help"]
        return try entry.help(asked) ?? entry.run(asked)
    }
}
