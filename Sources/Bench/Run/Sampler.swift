#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Times implementations interleaved: round after round, each takes one sample in turn, so
/// that drift of the shared machine hits all alike (all but the reference: `samplesApart`).
/// A sample is a batch of frames long enough (`minimumSampleNanoseconds`) for the clock's
/// resolution not to matter, as many for every kernel (`batchSizes`), and comes after one
/// untimed frame: the implementation before it in the round has just filled the caches
/// with its own data, and an app that animates at 60 fps finds its frame buffer where the
/// last frame left it.
///
/// With `scrolling` set (walkthrough files), the untimed frame before a sample is at the
/// position before its first: the frame an app drew last while scrolling. Samples then
/// follow the positions round and round, each a short stretch of them
/// (`scrollSampleNanoseconds`), and the statistics show the cheap and the dear stretches.
struct Sampler {
    var budgetSeconds: Double
    var minimumSamples = 5
    var maximumSamples = 400
    var minimumSampleNanoseconds = 50_000.0
    var scrolling = false
    /// Frames of the scenario's cycle of positions that a kernel's sample holds a whole
    /// number of (`Scenario.costVariesWithPosition`; 1: any number): its sample is then the
    /// cycle's average, and the ratio of minimums compares like with like.
    var cycleFrames = 1
    /// The longest cycle of positions the reference is sampled in whole (`batchSizes`): at
    /// `keyframes-own`'s 100k subviews one takes about 1.5 s; a million's, 15 s, taken at
    /// least twice, would add half a minute to the default run (about 2.5 minutes), so there
    /// the reference takes single frames (a lower bound of `ref/simd`: its minimum is its
    /// cheapest position).
    var maximumReferenceCycleNanoseconds = 4e9
    /// Whole-cycle samples the reference takes at least (the minimum of two drops one slow spell).
    static let minimumReferenceCycles = 2

    /// A walkthrough file's sample: at least 2 µs, so one frame where a frame takes that
    /// long and a stretch of consecutive positions where it does not. An app-sized frame
    /// takes 100–300 ns and reading the clock 35 ns on this project's machine: timed one
    /// frame a sample, the clock was a fifth of every sample and `simd/c` of
    /// `readme-rotation.json` read anywhere from 1.08 to 1.26 (1.03–1.04 in stretches).
    static let scrollSampleNanoseconds = 2_000.0

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }

    /// Nanoseconds per subview per frame, one entry a sample, for each implementation.
    ///
    /// The reference is sampled apart (`samplesApart`), after the rounds of the others
    /// (`budgets`).
    func measure(_ impls: [Implementation], subviewsPerFrame: Int) -> [(frames: Int, samples: [Double])] {
        (try? measure(impls.map(\.kind), subviewsPerFrame: subviewsPerFrame) { $0.map { impls[$0] } }) ?? []
    }

    /// The same for implementations that `make` creates only when they are sampled: those of
    /// the rounds in one call, then each one sampled apart in a call of its own, after the
    /// rounds' are released. So no more than one group is alive at a time: at a million
    /// subviews the reference's frames and buffers (about 300 MB) are not kept through the
    /// rounds, nor the others' (2 GB and more on own timelines) through the reference's samples.
    /// - Parameter make: the implementations of `kinds` at the indices it is given, in that
    ///   order, ready to be timed.
    func measure(_ kinds: [ImplementationKind], subviewsPerFrame: Int,
                 make: ([Int]) throws(BenchError) -> [Implementation]) throws(BenchError) -> [(frames: Int, samples: [Double])] {
        let apart = kinds.indices.filter { Self.samplesApart(kinds[$0]) }
        let together = kinds.indices.filter { !Self.samplesApart(kinds[$0]) }
        var results = kinds.map { _ in (frames: 0, samples: [Double]()) }
        var rounds = self, alone = self
        (rounds.budgetSeconds, alone.budgetSeconds) = Self.budgets(budgetSeconds, apart: apart.count, together: together.count)
        if !together.isEmpty {
            let impls = try make(together)
            for (n, measured) in zip(together, rounds.interleaved(impls, subviewsPerFrame)) { results[n] = measured }
        }
        for n in apart {
            let impls = try make([n])
            results[n] = alone.interleaved(impls, subviewsPerFrame).first ?? (0, [])
        }
        return results
    }

    /// Whether `kind` is sampled on its own rather than in the rounds of the others: the
    /// reference, far slower than the kernels (`ref/simd`): in their rounds its milliseconds
    /// of scalar work before every sample evict the caches the readers' samples start from
    /// (docs/DESIGN.md, "Reading a frame out"); a ratio that large needs no shared rounds.
    static func samplesApart(_ kind: ImplementationKind) -> Bool { kind == .reference }

    /// The budget of the rounds and that of each implementation sampled apart, out of
    /// `total`: a quarter for those apart, shared among them, when there are both kinds;
    /// else all of it to whichever there is.
    static func budgets(_ total: Double, apart: Int, together: Int) -> (rounds: Double, eachApart: Double) {
        guard apart > 0 else { return (total, 0) }
        guard together > 0 else { return (0, total / Double(apart)) }
        return (total * 0.75, total * 0.25 / Double(apart))
    }

    /// `measure` for implementations sampled in the same rounds.
    func interleaved(_ impls: [Implementation], _ subviewsPerFrame: Int) -> [(frames: Int, samples: [Double])] {
        // Warm-up and calibration: one timed frame after two untimed, per implementation.
        var oneFrame: [Double] = []
        for impl in impls {
            impl.run(frames: 2)
            let t0 = Sampler.now()
            impl.run(frames: 1)
            oneFrame.append(max(Sampler.now() - t0, 1))
        }
        let batch = batchSizes(oneFrame: oneFrame, kinds: impls.map(\.kind))
        // A reference sampled in whole cycles takes fewer samples: each is 16 of its frames.
        let least = zip(impls, batch).map { impl, frames in
            Self.samplesApart(impl.kind) && cycleFrames > 1 && frames >= cycleFrames ? Self.minimumReferenceCycles : minimumSamples
        }
        var results = impls.map { _ in (frames: 0, samples: [Double]()) }
        let start = Sampler.now()
        while true {
            for (n, impl) in impls.enumerated() where results[n].samples.count < maximumSamples {
                if scrolling { impl.render(scroll: impl.cycle.previous) } else { impl.run(frames: 1) }
                let t0 = Sampler.now()
                impl.run(frames: batch[n])
                let elapsed = Sampler.now() - t0
                results[n].frames += batch[n]
                results[n].samples.append(elapsed / Double(batch[n] * max(subviewsPerFrame, 1)))
            }
            let spent = (Sampler.now() - start) / 1e9
            let enough = zip(results, least).allSatisfy { $0.samples.count >= $1 }
            if enough && (spent >= budgetSeconds || results.allSatisfy { $0.samples.count >= maximumSamples }) { break }
        }
        return results
    }

    /// Frames per sample for each implementation, from the nanoseconds one frame took
    /// (`oneFrame`). The kernels compared by `simd/c` and `simd/limit` (`sharesBatch`) take
    /// one batch size, long enough for the fastest of them: they then time the same scroll
    /// positions in each round (their cycles advance alike), which a ratio of minimums needs
    /// where a frame's cost depends on the position (keyframes cross segments at some and
    /// not at others). With a batch each, two of nearly equal speed could take 1 and 2 frames
    /// a sample and compare the cheapest position with the cheapest pair: `keyframes-own` at
    /// 1k read `simd/c` anywhere from 1.05 to 1.51. The reference (14–155× slower than the kernels) and the
    /// readers (one fixed frame, read again and again) keep a batch of their own, so that
    /// neither a fast reader nor a slow reference sets everyone's sample length. The
    /// reference's batch holds whole cycles too, up to `maximumReferenceCycleNanoseconds` a
    /// cycle: one frame a sample, its minimum was its cheapest position (`keyframes-own` at
    /// 1k: 366 ns a subview, against 1,008 for the median frame), so `ref/simd` compared
    /// that position with the kernels' cycle.
    func batchSizes(oneFrame: [Double], kinds: [ImplementationKind]) -> [Int] {
        func frames(_ nanoseconds: Double) -> Int { max(1, Int(minimumSampleNanoseconds / nanoseconds)) }
        func cycles(_ frames: Int) -> Int { (frames + cycleFrames - 1) / cycleFrames * cycleFrames }
        let shared = zip(oneFrame, kinds).filter { Self.sharesBatch($0.1) }.map(\.0).min()
        return zip(oneFrame, kinds).map { one, kind in
            if Self.samplesApart(kind) && one * Double(cycleFrames) <= maximumReferenceCycleNanoseconds {
                return cycles(frames(one))
            }
            guard Self.sharesBatch(kind) else { return frames(one) }
            return cycles(frames(shared ?? one))
        }
    }

    /// Whether `kind` computes frames with a page kernel: `simd`, `simd-parallel`, `c`, `limit`.
    static func sharesBatch(_ kind: ImplementationKind) -> Bool { kind != .reference && !kind.reads }
}
