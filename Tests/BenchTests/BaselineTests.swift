import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
import WalkthroughKernel
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
    /// A metric of a scenario this build counts (`CountedCase.all`): the file passes every
    /// check made before measuring.
    static let good = #"{"name": "instructions/linear", "kind": "instructions", "value": 9.5, "threshold": 0.03}"#
    static func named(_ name: String, _ kind: String) -> String {
        file(#"{"name": "\#(name)", "kind": "\#(kind)", "value": 1, "threshold": 0.1}"#)
    }
    /// Two ratios, one of a scenario this build lacks.
    static let oneGone = file(good + #", {"name": "simd/c/linear/1000", "kind": "ratio", "value": 1, "threshold": 0.1}, "#
                              + #"{"name": "simd/c/gone/1000", "kind": "ratio", "value": 1, "threshold": 0.1}"#)

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
        (file(good + ", " + good), #"metric "instructions/linear" appears twice"#),
        // A name of another kind than its own (`namesOutsideTheGrammarAreMalformed`: names
        // of no kind).
        (named("simd/c/zoom/1000", "instructions"), #"metrics[0].kind: must be "ratio" for the metric "simd/c/zoom/1000", got "instructions""#),
        (named("writes/linear", "instructions"), #"metrics[0].kind: must be "writes" for the metric "writes/linear", got "instructions""#),
        (named("instructions-per-frame/readme-parallax", "ratio"),
         #"metrics[0].kind: must be "instructions" for the metric "instructions-per-frame/readme-parallax", got "ratio""#),
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

    /// Every name `update` writes reads back as the family, kind and scenario it was made
    /// from, and the committed baseline names only scenarios this build measures.
    @Test func recordedNamesFollowTheGrammar() throws {
        for counted in CountedCase.all {
            for kind in [Metric.Kind.instructions, .writes] {
                let name = try #require(Metric.Name(counted.metricName(kind)), "\(counted.metricName(kind))")
                #expect(name.kind == kind && name.scenario == counted.name && name.subviews == nil
                        && name.family == CountedCase.family(kind, counted.unit), "\(name)")
            }
        }
        let ratio = try #require(Metric.Name("simd/c/storyboard/988"))
        #expect(ratio.family == "simd/c/" && ratio.kind == .ratio && ratio.scenario == "storyboard" && ratio.subviews == 988, "\(ratio)")
        #expect(Metric.Name("simd/limit/my team.json/7")?.scenario == "my team.json")
        #expect(Metric.Name("instructions-per-frame/a/b")?.scenario == "a/b")
        let committed = BenchProcess.packageRoot.appendingPathComponent(BaselineCommand.defaultPath).path
        let metrics = try Baseline.load(committed).metrics
        #expect(try BaselineCommand.unmeasured(metrics, files: []) == nil)
        let measured = try BaselineCommand.measuredScenarios(files: [])
        #expect(measured["simd/c/"] == ["linear", "curve", "zoom", "inout", "rotate3d", "rotate3d-spin", "storyboard"], "\(measured)")
        #expect(measured["instructions-per-frame/"] == ["readme-parallax", "readme-rotation", "storyboard-40"], "\(measured)")
        // A walkthrough file's metrics, as `update FILE` names them, at any size for a ratio.
        let files = try Scenario.files([try BenchProcess.smallWalkthrough(name: "team.json")], positions: 8)
        let fileMetrics = [metric("instructions-per-frame/team.json", .instructions, 1), metric("writes-per-frame/team.json", .writes, 1),
                           metric("simd/c/team.json/16", .ratio, 1), metric("simd/limit/team.json/3", .ratio, 1)]
        #expect(try BaselineCommand.unmeasured(fileMetrics, files: files) == nil)
        #expect(try BaselineCommand.unmeasured(fileMetrics, files: []) != nil)
    }

    /// A well-formed name of a scenario this build does not measure (for that family, with
    /// the FILEs given) is an error before anything is measured, asking for the baseline to
    /// be refreshed as the comparison after measuring did (with FILEs, for the right baseline:
    /// refreshing the gate's with them would overwrite it), with the name meant when one is
    /// near. The `valgrind` on the PATH fails: had the check passed, counting would have
    /// failed with another message (and the ratios would have run for seconds).
    @Test(arguments: [
        (["--metrics", "instructions"], named("instructions/linaer", "instructions"),
         #"baseline metric "instructions/linaer" is not measured by this build; did you mean "instructions/linear"?"#),
        (["--metrics", "instructions"], named("writes-per-frame/onboarding", "writes"),
         #"baseline metric "writes-per-frame/onboarding" is not measured by this build (it measures writes-per-frame/… metrics of readme-parallax, readme-rotation, storyboard-40); refresh the baseline, or give the walkthrough files it was recorded for"#),
        (["--metrics", "ratios"], named("simd/c/zoomm/1000", "ratio"),
         #"baseline metric "simd/c/zoomm/1000" is not measured by this build; did you mean "simd/c/zoom/1000"?"#),
        (["--metrics", "ratios"], named("simd/limit/keyframes-own/1000", "ratio"),
         #"baseline metric "simd/limit/keyframes-own/1000" is not measured by this build (it measures simd/limit/… metrics of linear, curve, zoom, inout, rotate3d, rotate3d-spin, storyboard); refresh the baseline"#),
        // Only the metrics --metrics selects are checked; the first unmeasured one is named.
        (["--metrics", "ratios"], oneGone,
         #"baseline metric "simd/c/gone/1000" is not measured by this build"#),
        // With a walkthrough file, its own names: a per-subview count of a file (the gate's
        // names before per-frame counts) or a built-in scenario's ratio are not among them.
        (["team.json", "--metrics", "instructions"], named("instructions/team.json", "instructions"),
         #"baseline metric "instructions/team.json" is not measured for the files given (they give no instructions/… metric); check --path, or record a baseline for these files with bench baseline update"#),
        (["team.json", "--metrics", "ratios"], named("simd/c/zoom/1000", "ratio"),
         #"baseline metric "simd/c/zoom/1000" is not measured for the files given (they give simd/c/… metrics of team.json); check --path, or record a baseline for these files with bench baseline update"#),
    ])
    func unmeasuredScenariosAreErrorsBeforeMeasuring(options: [String], text: String, problem: String) throws {
        let tools = try BenchProcess.temporaryFolder()
        let valgrind = tools.appendingPathComponent("valgrind").path
        try "#!/bin/sh\necho 'valgrind: should not run' >&2; exit 3\n".write(toFile: valgrind, atomically: false, encoding: .utf8)
        #expect(chmod(valgrind, 0o755) == 0)
        let path = try BenchProcess.temporaryFile(text, name: "baseline.json")
        var options = options
        if options.first == "team.json" { options[0] = try BenchProcess.smallWalkthrough(name: "team.json") }
        let started = Date()
        let run = try BenchProcess.run(["baseline", "check"] + options + ["--path", path, "-q"], environment: ["PATH": tools.path])
        #expect(run.failedWithOneLine && run.stderr.hasPrefix("bench: \(path): \(problem)"), "\(options) \(text): \(run.stderr)")
        #expect(Date().timeIntervalSince(started) < 10, "\(options) \(text): measured before failing?")
    }

    /// A name outside the metrics' grammar is malformed, whatever its kind: a typo such as
    /// `instructions/` was found only after 16 s of callgrind, as a metric "not measured".
    @Test(arguments: ["x", "instructions/", "instrutions/linear", "instructions", "writes-per-frame/", "simd/c/zoom",
                      "simd/c//1000", "simd/limit/zoom/", "simd/limit/zoom/0", "simd/limit/zoom/01000", "simd/limit/zoom/-5",
                      "simd/limit/zoom/1e3", "simd/ref/zoom/1000", "ratio/zoom"])
    func namesOutsideTheGrammarAreMalformed(name: String) throws {
        for kind in ["instructions", "ratio"] {
            let path = try BenchProcess.temporaryFile(Self.named(name, kind), name: "baseline.json")
            let run = try BenchProcess.run(["baseline", "check", "--path", path], environment: ["PATH": "/nonexistent"])
            let problem = "metrics[0].name: \(Metric.Name.rule), got \(Echo.quoted(name))"
            #expect(run.failedWithOneLine && run.stderr == "bench: \(path): malformed baseline: \(problem)\n", "\(name), \(kind): \(run.stderr)")
        }
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
        #expect(run.status == 1 && run.stderr.contains("cannot read the baseline") && !run.stderr.contains("relative to"))
        // A relative path says which folder it was looked for in (the default one outside the package root).
        let relative = try BenchProcess.run(["baseline", "check", "--path", "no-such-folder/baseline.json"])
        #expect(relative.status == 1 && relative.stderr.contains("no-such-folder/baseline.json: cannot read the baseline (missing? it is relative to /"))
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
