/// `LaneTimelines.init(page)`'s table sizes, counted the same way without building them, for the memory probe
/// (`WalkthroughAnimator.bufferByteCounts`): exact, not a bound (`AllocationTests`).
struct LaneTableSizes {
    /// Subview slots of the page, padding included.
    let slots: Int
    /// Distinct timelines: the page's, and each distinct own one.
    let sources: Int
    /// Keyframes over all tracks of all sources.
    let keyframes: Int
    /// Tracks some source has (`LaneTimelines.tracks.count`).
    let presentTracks: Int

    init(_ page: Page) {
        var sources = 0, keyframes = 0, mask: UInt8 = 0
        func add(_ timeline: Timeline) {
            sources += 1
            for kind in TrackKind.allCases {
                let count = kind.keyframeCount(of: timeline)
                keyframes += count
                if count > 0 { mask |= kind.bit }
            }
        }
        if let timeline = page.timeline { add(timeline) }
        var known = Set<TimelineKey>()
        known.reserveCapacity(LaneTimelines.ownTimelineCount(page))
        for k in page.subviews.indices where !page.isStatic(subview: k) {
            if let own = page.subviews[k].timeline, known.insert(TimelineKey(own)).inserted { add(own) }
        }
        slots = Lanes.padded(page.subviews.count)
        (self.sources, self.keyframes) = (sources, keyframes)
        presentTracks = mask.nonzeroBitCount
    }

    /// Blocks of the page.
    var blocks: Int { slots / Lanes.count }

    /// The byte counts of `LaneTimelines`' aligned buffers, in the order it allocates them:
    /// `laneSource`, `shifts`, `axes`, `trackRanges`, `timeTable`, `valueTable`,
    /// `segments`, `segmentStarts`, and on a page of more than one source `PackedTracks`' two.
    var byteCounts: [Int] {
        [UnsafeMutablePointer<Int32>.alignedByteCount(slots),
         UnsafeMutablePointer<Double>.alignedByteCount(slots),
         UnsafeMutablePointer<Float>.alignedByteCount(blocks * 9 * Lanes.count),
         UnsafeMutablePointer<Int32>.alignedByteCount(sources * 8),
         UnsafeMutablePointer<Double>.alignedByteCount(keyframes),
         UnsafeMutablePointer<SIMD2<Double>>.alignedByteCount(keyframes),
         UnsafeMutablePointer<SegmentRecord>.alignedByteCount(SegmentRecord.fixedCount + 4 * sources + keyframes),
         UnsafeMutablePointer<Int32>.alignedByteCount(4 * sources)]
            + (sources > 1 ? PackedTracks.byteCounts(slots: slots, tracks: presentTracks) : [])
    }

    /// Segment-index vectors of the page in the animator's `SegmentCache`: one per block and present track (packed
    /// pages use one per group, and a track has no more groups than the page has blocks).
    var segmentCount: Int { blocks * presentTracks }
}
