import Foundation
import Testing
@testable import Bench

/// One command-line convention, the one swift-argument-parser users expect (issue 45, item
/// 6): `--version`, `help COMMAND`, short flags, did-you-mean, one unit for thresholds, the
/// fast path in `eval`, a group's help that describes the group.
@Suite(.temporaryFolders) struct CLIConventionTests {
    /// `bench --version` prints the C header's version, and CHANGELOG.md's latest entry is
    /// that version: the number has one source and the changelog keeps up with it.
    @Test func versionIsTheHeadersAndTheChangelogs() throws {
        let header = try String(contentsOf: BenchProcess.packageRoot.appendingPathComponent("Sources/CWalkthroughAPI/include/bwwalkthrough.h"),
                                encoding: .utf8)
        let parts = try ["MAJOR", "MINOR", "PATCH"].map { part in
            let line = try #require(header.split(separator: "\n").first { $0.hasPrefix("#define BWW_VERSION_\(part) ") })
            return String(line.split(separator: " ").last!)
        }
        let version = parts.joined(separator: ".")
        let changelog = try String(contentsOf: BenchProcess.packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        // The latest version's heading (an "Unreleased" section may come first).
        let latest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true }
            .map { String($0.dropFirst(3)) }
        #expect(latest == version, "CHANGELOG.md's latest is \(latest ?? "none"), the header's \(version)")
        let run = try BenchProcess.run(["--version"])
        #expect(run.status == 0 && run.stderr.isEmpty && run.stdout == "bench \(version) (BWWalkthrough library \(version))\n", "\(run.stdout)\(run.stderr)")
        #expect(try BenchProcess.run(["--version", "x"]).failedWithOneLine)
    }

    /// `bench help COMMAND [ACTION]` prints what `bench COMMAND [ACTION] --help` does.
    @Test(arguments: Subcommand.all.map { [$0.name] } + [["baseline", "check"], ["baseline", "update"]])
    func helpCommandIsCommandHelp(command: [String]) throws {
        let help = try BenchProcess.run(["help"] + command), page = try BenchProcess.run(command + ["--help"])
        #expect(help.status == 0 && help.stdout == page.stdout && help.stdout.hasPrefix("usage: bench \(command[0])"), "\(command): \(help.stderr)")
    }

    /// `bench baseline --help` says what the group is and lists its actions before their pages.
    @Test func aGroupsHelpDescribesTheGroupFirst() throws {
        let run = try BenchProcess.run(["baseline", "--help"])
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(3)) == ["usage: bench baseline check|update [FILE…] [options]", "", BaselineOptions.summary], "\(lines.prefix(3))")
        let commands = try #require(lines.firstIndex(of: "commands:"))
        #expect(lines[commands + 1].hasPrefix("  baseline check  ") && lines[commands + 2].hasPrefix("  baseline update  "))
        #expect(commands < (lines.firstIndex { $0.hasPrefix("usage: bench baseline check ") } ?? 0))
    }

    /// `-o`, `-q` and `-v` are `--output`, `--quiet` and `--verbose` wherever those exist,
    /// and the help lists them; an unknown short option is an error, not a file name.
    @Test func shortFlags() throws {
        let chart = try Arguments(["-o", "x.svg", "-q"], ChartCommand.spec)
        #expect(chart.value("output") == "x.svg" && chart.flag("quiet"))
        let render = try Arguments(["f.json", "-o", "x.svg"], RenderCommand.spec)
        #expect(render.value("output") == "x.svg" && render.positional == ["f.json"])
        #expect(try Arguments(["-v"], RunCommand.spec).flag("verbose"))
        #expect(throws: BenchError.self) { try Arguments(["-o", "x"], RunCommand.spec) }
        #expect(RunCommand.spec.help.contains("\n  -q, --quiet ") && ChartCommand.spec.help.contains("\n  -o, --output FILE.svg "))
        // `-h` after `-o` is not a request for help: the parser refuses it as the missing value.
        #expect(!ChartCommand.spec.wantsHelp(["-o", "-h"]) && ChartCommand.spec.wantsHelp(["-q", "-h"]))
        #expect(throws: BenchError.self) { try Arguments(["-o", "-h"], ChartCommand.spec) }
        let quiet = try BenchProcess.run(["run", "--filter", "^linear$", "--sizes", "20", "--budget", "0.005", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let unknown = try BenchProcess.run(["run", "-x"])
        #expect(unknown.failedWithOneLine && unknown.stderr.contains(#"unknown option "-x""#), "\(unknown.stderr)")
    }

    /// A value that is an option (`--output --frames`, `--output -q`) is a value left out,
    /// and nothing is written: `render --frames 3 --output -q` wrote a file named `-q`. A
    /// negative number is a value, and `--NAME=VALUE` takes any value.
    @Test func anOptionIsNeverAValue() throws {
        let folder = try BenchProcess.temporaryFolder()
        let render = try BenchProcess.run(["render", RenderTests.parallax, "--frames", "3", "--output", "-q"], directory: folder)
        #expect(render.failedWithOneLine && render.stderr.contains("option --output needs a value, got the option -q"), "\(render.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        let inline = try BenchProcess.run(["render", RenderTests.parallax, "--output=-q.svg", "--frames", "2", "--from", "-1e3", "--to", "-.5"],
                                          directory: folder)
        #expect(inline.status == 0 && inline.stdout == "wrote 2 panels to -q.svg\n", "\(inline.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["-q.svg"])
        let eval = try BenchProcess.run(["eval", RenderTests.parallax, "--scroll", "-20"])
        #expect(eval.status == 0 && eval.stdout.hasPrefix("{"), "\(eval.stderr)")
        for (words, name, value) in [(["--scroll", "-20"], "scroll", "-20"), (["--scroll", "-.5"], "scroll", "-.5"),
                                     (["--scroll", "-"], "scroll", "-"), (["--scroll=--impl"], "scroll", "--impl")] {
            #expect(try Arguments(words, EvalCommand.spec).value(name) == value, "\(words)")
        }
        // A pattern that begins with a dash and a letter is a value unless it is all short options.
        #expect(try Arguments(["--filter", "-own"], RunCommand.spec).value("filter") == "-own")
        #expect(Arguments.isOption("-q") && Arguments.isOption("-vq") && Arguments.isOption("-h") && Arguments.isOption("--x"))
        #expect(!Arguments.isOption("-20") && !Arguments.isOption("-1e3") && !Arguments.isOption("-x") && !Arguments.isOption("-"))
    }

    /// `--` ends the options: the words after it are positional, whatever they look like, and
    /// `bench --help` says so.
    @Test func doubleDashEndsTheOptions() throws {
        let args = try Arguments(["--scroll", "0", "--", "-q.json", "--help", "--"], EvalCommand.spec)
        #expect(args.positional == ["-q.json", "--help", "--"] && args.value("scroll") == "0")
        #expect(try Arguments(["--"], EvalCommand.spec).positional == [])
        #expect(!EvalCommand.spec.wantsHelp(["--", "--help"]) && EvalCommand.spec.wantsHelp(["--help", "--"]))
        let folder = try BenchProcess.temporaryFolder()
        try String(contentsOfFile: RenderTests.parallax, encoding: .utf8)
            .write(to: folder.appendingPathComponent("-q.json"), atomically: true, encoding: .utf8)
        let eval = try BenchProcess.run(["eval", "--scroll", "0", "--", "-q.json"], directory: folder)
        #expect(eval.status == 0 && eval.stdout.hasPrefix("{"), "\(eval.stderr)")
        let plain = try BenchProcess.run(["eval", "--scroll", "0", "-q.json"], directory: folder)
        #expect(plain.failedWithOneLine && plain.stderr.contains(#"unknown option "-q.json""#), "\(plain.stderr)")
        // After --, the options' words are positional too: eval then has three FILEs.
        let late = try BenchProcess.run(["eval", "--", "-q.json", "--scroll", "0"], directory: folder)
        #expect(late.failedWithOneLine && late.stderr.contains("usage: bench eval"), "\(late.stderr)")
        let help = try BenchProcess.run(["--help"])
        #expect(help.stdout.contains("\n-- ends the options: every word after it is an argument"), "\(help.stdout)")
    }

    /// A misspelt command, action or option is answered with the name meant.
    @Test(arguments: [
        (["rnu"], #"unknown command "rnu"; did you mean run?"#),
        (["comapre", "a", "b"], #"unknown command "comapre"; did you mean compare?"#),
        (["help", "chrat"], #"no command "chrat"; did you mean chart?"#),
        (["baseline", "chek"], #"unknown action "chek"; did you mean baseline check?"#),
        (["compare", "a", "b", "--trheshold", "5"], #"unknown option "--trheshold"; did you mean --threshold?"#),
        (["run", "--verbos"], #"unknown option "--verbos"; did you mean --verbose?"#),
        (["run", "--filt", "x"], #"unknown option "--filt"; did you mean --filter?"#),
        (["run", "--format", "jsno"], #"option --format must be one of text, markdown, json, csv, google-benchmark, got "jsno"; did you mean json?"#),
        // `bench` alone is `bench run`, and its option errors say so.
        (["--verbos"], #"unknown option "--verbos"; did you mean --verbose? (bench alone is bench run; bench --help lists the commands)"#),
        (["--bogus"], #"--sizes, --verbose (bench alone is bench run; bench --help lists the commands)"#),
        (["--verison"], #"unknown option "--verison"; did you mean --version?"#),
    ])
    func didYouMean(arguments: [String], message: String) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.failedWithOneLine && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains("bench alone is bench run") == (arguments.first.map { $0.hasPrefix("-") && $0 != "--verison" } ?? false),
                "\(arguments): \(run.stderr)")
    }

    /// Every threshold is in percent: `10` and `10%` alike; a bare number in (0, 1] could be
    /// a fraction and is refused with the two ways to write what was meant. (`--threshold
    /// 0.1` silently meant 0.1%, `--ratio-threshold 0.1` 10%.)
    @Test func thresholdsAreInPercent() throws {
        for (text, percent) in [("10", 10.0), ("10%", 10), ("0.5%", 0.5), ("0", 0), ("150", 150), ("1%", 1)] {
            #expect(try Arguments.percent(text, option: "threshold") == percent, "\(text)")
        }
        for text in ["0.1", "1", ".03", "-5", "5%%", "ten", "inf"] {
            #expect(throws: BenchError.self, "\(text)") { try Arguments.percent(text, option: "threshold") }
        }
        let ambiguous = try BenchProcess.run(["compare", "a.json", "b.json", "--threshold", "0.1"])
        #expect(ambiguous.failedWithOneLine && ambiguous.stderr.contains(
            "option --threshold is ambiguous: 0.1 could be a fraction (10%) or 0.1%; thresholds are in percent: write 10 for 10%, or 0.1% for 0.1%"),
                "\(ambiguous.stderr)")
        let fraction = try BenchProcess.run(["baseline", "check", "--ratio-threshold", "0.08"])
        #expect(fraction.failedWithOneLine && fraction.stderr.contains("write 8 for 8%"), "\(fraction.stderr)")
        // The baseline file keeps its fractions: the option's percent is converted.
        let args = try Arguments(["--ratio-threshold", "15%", "--writes-threshold", "3"], BaselineOptions.check)
        #expect(try BaselineCommand.threshold(args, "ratio-threshold") == 0.15)
        #expect(try BaselineCommand.threshold(args, "writes-threshold") == 0.03)
    }

    /// `bench eval` computes with the fast path unless `--impl reference`.
    @Test func evalUsesTheFastPath() throws {
        let file = try BenchProcess.smallWalkthrough()
        let plain = try BenchProcess.run(["eval", file, "--scroll", "100"])
        let simd = try BenchProcess.run(["eval", file, "--scroll", "100", "--impl", "simd"])
        let reference = try BenchProcess.run(["eval", file, "--scroll", "100", "--impl", "reference"])
        #expect(plain.status == 0 && plain.stdout == simd.stdout, "\(plain.stderr)")
        // The fast path computes in Float: the rotated page's numbers differ in the last digits.
        #expect(plain.stdout != reference.stdout)
    }

    /// A chart of one file is one column wide: its title and build lines wrap to fit it
    /// rather than being cut ("Time per subview per frame: mi…").
    @Test func aOneFileChartsTitleFits() {
        var stats = Statistics([2, 3])
        stats.count = 2
        let report = Report(build: .current(), results: [
            Result(scenario: "team.json", impl: .simd, layout: .blocks, subviews: 7, frames: 20, nsPerSubview: stats),
            Result(scenario: "team.json", impl: .limit, layout: .blocks, subviews: 7, frames: 20, nsPerSubview: stats)])
        let svg = Chart(report: report).svg()
        #expect(!svg.contains("…"), "\(svg.prefix(800))")
        let heading = svg.split(separator: "\n").filter { $0.contains("font-weight=\"bold\"") && $0.contains("font-size=\"15.0\"") }
            .map { String($0.split(separator: ">")[1].split(separator: "<")[0]) }
        #expect(heading.joined(separator: " ") == Chart.title, "\(heading)")
    }
}
