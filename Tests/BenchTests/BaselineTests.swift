import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Bench

@Suite(.temporaryFolders) struct BaselineTests {
    func metric(_ name: String, _ kind: Metric.Kind, _ value: Double) -> Metric {
        Metric(name: name, kind: kind, value: value)
    }

    @Test func verdictsFollowTheThresholds() throws {
        let baseline = [metric("instructions/a", .instructions, 10), metric("instructions/b", .instructions, 10),
                        metric("instructions/c", .instructions, 10), metric("ratio/a", .ratio, 1.0)]
        let current = [metric("instructions/a", .instructions, 10.2), metric("instructions/b", .instructions, 10.4),
                       metric("instructions/c", .instructions, 9.5), metric("ratio/a", .ratio, 1.05),
                       metric("ratio/new", .ratio, 2)]
        let comparison = try Comparison(baseline: baseline, current: current, overrides: [:])
        #expect(comparison.rows.map(\.verdict) == [.ok, .regression, .improvement, .ok, .new])
        #expect(comparison.regressed)
        let loose = try Comparison(baseline: baseline, current: current, overrides: [.instructions: 0.05])
        #expect(!loose.regressed)
        #expect(comparison.render(markdown: true, baselineBuild: [:]).contains("| instructions/b "))
    }

    /// `simd/limit` compares compute with stores, whose speeds drift apart on a shared
    /// machine (`Metric.limitRatioThreshold`); `simd/c` compares like with like.
    @Test func theLimitRatioHasTheWiderDefaultThreshold() throws {
        #expect(Metric.defaultThreshold(.ratio, name: "simd/c/rotate3d-spin/1000") == 0.08)
        #expect(Metric.defaultThreshold(.ratio, name: "simd/limit/rotate3d-spin/1000") == Metric.limitRatioThreshold)
        #expect(Metric.defaultThreshold(.ratio, name: "simd/limit/team.json/40") == Metric.limitRatioThreshold)
        // Store-bound scenarios hold still at the store limit: a tight threshold, which a
        // frame off its alignment passes (scripts/gate-sensitivity.sh, MISALIGNED_FRAME).
        for scenario in ["linear", "curve", "zoom", "inout", "rotate3d"] {
            #expect(Metric.defaultThreshold(.ratio, name: "simd/limit/\(scenario)/1000") == Metric.storeBoundLimitThreshold, "\(scenario)")
        }
        #expect(Metric.defaultThreshold(.ratio, name: "simd/limit/storyboard/988") == Metric.limitRatioThreshold)
        #expect(Metric.defaultThreshold(.ratio, name: "simd/limit/linear.json/40") == Metric.limitRatioThreshold)
        #expect(Metric.defaultThreshold(.instructions, name: "simd/limit/x") == 0.03)
        // A rise of 40% (within the two compute speeds' gap) passes for simd/limit, not simd/c.
        let rows = try Comparison(baseline: [metric("simd/limit/a/1000", .ratio, 1), metric("simd/c/a/1000", .ratio, 1)],
                                  current: [metric("simd/limit/a/1000", .ratio, 1.4), metric("simd/c/a/1000", .ratio, 1.4)],
                                  overrides: [:]).rows
        #expect(rows.map(\.verdict) == [.ok, .regression])
        let committed = BenchProcess.packageRoot.appendingPathComponent(BaselineCommand.defaultPath).path
        let recorded = try Baseline.load(committed).metrics
        #expect(!recorded.isEmpty)
        for m in recorded {
            #expect(m.threshold == Metric.defaultThreshold(m.kind, name: m.name), "\(m.name) in \(committed)")
        }
    }

    /// Ratios are measured again only when that could change the verdict.
    @Test func onlyARatioRegressionAloneIsMeasuredAgain() throws {
        let baseline = [metric("writes/a", .writes, 10), metric("simd/c/a/1000", .ratio, 1)]
        func comparison(writes: Double, ratio: Double) throws -> Comparison {
            try Comparison(baseline: baseline, current: [metric("writes/a", .writes, writes), metric("simd/c/a/1000", .ratio, ratio)], overrides: [:])
        }
        #expect(BaselineCommand.ratiosWorthRemeasuring(try comparison(writes: 10, ratio: 1.2)))
        #expect(!BaselineCommand.ratiosWorthRemeasuring(try comparison(writes: 11, ratio: 1.2)))
        #expect(!BaselineCommand.ratiosWorthRemeasuring(try comparison(writes: 10, ratio: 1)))
    }

    @Test func aMetricTheBuildCannotMeasureIsAnError() {
        #expect(throws: BenchError.self) {
            try Comparison(baseline: [metric("instructions/gone", .instructions, 1)], current: [], overrides: [:])
        }
    }

    @Test func baselineFilesRoundTrip() throws {
        let path = try BenchProcess.temporaryFile("", name: "baseline.json")
        let written = Baseline(build: .current(), metrics: [metric("instructions/x", .instructions, 9.5), metric("simd/c/x/1000", .ratio, 0.7)])
        try written.encoded().write(toFile: path, atomically: true, encoding: .utf8)
        let read = try Baseline.load(path)
        #expect(read.metrics == written.metrics)
        #expect(read.build["configuration"] == BenchProcess.configuration)
    }

    /// Every key a baseline's build must have (`MachineCheck.requiredKeys`), with `extra`.
    static func buildObject(_ extra: String = "") -> String {
        #"{"os": "Linux", "cpu": "x", "cpuFeatures": "sse2", "cores": "2", "configuration": "release", "swiftCompiler": "Swift 6.3", "#
            + #""cCompiler": "clang", "swiftTargetFeatures": "sse2", "targetFeatures": "sse2"\#(extra)}"#
    }
    static let build = "\"build\": \(buildObject())"
    static func file(_ metrics: String) -> String { "{\(build), \"metrics\": [\(metrics)]}" }
    static let good = #"{"name": "instructions/x", "kind": "instructions", "value": 9.5, "threshold": 0.03}"#

    /// Strict reading: every defect is "malformed", with where and what, and exit 1, before
    /// anything is measured.
    @Test(arguments: [
        ("", "not JSON"),
        ("{}", "build: missing"),
        (#"{"metrics": []}"#, "build: missing"),
        (file(""), #""metrics" is empty; a gate without metrics checks nothing"#),
        (file(#"{"name": "x"}"#), "metrics[0].kind: missing"),
        (file(#"{"name": "x", "kind": "time", "value": 1, "threshold": 0.1}"#), #"metrics[0].kind: must be instructions, writes, ratio, got "time""#),
        (file(#"{"name": "x", "kind": "ratio", "value": -1, "threshold": 0.1}"#), "metrics[0].value: must be a number > 0, got -1"),
        (file(#"{"name": "x", "kind": "ratio", "value": true, "threshold": 0.1}"#), "metrics[0].value: must be a number"),
        (file(#"{"name": "x", "kind": "ratio", "value": 1, "threshold": false}"#), "metrics[0].threshold: must be a number"),
        (file(#"{"name": "x", "kind": "ratio", "value": 1, "threshold": -0.5}"#),
         "metrics[0].threshold: must be a relative change ≥ 0 (0.03 is 3%), got -0.5"),
        (file(#"{"name": "x", "kind": "ratio", "value": 1, "threshold": 1e999}"#),
         "metrics[0].threshold: must be a relative change ≥ 0 (0.03 is 3%), got 1e999"),
        (file(#"{"name": "x", "kind": "ratio", "value": "1", "threshold": 0.1}"#), "metrics[0].value: must be a number"),
        (file(#"{"name": "x", "kind": "ratio", "value": null, "threshold": 0.1}"#), "metrics[0].value: must be a number, got null"),
        (file(#"{"name": "", "kind": "ratio", "value": 1, "threshold": 0.1}"#), "metrics[0].name: must not be empty"),
        (file(good + ", " + #"{"name": "x", "kind": "ratio", "value": 1, "threshold": 0.1, "treshold": 1}"#),
         #"metrics[1].treshold: unknown key "treshold"; allowed keys: name, kind, value, threshold"#),
        (file(good + ", " + good), #"metric "instructions/x" appears twice"#),
        (#"{"build": {"cores": 2}, "metrics": [\#(good)]}"#, "build.cores: must be a string, got 2"),
        ("{\(build), \"metrics\": [\(good)], \"extra\": 1}", #"extra: unknown key "extra"; allowed keys: build, metrics"#),
        // The build says which machine and build --strict-machine compares with: every key,
        // none unknown, none empty.
        (#"{"build": {}, "metrics": [\#(good)]}"#, "build.os: missing"),
        ("{\"build\": \(buildObject(#", "cpuu": "x""#)), \"metrics\": [\(good)]}", #"build.cpuu: unknown key "cpuu"; allowed keys: os, cpu,"#),
        ("{\"build\": \(buildObject(#", "strategy": "avx", "note": "x""#)), \"metrics\": [\(good)]}", #"build.note: unknown key "note""#),
        (#"{"build": {"os": "Linux", "cpu": "x"}, "metrics": [\#(good)]}"#, "build.cpuFeatures: missing"),
        (#"{"build": {"os": "", "cpu": "x"}, "metrics": [\#(good)]}"#, #"build.os: must be a non-empty string, got the string """#),
        // No key twice, anywhere: JSONDecoder kept the first.
        (file(#"{"name": "x", "kind": "ratio", "value": 1, "threshold": 0.6, "threshold": -1}"#), "metrics[0].threshold: duplicate key"),
        ("{\(build), \(build), \"metrics\": [\(good)]}", "build: duplicate key"),
        ("{\"build\": \(buildObject(#", "cpu": "y""#)), \"metrics\": [\(good)]}", "build.cpu: duplicate key"),
        ("[]", "must be an object, got an array"),
        (#"{"build": {"os": "a"#, "not JSON at the end of the input: unterminated string"),
        (file(#"{"name": "a\nb", "kind": "ratio", "value": -1, "threshold": 0.1}"#), "metrics[0].value: must be a number > 0"),
    ])
    func badBaselineFilesExitOne(text: String, problem: String) throws {
        let path = try BenchProcess.temporaryFile(text, name: "baseline.json")
        // PATH without valgrind: had the file passed, measuring would fail with another message.
        let run = try BenchProcess.run(["baseline", "check", "--path", path], environment: ["PATH": "/nonexistent"])
        #expect(run.failedWithOneLine && run.stderr.hasPrefix("bench: \(path): malformed baseline: \(problem)"), "\(run.stderr)")
    }

    @Test func aGoodFileIsReadBeforeMeasuring() throws {
        let path = try BenchProcess.temporaryFile(Self.file(Self.good), name: "baseline.json")
        let run = try BenchProcess.run(["baseline", "check", "--path", path], environment: ["PATH": "/nonexistent"])
        #expect(run.failedWithOneLine && run.stderr.contains("valgrind is not installed"), "\(run.stderr)")
    }

    /// The table prints each threshold as it is: the per-frame counts' 1.5% read "±2%",
    /// and an override of 0.1% "±0%".
    @Test func thresholdsArePrintedAsTheyAre() throws {
        let perFrame = metric("instructions-per-frame/readme-parallax", .instructions, 1180)
        #expect(perFrame.threshold == 0.015)
        let table = try Comparison(baseline: [perFrame], current: [perFrame], overrides: [:]).render(markdown: false, baselineBuild: [:])
        #expect(table.contains("±1.5%") && !table.contains("±2%"), "\(table)")
        let tight = try Comparison(baseline: [perFrame], current: [perFrame], overrides: [.instructions: 0.001])
        #expect(tight.render(markdown: true, baselineBuild: [:]).contains("±0.1%"))
    }

    /// Names from the file are escaped in the table: one row a metric whatever they hold.
    @Test func tableRowsStayOneLineEach() throws {
        let name = "instructions/a\nb"
        let comparison = try Comparison(baseline: [metric(name, .instructions, 10)], current: [metric(name, .instructions, 10)], overrides: [:])
        let table = comparison.render(markdown: false, baselineBuild: ["configuration": "x\ny"])
        #expect(table.contains(#"instructions/a\nb"#) && table.contains(#"baseline from: x\ny build"#), "\(table)")
        // The baseline's configuration differs from this build's: a warning, on one line too.
        #expect(table.hasPrefix(#"warning: the baseline was recorded on another machine or build (configuration "x\ny", now"#), "\(table)")
        #expect(table.split(separator: "\n").count == 5, "\(table)")  // warning, head, column names, one row, summary
    }

    /// The temporary folder (a stripped copy of bench, callgrind's output) is removed also
    /// when measuring fails: here the `valgrind` on the PATH is a script that fails.
    @Test(arguments: ["exit 0", "echo 'strip: broken' >&2; exit 1"])
    func theCallgrindFolderIsRemovedWhenMeasuringFails(strip: String) throws {
        let tools = try BenchProcess.temporaryFolder(), scratch = try BenchProcess.temporaryFolder()
        for (tool, body) in [("strip", strip), ("valgrind", "echo 'valgrind: no luck' >&2; exit 3")] {
            let path = tools.appendingPathComponent(tool).path
            try "#!/bin/sh\n\(body)\n".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(chmod(path, 0o755) == 0)
        }
        let baseline = try BenchProcess.temporaryFile(Self.file(Self.good), name: "baseline.json")
        let run = try BenchProcess.run(["baseline", "check", "--path", baseline, "-q"],
                                       environment: ["PATH": tools.path, "TMPDIR": scratch.path])
        #expect(run.failedWithOneLine && run.stderr.contains("failed (exit"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }

    /// The committed baseline and what `update` writes are read as they are, and one from
    /// before `strategy` was recorded (the committed one without that key) too.
    @Test func recordedBaselinesAreRead() throws {
        let path = BenchProcess.packageRoot.appendingPathComponent("Benchmarks/baseline.json").path
        let committed = try Baseline.load(path)
        #expect(!committed.metrics.isEmpty && committed.build["strategy"] != nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let older = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("\"strategy\"") }.joined(separator: "\n")
        #expect(older != text)
        let old = try Baseline.load(try BenchProcess.temporaryFile(older, name: "baseline.json"))
        #expect(old.metrics.count == committed.metrics.count && old.build["strategy"] == nil)
        #expect(Set(MachineCheck.keys) == Set(BuildInfo.current().pairs.map(\.0)))
    }

    @Test func missingBaselineExitsOne() throws {
        let run = try BenchProcess.run(["baseline", "check", "--path", "/nonexistent/baseline.json"])
        #expect(run.status == 1 && run.stderr.contains("cannot read the baseline"))
        #expect(try BenchProcess.run(["baseline", "frobnicate"]).status == 1)
    }
}

/// `bench baseline`'s callgrind counts announce themselves on standard error, with the time
/// left once one count has ended.
@Suite struct CountingProgressTests {
    @Test func linesNameTheCaseAndTheTimeLeft() {
        var progress = CountingProgress(count: 3)
        #expect(progress.start("linear") == "[1/3] counting linear with callgrind")
        let second = progress.start("readme-parallax")
        #expect(second.hasPrefix("[2/3] counting readme-parallax with callgrind … ~") && second.hasSuffix(" left"), "\(second)")
    }

    @Test func ratioLinesNameTheRunAndTheRunsAfterIt() {
        let line = "[1/2] zoom 1,000 subviews … ~3 s left"
        #expect(BaselineCommand.ratioProgress(line, run: 0, of: 3, runSeconds: nil) == "ratios, run 1 of 3: \(line); 2 more runs")
        #expect(BaselineCommand.ratioProgress(line, run: 1, of: 3, runSeconds: 6.2) == "ratios, run 2 of 3: \(line); 1 more run of ~6 s")
        #expect(BaselineCommand.ratioProgress(line, run: 2, of: 3, runSeconds: 6.2) == "ratios, run 3 of 3: \(line)")
    }
}
