@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// The keyframe segment records and the lanes' cache (`SegmentRecord`, `LaneSegments`):
/// their layouts are those `KernelTarget/kernel_segments.h` reads, and a lane that walks from
/// its last record to the one at its new time lands where the search lands.
@Suite struct SegmentRecordTests {
    @Test func layoutsAreThoseTheGatherReads() {
        #expect(MemoryLayout<SegmentRecord>.stride == 96)
        #expect(MemoryLayout<SegmentRecord>.offset(of: \.a) == 0)
        #expect(MemoryLayout<SegmentRecord>.offset(of: \.b) == 32)
        #expect(MemoryLayout<SegmentRecord>.offset(of: \.lo) == 64)
        #expect(MemoryLayout<SegmentRecord>.offset(of: \.hi) == 72)
        #expect(MemoryLayout<SegmentRecord>.offset(of: \.flags) == 80)
        // Each lane's flags sit in what was the cache's padding: 22 bytes a lane and track.
        #expect(MemoryLayout<LaneSegments>.offset(of: \.index) == 0)
        #expect(MemoryLayout<LaneSegments>.offset(of: \.hi)! - MemoryLayout<LaneSegments>.offset(of: \.lo)! == 64)
        #expect(MemoryLayout<LaneSegments>.stride == 176)
    }

    /// Seeded random own and page timelines, random times (NaN and the keyframes' own times
    /// among them): `step` from any record of the lane's track (and its bounds, as the cache
    /// holds them) equals `find`.
    @Test(arguments: [UInt64(0x41), 0x4101, 0x4102])
    func aWalkLandsWhereTheSearchDoes(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let page = RandomTimeline.timed(RandomWalkthrough.page(count: 40, type: .linear, using: &rng), pageTimeline: true,
                                        own: 0.5, using: &rng)
        let tables = LaneTimelines(page)
        for slot in 0..<tables.blocks * Lanes.count {
            for kind in TrackKind.allCases {
                let source = Int(tables.laneSource[slot])
                var times: [Double] = [.nan, -.infinity, .infinity, -3, 3]
                if source >= 0 {
                    let first = Int(tables.trackRanges[8 * source + 2 * kind.rawValue])
                    let count = Int(tables.trackRanges[8 * source + 2 * kind.rawValue + 1])
                    times += (first..<first + count).flatMap { [tables.timeTable[$0], tables.timeTable[$0].nextDown] }
                }
                times += (0..<20).map { _ in Double.random(in: -2.5...2.5, using: &rng) }
                var index = SegmentRecord.nanIndex
                for time in times {
                    let found = SegmentCache.find(time, kind: kind, slot: slot, tables: tables)
                    // From the bounds the lane's cache holds, a copy of its record's.
                    let from = tables.segments[Int(index)]
                    let walked = SegmentCache.step(index, from.lo, from.hi, time, kind: kind, slot: slot, tables: tables)
                    #expect(walked == found, "seed \(seed), slot \(slot), \(kind), τ = \(time), from record \(index)")
                    let r = tables.segments[Int(found)]
                    if time.isFinite { #expect(r.lo <= time && time < r.hi, "seed \(seed), slot \(slot), \(kind), τ = \(time)") }
                    index = found
                }
            }
        }
    }
}
