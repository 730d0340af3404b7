import Foundation
import Testing
@testable import Bench
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `bench run` end to end on tiny sizes (tests usually run debug builds, where SIMD code is slow).
@Suite(.temporaryFolders) struct RunCommandTests {
    static let tiny = ["--sizes", "20,70", "--budget", "0.005"]

    @Test func jsonHasEveryImplementationAndStatistic() throws {
        let run = try BenchProcess.run(["run", "--format", "json", "--filter", "^(linear|rotate3d-spin)$"] + Self.tiny)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let build = try #require(json["build"] as? [String: String])
        #expect(build["configuration"] == BenchProcess.configuration && build["targetFeatures"] != nil && build["swiftCompiler"] != nil
                && build["swiftTargetFeatures"] != nil, "\(build)")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 2 * 2 * 9)
        #expect(Set(results.compactMap { $0["impl"] as? String }) == ["reference", "simd", "simd-parallel", "c", "limit",
                                                                     "read-transform", "read-gather", "read-limit", "read-alphas"])
        #expect(Set(results.compactMap { $0["scenario"] as? String }) == ["linear", "rotate3d-spin"])
        for r in results {
            let ns = try #require(r["nsPerSubview"] as? [String: Double])
            let (minimum, p50, p90, p99, maximum) = (ns["min"] ?? .nan, ns["p50"] ?? .nan, ns["p90"] ?? .nan, ns["p99"] ?? .nan, ns["max"] ?? .nan)
            #expect(minimum > 0 && minimum <= p50 && p50 <= p90 && p90 <= p99 && p99 <= maximum)
            #expect((r["frames"] as? Int ?? 0) > 0)
        }
        #expect((json["ratios"] as? [[String: Any]])?.count == 4)
    }

    @Test(arguments: ["text", "markdown", "csv"])
    func otherFormats(format: String) throws {
        // --verbose: the tables after the headlines (HeadlineTests has the headlines).
        let run = try BenchProcess.run(["run", "--format", format, "--filter", "^zoom$", "--impls", "simd,limit", "--quiet", "--verbose"] + Self.tiny)
        #expect(run.status == 0, "\(run.stderr)")
        switch format {
        case "csv":
            // A plain header first (metadata is in the JSON), then a row a result.
            let lines = run.stdout.split(separator: "\n")
            #expect(lines[0] == "scenario,impl,layout,subviews,frames,samples,min,p50,p90,p99,max,us_per_frame,fps")
            #expect(lines.count == 1 + 4)
            #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("zoom,") && $0.split(separator: ",").count == 13 }, "\(lines)")
        case "markdown":
            let header = run.stdout.split(separator: "\n").first { $0.hasPrefix("| scenario") } ?? ""
            #expect(header.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                == ["scenario", "subviews", "simd", "limit", "simd/c", "simd/limit", "ref/simd", "transform/simd", "gather/simd", "gather/read-limit", "alphas/simd"])
        default:
            #expect(run.stdout.contains("simd/limit") && run.stdout.contains("\(BenchProcess.configuration) build"))
        }
        #expect(run.stderr.isEmpty)  // --quiet: no progress lines
    }

    /// Every layout with its implementations, at sizes that leave a page's last block
    /// partly full: `limit` once stored whole blocks past the end of a dense frame (heap
    /// corruption). The C anchor writes every layout.
    @Test(arguments: ["blocks", "float4x4", "caTransform3D"])
    func everyLayoutRuns(layout: String) throws {
        let run = try BenchProcess.run(["run", "--format", "json", "--filter", "^(curve|rotate3d-spin)$", "--sizes", "13,1001",
                                        "--layout", layout, "--quiet", "--budget", "0.005"])
        #expect(run.status == 0, "\(layout): \(run.stderr.prefix(300))")
        let results = try #require(try BenchProcess.object(run.stdout)["results"] as? [[String: Any]])
        let impls = Set(results.compactMap { $0["impl"] as? String })
        #expect(impls.contains("limit") && impls.contains("c"), "\(layout): \(impls)")
        #expect(results.allSatisfy { $0["layout"] as? String == layout })
    }

    /// Choices match without regard to case: the issue's `--layout catransform3d` is the
    /// `caTransform3D` layout, reported under its own name.
    @Test func layoutNamesIgnoreCase() throws {
        let run = try BenchProcess.run(["run", "--format", "csv", "--filter", "^linear$", "--sizes", "13",
                                        "--layout", "catransform3d", "--impls", "simd", "--quiet", "--budget", "0.005"])
        #expect(run.status == 0, "catransform3d: \(run.stderr.prefix(300))")
        let rows = run.stdout.split(separator: "\n").dropFirst()
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains(",caTransform3D,") }, "\(run.stdout.prefix(300))")
    }

    @Test func listNamesScenariosAndImplementations() throws {
        let run = try BenchProcess.run(["--list"])
        for name in ["linear", "curve", "zoom", "inout", "rotate3d", "rotate3d-spin", "storyboard", "simd-parallel", "limit"] {
            #expect(run.stdout.contains(name))
        }
    }

    @Test(arguments: [["run", "--format", "xml"], ["run", "--filter", "("], ["run", "--filter", "nothing-matches"],
                      ["run", "--sizes", "0"], ["run", "--sizes", "10,x"], ["run", "--sizes", "10, 20,10"], ["run", "--impls", "gpu"], ["run", "--budget", "-1"],
                      ["chart"], ["profile", "nope"], ["profile", "linear", "--frames", "-3"]])
    func badArgumentsExitOne(arguments: [String]) throws {
        let run = try BenchProcess.run(arguments)
        #expect(run.status == 1 && run.stdout.isEmpty && run.stderr.hasPrefix("bench: "), "\(run.stderr)")
    }

    /// Every built-in scenario has a subview in the window at every size `--sizes` takes:
    /// the storyboard spread 1 over its pages as none, and the text report trapped converting
    /// that frame's infinite frames per second to Int (`bench run --sizes 1`).
    @Test(arguments: [1, 2, 3, 5, 8, 13])
    func everyScenarioHasASubviewInTheWindowAtSmallSizes(size: Int) throws {
        for scenario in Scenario.builtIn {
            let (walkthrough, scrolls) = try scenario.make(size)
            #expect(Bench.Suite.averageAnimatedSubviews(walkthrough, scrolls) > 0, "\(scenario.name) at size \(size)")
        }
        let run = try BenchProcess.run(["run", "--sizes", "\(size)", "--filter", "^storyboard$", "--budget", "0.001", "-q"])
        #expect(run.status == 0 && run.stderr.isEmpty && run.stdout.contains("storyboard"), "size \(size): \(run.status) \(run.stderr.prefix(300))")
    }

    @Test func chartIsWellFormedSVG() throws {
        let dir = try BenchProcess.temporaryFolder()
        let path = dir.appendingPathComponent("chart.svg").path
        let run = try BenchProcess.run(["chart", "--output", path, "--filter", "^(linear|curve)$"] + Self.tiny)
        #expect(run.status == 0, "\(run.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let text = String(decoding: data, as: UTF8.self)
        // 2 scenarios: 9 lines of ns per subview, and 4 of ratios to limit (simd,
        // simd-parallel, c, limit; the readers are not drawn there), plus the reference's
        // where it fits the scale; where it does not, a note says so.
        let offScale = text.components(separatedBy: "reference: up to").count - 1
        #expect(text.components(separatedBy: "<polyline").count - 1 == 2 * (9 + 4) + (2 - offScale), "\(offScale)")
        for title in ["ns per subview", "ratio to limit", "subviews (log scale)"] {
            #expect(text.components(separatedBy: ">\(title)<").count - 1 == 2, "\(title)")
        }
    }
}
