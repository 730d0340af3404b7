import Foundation
import Testing
@testable import Bench

/// Every argument a command does not use, and every invalid value, is an error: one line,
/// exit 1, before any work.
@Suite(.temporaryFolders) struct ArgumentTests {
    static let walkthrough = #"{"width": 100, "pages": [{"subviewCount": 3}, {}]}"#

    @Test(arguments: [
        (["chart", "FILE", "--output", "OUT", "--sizes", "10"], "--sizes does not apply to walkthrough files"),
        (["run", "FILE", "--filter", "linear"], "--filter does not apply to walkthrough files"),
        (["run", "--positions", "10"], "--positions applies to walkthrough files only"),
        (["run", "FILE", "--positions", "0"], #"option --positions needs a whole number from 1 to 100000, got "0""#),
        (["run", "FILE", "FILE"], "are both named"),
        (["run", "/nonexistent/x.json"], "/nonexistent/x.json: cannot read the file"),
        (["chart", "--output", "OUT", "--input", "FILE", "--quick"], "--input draws a saved run and takes only --output"),
        (["compare", "FILE"], "usage: bench compare OLD.json NEW.json"),
        (["compare", "FILE", "FILE", "--threshold", "-5"], #"option --threshold needs a percentage ≥ 0, got "-5""#),
        (["compare", "FILE", "FILE", "--format", "csv"], #"option --format must be one of text, markdown, json, got "csv""#),
        (["baseline", "check", "FILE"], "walkthrough files need --path BASELINE.json"),
        (["baseline", "update", "FILE", "--path", "FILE"], "is one of the command's inputs"),
        (["baseline", "check", "--metrics", "time"], #"option --metrics must be one of ratios, instructions, all, got "time""#),
        (["baseline", "update", "--strict-machine"], #"unknown option "--strict-machine""#),
        (["profile", "FILE", "--size", "10"], "--size does not apply to a walkthrough file"),
        (["chart", "--output", "OUT", "--format", "xml"], #"unknown option "--format""#),
        (["chart", "--output", "OUT", "--list"], #"unknown option "--list""#),
        (["chart", "--output", "OUT", "--chart", "OUT"], #"unknown option "--chart""#),
        (["run", "--list", "--format", "xml"], "--list takes no other options"),
        (["run", "--list", "--quick"], "--list takes no other options"),
        (["run", "--format", "xml"], #"option --format must be one of text, markdown, json, csv, google-benchmark, got "xml""#),
        (["eval", "FILE", "--scroll", "1", "--scroll", "2"], "option --scroll is given twice"),
        (["run", "--impls", "simd,,c"], #"--impls takes a comma-separated subset of"#),
        (["run", "--quick", "--quick"], "flag --quick is given twice"),
        (["run", "--quick=yes"], "flag --quick takes no value"),
        (["render", "FILE", "--output", "OUT", "--frames", "1", "--to", "100"], "--to needs --frames 2 or more"),
        (["render", "FILE", "--output", "OUT", "--frames", "65"], #"option --frames needs a whole number from 1 to 64, got "65""#),
        (["profile", "linear", "--size", "-1"], #"option --size needs a whole number from 0 to 4194304, got "-1""#),
        (["profile", "storyboard", "--size", "100000000", "--frames", "0"], #"option --size needs a whole number from 0 to 4194304"#),
        (["baseline", "update", "--format", "text"], #"unknown option "--format"; known options: --metrics, --path"#),
        (["baseline", "check", "--quick"], #"unknown option "--quick""#),
        (["baseline", "check", "--writes-threshold", "-0.1"], #"option --writes-threshold needs a percentage ≥ 0, got "-0.1""#),
        (["baseline", "update", "--ratio-threshold", "0.1"], #"unknown option "--ratio-threshold""#),
        (["baseline", "check", "--instructions-threshold", "-1"], #"option --instructions-threshold needs a percentage ≥ 0, got "-1""#),
        (["baseline", "check", "--ratio-threshold", "inf"], #"option --ratio-threshold needs a percentage such as 10 or 10%, got "inf""#),
        // Numbers are decimal (Double("0x10") is 16), and a list names each item once.
        (["compare", "FILE", "FILE", "--threshold", "0x10"], #"option --threshold needs a percentage such as 10 or 10%, got "0x10""#),
        (["eval", "FILE", "--scroll", "0x10"], #"option --scroll needs a finite decimal number, got "0x10""#),
        (["eval", "FILE", "--scroll", "0x1p4"], #"option --scroll needs a finite decimal number, got "0x1p4""#),
        (["render", "FILE", "--output", "OUT", "--frames", "2", "--from", "1e"], #"option --from needs a finite decimal number, got "1e""#),
        (["run", "--budget", "nan"], #"option --budget needs a finite decimal number, got "nan""#),
        (["run", "--impls", "simd,simd"], #"--impls lists simd twice, got "simd,simd""#),
        (["run", "--impls", "c,simd,c"], #"--impls lists c twice"#),
        (["run", "--sizes", "1000,1000"], #"--sizes lists 1000 twice"#),
        (["run", "--sizes", "0x10"], #"--sizes needs a comma-separated list of counts from 1 to"#),
        (["help", "me"], #"no command "me" (bench --help lists the commands)"#),
        // An option's value left out: the next option is not taken for it (`--output --frames 3`
        // gave the usage line, `--output -q` wrote a file named -q).
        (["render", "FILE", "--output", "--frames", "3"], "option --output needs a value, got the option --frames"),
        (["render", "FILE", "--frames", "3", "--output", "-q"], "option --output needs a value, got the option -q (--output=VALUE"),
        (["render", "FILE", "-o", "-v"], "option --output needs a value, got the option -v"),
        (["eval", "FILE", "--scroll", "--impl", "simd"], "option --scroll needs a value, got the option --impl"),
        (["eval", "FILE", "--scroll", "--"], "option --scroll needs a value, got --, which ends the options"),
        (["chart", "--output", "OUT", "--input", "-qv"], "option --input needs a value, got the option -qv"),
        // One dash and letters is an option mistyped, not a file (`-qv` was read as one).
        (["run", "-qv", "FILE"], #"unknown option "-qv"; -q and -v are separate flags: write -q -v"#),
        (["chart", "-qo", "OUT"], #"unknown option "-qo"; -q and -o are separate options: write -q -o"#),
        (["render", "FILE", "-output", "OUT"], #"unknown option "-output"; did you mean --output?"#),
        (["run", "-xyz"], #"unknown option "-xyz"; known short options: -q, -v; put a file named so after --"#),
        (["render", "FILE", "-o=x.svg"],
         #"unknown option "-o=x.svg"; a short option takes its value as the next word: write -o x.svg or --output=x.svg"#),
    ])
    func unusedOrInvalidArgumentsAreErrors(arguments: [String], message: String) throws {
        let file = try BenchProcess.temporaryFile(Self.walkthrough)
        let start = ContinuousClock.now
        let run = try BenchProcess.run(arguments.map { $0 == "FILE" ? file : $0 == "OUT" ? file + ".svg" : $0 })
        #expect(run.failedWithOneLine && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        // Refused before any measuring or allocating (a chart run takes 30 s, a baseline minutes).
        #expect(ContinuousClock.now - start < .seconds(10), "\(arguments)")
        #expect(!FileManager.default.fileExists(atPath: file + ".svg"), "\(arguments) wrote its output")
    }

    /// Sizes are checked against the walkthrough limits before the scenario allocates: the
    /// storyboard spreads a size over six pages, more than the limit at 4,194,304. Under a
    /// 250 MB address-space limit, allocating the 6 million subviews first (290 MB) dies.
    /// (Not under ASan or TSan: their shadow memory alone needs more address space than the
    /// limit, so the process dies before `bench` runs; `scripts/sanitizers.sh` sets their options.)
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
                        || ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
                    "a sanitizer's shadow memory needs more address space than the limit"))
    func profileChecksTheScenarioBeforeAllocating() throws {
        let run = try BenchProcess.shell("ulimit -v 250000; exec \"$BENCH\" profile storyboard --size 4194304 --frames 0")
        #expect(run.failedWithOneLine && run.stderr.contains("would exceed the limit of 4194304 per walkthrough"), "\(run.status) \(run.stderr)")
    }

    /// An input file longer than 1 GiB (the library's limit for a walkthrough file) is refused
    /// from its size, before a buffer for it is allocated: a sparse file of 64 GiB trapped in
    /// `Data(count:)` under a 4 GB address-space limit ("failed to allocate"), with a stack
    /// trace. Walkthroughs (eval), runs (compare) and charts of saved runs.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
                        || ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
                    "a sanitizer's shadow memory needs more address space than the limit"))
    func aFileLongerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try BenchProcess.temporaryFolder()
        for (length, name) in [(1 << 36, "sparse.json"), (InputFile.maximumLength + 1, "just-over.json")] {
            let path = folder.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: UInt64(length))
            try handle.close()
            for arguments in ["eval '\(path)' --scroll 0", "compare '\(path)' '\(path)'", "chart --input '\(path)' --output '\(path).svg'"] {
                let run = try BenchProcess.shell("ulimit -v 4000000; exec \"$BENCH\" \(arguments)")
                let message = "\(name): cannot read the file (it holds \(length) bytes; an input file may hold at most 1073741824 (1 GiB))"
                #expect(run.failedWithOneLine && run.stderr.contains(message), "\(arguments): \(run.status) \(run.stderr.prefix(300))")
            }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    /// An input file within the limit that memory cannot hold is an error, not a trap: its
    /// block comes from the library's reader, which fails where `Data(count:)` trapped.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
                        || ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
                    "a sanitizer's shadow memory needs more address space than the limit"))
    func aFileLargerThanMemoryIsRefusedInOneLine() throws {
        let folder = try BenchProcess.temporaryFolder()
        let path = folder.appendingPathComponent("sparse-1gib.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(InputFile.maximumLength))
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for arguments in ["eval '\(path)' --scroll 0", "compare '\(path)' '\(path)'", "baseline check --path '\(path)'"] {
            let run = try BenchProcess.shell("ulimit -v 1000000; exec \"$BENCH\" \(arguments)")
            let message = "sparse-1gib.json: cannot read the file (cannot allocate 1073741824 bytes for its contents)"
            #expect(run.failedWithOneLine && run.stderr.contains(message), "\(arguments): \(run.status) \(run.stderr.prefix(300))")
        }
    }

    /// Decimal numbers in every spelling `Double` reads them, and nothing else.
    @Test func decimalNumbers() {
        for (text, value) in [("16", 16.0), ("-2.5", -2.5), ("+.5", 0.5), ("5.", 5), ("3e-4", 3e-4), ("1E+2", 100), ("1e999", .infinity)] {
            #expect(Arguments.decimal(text) == value, "\(text)")
        }
        for text in ["0x10", "0X1p4", "inf", "-infinity", "nan", "", ".", "-", "1e", "e5", "1.2.3", " 1", "1 ", "1_000", "١٢"] {
            #expect(Arguments.decimal(text) == nil, "\(text)")
        }
    }

    /// Words from the command line are echoed escaped and cut: every error is one line.
    @Test(arguments: [
        (["frob\nnicate"], #"unknown command "frob\nnicate""#),
        (["eval", "/nonexistent/a\nb.json", "--scroll", "0"], #"/nonexistent/a\nb.json: cannot read the file"#),
        (["eval", "x.json", "--scroll", "0", "--impl", "g\npu"], #"got "g\npu""#),
        (["eval", "x.json", "--sc\u{1B}roll", "0"], #"unknown option "--sc\u001broll""#),
        (["profile", String(repeating: "\n", count: 100)], #"unknown scenario "\n\n\n"#),
    ])
    func echoedArgumentsStayOnOneLine(arguments: [String], fragment: String) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.failedWithOneLine && run.stderr.contains(fragment) && run.stderr.count < 400, "\(run.stderr)")
    }
}
