import Foundation
import KernelTestSupport
import Testing
@testable import Bench

/// `bench chart --input` on large saved runs: drawing takes time linear in the results
/// (each scenario's cell once filtered every result: 6,000 scenarios took seconds, a
/// 193 MB run file over 14 minutes).
@Suite struct ChartScalingTests {
    /// `scenarios` scenarios of two results each (simd and limit at one size), as a saved run
    /// of walkthrough files has them.
    static func report(scenarios: Int) -> Report {
        var results: [Result] = []
        for n in 0..<scenarios {
            for (impl, ns) in [(ImplementationKind.simd, 2.0 + Double(n % 7)), (.limit, 1.0 + Double(n % 3))] {
                var stats = Statistics([ns, ns * 1.1, ns * 1.3])
                stats.count = 3
                results.append(Result(scenario: "file-\(n).json", impl: impl, layout: .blocks, subviews: 1_000 + n % 5,
                                      frames: 100, nsPerSubview: stats))
            }
        }
        return Report(build: .current(), results: results)
    }

    /// The fastest of three drawings, in seconds.
    static func seconds(_ report: Report) -> Double {
        (0..<3).map { _ in
            let start = ContinuousClock.now
            #expect(!Chart(report: report).svg().isEmpty)
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        }.min() ?? 0
    }

    /// Eight times the scenarios take about eight times as long (64 times when quadratic);
    /// the bound leaves room for a busy machine.
    @Test(.slow, .tags(.endToEnd)) func drawingTimeIsLinearInTheResults() {
        let (small, large) = (Self.report(scenarios: 400), Self.report(scenarios: 3_200))
        let (a, b) = (Self.seconds(small), Self.seconds(large))
        #expect(b / a < 24, "400 scenarios: \(a) s, 3,200 scenarios: \(b) s, ratio \(b / a)")
    }

    /// The chart of many scenarios still has every cell.
    @Test func everyScenarioIsDrawn() {
        let svg = Chart(report: Self.report(scenarios: 50)).svg()
        #expect(svg.components(separatedBy: ">file-").count - 1 == 50)
    }
}
