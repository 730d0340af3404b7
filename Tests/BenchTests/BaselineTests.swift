import Foundation
import Testing
@testable import Bench

@Suite struct BaselineTests {
    func metric(_ name: String, _ kind: Metric.Kind, _ value: Double) -> Metric {
        Metric(name: name, kind: kind, value: value, threshold: Metric.defaultThreshold(kind))
    }

    @Test func verdictsFollowTheThresholds() throws {
        let baseline = [metric("instructions/a", .instructions, 10), metric("instructions/b", .instructions, 10),
                        metric("instructions/c", .instructions, 10), metric("ratio/a", .ratio, 1.0)]
        let current = [metric("instructions/a", .instructions, 10.2), metric("instructions/b", .instructions, 10.4),
                       metric("instructions/c", .instructions, 9.5), metric("ratio/a", .ratio, 1.1),
                       metric("ratio/new", .ratio, 2)]
        let comparison = try Comparison(baseline: baseline, current: current, overrides: [:])
        #expect(comparison.rows.map(\.verdict) == [.ok, .regression, .improvement, .ok, .new])
        #expect(comparison.regressed)
        let loose = try Comparison(baseline: baseline, current: current, overrides: [.instructions: 0.05])
        #expect(!loose.regressed)
        #expect(comparison.render(markdown: true, baselineBuild: [:]).contains("| instructions/b "))
    }

    @Test func aMetricTheBuildCannotMeasureIsAnError() {
        #expect(throws: BenchError.self) {
            try Comparison(baseline: [metric("instructions/gone", .instructions, 1)], current: [], overrides: [:])
        }
    }

    @Test func baselineFilesRoundTrip() throws {
        let path = try BenchProcess.temporaryFile("", name: "baseline.json")
        let written = Baseline(build: .current(), metrics: [metric("instructions/x", .instructions, 9.5), metric("simd/c/x/1000", .ratio, 0.7)])
        try written.json().write(toFile: path, atomically: true, encoding: .utf8)
        let read = try Baseline.load(path)
        #expect(read.metrics == written.metrics)
        #expect(read.build["configuration"] == "debug")
    }

    @Test(arguments: ["", "{}", #"{"metrics": [{"name": "x"}]}"#, #"{"metrics": [{"name": "x", "kind": "time", "value": 1, "threshold": 0.1}]}"#,
                      #"{"metrics": [{"name": "x", "kind": "ratio", "value": -1, "threshold": 0.1}]}"#])
    func badBaselineFilesExitOne(text: String) throws {
        let path = try BenchProcess.temporaryFile(text, name: "baseline.json")
        let run = try BenchProcess.run(["baseline", "check", "--path", path])
        #expect(run.status == 1 && run.stdout.isEmpty && run.stderr.hasPrefix("bench: \(path)"), "\(run.stderr)")
    }

    @Test func missingBaselineExitsOne() throws {
        let run = try BenchProcess.run(["baseline", "check", "--path", "/nonexistent/baseline.json"])
        #expect(run.status == 1 && run.stderr.contains("cannot read the baseline"))
        #expect(try BenchProcess.run(["baseline", "frobnicate"]).status == 1)
    }
}
