/// A staggered page timeline split per page and frame into runs of whole blocks: those past every keyframe and those
/// before every one share a pose and run uniform, only the middle takes the lanes (docs/DESIGN.md, "Stagger as runs").
package struct StaggerRuns: Sendable {
    package let timeline: Timeline
    package let stagger: Double
    /// The earliest first keyframe over the timeline's tracks: `τ < first` is before all.
    package let first: Double
    /// The latest last keyframe: `τ ≥ last` is past all. Without tracks both are −∞
    /// (every lane past all, the neutral pose).
    package let last: Double
    /// Subviews on the page.
    package let count: Int

    package init(_ timeline: Timeline, count: Int) {
        let times = [timeline.translation?.map(\.at), timeline.scale?.map(\.at), timeline.rotation?.map(\.at),
                     timeline.alpha?.map(\.at)].compactMap { $0 }.filter { !$0.isEmpty }
        self.timeline = timeline
        stagger = timeline.stagger
        first = times.map { $0[0] }.min() ?? -.infinity
        last = times.map { $0[$0.count - 1] }.max() ?? -.infinity
        self.count = count
    }

    /// Three consecutive runs of blocks covering the page, with the time at which the
    /// first and the last read the timeline (`+∞`: past every keyframe, `−∞`: before).
    package struct Runs: Equatable {
        package var leading: Range<Int>, middle: Range<Int>, trailing: Range<Int>
        package var leadingTime: Double, trailingTime: Double
    }

    /// `τ_k`, as `TimelineReference.time` computes it.
    @inline(__always)
    func time(_ k: Int, offset o: Double) -> Double { o - Double(k) * stagger }

    /// The number of lanes from 0 on for which `holds` is true (`holds` true on a prefix).
    @inline(__always)
    func prefix(_ holds: (Int) -> Bool) -> Int {
        var (lo, hi) = (0, count)  // holds(k) for k < lo; not for k ≥ hi
        while lo < hi {
            let mid = (lo &+ hi) / 2
            if holds(mid) { lo = mid &+ 1 } else { hi = mid }
        }
        return lo
    }

    /// The runs at page offset `o`.
    package func runs(offset o: Double) -> Runs {
        let blocks = Lanes.padded(count) / Lanes.count
        let past = { (k: Int) in self.time(k, offset: o) >= self.last }
        let before = { (k: Int) in self.time(k, offset: o) < self.first }
        // stagger > 0: τ falls with k, so the lanes past all come first, those before all last.
        let (lead, trail, leadingTime, trailingTime): (Int, Int, Double, Double)
        if stagger > 0 {
            (lead, trail) = (prefix(past), prefix { !before($0) })
            (leadingTime, trailingTime) = (.infinity, -.infinity)
        } else {
            (lead, trail) = (prefix(before), prefix { !past($0) })
            (leadingTime, trailingTime) = (-.infinity, .infinity)
        }
        // Whole blocks only: lanes [0, lead) lead, lanes [trail, count) trail.
        let leadEnd = lead == count ? blocks : lead / Lanes.count
        let trailStart = Swift.max((trail + Lanes.count - 1) / Lanes.count, leadEnd)
        return Runs(leading: 0..<leadEnd, middle: leadEnd..<trailStart, trailing: trailStart..<blocks,
                    leadingTime: leadingTime, trailingTime: trailingTime)
    }
}
