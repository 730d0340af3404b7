import Foundation
import Testing

/// `bench capacity` end to end on a share of a frame so small that a debug build's answer
/// is at most a few thousand subviews: formats, machine record, progress and bad options.
@Suite struct CapacityCommandTests {
    /// 1% of a frame: 167 µs at 60 Hz, 83 µs at 120 Hz.
    static let tiny = ["--filter", "^linear$", "--share", "1", "--budget", "0.002"]

    @Test func jsonHasTheMachineAndAnAnswerPerRate() throws {
        let run = try BenchProcess.run(["capacity", "--format", "json", "--quiet"] + Self.tiny)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let json = try BenchProcess.object(run.stdout)
        let build = try #require(json["build"] as? [String: String])
        #expect(build["configuration"] == BenchProcess.configuration && json["cpu"] is String && json["cores"] is Int, "\(json.keys)")
        let options = try #require(json["options"] as? [String: Any])
        #expect(options["share"] as? Double == 1 && options["impls"] as? [String] == ["simd", "simd-parallel"])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 2 * 2, "\(results.count)")
        for r in results {
            let budget = try #require(r["budgetMicroseconds"] as? Double)
            #expect(abs(budget - 1e6 / Double(r["hz"] as? Int ?? 0) * 0.01) < 1e-9)
            // A debug build's split frame may not fit at all: its workers' start-up alone.
            guard r["impl"] as? String == "simd" || r["fit"] is [String: Any] else { continue }
            let fit = try #require(r["fit"] as? [String: Any], "\(r)")
            let miss = try #require(r["miss"] as? [String: Any], "\(r)")
            let fitTime = try #require((fit["microsecondsPerFrame"] as? [String: Double])?["p50"])
            let missTime = try #require((miss["microsecondsPerFrame"] as? [String: Double])?["p50"])
            #expect(fitTime <= budget && missTime > budget, "\(r)")
            #expect((r["subviews"] as? Int ?? 0) > 0 && r["subviews"] as? Int == fit["subviews"] as? Int)
        }
    }

    @Test(arguments: ["text", "markdown", "csv"])
    func otherFormats(format: String) throws {
        let run = try BenchProcess.run(["capacity", "--format", format, "--impls", "simd", "--quiet"] + Self.tiny)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        switch format {
        case "csv":
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("scenario,layout,impl,hz,budget_us,subviews,") == true && lines.count == 1 + 2, "\(lines)")
        case "markdown":
            #expect(run.stdout.contains("| scenario | layout | impl | 60 Hz | µs/frame | 120 Hz | µs/frame |"), "\(run.stdout)")
        default:
            #expect(run.stdout.hasPrefix("bench capacity: \(BenchProcess.configuration) build") && run.stdout.contains("linear"))
        }
    }

    /// The progress lines of `bench run`: one a size measured, the search's number of all.
    @Test func progressLinesAreRunsLines() throws {
        let run = try BenchProcess.run(["capacity", "--impls", "simd,simd-parallel", "--layouts", "blocks,float4x4"] + Self.tiny)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count > 4)
        for line in lines {
            let match = try #require(try ProgressTests.line.wholeMatch(in: line), "\(line)")
            #expect(match.2 == "4" && match.3 == "linear", "\(line)")
        }
        #expect(Set(lines.compactMap { try? ProgressTests.line.wholeMatch(in: $0)?.1 }) == ["1", "2", "3", "4"])
    }

    @Test(arguments: [["--share", "0"], ["--share", "101"], ["--share", "x"], ["--impls", "c"], ["--impls", "simd,simd"],
                      ["--layouts", "nope"], ["--filter", "nothing-matches"], ["--filter", "("], ["--budget", "0"],
                      ["--format", "xml"], ["extra"], ["--sizes", "10"]])
    func badOptionsFailWithOneLine(arguments: [String]) throws {
        let run = try BenchProcess.run(["capacity"] + arguments)
        #expect(run.failedWithOneLine, "\(arguments): \(run.status) \(run.stderr)")
    }
}
