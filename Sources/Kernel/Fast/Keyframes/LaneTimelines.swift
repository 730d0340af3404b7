/// A lanes-mode page's keyframes laid out once per *source* (each distinct timeline), immutable after `init`, so
/// lanes find and gather their segments from raw tables (docs/DESIGN.md, "Keyframe scenarios and working set").
package final class LaneTimelines: @unchecked Sendable {
    /// Bits of `TrackKind`: the tracks some lane of the page has.
    package let trackMask: UInt8
    /// The present tracks in storage order (`SegmentCache` keeps one `LaneSegments` each per block, or per group).
    let tracks: [TrackKind]
    /// Each `TrackKind`'s place among `tracks`, −1 when no lane has it.
    let trackSlots: SIMD4<Int>
    /// Raw memory, so `SegmentCache.find` pays no bounds checks or reference counts a lane: per source and track
    /// `start, count` (0: no such track) into the times and values.
    package let trackRanges: UnsafeMutablePointer<Int32>
    package let timeTable: UnsafeMutablePointer<Double>
    package let valueTable: UnsafeMutablePointer<SIMD2<Double>>
    /// Keyframes over all tracks of all sources (the length of `timeTable` and `valueTable`).
    package let keyframeCount: Int
    /// Distinct timelines of the page (`trackRanges` has 8 entries each).
    package let sourceCount: Int
    /// Every segment of every track of every source (`SegmentRecord`), and per source and
    /// track the index of its first record (`segmentStarts[source·4 + kind]`).
    package let segments: UnsafeMutablePointer<SegmentRecord>
    package let segmentStarts: UnsafeMutablePointer<Int32>
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
    /// Each present track's lanes packed, on a page of more than one source (`PackedTracks`).
    package let packed: PackedTracks?

    init(_ page: Page, arena: BufferArena? = nil) {
        func aligned<T>(_ count: Int) -> UnsafeMutablePointer<T> { .allocateAligned(count, from: arena) }
        let padded = Lanes.padded(page.subviews.count)
        blocks = padded / Lanes.count
        laneSource = aligned(padded)
        shifts = aligned(padded)
        axes = aligned(blocks * 9 * Lanes.count)
        laneSource.initialize(repeating: -1, count: padded)
        shifts.initialize(repeating: 0, count: padded)
        // Sources first (the page's, then each distinct own one), then the arrays at the sizes `LaneTableSizes` counts.
        let ownCount = LaneTimelines.ownTimelineCount(page)
        var firstSubview: [Int] = []  // per source, −1 for the page's timeline
        firstSubview.reserveCapacity(ownCount + 1)
        var keyframeCount = 0
        func keyframes(of timeline: Timeline) -> Int {
            TrackKind.allCases.reduce(0) { $0 + $1.keyframeCount(of: timeline) }
        }
        var pageSource: Int32?
        if let timeline = page.timeline {
            pageSource = 0
            firstSubview.append(-1)
            keyframeCount += keyframes(of: timeline)
        }
        let runs = ownCount == 0 && (page.rotation?.angleVariance ?? 0) == 0
        staggerRuns = runs ? page.timeline.map { StaggerRuns($0, count: page.subviews.count) } : nil
        var known: [TimelineKey: Int32] = [:]
        known.reserveCapacity(ownCount)
        for k in page.subviews.indices where !page.isStatic(subview: k) {
            if let own = page.subviews[k].timeline {
                let key = TimelineKey(own)
                if let source = known[key] {
                    laneSource[k] = source
                } else {
                    let source = Int32(firstSubview.count)
                    firstSubview.append(k)
                    keyframeCount += keyframes(of: own)
                    known[key] = source
                    laneSource[k] = source
                }
            } else if let pageSource {
                laneSource[k] = pageSource
                shifts[k] = Double(k) * page.timeline!.stagger
            }
        }
        known = [:]
        var ranges: [Int32] = [], times: [Double] = [], values: [SIMD2<Double>] = [], easings: [EasingPolynomial] = []
        var axisOf: [SIMD3<Double>] = []
        ranges.reserveCapacity(8 * firstSubview.count)
        axisOf.reserveCapacity(firstSubview.count)
        times.reserveCapacity(keyframeCount)
        values.reserveCapacity(keyframeCount)
        easings.reserveCapacity(keyframeCount)
        var mask: UInt8 = 0
        for k in firstSubview {
            let timeline = k < 0 ? page.timeline! : page.subviews[k].timeline!
            // Each track read in place, not copied into an array a source and track.
            func add(_ kind: TrackKind, _ count: Int, _ keyframe: (Int) -> (at: Double, value: SIMD2<Double>, easing: Easing)) {
                if count > 0 { mask |= kind.bit }
                ranges.append(Int32(times.count))
                ranges.append(Int32(count))
                for j in 0..<count {
                    let k = keyframe(j)
                    times.append(k.at + 0)  // −0 as +0: the records' bounds hold +0 only
                    values.append(k.value)
                    easings.append(EasingPolynomial(k.easing))
                }
            }
            let (translation, scale) = (timeline.translation ?? [], timeline.scale ?? [])
            let (rotation, alpha) = (timeline.rotation ?? [], timeline.alpha ?? [])
            add(.translation, translation.count) { (translation[$0].at, translation[$0].value, translation[$0].easing) }
            add(.scale, scale.count) { (scale[$0].at, scale[$0].value, scale[$0].easing) }
            add(.rotation, rotation.count) { (rotation[$0].at, SIMD2(rotation[$0].value, 0), rotation[$0].easing) }
            add(.alpha, alpha.count) { (alpha[$0].at, SIMD2(alpha[$0].value, 0), alpha[$0].easing) }
            axisOf.append(timeline.normalizedAxis)
        }
        for slot in 0..<padded {
            let source = Int(laneSource[slot])
            let a = source >= 0 ? axisOf[source] : SIMD3(0, 0, 1)
            // A vector, not an array: no allocation a slot.
            let products = SIMD16<Double>(a.x * a.x, a.y * a.y, a.z * a.z, a.x * a.y, a.x * a.z, a.y * a.z, a.x, a.y, a.z,
                                          0, 0, 0, 0, 0, 0, 0)
            for i in 0..<9 {
                (axes + (slot / Lanes.count * 9 + i) * Lanes.count + slot % Lanes.count).initialize(to: Float(products[i]))
            }
        }
        trackRanges = aligned(ranges.count)
        trackRanges.initialize(from: ranges, count: ranges.count)
        timeTable = aligned(times.count)
        timeTable.initialize(from: times, count: times.count)
        valueTable = aligned(values.count)
        valueTable.initialize(from: values, count: values.count)
        let records: UnsafeMutablePointer<SegmentRecord> = aligned(SegmentRecord.fixedCount + 4 * firstSubview.count + times.count)
        let starts: UnsafeMutablePointer<Int32> = aligned(4 * firstSubview.count)
        LaneTimelines.fillSegments(records, starts, ranges: ranges, times: times, values: values, easings: easings)
        (segments, segmentStarts) = (records, starts)
        self.keyframeCount = times.count
        sourceCount = firstSubview.count
        trackMask = mask
        tracks = TrackKind.allCases.filter { mask & $0.bit != 0 }
        var slots = SIMD4<Int>(repeating: -1)
        for (slot, kind) in tracks.enumerated() { slots[kind.rawValue] = slot }
        trackSlots = slots
        packed = firstSubview.count > 1
            ? PackedTracks(tracks: tracks, slots: padded, laneSource: laneSource, shifts: shifts, trackRanges: trackRanges,
                           arena: arena)
            : nil
    }

    /// The records of `segments` and their starts, from the flat tables (`SegmentRecord`).
    private static func fillSegments(_ table: UnsafeMutablePointer<SegmentRecord>, _ starts: UnsafeMutablePointer<Int32>,
                                     ranges: [Int32], times: [Double], values: [SIMD2<Double>], easings: [EasingPolynomial]) {
        // One fit per distinct x cubic, remembered up to `fitLimit` (docs/DESIGN.md, "Set-up, the build alone").
        var fitted: [EasingPolynomial: SIMD8<Float>] = [:]
        let linear = EasingGuess.linear.row
        func guess(_ e: EasingPolynomial) -> SIMD8<Float> {
            if e.isLinearInX { return linear }  // linear and hold: no fit, no look-up
            // The fit reads `B_x` only: Béziers that differ in y1, y2 alone share it.
            var key = e
            (key.ay, key.by, key.cy) = (0, 0, 0)
            if let row = fitted[key] { return row }
            let row = EasingGuess(e).row
            if fitted.count < LaneTimelines.fitLimit { fitted[key] = row }
            return row
        }
        let sources = ranges.count / 8
        var n = 0
        func append(_ r: SegmentRecord) {
            (table + n).initialize(to: r)
            n += 1
        }
        append(.nan)
        for kind in TrackKind.allCases { append(.constant(kind, lo: -.infinity, hi: .infinity, kind.neutral)) }
        for source in 0..<sources {
            for kind in TrackKind.allCases {
                starts[4 * source + kind.rawValue] = Int32(n)
                let first = Int(ranges[8 * source + 2 * kind.rawValue]), count = Int(ranges[8 * source + 2 * kind.rawValue + 1])
                guard count > 0 else {
                    append(.constant(kind, lo: -.infinity, hi: .infinity, kind.neutral))
                    continue
                }
                append(.constant(kind, lo: -.infinity, hi: times[first], values[first]))
                for j in first..<first + count - 1 {
                    let e = easings[j]
                    append(SegmentRecord(kind: kind, lo: times[j], hi: times[j + 1], v0: values[j], dv: values[j + 1] - values[j],
                                         easing: SIMD8(Float(e.ax), Float(e.bx), Float(e.cx), Float(e.ay), Float(e.by), Float(e.cy), 0, 0),
                                         guess: guess(e)))
                }
                let last = first + count - 1
                append(.constant(kind, lo: times[last], hi: .infinity, values[last]))
            }
        }
    }

    /// The most easing fits a build remembers.
    static let fitLimit = 1024

    /// The subviews of `page` with a timeline of their own that counts (not static): the
    /// most distinct own timelines the page can have.
    static func ownTimelineCount(_ page: Page) -> Int {
        page.subviews.indices.reduce(0) { $0 + (page.subviews[$1].timeline != nil && !page.isStatic(subview: $1) ? 1 : 0) }
    }

    deinit {
        laneSource.deallocate()
        trackRanges.deallocate()
        timeTable.deallocate()
        valueTable.deallocate()
        shifts.deallocate()
        axes.deallocate()
        segments.deallocate()
        segmentStarts.deallocate()
        packed?.deallocate()
    }
}
