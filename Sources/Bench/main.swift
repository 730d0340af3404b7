#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `bench [run|eval|…] …`: the benchmark driver. Errors go to standard error as one line,
/// with exit status 1; standard output then stays empty.
let usage = """
    usage: bench [run] [--format text|markdown|json|csv] [--filter REGEX] [--sizes N,N,…]
                       [--impls NAME,…] [--budget SECONDS] [--quick] [--list] [--chart FILE.svg]
           bench chart --output FILE.svg [run options]
           bench eval FILE --scroll X [--impl reference|simd]
           bench profile SCENARIO --size N --frames F [--impl NAME]   (for callgrind and valgrind)
           bench render FILE --output FILE.svg [--frames K] [--from X --to Y]
           bench baseline update|check [--path FILE] [--quick] [--format text|markdown]
    """

/// Writes all of `text` to file descriptor `fd` (1 standard output, 2 standard error).
func emit(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}

var words = Array(CommandLine.arguments.dropFirst())
let helpWords: Set<String> = ["help", "--help", "-h"]
let command = words.first.map { $0.hasPrefix("-") && !helpWords.contains($0) ? "run" : $0 } ?? "run"
if !words.isEmpty && command == words[0] { words.removeFirst() }
do {
    switch command {
    case "run": emit(try RunCommand.run(words), to: 1)
    case "chart": emit(try ChartCommand.run(words), to: 1)
    case "eval": emit(try EvalCommand.run(words), to: 1)
    case "profile": emit(try ProfileCommand.run(words), to: 1)
    case "baseline": emit(try BaselineCommand.run(words), to: 1)
    case "render": emit(try RenderCommand.run(words), to: 1)
    case _ where helpWords.contains(command): emit(usage + "\n", to: 1)
    default: throw BenchError("unknown command \"\(command)\"; see bench --help")
    }
    exit(0)
} catch let regression as BaselineCommand.Regression {
    emit(regression.report, to: 1)
    exit(2)
} catch {
    emit("bench: \(error)\n", to: 2)
    exit(1)
}
