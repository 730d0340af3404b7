import Foundation
import Testing

/// `-` names standard input as an input file and standard output as `--output`.
@Suite(.temporaryFolders) struct DashPathTests {
    static let walkthrough = #"{"width": 100, "pages": [{"subviewCount": 3, "animationType": "Zoom"}, {}]}"#

    /// `bench ARGS < FILE`, with `FILE` in the arguments replaced by the walkthrough's path.
    func run(_ arguments: [String], input: String = "FILE") throws -> BenchProcess {
        let file = try BenchProcess.temporaryFile(Self.walkthrough)
        let words = arguments.map { "'\($0 == "FILE" ? file : $0)'" }.joined(separator: " ")
        return try BenchProcess.shell("\"$BENCH\" \(words) < '\(input == "FILE" ? file : input)'")
    }

    @Test func evalReadsStandardInput() throws {
        let piped = try run(["eval", "-", "--scroll", "30"]), named = try run(["eval", "FILE", "--scroll", "30"])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(piped.stdout == named.stdout && piped.stdout.contains("\"subviews\""), "\(piped.stdout.prefix(300))")
    }

    @Test func renderWritesStandardOutputAndReportsOnStandardError() throws {
        let folder = try BenchProcess.temporaryFolder().path
        let piped = try run(["render", "-", "--output", "-", "--frames", "2"])
        #expect(piped.status == 0 && piped.stderr == "wrote 2 panels to standard output\n", "\(piped.stderr)")
        let named = try run(["render", "FILE", "--output", folder + "/film.svg", "--frames", "2"])
        #expect(named.status == 0 && named.stdout.hasPrefix("wrote 2 panels to "), "\(named.stdout)")
        #expect(piped.stdout == (try String(contentsOfFile: folder + "/film.svg", encoding: .utf8)))
        #expect(!FileManager.default.fileExists(atPath: "-"), "wrote a file named -")
    }

    @Test(arguments: [
        (["eval", "-", "--scroll", "0"], "/dev/null",
         "bench: standard input: invalid JSON at the end of the input: expected a value\n"),
        (["run", "-", "-", "--quick"], "FILE",
         "bench: standard input (-) is given twice; it can be read once, so name a file for the others\n"),
        (["compare", "-", "-"], "FILE",
         "bench: standard input (-) is given twice; it can be read once, so name a file for the others\n"),
        (["run", "FILE", "--chart", "-"], "FILE",
         "bench: --chart - would mix the chart with the report on standard output; bench chart --output - writes the chart alone\n"),
        (["baseline", "update", "-", "--path", "x.json"], "FILE",
         "bench: standard input (-) cannot be a baseline's walkthrough: callgrind reads each file again by its path\n"),
    ])
    func misuseIsOneLine(arguments: [String], input: String, message: String) throws {
        let run = try run(arguments, input: input)
        #expect(run.status == 1 && run.stdout.isEmpty && run.stderr == message, "\(arguments): \(run.stderr)")
    }
}
