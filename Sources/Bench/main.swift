#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WalkthroughKernel

/// `bench [COMMAND] …`: the benchmark driver. Errors go to standard error as one line,
/// with exit status 1; standard output then stays empty.
StandardStreams.prepare()
var words = Array(CommandLine.arguments.dropFirst())
let helpWords: Set<String> = CommandSpec.helpWords.union(["help"])
let versionWord = "--version"
let command = words.first.map { $0.hasPrefix("-") && !helpWords.contains($0) && $0 != versionWord ? "run" : $0 } ?? "run"
/// `bench --opt …` is `bench run --opt …`: its option errors say so.
let impliedRun = command == "run" && words.first != "run"
if !words.isEmpty && command == words[0] { words.removeFirst() }
do {
    let output: String
    if let entry = Subcommand.all.first(where: { $0.name == command }) {
        do {
            output = try entry.help(words) ?? entry.run(words)
        } catch let error as BenchError where impliedRun && error.description.hasPrefix("unknown option") {
            // `bench --verison` meant bench's own option, not one of run's (a prefix, `--ver`, may mean either).
            let word = words.first ?? "", name = String(word.drop { $0 == "-" }), own = ["version", "help"]
            if !own.contains(where: { $0.hasPrefix(name) }), let meant = Suggestion.closest(to: name, among: own),
               error.description.hasPrefix("unknown option \(Echo.quoted(word))") {
                throw BenchError("unknown option \(Echo.quoted(word)); did you mean --\(meant)?")
            }
            throw BenchError(error.description + " (bench alone is bench run; bench --help lists the commands)")
        }
    } else if command == versionWord {
        if let word = words.first { throw BenchError("--version takes no arguments, got \(Echo.quoted(word))") }
        output = Version.line
    } else if helpWords.contains(command) {
        output = try Subcommand.helpPage(command == "help" ? words : words.filter { !CommandSpec.helpWords.contains($0) })
    } else {
        let names = Subcommand.all.map(\.name) + ["help"]
        throw BenchError("unknown command \(Echo.quoted(command))" + Suggestion.clause(command, among: names)
                         + " (bench --help lists the commands)")
    }
    try StandardStreams.output(output)
    exit(0)
} catch let regression as BaselineCommand.Regression {
    do { try StandardStreams.output(regression.report) } catch { StandardStreams.fail(error) }
    exit(2)
} catch {
    StandardStreams.fail(error)
}
