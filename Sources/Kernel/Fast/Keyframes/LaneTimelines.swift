/// The plan's keyframes of one page in `KeyframeMode.lanes`, laid out once: what a lane
/// needs to find its segment again when its time leaves the cached one (`SegmentCache`),
/// and the per-lane constants the kernel reads every frame.
///
/// Every distinct timeline of the page (the page's, and each distinct subview's own) is a
/// *source*; its tracks are flattened into `times`, `values` and `easings`. Per slot
/// (subview, padding included): its source (−1 for none: static, padding, or no
/// timeline) and its time shift (`k·stagger` for the page's timeline, 0 for its own:
/// `τ = o − shift`, the product rounded as the contract says). Immutable after `init`.
package final class LaneTimelines: @unchecked Sendable {
    /// One source's tracks: `start`, `count` into the flat arrays (count 0: no such track).
    struct Source {
        var tracks: [(start: Int, count: Int)]
    }

    /// Bits of `TrackKind`: the tracks some lane of the page has.
    package let trackMask: UInt8
    /// The present tracks in storage order (`SegmentCache` keeps one `TrackLanes` each per block).
    let tracks: [TrackKind]
    let sources: [Source]
    let times: [Double]
    let values: [SIMD2<Double>]
    let easings: [EasingPolynomial]
    /// The same as raw memory for `SegmentCache.refresh` (no array, so no bounds checks
    /// and no reference counting per lane): per source and track `start, count`; the
    /// times; the values; per keyframe its easing `ax bx cx ay by cy` as Floats.
    package let trackRanges: UnsafeMutablePointer<Int32>
    package let timeTable: UnsafeMutablePointer<Double>
    package let valueTable: UnsafeMutablePointer<SIMD2<Double>>
    package let easingTable: UnsafeMutablePointer<SIMD8<Float>>
    /// Per keyframe: its easing's fitted start `a b c0 c1 c2 c3` (`EasingGuess`) as Floats.
    package let guessTable: UnsafeMutablePointer<SIMD8<Float>>
    /// Per slot: the source, or −1.
    package let laneSource: UnsafeMutablePointer<Int32>
    /// Per slot: `k·stagger` or 0.
    package let shifts: UnsafeMutablePointer<Double>
    /// Per block, 9 vectors: the unit axis products `xx yy zz xy xz yz x y z` of each lane's
    /// timeline (z for lanes without one), for the general composition.
    package let axes: UnsafeMutablePointer<Float>
    let blocks: Int
    /// Set when every non-static subview follows the page's staggered timeline and the page
    /// has one angle: the frame driver then splits the page into runs (`StaggerRuns`).
    package let staggerRuns: StaggerRuns?
    /// The bytes each aligned buffer above was allocated with, in allocation order (what
    /// the memory probe's `LaneTableSizes.byteCounts` must equal; `AllocationTests`).
    package let allocatedByteCounts: [Int]

    init(_ page: Page) {
        var allocated: [Int] = []
        func aligned<T>(_ count: Int) -> UnsafeMutablePointer<T> {
            allocated.append(UnsafeMutablePointer<T>.alignedByteCount(count))
            return .allocateAligned(count)
        }
        let padded = Lanes.padded(page.subviews.count)
        blocks = padded / Lanes.count
        laneSource = aligned(padded)
        shifts = aligned(padded)
        axes = aligned(blocks * 9 * Lanes.count)
        laneSource.initialize(repeating: -1, count: padded)
        shifts.initialize(repeating: 0, count: padded)
        var sources: [Source] = [], times: [Double] = [], values: [SIMD2<Double>] = [], easings: [EasingPolynomial] = []
        var axisOf: [SIMD3<Double>] = []
        var mask: UInt8 = 0
        func add(_ timeline: Timeline) -> Int32 {
            var tracks: [(start: Int, count: Int)] = []
            for kind in TrackKind.allCases {
                let keyframes = kind.keyframes(of: timeline) ?? []
                if !keyframes.isEmpty { mask |= kind.bit }
                tracks.append((times.count, keyframes.count))
                for keyframe in keyframes {
                    times.append(keyframe.at + 0)  // −0 as +0, for `LaneMath.holds`
                    values.append(keyframe.value)
                    easings.append(EasingPolynomial(keyframe.easing))
                }
            }
            sources.append(Source(tracks: tracks))
            axisOf.append(timeline.normalizedAxis)
            return Int32(sources.count - 1)
        }
        let pageSource = page.timeline.map(add)
        let own = page.subviews.indices.contains { !page.isStatic(subview: $0) && page.subviews[$0].timeline != nil }
        if let timeline = page.timeline, !own, (page.rotation?.angleVariance ?? 0) == 0 {
            staggerRuns = StaggerRuns(timeline, count: page.subviews.count)
        } else {
            staggerRuns = nil
        }
        // Subviews that share a timeline (equal values) share its source.
        var known: [Timeline: Int32] = [:]
        for k in page.subviews.indices where !page.isStatic(subview: k) {
            if let own = page.subviews[k].timeline {
                if let source = known[own] {
                    laneSource[k] = source
                } else {
                    let source = add(own)
                    known[own] = source
                    laneSource[k] = source
                }
            } else if let pageSource {
                laneSource[k] = pageSource
                shifts[k] = Double(k) * page.timeline!.stagger
            }
        }
        for slot in 0..<padded {
            let source = Int(laneSource[slot])
            let a = source >= 0 ? axisOf[source] : SIMD3(0, 0, 1)
            let products = [a.x * a.x, a.y * a.y, a.z * a.z, a.x * a.y, a.x * a.z, a.y * a.z, a.x, a.y, a.z]
            for (i, v) in products.enumerated() {
                (axes + (slot / Lanes.count * 9 + i) * Lanes.count + slot % Lanes.count).initialize(to: Float(v))
            }
        }
        trackRanges = aligned(sources.count * 8)
        for (s, source) in sources.enumerated() {
            for (t, track) in source.tracks.enumerated() {
                trackRanges[s * 8 + 2 * t] = Int32(track.start)
                trackRanges[s * 8 + 2 * t + 1] = Int32(track.count)
            }
        }
        timeTable = aligned(times.count)
        timeTable.initialize(from: times, count: times.count)
        valueTable = aligned(values.count)
        valueTable.initialize(from: values, count: values.count)
        easingTable = aligned(easings.count)
        for (j, e) in easings.enumerated() {
            easingTable[j] = SIMD8(Float(e.ax), Float(e.bx), Float(e.cx), Float(e.ay), Float(e.by), Float(e.cy), 0, 0)
        }
        // One fit per distinct easing (the named curves recur in every timeline).
        guessTable = aligned(easings.count)
        var fitted: [EasingPolynomial: SIMD8<Float>] = [:]
        for (j, e) in easings.enumerated() {
            if let row = fitted[e] {
                guessTable[j] = row
            } else {
                let row = EasingGuess(e).row
                fitted[e] = row
                guessTable[j] = row
            }
        }
        trackMask = mask
        allocatedByteCounts = allocated
        tracks = TrackKind.allCases.filter { mask & $0.bit != 0 }
        (self.sources, self.times, self.values, self.easings) = (sources, times, values, easings)
    }

    deinit {
        laneSource.deallocate()
        trackRanges.deallocate()
        timeTable.deallocate()
        valueTable.deallocate()
        easingTable.deallocate()
        guessTable.deallocate()
        shifts.deallocate()
        axes.deallocate()
    }
}
