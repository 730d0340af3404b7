import KernelTarget

/// Each lane's segment per track (record index, bounds, flags: 22 bytes), a starting point the kernel checks every
/// frame, so lanes that change segment write little (docs/DESIGN.md, "Keyframe scenarios and working set").
final class SegmentCache: @unchecked Sendable {
    typealias Indices = SIMD8<Int32>
    let lanes: UnsafeMutablePointer<LaneSegments>
    let count: Int
    /// Per page: its first entry, or −1 for a page not in `KeyframeMode.lanes`.
    let pageStarts: [Int]

    /// - Parameter lanes: false for a kernel that keeps no segments here
    ///   (`PageKernel.usesSegmentCache`): every page then starts at an empty cache.
    init(_ plan: AnimationPlan, arena: BufferArena? = nil, lanes keepsLanes: Bool = true) {
        var starts: [Int] = [], count = 0
        for (i, page) in plan.pages.enumerated() {
            if let tables = plan.laneTimelines[i] {
                starts.append(count)
                if keepsLanes { count += page.blocks * tables.tracks.count }
            } else {
                starts.append(-1)
            }
        }
        (pageStarts, self.count) = (starts, count)
        lanes = .allocateAligned(count, from: arena)
        lanes.initialize(repeating: .invalid, count: count)
    }

    private init(copying other: SegmentCache) {
        (pageStarts, count) = (other.pageStarts, other.count)
        lanes = .allocateAligned(count)
        lanes.initialize(from: other.lanes, count: count)
    }

    func copy() -> SegmentCache { SegmentCache(copying: self) }

    /// Keyframe gaps below this have `lo` placed per frame (`SegmentGather.placeTiny`): in Float,
    /// `τ − lo` loses precision from about 1e-38 (subnormals) and `1 / (hi − lo)` overflows
    /// from about 3e-39, while every gap from 1e-30 up keeps `p` within 1e-7.
    static let tinyGap = 1e-30

    deinit {
        lanes.deallocate()
    }

    /// The records of the lanes set in `outside`, into `entry`; one call a block (or group), since a call a lane
    /// spilled the block's vectors (docs/DESIGN.md, "Keyframe scenarios and working set"). The lanes are block
    /// `block`'s slots, or the 8 at `packed` (`PackedTracks`).
    @inline(never)
    static func find(_ entry: UnsafeMutablePointer<LaneSegments>, _ outside: UInt32, kind: TrackKind, block: Int,
                     packed: UnsafePointer<Int32>?, tau: Lanes.Doubles, tables: LaneTimelines, shared: Bool) {
        if shared {
            findShared(entry, outside, kind: kind, block: block, tau: tau, tables: tables)
        } else {
            findEach(entry, outside, kind: kind, block: block, packed: packed, tau: tau, tables: tables)
        }
    }

    /// `find`, lane by lane.
    @inline(__always)
    static func findEach(_ entry: UnsafeMutablePointer<LaneSegments>, _ outside: UInt32, kind: TrackKind, block: Int,
                         packed: UnsafePointer<Int32>? = nil, tau: Lanes.Doubles, tables: LaneTimelines) {
        withUnsafePointer(to: tau) { times in
            let times = UnsafeRawPointer(times).assumingMemoryBound(to: Double.self)
            var outside = outside
            while outside != 0 {
                let l = outside.trailingZeroBitCount
                outside &= outside &- 1
                let raw = UnsafeRawPointer(entry)
                let current = raw.load(fromByteOffset: LaneSegments.indexOffset &+ l &* 4, as: Int32.self)
                let lo = raw.load(fromByteOffset: LaneSegments.loOffset &+ l &* 8, as: Double.self)
                let hi = raw.load(fromByteOffset: LaneSegments.hiOffset &+ l &* 8, as: Double.self)
                let slot = packed.map { Int($0[l]) } ?? block &* Lanes.count &+ l
                let index = step(current, lo, hi, times[l], kind: kind, slot: slot, tables: tables)
                place(entry, lane: l, index, tables.segments + Int(index))
            }
        }
    }

    /// Lane `l` of `entry` at `record`, so the block's bounds and flags need no gather
    /// (docs/DESIGN.md, "A lane's bounds and flags written where its segment is found").
    @inline(__always)
    static func place(_ entry: UnsafeMutablePointer<LaneSegments>, lane l: Int, _ index: Int32,
                      _ record: UnsafePointer<SegmentRecord>) {
        let base = UnsafeMutableRawPointer(entry)
        base.storeBytes(of: index, toByteOffset: LaneSegments.indexOffset &+ l &* 4, as: Int32.self)
        base.storeBytes(of: record.pointee.lo, toByteOffset: LaneSegments.loOffset &+ l &* 8, as: Double.self)
        base.storeBytes(of: record.pointee.hi, toByteOffset: LaneSegments.hiOffset &+ l &* 8, as: Double.self)
        base.storeBytes(of: UInt8(truncatingIfNeeded: record.pointee.flags),
                        toByteOffset: LaneSegments.laneFlagsOffset &+ l, as: UInt8.self)
    }

    /// `find` on a one-source page, whose block's lanes mostly share a record: one lane walks for all
    /// (docs/DESIGN.md, "Stagger's segments found once a block").
    @inline(never)
    static func findShared(_ entry: UnsafeMutablePointer<LaneSegments>, _ outside: UInt32, kind: TrackKind, block: Int,
                           tau: Lanes.Doubles, tables: LaneTimelines) {
        // Lanes without the source (static, padding) take their track's neutral record.
        guard UnsafeRawPointer(tables.laneSource + block &* Lanes.count).load(as: SIMD8<Int32>.self) == .zero else {
            return findEach(entry, outside, kind: kind, block: block, tau: tau, tables: tables)
        }
        let l = outside.trailingZeroBitCount
        let index = step(entry.pointee.index[l], entry.pointee.lo[l], entry.pointee.hi[l], tau[l], kind: kind,
                         slot: block &* Lanes.count &+ l, tables: tables)
        let record = tables.segments + Int(index)
        let held = outside & ~kernel_outside_mask8(tau, .init(repeating: record.pointee.lo),
                                                   .init(repeating: record.pointee.hi))
        if held == 0xFF {
            entry.pointee.index = .init(repeating: index)
            entry.pointee.lo = .init(repeating: record.pointee.lo)
            entry.pointee.hi = .init(repeating: record.pointee.hi)
            entry.pointee.laneFlags = .init(repeating: UInt8(truncatingIfNeeded: record.pointee.flags))
            return
        }
        var lanes = held
        while lanes != 0 {
            let l = lanes.trailingZeroBitCount
            lanes &= lanes &- 1
            place(entry, lane: l, index, record)
        }
        if outside & ~held != 0 { findEach(entry, outside & ~held, kind: kind, block: block, tau: tau, tables: tables) }
    }

    /// The record at `time` from the lane's `index` and its bounds `lo ..< hi` (the cache's copy): the search
    /// (`find`) from a fixed record or a non-finite time, else a walk from the neighbour, as a scroll crosses a
    /// keyframe or two, so the lane's own record is not read (docs/DESIGN.md, "The walk from the cached bounds").
    @inline(__always)
    static func step(_ index: Int32, _ lo: Double, _ hi: Double, _ time: Double, kind: TrackKind, slot: Int,
                     tables: LaneTimelines) -> Int32 {
        // Not from a fixed record, and not at ±∞ or NaN (τ = +∞ is not below the last record's hi).
        if index < Int32(SegmentRecord.fixedCount) || !time.isFinite {
            return find(time, kind: kind, slot: slot, tables: tables)
        }
        let records = tables.segments
        var i = Int(index)
        if time < lo {
            i &-= 1
            while time < records[i].lo { i &-= 1 }
        } else if time >= hi {
            i &+= 1
        }
        while time >= records[i].hi { i &+= 1 }
        return Int32(truncatingIfNeeded: i)
    }

    /// The segment record of track `kind` at `time` for the lane in `slot`: a binary search
    /// of the lane's source's keyframe times. Scalar: it runs when a lane crosses a
    /// keyframe, not every frame; raw memory only.
    @inline(__always)
    static func find(_ time: Double, kind: TrackKind, slot: Int, tables: LaneTimelines) -> Int32 {
        let source = Int(tables.laneSource[slot])
        if source < 0 { return 1 &+ Int32(kind.rawValue) }
        let base = tables.segmentStarts[source &* 4 &+ kind.rawValue]
        let first = Int(tables.trackRanges[source &* 8 &+ 2 &* kind.rawValue])
        let count = Int(tables.trackRanges[source &* 8 &+ 2 &* kind.rawValue &+ 1])
        if count == 0 { return base }  // the neutral value, at any τ (NaN too)
        if time.isNaN { return SegmentRecord.nanIndex }
        let times = tables.timeTable, last = first &+ count &- 1
        if time < times[first] { return base }
        if time >= times[last] { return base &+ Int32(count) }
        var (a, b) = (first, last)  // times[a] ≤ τ < times[b]
        while b &- a > 1 {
            let mid = (a &+ b) / 2
            if time < times[mid] { b = mid } else { a = mid }
        }
        return base &+ 1 &+ Int32(a &- first)
    }
}

/// One block's (or packed group's) segments of one track in a `SegmentCache`: copies of the records' bounds and flags
/// (`SegmentCache.place`), so the per-frame check reads no record.
struct LaneSegments {
    var index: SegmentCache.Indices
    var lo, hi: Lanes.Doubles
    /// The lanes' record flags ORed, with `SegmentRecord.oneRecord` on a one-source page.
    var flags: UInt32
    /// Each lane's record flags (`SegmentRecord.flags`, which fit a byte).
    var laneFlags: SIMD8<UInt8>

    /// `laneFlags` ORed.
    @inline(__always)
    var recordFlags: UInt32 {
        var x = unsafeBitCast(laneFlags, to: UInt64.self)
        x |= x &>> 32
        x |= x &>> 16
        x |= x &>> 8
        return UInt32(truncatingIfNeeded: x & 0xFF)
    }

    @inline(__always) static var indexOffset: Int { MemoryLayout<LaneSegments>.offset(of: \.index)! }
    @inline(__always) static var loOffset: Int { MemoryLayout<LaneSegments>.offset(of: \.lo)! }
    @inline(__always) static var hiOffset: Int { MemoryLayout<LaneSegments>.offset(of: \.hi)! }
    @inline(__always) static var laneFlagsOffset: Int { MemoryLayout<LaneSegments>.offset(of: \.laneFlags)! }

    /// Never valid (the NaN record, `lo > hi`): the first frame finds every lane's segment.
    static let invalid = LaneSegments(index: SegmentCache.Indices(repeating: SegmentRecord.nanIndex),
                                      lo: .init(repeating: .infinity), hi: .init(repeating: -.infinity), flags: 0,
                                      laneFlags: .zero)
}
