import Foundation
import KernelTestSupport
import Testing

/// The gate as a team without valgrind uses it, on its own walkthrough files: the timing
/// ratios alone, the machine check, the markdown report. PATH holds no valgrind here.
@Suite(.temporaryFolders, .slow, .tags(.endToEnd)) struct BaselineGateTests {
    static let noValgrind = ["PATH": "/nonexistent"]

    /// A baseline of `file`'s ratio metrics, recorded without valgrind.
    func record(_ file: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("baseline.json").path
        let run = try BenchProcess.run(["baseline", "update", file, "--path", path, "--metrics", "ratios"],
                                       environment: Self.noValgrind)
        #expect(run.status == 0 && run.stdout == "recorded 2 metrics in \(path)\n", "\(run.stderr)")
        return path
    }

    /// Rewrites the baseline's JSON with `change`.
    func edit(_ path: String, _ change: (inout [String: Any]) -> Void) throws {
        var json = try BenchProcess.object(try String(contentsOfFile: path, encoding: .utf8))
        change(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: path))
    }

    @Test func ratiosAloneNeedNoValgrind() throws {
        let folder = try BenchProcess.temporaryFolder()
        let file = try BenchProcess.smallWalkthrough(name: "team.json")
        let path = try record(file, in: folder)
        let json = try BenchProcess.object(try String(contentsOfFile: path, encoding: .utf8))
        let names = (json["metrics"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        // Metric names carry the file's name and its own subview count.
        #expect(names.count == 2 && names.allSatisfy { $0.hasPrefix("simd/c/team.json/") || $0.hasPrefix("simd/limit/team.json/") }, "\(names)")
        let build = try #require(json["build"] as? [String: String])
        for key in ["os", "cpu", "cores", "configuration", "swiftCompiler", "cCompiler", "swiftTargetFeatures", "targetFeatures", "strategy"] {
            #expect(build[key]?.isEmpty == false, "\(key)")
        }
        // A wide threshold: this checks the plumbing, not the machine's noise.
        let check = try BenchProcess.run(["baseline", "check", file, "--path", path, "--metrics", "ratios",
                                          "--ratio-threshold", "10000"], environment: Self.noValgrind)
        #expect(check.status == 0 && check.stdout.hasSuffix("0 regression(s), 0 improvement(s), 2 metrics\n"), "\(check.stderr)\(check.stdout)")
        #expect(!check.stdout.contains("warning"), "\(check.stdout)")
    }

    @Test(arguments: [["check"], ["update"]])
    func allMetricsWithoutValgrindNameTheWayOut(action: [String]) throws {
        let folder = try BenchProcess.temporaryFolder()
        let file = try BenchProcess.smallWalkthrough()
        let path = action == ["check"] ? try record(file, in: folder) : folder.appendingPathComponent("new.json").path
        let run = try BenchProcess.run(["baseline"] + action + [file, "--path", path], environment: Self.noValgrind)
        #expect(run.failedWithOneLine && run.stderr.contains("valgrind is not installed") && run.stderr.contains("--metrics ratios"),
                "\(run.stderr)")
    }

    @Test func anotherMachineIsAWarningOrWithStrictMachineAnError() throws {
        let folder = try BenchProcess.temporaryFolder()
        let file = try BenchProcess.smallWalkthrough()
        let path = try record(file, in: folder)
        try edit(path) { json in
            var build = json["build"] as? [String: String] ?? [:]
            build["cpu"] = "Apple M2 Pro"
            build["targetFeatures"] = "neon"
            json["build"] = build
        }
        let check = ["baseline", "check", file, "--path", path, "--metrics", "ratios", "--ratio-threshold", "10000"]
        let warned = try BenchProcess.run(check, environment: Self.noValgrind)
        #expect(warned.status == 0, "\(warned.stderr)")
        let first = warned.stdout.split(separator: "\n").first ?? ""
        #expect(first.hasPrefix("warning: the baseline was recorded on another machine or build (")
                && first.contains(#"cpu "Apple M2 Pro", now "#) && first.contains(#"targetFeatures "neon", now "#), "\(warned.stdout)")
        let strict = try BenchProcess.run(check + ["--strict-machine"], environment: Self.noValgrind)
        #expect(strict.failedWithOneLine && strict.stderr.contains("--strict-machine refuses it")
                && strict.stderr.contains(#"cpu "Apple M2 Pro""#), "\(strict.stderr)")
    }

    /// Summary first, then the regressions, then the rest inside `<details>`.
    @Test func markdownPutsTheSummaryAndRegressionsFirst() throws {
        let folder = try BenchProcess.temporaryFolder()
        let file = try BenchProcess.smallWalkthrough(name: "team.json")
        let path = try record(file, in: folder)
        // simd/c recorded as far better than any run can be (a regression now), simd/limit
        // as far worse (an improvement now).
        try edit(path) { json in
            json["metrics"] = (json["metrics"] as? [[String: Any]] ?? []).map { m in
                var m = m
                m["value"] = (m["name"] as? String ?? "").hasPrefix("simd/c/") ? 1e-6 : 1e6
                m["threshold"] = 0.5
                return m
            }
        }
        let run = try BenchProcess.run(["baseline", "check", file, "--path", path, "--metrics", "ratios",
                                        "--format", "markdown"], environment: Self.noValgrind)
        #expect(run.status == 2, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "**1 regression(s), 1 improvement(s), 2 metrics**", "\(run.stdout)")
        let regression = try #require(lines.firstIndex { $0.hasPrefix("| simd/c/team.json/") }, "\(run.stdout)")
        let details = try #require(lines.firstIndex { $0.hasPrefix("<details>") }, "\(run.stdout)")
        let improvement = try #require(lines.firstIndex { $0.hasPrefix("| simd/limit/team.json/") }, "\(run.stdout)")
        #expect(regression < details && details < improvement && lines.last == "</details>", "\(run.stdout)")
        #expect(lines[regression].hasSuffix("| REGRESSION |") && lines[improvement].hasSuffix("| improvement |"), "\(run.stdout)")
    }
}
