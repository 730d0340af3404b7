import Foundation
import Testing
@testable import Bench

/// The gate on a user's own walkthrough file is as strong as on the built-in app-sized
/// ones: per-frame instruction and write counts with the per-frame threshold (issue 45).
@Suite(.temporaryFolders) struct FileGateTests {
    /// Whether this process carries AddressSanitizer's or ThreadSanitizer's runtime.
    static let sanitized = ["__asan_init", "__tsan_init"].contains { (name: String) in dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil }

    static let onboarding = BenchProcess.packageRoot.appendingPathComponent("Benchmarks/Gate/onboarding.json").path

    /// A file is counted as the README's examples are: per frame, over its 120 positions.
    @Test func aFileIsCountedPerFrame() throws {
        let scenario = try Scenario.file(Self.onboarding, positions: Scenario.defaultPositions)
        let counted = try CountedCase(file: scenario)
        #expect(counted.name == "onboarding.json" && counted.unit == .frame && counted.frames == Scenario.defaultPositions)
        #expect(counted.target == [Self.onboarding])
        let writes = counted.metric(.writes, count: 120 * 250, subviews: 6)
        #expect(writes.name == "writes-per-frame/onboarding.json" && writes.value == 250 && writes.threshold == 0.015)
        let instructions = counted.metric(.instructions, count: 120 * 1_148, subviews: 6)
        #expect(instructions.name == "instructions-per-frame/onboarding.json" && instructions.threshold == 0.015)
        // Per subview at 4,000 subviews, the threshold stays 3%.
        #expect(Metric.defaultThreshold(.instructions, name: "instructions/linear") == 0.03)
        #expect(Metric.defaultThreshold(.writes, name: "writes-per-frame/readme-parallax") == 0.015)
    }

    /// The counts measured on `Benchmarks/Gate/onboarding.json` (10 subviews over 3 pages) in
    /// the default build and with `GATE_MUTATION_SUBVIEW_MULTIPLY` (one vector multiply a
    /// block, 8 subviews): +2.1% instructions and +1.6% writes a frame, which 3% let pass.
    @Test func theOneMultiplySlowdownOfATenSubviewFileRegresses() throws {
        let names = ["instructions-per-frame/onboarding.json", "writes-per-frame/onboarding.json"]
        let kinds: [Metric.Kind] = [.instructions, .writes]
        let baseline = zip(names, zip(kinds, [1_148.45, 249.633])).map { Metric(name: $0, kind: $1.0, value: $1.1) }
        let mutated = zip(names, zip(kinds, [1_172.883, 253.625])).map { Metric(name: $0, kind: $1.0, value: $1.1) }
        let comparison = try Comparison(baseline: baseline, current: mutated, overrides: [:])
        #expect(comparison.rows.map(\.verdict) == [.regression, .regression] && comparison.regressed)
    }

    /// Under callgrind (where valgrind is installed: the gate's scripts install it), a file's
    /// baseline holds its two per-frame counts, and a check of the same build passes. Not in
    /// an ASan or TSan build: valgrind cannot run their `bench` (its shadow memory).
    @Test(.enabled(if: InstructionCounter.which("valgrind") != nil && InstructionCounter.which("strip") != nil
                   && !Self.sanitized))
    func aFilesBaselineHoldsItsPerFrameCounts() throws {
        let path = try BenchProcess.temporaryFolder().appendingPathComponent("baseline.json").path
        let update = try BenchProcess.run(["baseline", "update", Self.onboarding, "--path", path, "--metrics", "instructions"])
        #expect(update.status == 0 && update.stdout == "recorded 2 metrics in \(path)\n", "\(update.stderr)")
        let json = try BenchProcess.object(try String(contentsOfFile: path, encoding: .utf8))
        let metrics = json["metrics"] as? [[String: Any]] ?? []
        #expect(metrics.compactMap { $0["name"] as? String } == ["instructions-per-frame/onboarding.json", "writes-per-frame/onboarding.json"])
        #expect(metrics.allSatisfy { ($0["threshold"] as? Double) == 0.015 && (($0["value"] as? Double) ?? 0) > 100 }, "\(metrics)")
        let check = try BenchProcess.run(["baseline", "check", Self.onboarding, "--path", path, "--metrics", "instructions"])
        #expect(check.status == 0 && check.stdout.hasSuffix("0 regression(s), 0 improvement(s), 2 metrics\n"), "\(check.stderr)\(check.stdout)")
    }
}
