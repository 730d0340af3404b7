import WalkthroughKernel

/// One measured size of a capacity search: the scenario built at `size`, its subviews in
/// the window, and one implementation's frame time there, sampled as `bench run` samples
/// (`Sampler`, after the agreement check).
struct CapacityProbe {
    let size: Int
    /// Subviews in the window per frame (`Suite.averageAnimatedSubviews`).
    let subviews: Int
    let nsPerSubview: Statistics

    /// Microseconds per frame at the median of the samples: what the search compares with
    /// the budget, so that a frame fits as it usually runs, not only at its luckiest.
    var medianMicroseconds: Double { nsPerSubview.p50 * Double(subviews) / 1000 }
    var minimumMicroseconds: Double { nsPerSubview.min * Double(subviews) / 1000 }
}

/// The largest size whose measured frame fits a budget, found by measuring: sizes doubled
/// from `start` until a frame no longer fits (or halved until one does), then the last
/// size that fitted and the first that did not bisected until they are within
/// `1 / precisionDivisor` of each other. Every size is measured once (`probes`), so a second
/// budget (120 Hz after 60 Hz) reuses what the first measured.
///
/// A size the scenario cannot build (`measure` returns nil: past a walkthrough's limits)
/// ends the doubling as the limit does.
///
/// It assumes that a frame's time grows with its size, which holds up to noise: on a busy
/// machine a probe can fit where a smaller one did not, and the answer is then the bracket
/// the measurements gave, within that noise.
struct CapacitySearch {
    /// The first size measured.
    var start = 1_000
    /// The largest size measured (`Walkthrough.maximumSubviewCount`): a frame that fits
    /// there is reported as at least that.
    var limit = Walkthrough.maximumSubviewCount
    /// Bisection stops when the bracket is narrower than the fitting size over this.
    var precisionDivisor = 32
    /// Every size measured so far.
    private(set) var probes: [Int: CapacityProbe] = [:]
    /// Sizes the scenario could not build.
    private var unbuildable: Set<Int> = []

    /// The largest measured size that fits `microseconds` a frame (nil when not even one
    /// subview does), and the smallest that did not (nil when the limit fits).
    /// - Parameter measure: measures a size not measured before; nil when the scenario cannot
    ///   be built at that size.
    mutating func capacity(within microseconds: Double,
                           measure: (Int) throws(BenchError) -> CapacityProbe?) throws(BenchError) -> (fit: CapacityProbe?, miss: CapacityProbe?) {
        func fits(_ p: CapacityProbe) -> Bool { p.medianMicroseconds <= microseconds }
        var fit: CapacityProbe?, miss: CapacityProbe?
        var n = min(max(start, 1), limit)
        // Halved until a size is built and fits, or down to one subview.
        while n > 1, try probe(n, measure).map(fits) != true {
            if let p = try probe(n, measure) { miss = p }
            n /= 2
        }
        let smallest = try probe(n, measure)
        guard let first = smallest, fits(first) else { return (nil, smallest ?? miss) }
        fit = first
        if miss == nil {
            while n < limit {
                n = min(2 * n, limit)
                guard let p = try probe(n, measure) else { break }
                guard fits(p) else { miss = p; break }
                fit = p
            }
        }
        while let low = fit, let high = miss, high.size - low.size > max(1, low.size / precisionDivisor) {
            guard let p = try probe((low.size + high.size) / 2, measure) else { miss = nil; break }
            if fits(p) { fit = p } else { miss = p }
        }
        return (fit, miss)
    }

    private mutating func probe(_ size: Int, _ measure: (Int) throws(BenchError) -> CapacityProbe?) throws(BenchError) -> CapacityProbe? {
        if let known = probes[size] { return known }
        if unbuildable.contains(size) { return nil }
        guard let p = try measure(size) else { unbuildable.insert(size); return nil }
        probes[size] = p
        return p
    }
}
