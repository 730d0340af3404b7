#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Kernel

/// `bench [run|eval|…] …`: the benchmark driver. Errors go to standard error as one line,
/// with exit status 1; standard output then stays empty.
let usage = """
    usage: bench [run] [--format text|markdown|json|csv] [--filter REGEX] [--sizes N,N,…]
                       [--impls NAME,…] [--budget SECONDS] [--quick] [--chart FILE.svg]
           bench run --list
           bench chart --output FILE.svg [--filter REGEX] [--sizes N,N,…] [--impls NAME,…] [--budget SECONDS] [--quick]
           bench eval FILE --scroll X [--impl reference|simd]
           bench profile SCENARIO --size N | FILE.json  --frames F [--impl NAME]   (for callgrind and valgrind)
           bench render FILE --output FILE.svg [--frames K] [--from X --to Y]
           bench baseline check [--path FILE] [--format text|markdown] [--instructions-threshold F] [--writes-threshold F] [--ratio-threshold F]
           bench baseline update [--path FILE]
    """

StandardStreams.prepare()
var words = Array(CommandLine.arguments.dropFirst())
let helpWords: Set<String> = ["help", "--help", "-h"]
let command = words.first.map { $0.hasPrefix("-") && !helpWords.contains($0) ? "run" : $0 } ?? "run"
if !words.isEmpty && command == words[0] { words.removeFirst() }
do {
    let output: String
    switch command {
    case "run": output = try RunCommand.run(words)
    case "chart": output = try ChartCommand.run(words)
    case "eval":
        try EvalCommand.run(words) { (piece) throws(BenchError) in try StandardStreams.output(piece) }
        output = ""
    case "profile": output = try ProfileCommand.run(words)
    case "baseline": output = try BaselineCommand.run(words)
    case "render": output = try RenderCommand.run(words)
    case _ where helpWords.contains(command):
        guard words.isEmpty else { throw BenchError("help takes no arguments, got \(Echo.quoted(words[0]))") }
        output = usage + "\n"
    default: throw BenchError("unknown command \(Echo.quoted(command)); see bench --help")
    }
    try StandardStreams.output(output)
    exit(0)
} catch let regression as BaselineCommand.Regression {
    do { try StandardStreams.output(regression.report) } catch { StandardStreams.fail(error) }
    exit(2)
} catch {
    StandardStreams.fail(error)
}
