/// On a page of own timelines (more than one source), each present track's lanes packed: the slots whose source has
/// the track, in order, in groups of 8, so that the kernel eases only lanes that have it (docs/DESIGN.md, "Own
/// timelines packed by track"). Groups are fixed when the plan is built, so a split frame eases the same groups.
package struct PackedTracks {
    /// Per present track `t` (storage order, `LaneTimelines.tracks`), `slots[t·capacity + j]`: its `j`-th slot; the
    /// last group is filled up with the track's last slot.
    let slots: UnsafeMutablePointer<Int32>
    /// Per present track `t`, `firsts[t·(blocks + 1) + b]`: how many of its slots lie below block `b`.
    let firsts: UnsafeMutablePointer<Int32>
    /// Slots a track can hold (the page's, padding included), and blocks of the page.
    let capacity: Int, blocks: Int
    /// Some slot's shift is not 0 (a staggered page timeline beside the own ones): each group gathers its shifts.
    let shifted: Bool

    /// The byte counts of the two tables, as `init` allocates them (`LaneTableSizes`).
    static func byteCounts(slots: Int, tracks: Int) -> [Int] {
        [UnsafeMutablePointer<Int32>.alignedByteCount(tracks * slots),
         UnsafeMutablePointer<Int32>.alignedByteCount(tracks * (slots / Lanes.count + 1))]
    }

    /// The tables for slots of `laneSource` (`slots` of them, padding included), whose source `s` has track `kind`
    /// where `trackRanges[8s + 2·kind + 1] > 0`.
    init(tracks: [TrackKind], slots count: Int, laneSource: UnsafePointer<Int32>, shifts: UnsafePointer<Double>,
         trackRanges: UnsafePointer<Int32>, arena: BufferArena?) {
        (capacity, blocks) = (count, count / Lanes.count)
        shifted = (0..<count).contains { shifts[$0] != 0 }
        slots = .allocateAligned(tracks.count * count, from: arena)
        firsts = .allocateAligned(tracks.count * (blocks + 1), from: arena)
        for (t, kind) in tracks.enumerated() {
            let packed = slots + t * capacity, first = firsts + t * (blocks + 1)
            var n = 0
            for slot in 0..<count {
                if slot % Lanes.count == 0 { first[slot / Lanes.count] = Int32(n) }
                let source = Int(laneSource[slot])
                guard source >= 0, trackRanges[8 * source + 2 * kind.rawValue + 1] > 0 else { continue }
                packed[n] = Int32(slot)
                n += 1
            }
            first[blocks] = Int32(n)
            var end = n
            while end % Lanes.count != 0 {
                packed[end] = packed[n - 1]
                end += 1
            }
            (packed + end).initialize(repeating: 0, count: capacity - end)
        }
    }

    /// Track `t`'s groups that hold a slot of blocks `first ..< end` (none when it has no such slot).
    @inline(__always)
    func groups(track t: Int, blocks first: Int, _ end: Int) -> ClosedRange<Int>? {
        let lo = Int(firsts[t &* (blocks &+ 1) &+ first]), hi = Int(firsts[t &* (blocks &+ 1) &+ end])
        return lo < hi ? lo / Lanes.count...(hi &- 1) / Lanes.count : nil
    }

    /// Group `g` of track `t`: its 8 slots.
    @inline(__always)
    func group(track t: Int, _ g: Int) -> UnsafePointer<Int32> {
        UnsafePointer(slots + (t &* capacity &+ g &* Lanes.count))
    }

    func deallocate() {
        slots.deallocate()
        firsts.deallocate()
    }
}
