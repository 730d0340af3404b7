import WalkthroughKernel

/// Order statistics of a set of samples (nearest rank).
struct Statistics: Equatable {
    var min, p50, p90, p99, max: Double
    var count: Int

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        func rank(_ q: Double) -> Double {
            guard !sorted.isEmpty else { return .nan }
            let r = Int((q * Double(sorted.count)).rounded(.up))
            return sorted[Swift.min(Swift.max(r, 1), sorted.count) - 1]
        }
        min = sorted.first ?? .nan
        max = sorted.last ?? .nan
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        count = sorted.count
    }
}

/// One measured row: an implementation on a scenario at a size.
struct Result {
    var scenario: String
    var impl: ImplementationKind
    /// The frame layout it wrote (`--layout`).
    var layout: FrameLayout
    var subviews: Int
    /// A walkthrough file's own subview count, over all its pages (`subviews` is the
    /// window's average over the scroll); nil for a built-in scenario.
    var fileSubviews: Int? = nil
    /// Frames rendered while timing.
    var frames: Int
    var nsPerSubview: Statistics

    /// Microseconds per frame at the median.
    var microsecondsPerFrame: Double { nsPerSubview.p50 * Double(subviews) / 1000 }
    var framesPerSecond: Double { 1e6 / microsecondsPerFrame }
}
