import Foundation
import Testing
@testable import Bench

/// `bench baseline check --format json`, `bench compare --format json` and `bench run
/// --format google-benchmark`: documents that parse, with the documented keys.
@Suite(.temporaryFolders) struct MachineReadableOutputTests {
    static let noValgrind = ["PATH": "/nonexistent"]
    static let verdictKeys: Set<String> = ["command", "verdict", "exitStatus", "exitStatuses", "warning", "summary"]

    func expectHead(_ json: [String: Any], command: String, regressed: Bool) {
        #expect(Self.verdictKeys.isSubset(of: Set(json.keys)), "\(json.keys)")
        #expect(json["command"] as? String == command)
        #expect(json["verdict"] as? String == (regressed ? "regression" : "pass"))
        #expect(json["exitStatus"] as? Int == (regressed ? 2 : 0))
        #expect((json["exitStatuses"] as? [String: String]).map { Set($0.keys) } == ["0", "1", "2"])
    }

    /// From the command line: a check that passes (a wide threshold: this checks the
    /// plumbing, not the machine's noise), its document on standard output.
    @Test func baselineCheckWritesJSON() throws {
        let folder = try BenchProcess.temporaryFolder()
        let file = try BenchProcess.smallWalkthrough(name: "team.json")
        let path = folder.appendingPathComponent("baseline.json").path
        let update = try BenchProcess.run(["baseline", "update", file, "--path", path, "--metrics", "ratios"], environment: Self.noValgrind)
        // Progress on standard error, one line as each ratio run starts (`-q` silences it).
        #expect(update.status == 0 && update.stderr.hasPrefix("ratios, run 1 of \(BaselineCommand.recordedRatioRuns): [1/1] team.json "),
                "\(update.stderr)")
        let run = try BenchProcess.run(["baseline", "check", file, "--path", path, "--metrics", "ratios", "--format", "json",
                                        "--ratio-threshold", "10000", "-q"], environment: Self.noValgrind)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let json = try BenchProcess.object(run.stdout)
        expectHead(json, command: "baseline check", regressed: false)
        #expect((json["baseline"] as? [String: Any])?["path"] as? String == path)
        let metrics = try #require(json["metrics"] as? [[String: Any]])
        #expect(metrics.count == 2 && metrics.allSatisfy { $0["thresholdPercent"] as? Double == 10_000 && $0["kind"] as? String == "ratio" })
    }

    /// A regression, an improvement, a metric within its threshold and a new one: every
    /// verdict, value, change and threshold in the document (a check that regresses on a
    /// ratio waits for its re-measurements, so the comparison is made here).
    @Test func baselineCheckJSONHoldsEveryVerdict() throws {
        let baseline = [Metric(name: "writes-per-frame/a.json", kind: .writes, value: 200, threshold: 0.01),
                        Metric(name: "instructions-per-frame/a.json", kind: .instructions, value: 1_000, threshold: 0.01),
                        Metric(name: "simd/c/a.json/7", kind: .ratio, value: 1.0, threshold: 0.08)]
        let current = [Metric(name: "writes-per-frame/a.json", kind: .writes, value: 204),
                       Metric(name: "instructions-per-frame/a.json", kind: .instructions, value: 900),
                       Metric(name: "simd/c/a.json/7", kind: .ratio, value: 1.05),
                       Metric(name: "simd/limit/a.json/7", kind: .ratio, value: 1.2)]
        let comparison = try Comparison(baseline: baseline, current: current, overrides: [:])
        let build = Dictionary(BuildInfo.current().pairs) { a, _ in a }
        let json = try BenchProcess.object(comparison.json(baselinePath: "b.json", baselineBuild: build))
        expectHead(json, command: "baseline check", regressed: true)
        #expect(json["warning"] is NSNull)
        #expect((json["summary"] as? [String: Int]) == ["metrics": 4, "regressions": 1, "improvements": 1, "ok": 1, "new": 1])
        #expect(((json["baseline"] as? [String: Any])?["build"] as? [String: String]) == build)
        #expect(((json["current"] as? [String: Any])?["build"] as? [String: String]) == build)
        let metrics = try #require(json["metrics"] as? [[String: Any]])
        for m in metrics {
            #expect(Set(m.keys) == ["name", "kind", "baseline", "current", "changePercent", "thresholdPercent", "verdict"], "\(m)")
        }
        #expect(metrics.compactMap { $0["verdict"] as? String } == ["regression", "improvement", "ok", "new"])
        #expect(metrics.compactMap { $0["kind"] as? String } == ["writes", "instructions", "ratio", "ratio"])
        #expect(metrics[0]["baseline"] as? Double == 200 && metrics[0]["current"] as? Double == 204)
        #expect(abs((metrics[0]["changePercent"] as? Double ?? 0) - 2) < 1e-9 && metrics[0]["thresholdPercent"] as? Double == 1)
        #expect(metrics[3]["baseline"] is NSNull && metrics[3]["changePercent"] is NSNull && metrics[3]["thresholdPercent"] as? Double == 60)
    }

    @Test func compareWritesTheVerdictAndEveryResult() throws {
        let folder = try BenchProcess.temporaryFolder()
        let run = try BenchProcess.run(["run", "--format", "json", "--filter", "^zoom$", "--sizes", "20",
                                        "--impls", "simd,limit", "--budget", "0.005", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        var saved = try BenchProcess.object(run.stdout)
        let old = folder.appendingPathComponent("old.json")
        try Data(run.stdout.utf8).write(to: old)
        saved["results"] = (saved["results"] as? [[String: Any]] ?? []).map { r in
            guard r["impl"] as? String == "simd", var ns = r["nsPerSubview"] as? [String: Double] else { return r }
            for key in ["min", "p50", "p90", "p99", "max"] { ns[key] = (ns[key] ?? 0) * 2 }  // in order, as the reader requires
            var r = r
            r["nsPerSubview"] = ns
            return r
        }
        let new = folder.appendingPathComponent("new.json")
        try JSONSerialization.data(withJSONObject: saved).write(to: new)
        let compared = try BenchProcess.run(["compare", old.path, new.path, "--format", "json"])
        #expect(compared.status == 2, "\(compared.stderr)")
        let json = try BenchProcess.object(compared.stdout)
        expectHead(json, command: "compare", regressed: true)
        #expect(json["thresholdPercent"] as? Double == 10 && json["unit"] as? String == "ns per subview per frame")
        #expect((json["old"] as? [String: Any])?["path"] as? String == old.path)
        #expect((json["summary"] as? [String: Int]) == ["matched": 2, "regressions": 1, "improvements": 0, "ok": 1, "onlyOld": 0, "onlyNew": 0])
        let results = try #require(json["results"] as? [[String: Any]])
        for r in results {
            #expect(Set(r.keys) == ["scenario", "impl", "subviews", "layout", "old", "new", "minRatio", "p50Ratio", "verdict"], "\(r)")
            let simd = r["impl"] as? String == "simd"
            #expect(r["verdict"] as? String == (simd ? "regression" : "ok"), "\(r)")
            if simd { #expect(abs((r["minRatio"] as? Double ?? 0) - 2) < 1e-9, "\(r)") }
        }
    }

    /// Names and times are the run's results: `SCENARIO/IMPL/SUBVIEWS`, ns a frame at the
    /// median, one iteration a frame.
    @Test func googleBenchmarkExportHoldsTheRunsResults() throws {
        let results = [
            Result(scenario: "zoom", impl: .simd, layout: .blocks, subviews: 1_000, frames: 4_000,
                   nsPerSubview: Statistics([1.5, 2.0, 2.5])),
            Result(scenario: "zoom", impl: .c, layout: .blocks, subviews: 1_000, frames: 3_000,
                   nsPerSubview: Statistics([1.25, 1.75])),
            Result(scenario: "my file.json", impl: .simd, layout: .float4x4, subviews: 7, frames: 900,
                   nsPerSubview: Statistics([3, 4, 5, 6])),
        ]
        let json = try BenchProcess.object(Report(build: .current(), results: results).render(.googleBenchmark))
        let context = try #require(json["context"] as? [String: Any])
        #expect(context["num_cpus"] as? Int == BuildInfo.current().cores && context["date"] is String)
        let benchmarks = try #require(json["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.compactMap { $0["name"] as? String } == ["zoom/simd/1000", "zoom/c/1000", "my file.json/simd/7/float4x4"])
        for (b, r) in zip(benchmarks, results) {
            #expect(b["run_name"] as? String == b["name"] as? String && b["run_type"] as? String == "iteration")
            #expect(b["time_unit"] as? String == "ns" && b["iterations"] as? Int == r.frames)
            #expect(b["real_time"] as? Double == r.nsPerSubview.p50 * Double(r.subviews) && b["cpu_time"] as? Double == b["real_time"] as? Double)
            #expect(b["real_time"] as? Double == r.microsecondsPerFrame * 1000)
            #expect(b["ns_per_subview"] as? Double == r.nsPerSubview.p50 && b["ns_per_subview_min"] as? Double == r.nsPerSubview.min)
        }
        #expect(benchmarks.map { $0["family_index"] as? Int } == [0, 1, 2])
    }

    /// From the command line, on a walkthrough file: one entry an implementation.
    @Test func runExportsGoogleBenchmarkJSON() throws {
        let file = try BenchProcess.smallWalkthrough(name: "team.json")
        let run = try BenchProcess.run(["run", file, "--format", "google-benchmark", "--impls", "simd,c", "--budget", "0.005", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try BenchProcess.object(run.stdout)
        let benchmarks = try #require(json["benchmarks"] as? [[String: Any]])
        let names = benchmarks.compactMap { $0["name"] as? String }
        #expect(names.count == 2 && names[0].hasPrefix("team.json/simd/") && names[1].hasPrefix("team.json/c/"), "\(names)")
        #expect(benchmarks.allSatisfy { (($0["real_time"] as? Double) ?? 0) > 0 && (($0["iterations"] as? Int) ?? 0) > 0 })
    }
}
