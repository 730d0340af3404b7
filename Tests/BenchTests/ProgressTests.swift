import Foundation
import Testing
@testable import Bench

/// Progress lines on standard error, terminal or not; the report alone on standard output.
@Suite(.temporaryFolders) struct ProgressTests {
    static var line: Regex<(Substring, Substring, Substring, Substring, Substring, Substring, Substring)> {
        #/^\[(\d+)/(\d+)\] (\S+) ([\d,]+) subviews … ~(\d+) (s|min) left$/#
    }

    @Test func oneLineAScenarioAndSizeOnAPipe() throws {
        let run = try BenchProcess.run(["run", "--filter", "^(linear|zoom)$", "--sizes", "20,70", "--budget", "0.005",
                                        "--impls", "simd,limit", "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(run.stderr.hasSuffix("\n") && lines.count == 4, "\(run.stderr)")
        let expected = [("linear", "20"), ("linear", "70"), ("zoom", "20"), ("zoom", "70")]
        for (n, (line, (scenario, size))) in zip(lines, expected).enumerated() {
            let match = try #require(try Self.line.wholeMatch(in: String(line)), "\(line)")
            #expect(match.1 == "\(n + 1)" && match.2 == "4" && match.3 == scenario && match.4 == size, "\(line)")
        }
        // Standard output is the report alone.
        #expect(run.stdout.hasPrefix("scenario,impl,") && !run.stdout.contains("left"), "\(run.stdout.prefix(200))")
    }

    @Test func quietSilencesIt() throws {
        let run = try BenchProcess.run(["run", "--filter", "^linear$", "--sizes", "20", "--budget", "0.005", "--quiet"])
        #expect(run.status == 0 && run.stderr.isEmpty && run.stdout.contains("linear"), "\(run.stderr)")
    }

    @Test func fileScenariosHaveProgressToo() throws {
        let file = try BenchProcess.smallWalkthrough()
        let run = try BenchProcess.run(["run", file, "--budget", "0.005", "--positions", "4", "--impls", "simd"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.line.wholeMatch(in: run.stderr.trimmingCharacters(in: .newlines))?.3 == "small.json", "\(run.stderr)")
    }

    /// Steps of a size already timed are predicted from those; others from the prior,
    /// scaled by how the timed steps compared with theirs.
    @Test func theEstimateLearnsFromTheStepsDone() {
        let steps = [("a", 1_000), ("a", 1_000_000), ("b", 1_000), ("b", 1_000_000)].map { ProgressEstimate.Step(scenario: $0.0, subviews: $0.1) }
        var estimate = ProgressEstimate(steps: steps, budgetSeconds: 1)
        let prior = { (n: Int) in 1 + ProgressEstimate.priorSecondsPerSubview * Double(n) }
        let all = 2 * (prior(1_000) + prior(1_000_000))
        #expect(estimate.start(0, now: 0) == "[1/4] a 1,000 subviews … ~\(ProgressEstimate.duration(all)) left")
        // The first step took 2× its prior: the unknown size is scaled by 2, the known one is 2× its prior.
        _ = estimate.start(1, now: 2 * prior(1_000))
        let line = estimate.start(2, now: 2 * prior(1_000) + 30)
        #expect(line == "[3/4] b 1,000 subviews … ~\(ProgressEstimate.duration(2 * prior(1_000) + 30)) left", "\(line)")
    }

    /// A dear scenario is predicted from its own step of the size below, grown in proportion
    /// beyond the budget, or at most as many times the others' steps of its size as at that size.
    @Test func aDearScenarioIsPredictedFromItsOwnSteps() {
        let steps = [("a", 100_000), ("a", 1_000_000), ("b", 100_000), ("b", 1_000_000)]
            .map { ProgressEstimate.Step(scenario: $0.0, subviews: $0.1) }
        var estimate = ProgressEstimate(steps: steps, budgetSeconds: 1)
        _ = estimate.start(0, now: 0)
        _ = estimate.start(1, now: 2)    // a at 100,000: 2 s
        _ = estimate.start(2, now: 12)   // a at a million: 10 s
        // b at 100,000 took 11 s, 5.5 times a's: a million is min(1 + 10 · 10, 5.5 · 10) = 55 s, not a's 10.
        #expect(estimate.start(3, now: 23) == "[4/4] b 1,000,000 subviews … ~55 s left")
        // Before any step of the next size is timed: a at 1,000 in 5 s, so its 10,000 is its own step grown,
        // 1 + 4 · 10 = 41 s, more than the prior scaled by the 5 s, which b's 10,000 still gets.
        let small = [("a", 1_000), ("a", 10_000), ("b", 1_000), ("b", 10_000)]
            .map { ProgressEstimate.Step(scenario: $0.0, subviews: $0.1) }
        let prior = { (n: Int) in 1 + ProgressEstimate.priorSecondsPerSubview * Double(n) }
        var early = ProgressEstimate(steps: small, budgetSeconds: 1)
        _ = early.start(0, now: 0)
        let left = 41 + 5 + prior(10_000) * 5 / prior(1_000)
        #expect(early.start(1, now: 5) == "[2/4] a 10,000 subviews … ~\(ProgressEstimate.duration(left)) left")
    }

    @Test(arguments: [(0.2, "1 s"), (14.4, "14 s"), (99, "99 s"), (100, "2 min"), (600, "10 min")])
    func durations(seconds: Double, text: String) {
        #expect(ProgressEstimate.duration(seconds) == text)
    }
}
