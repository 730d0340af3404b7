import Kernel
import Testing
@testable import Bench

/// `Sampler`: implementations of different speeds time the same scroll positions, so that a
/// ratio of their minimums compares the same frames.
@Suite struct SamplerTests {
    /// Records the positions it renders; each frame busy-waits `nanoseconds`.
    final class Recorder: Implementation {
        let kind: ImplementationKind
        var cycle: ScrollCycle
        let nanoseconds: Double
        private(set) var rendered: [Double] = []

        init(_ kind: ImplementationKind, nanoseconds: Double, positions: [Double]) {
            (self.kind, self.nanoseconds, cycle) = (kind, nanoseconds, ScrollCycle(positions))
        }

        func render(scroll x: Double) {
            rendered.append(x)
            let start = Sampler.now()
            while Sampler.now() - start < nanoseconds {}
        }

        func state() -> FrameState? { nil }
    }

    @Test(arguments: [(1_000.0, 20_000.0), (20_000.0, 1_000.0), (30_000.0, 40_000.0), (5_000.0, 5_000.0)])
    func everyImplementationTimesTheSamePositions(fast: Double, slow: Double) {
        let positions = (0..<7).map(Double.init)  // 7: no batch size divides the cycle evenly
        let a = Recorder(.simd, nanoseconds: fast, positions: positions)
        let b = Recorder(.c, nanoseconds: slow, positions: positions)
        var sampler = Sampler(budgetSeconds: 0.02)
        sampler.minimumSampleNanoseconds = 50_000
        let results = sampler.measure([a, b], subviewsPerFrame: 1)
        #expect(results[0].frames == results[1].frames, "frames \(fast), \(slow) ns: \(results)")
        #expect(results[0].samples.count == results[1].samples.count, "frames \(fast), \(slow) ns")
        #expect(a.rendered == b.rendered, "frames of \(fast) and \(slow) ns rendered different positions")
        #expect(results[0].samples.count >= sampler.minimumSamples, "frames \(fast), \(slow) ns")
    }
}
