import WalkthroughKernel

/// The progress lines of a run (`[12/28] rotate3d 10,000 subviews … ~14 s left`), one when
/// each scenario and size starts, with the time left including that step.
///
/// Steps of one size cost about the same in most scenarios (measured: 7–14 s at a million
/// subviews, 0.7–1 s at 100,000, 0.2–0.4 s at 1,000), and the cost grows faster than the
/// size once a frame leaves the caches. So a step of a size already timed is predicted as
/// the mean of those steps; any other from a prior, `budget + c · subviews` with `c`
/// measured on the development machine, scaled by how the timed steps compared with their
/// prior (a loaded machine, a debug build). A scenario that costs more than the others
/// (own timelines: about 45 s at a million subviews) is predicted from its own step of the
/// size below (within 10×): grown in proportion beyond the budget, but at most as many times
/// the others' steps of its size as it was at that size below.
struct ProgressEstimate {
    struct Step {
        let scenario: String
        let subviews: Int
    }

    let steps: [Step]
    let budgetSeconds: Double
    /// Seconds per subview beyond the budget: a release build's run of three scenarios on
    /// the 2-core development machine took 10.6 s on average at a million subviews.
    static var priorSecondsPerSubview: Double {
        #if DEBUG
        return 2e-4
        #else
        return 1e-5
        #endif
    }

    private var finished: [(step: Step, seconds: Double)] = []
    private var startedAt: Double?

    init(steps: [Step], budgetSeconds: Double) {
        (self.steps, self.budgetSeconds) = (steps, budgetSeconds)
    }

    /// Marks step `n` (from 0) as started at `now` (seconds) and returns its line.
    mutating func start(_ n: Int, now: Double) -> String {
        if let startedAt, n > 0 { finished.append((steps[n - 1], now - startedAt)) }
        startedAt = now
        let step = steps[n]
        let left = steps[n...].reduce(0) { $0 + predicted($1) }
        return ProgressEstimate.line(n, of: steps.count, scenario: step.scenario, subviews: step.subviews, left: left)
    }

    /// `[12/28] rotate3d 10,000 subviews … ~14 s left`: step `n` (from 0) of `count`; `bench
    /// capacity` prints its probes in the same form.
    static func line(_ n: Int, of count: Int, scenario: String, subviews: Int, left: Double) -> String {
        "[\(n + 1)/\(count)] \(Echo.escaped(scenario)) \(Report.grouped(subviews)) subviews … ~\(duration(left)) left"
    }

    private func predicted(_ step: Step) -> Double {
        let same = finished.filter { $0.step.subviews == step.subviews }
        let size = same.isEmpty ? prior(step.subviews) * scale : same.reduce(0) { $0 + $1.seconds } / Double(same.count)
        let below = finished.filter {
            $0.step.scenario == step.scenario && $0.step.subviews < step.subviews && 10 * $0.step.subviews >= step.subviews
        }
        guard let own = below.max(by: { $0.step.subviews < $1.step.subviews }) else { return size }
        let grown = budgetSeconds + max(own.seconds - budgetSeconds, 0) * Double(step.subviews) / Double(own.step.subviews)
        // At most as much dearer than the others as it was at the size below: its set-up (the scenario's
        // timelines) need not grow in proportion.
        let others = finished.filter { $0.step.subviews == own.step.subviews && $0.step.scenario != step.scenario }
        guard !others.isEmpty else { return max(size, grown) }
        let dearer = own.seconds / max(others.reduce(0) { $0 + $1.seconds } / Double(others.count), 1e-3)
        return max(size, min(grown, dearer * size))
    }

    private func prior(_ subviews: Int) -> Double {
        budgetSeconds + ProgressEstimate.priorSecondsPerSubview * Double(subviews)
    }

    /// Timed steps against their prior, within a factor of 10 either way.
    private var scale: Double {
        guard !finished.isEmpty else { return 1 }
        let ratio = finished.reduce(0) { $0 + $1.seconds } / finished.reduce(0) { $0 + prior($1.step.subviews) }
        return min(max(ratio, 0.1), 10)
    }

    /// `14 s`, `3 min`: whole seconds up to 99, whole minutes beyond.
    static func duration(_ seconds: Double) -> String {
        let s = max(1, Int(seconds.rounded()))
        return s < 100 ? "\(s) s" : "\(Int((Double(s) / 60).rounded())) min"
    }
}
