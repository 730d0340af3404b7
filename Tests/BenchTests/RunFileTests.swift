import Foundation
import WalkthroughKernel
import Testing
@testable import Bench

/// `bench run FILE…`: a user's walkthrough files, measured as they are.
@Suite(.temporaryFolders) struct RunFileTests {
    static let quick = ["--budget", "0.005", "--positions", "8", "--quiet"]

    @Test func eachFileIsAScenarioAtItsOwnSize() throws {
        let small = try BenchProcess.smallWalkthrough()
        let parallax = RenderTests.parallax
        let run = try BenchProcess.run(["run", small, parallax, "--format", "json"] + Self.quick)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try BenchProcess.object(run.stdout)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 2 * ImplementationKind.allCases.count)
        #expect(results.compactMap { $0["scenario"] as? String }.uniqued() == ["small.json", "readme-parallax.json"])
        // Its own size: the subviews in the window, averaged over the 8 positions from the
        // first page to the last.
        for (name, path) in [("small.json", small), ("readme-parallax.json", parallax)] {
            let w = try Walkthrough(json: String(contentsOfFile: path, encoding: .utf8))
            let expected = Suite.averageAnimatedSubviews(w, Scenario.scrollPositions(w, count: 8))
            let sizes = Set(results.filter { $0["scenario"] as? String == name }.compactMap { $0["subviews"] as? Int })
            #expect(sizes == [expected], "\(name): \(sizes) against \(expected)")
        }
        // Every sample the same whole number of frames, and at least 5 samples.
        for r in results {
            let (frames, samples) = (r["frames"] as? Int ?? 0, r["samples"] as? Int ?? 0)
            #expect(samples >= 5 && frames >= samples && frames % samples == 0, "\(r)")
        }
        let options = try #require(json["options"] as? [String: Any])
        #expect(options["files"] as? [String] == ["small.json", "readme-parallax.json"] && options["positions"] as? Int == 8)
        #expect(options["sizes"] is NSNull, "\(options)")
    }

    @Test func positionsRunFromTheFirstPageToTheLast() throws {
        let w = try Walkthrough(json: #"{"width": 100, "pages": [{}, {}, {}]}"#)
        #expect(Scenario.scrollPositions(w, count: 5) == [0, 50, 100, 150, 200])
        #expect(Scenario.scrollPositions(w, count: 1) == [0])
        #expect(Scenario.scrollPositions(try Walkthrough(json: #"{"width": 100, "pages": [{}]}"#), count: 3) == [0, 0, 0])
    }

    /// A sample's untimed frame is at the position before its timed one, as while
    /// scrolling, so every position is timed, not every other one.
    @Test func theCycleKnowsThePreviousPosition() {
        var cycle = ScrollCycle([1, 2, 3])
        #expect(cycle.previous == 3)
        #expect(cycle.next() == 1 && cycle.previous == 1)
        #expect(cycle.next() == 2 && cycle.next() == 3 && cycle.previous == 3 && cycle.next() == 1)
    }

    @Test func textTablesNameTheFile() throws {
        let small = try BenchProcess.smallWalkthrough(name: "team walkthrough.json")
        let run = try BenchProcess.run(["run", small, "--impls", "simd,limit", "--verbose"] + Self.quick)
        #expect(run.status == 0, "\(run.stderr)")
        // The headline, then (--verbose) a summary row and a row of statistics an implementation.
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("team walkthrough.json, 16 subviews (") }.count == 1, "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").filter { $0.hasPrefix("team walkthrough.json ") }.count == 1 + 2, "\(run.stdout)")
    }

    /// A valid file outside the fast path's accuracy domain (angles past 2²⁰ rad) is measured,
    /// by `run` and `chart` alike: the agreement check holds such subviews only to what the fast
    /// path promises there, as the fuzzer does (it refused this file, which `eval` accepts).
    @Test func aFileOutsideTheAccuracyDomainIsMeasured() throws {
        let path = BenchProcess.packageRoot.appendingPathComponent("Benchmarks/Fuzz/regression-huge-spin.json").path
        let run = try BenchProcess.run(["run", path, "--impls", "simd,c,reference"] + Self.quick)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.contains("regression-huge-spin.json, 26 subviews ("), "\(run.stdout)")
        let svg = try BenchProcess.temporaryFolder().appendingPathComponent("chart.svg").path
        let chart = try BenchProcess.run(["chart", path, "--output", svg, "--impls", "simd,limit"] + Self.quick)
        #expect(chart.status == 0 && chart.stderr.isEmpty && FileManager.default.fileExists(atPath: svg), "\(chart.stderr)")
    }

    @Test func aFileWithNothingInTheWindowIsAnError() throws {
        let empty = try BenchProcess.temporaryFile(#"{"width": 100, "pages": [{}, {}]}"#, name: "empty.json")
        let run = try BenchProcess.run(["run", empty] + Self.quick)
        #expect(run.failedWithOneLine && run.stderr.contains("empty.json: fewer than one subview in the window"), "\(run.stderr)")
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
