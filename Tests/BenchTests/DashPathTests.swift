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

    /// A saved run and a walkthrough's profile read from standard input, with the names
    /// messages and reports give it.
    @Test func savedRunsAndProfilesReadStandardInput() throws {
        let folder = try BenchProcess.temporaryFolder().path
        let saved = try BenchProcess.run(["run", "--format", "json", "--filter", "^zoom$", "--sizes", "20",
                                          "--impls", "simd,limit", "--budget", "0.005", "--quiet"])
        try saved.stdout.write(toFile: folder + "/run.json", atomically: true, encoding: .utf8)
        let compared = try run(["compare", "-", folder + "/run.json"], input: folder + "/run.json")
        #expect(compared.status == 0 && compared.stdout.contains("standard input"), "\(compared.stdout) \(compared.stderr)")
        let chart = try run(["chart", "--input", "-", "--output", "-"], input: folder + "/run.json")
        #expect(chart.status == 0 && chart.stdout.hasPrefix("<svg") && chart.stderr == "wrote standard output\n", "\(chart.stderr)")
        let profile = try run(["profile", "-", "--frames", "2"])
        #expect(profile.status == 0 && profile.stdout.contains(" of stdin at "), "\(profile.stdout) \(profile.stderr)")
    }

    /// Standard input that is the output file is one of the command's inputs, as a named file is.
    @Test func standardInputIsNotOverwritten() throws {
        let file = try BenchProcess.temporaryFile(Self.walkthrough)
        let render = try run(["render", "-", "--output", file], input: file)
        #expect(render.status == 1 && render.stderr.hasSuffix(": is one of the command's inputs; refusing to overwrite it\n"), "\(render.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == Self.walkthrough)
    }

    /// A terminal is refused, not waited on (`script` gives the command one, where it exists).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalIsRefused() throws {
        let run = try BenchProcess.shell("/usr/bin/script -qec '\"$BENCH\" eval - --scroll 0' /dev/null")
        #expect(run.stdout.contains("bench: standard input is a terminal, not a file: pipe or redirect one into it"),
                "\(run.status) \(run.stdout) \(run.stderr)")
    }

    @Test(arguments: [
        (["eval", "-", "--scroll", "0"], "/",
         "bench: standard input: cannot read it (it is a folder, not a file)\n"),
        (["baseline", "check", "--path", "-"], "/dev/null",
         "bench: standard input: malformed baseline: not JSON at the end of the input: expected a value\n"),
        // Options are checked before standard input is read (a pipe may take its time).
        (["run", "-", "--chart", "-"], "/dev/null",
         "bench: --chart - would mix the chart with the report on standard output; bench chart --output - writes the chart alone\n"),
        (["eval", "-", "--scroll", "0"], "/dev/null",
         "bench: standard input: invalid JSON at the end of the input: expected a value\n"),
        (["run", "-", "-", "--quick"], "FILE",
         "bench: standard input (-) is given twice; it can be read once, so name a file for the others\n"),
        (["compare", "-", "-"], "FILE",
         "bench: standard input (-) is given twice; it can be read once, so name a file for the others\n"),
        (["baseline", "update", "-", "--path", "x.json"], "FILE",
         "bench: standard input (-) cannot be a baseline's walkthrough: the gate names a file's metrics after it and counts it again by its path\n"),
    ])
    func misuseIsOneLine(arguments: [String], input: String, message: String) throws {
        let run = try run(arguments, input: input)
        #expect(run.status == 1 && run.stdout.isEmpty && run.stderr == message, "\(arguments): \(run.stderr)")
    }
}
