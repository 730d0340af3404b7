import WalkthroughKernel
import Testing
@testable import Bench

/// `Sampler`: the kernels compared by `simd/c` and `simd/limit` time the same scroll
/// positions, so that a ratio of their minimums compares the same frames; the reference and
/// the readers keep batches of their own.
@Suite struct SamplerTests {
    /// Records the positions it renders; each frame busy-waits `nanoseconds`.
    final class Recorder: Implementation {
        let kind: ImplementationKind
        var cycle: ScrollCycle
        let nanoseconds: Double
        private(set) var rendered: [Double] = []
        /// Shared by recorders to log the order in which kinds rendered.
        let log: Log?

        final class Log { var kinds: [ImplementationKind] = [] }

        init(_ kind: ImplementationKind, nanoseconds: Double, positions: [Double], log: Log? = nil) {
            (self.kind, self.nanoseconds, cycle, self.log) = (kind, nanoseconds, ScrollCycle(positions), log)
        }

        func render(scroll x: Double) {
            rendered.append(x)
            log?.kinds.append(kind)
            let start = Sampler.now()
            while Sampler.now() - start < nanoseconds {}
        }

        func state() -> FrameState? { nil }
    }

    static let sampler = Sampler(budgetSeconds: 0.02)  // 50 µs a sample at least

    @Test func kernelsShareTheBatchOfTheFastestKernel() {
        let kinds: [ImplementationKind] = [.reference, .simd, .c, .limit, .readAlphas]
        let batch = Self.sampler.batchSizes(oneFrame: [1_000_000, 20_000, 12_000, 2_000, 100], kinds: kinds)
        #expect(batch == [1, 25, 25, 25, 500], "\(batch)")
    }

    /// Scenarios whose cost varies with the position (16 of them): the kernels' samples hold
    /// whole cycles, 25 frames rounded up to 32, and 1 (a frame longer than a sample) to 16;
    /// so does the reference's, up to the longest cycle it is sampled in whole, and single
    /// frames beyond; the readers, which read one frame, keep theirs.
    @Test func positionDependentScenariosTakeWholeCycles() {
        var sampler = Self.sampler
        sampler.cycleFrames = 16
        let kinds: [ImplementationKind] = [.reference, .simd, .c, .limit, .readAlphas]
        #expect(sampler.batchSizes(oneFrame: [1_000_000, 20_000, 12_000, 2_000, 100], kinds: kinds) == [16, 32, 32, 32, 500])
        #expect(sampler.batchSizes(oneFrame: [1_000_000, 90_000, 80_000, 60_000, 100], kinds: kinds) == [16, 16, 16, 16, 500])
        #expect(sampler.batchSizes(oneFrame: [2_000, 90_000], kinds: [.reference, .simd]) == [32, 16])
        sampler.maximumReferenceCycleNanoseconds = 15_000_000
        #expect(sampler.batchSizes(oneFrame: [1_000_000, 90_000], kinds: [.reference, .simd]) == [1, 16])
    }

    /// A reference sampled in whole cycles of a position-dependent scenario covers every
    /// position equally and takes at least `minimumReferenceCycles` samples, not
    /// `minimumSamples` (each is a whole cycle).
    @Test func referenceSamplesWholeCycles() {
        var sampler = Sampler(budgetSeconds: 0)
        sampler.cycleFrames = 4
        let positions = (0..<4).map(Double.init)
        let reference = Recorder(.reference, nanoseconds: 60_000, positions: positions)
        let results = sampler.interleaved([reference], 1)
        #expect(results[0].samples.count == Sampler.minimumReferenceCycles, "\(results)")
        #expect(results[0].frames == 4 * Sampler.minimumReferenceCycles, "\(results)")
        // The untimed frame before each sample shifts its start; each timed batch of 4 still
        // holds every position once.
        let timed = reference.rendered.dropFirst(3)  // warm-up (2) and calibration (1)
        let counts = Dictionary(grouping: timed, by: { $0 }).mapValues(\.count)
        #expect(counts.values.allSatisfy { $0 >= Sampler.minimumReferenceCycles }, "\(reference.rendered)")
    }

    /// Walkthrough files: samples of 2 µs, so an app-sized frame (150 ns) is timed 13 at a
    /// time and a frame of 2 µs or more alone.
    @Test func walkthroughFilesTakeSamplesOfTwoMicroseconds() {
        var sampler = Self.sampler
        sampler.minimumSampleNanoseconds = Sampler.scrollSampleNanoseconds
        let batch = sampler.batchSizes(oneFrame: [150, 90_000, 400, 3_000], kinds: [.simd, .reference, .c, .readGather])
        #expect(batch == [13, 1, 13, 1], "\(batch)")
    }

    /// Pairs whose batches would differ if each took its own (50 against 2, 10 against 4 frames):
    /// with the shared batch, both render the same positions and take as many samples.
    @Test(arguments: [(1_000.0, 20_000.0), (20_000.0, 1_000.0), (5_000.0, 12_000.0)])
    func kernelsTimeTheSamePositions(fast: Double, slow: Double) {
        // 7 positions, a prime that none of these batches (plus the untimed frame) is a
        // multiple of, so the rounds start at every position in turn.
        let positions = (0..<7).map(Double.init)
        let a = Recorder(.simd, nanoseconds: fast, positions: positions)
        let b = Recorder(.c, nanoseconds: slow, positions: positions)
        let results = Self.sampler.measure([a, b], subviewsPerFrame: 1)
        #expect(results[0].frames == results[1].frames, "frames of \(fast) and \(slow) ns: \(results)")
        #expect(results[0].samples.count == results[1].samples.count, "frames of \(fast) and \(slow) ns")
        #expect(a.rendered == b.rendered, "frames of \(fast) and \(slow) ns rendered different positions")
        #expect(results[0].samples.count >= Self.sampler.minimumSamples, "frames of \(fast) and \(slow) ns")
    }

    /// The reference renders only after every sample of the others, in a pass of its own,
    /// and each implementation still takes at least `minimumSamples`.
    @Test func theReferenceIsSampledApart() {
        let log = Recorder.Log(), positions = [0.0, 1.0, 2.0]
        let impls = [Recorder(.reference, nanoseconds: 30_000, positions: positions, log: log),
                     Recorder(.simd, nanoseconds: 2_000, positions: positions, log: log),
                     Recorder(.readGather, nanoseconds: 5_000, positions: positions, log: log)]
        let results = Self.sampler.measure(impls, subviewsPerFrame: 1)
        let firstReference = log.kinds.firstIndex(of: .reference) ?? -1
        #expect(firstReference > 0 && log.kinds[firstReference...].allSatisfy { $0 == .reference },
                "render order: \(log.kinds.map(\.rawValue))")
        for (impl, result) in zip(impls, results) {
            #expect(result.samples.count >= Self.sampler.minimumSamples, "\(impl.kind.rawValue): \(result.samples.count)")
            #expect(result.frames == impl.rendered.count - 3 - result.samples.count,
                    "\(impl.kind.rawValue): \(result.frames) frames timed, \(impl.rendered.count) rendered")
        }
    }

    /// A quarter of the budget for the reference beside others, shared if there were more
    /// kinds apart; all of it for whichever kind there is alone.
    @Test func theBudgetIsSplitOnlyWhenBothKindsAreThere() {
        let cases: [(apart: Int, together: Int, rounds: Double, eachApart: Double)] =
            [(1, 4, 0.3, 0.1), (2, 4, 0.3, 0.05), (0, 4, 0.4, 0), (1, 0, 0, 0.4), (2, 0, 0, 0.2), (0, 0, 0.4, 0)]
        for c in cases {
            let (rounds, eachApart) = Sampler.budgets(0.4, apart: c.apart, together: c.together)
            #expect(abs(rounds - c.rounds) < 1e-12 && abs(eachApart - c.eachApart) < 1e-12,
                    "\(c.apart) apart, \(c.together) together: \(rounds), \(eachApart)")
        }
    }

    /// The reference alone takes the whole budget's samples and renders nothing else.
    @Test func theReferenceAloneIsSampled() {
        let reference = Recorder(.reference, nanoseconds: 20_000, positions: [0.0, 1.0])
        let results = Self.sampler.measure([reference], subviewsPerFrame: 1)
        #expect(results.count == 1 && results[0].samples.count >= Self.sampler.minimumSamples, "\(results)")
    }
}
