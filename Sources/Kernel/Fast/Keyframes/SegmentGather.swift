import KernelTarget

/// A block's segments of one track gathered from the plan's records into a `TrackLanes` on the stack, only the rows
/// its flags need (docs/DESIGN.md, "Keyframe scenarios and working set").
enum SegmentGather {
    /// Fills `t`, finding lanes' segments again where they left, and returns the block's `TrackLanes` flags. The
    /// lanes are block `block`'s, or the 8 slots at `packed` (`PackedTracks`). `shared`: a one-source page (`splat`),
    /// constant false in the own-timelines loop, so no code there.
    @inline(__always)
    static func gather(_ entry: UnsafeMutablePointer<LaneSegments>, into t: UnsafeMutablePointer<TrackLanes>,
                       kind: TrackKind, block: Int, packed: UnsafePointer<Int32>? = nil, tau: Lanes.Doubles,
                       tables: LaneTimelines, shared: Bool) -> UInt8 {
        let records = UnsafeRawPointer(tables.segments)
        let floats = (UnsafeMutableRawPointer(t) + 2 * MemoryLayout<Lanes.Doubles>.stride).assumingMemoryBound(to: Float.self)
        let outside = kernel_outside_mask8(tau, entry.pointee.lo, entry.pointee.hi)
        if outside != 0 {
            SegmentCache.find(entry, outside, kind: kind, block: block, packed: packed, tau: tau, tables: tables,
                              shared: shared)
            let flags = entry.pointee.recordFlags
            entry.pointee.flags = shared ? flags | kernel_segment_one_record(entry.pointee.index) : flags
        }
        var rows = kernel_segment_rows8(records, entry.pointee.index)
        t.pointee.lo = entry.pointee.lo
        let any = entry.pointee.flags
        // Lanes that read one timeline close together (stagger) mostly share a record.
        if shared && any & (SegmentRecord.oneRecord | SegmentRecord.tiny) == SegmentRecord.oneRecord {
            return splat(rows.r.0!, into: floats, flags: any)
        }
        kernel_segment_transpose(&rows, 0, floats)  // invLen v0x v0y dvx dvy ax bx cx
        if any & SegmentRecord.tiny != 0 {
            placeTiny(UnsafeMutableRawPointer(t).assumingMemoryBound(to: Double.self), records, entry.pointee.index, tau)
        }
        guard any & SegmentRecord.live != 0 else { return TrackLanes.constant }
        kernel_segment_transpose(&rows, 1, floats + 8 * Lanes.count)  // ay by cy gk g0 g1 g2 g3
        return any & SegmentRecord.solves != 0 ? TrackLanes.solves : 0
    }

    /// `gather`'s rows where every lane of the block holds record `r`, one load a field.
    @inline(__always)
    static func splat(_ r: UnsafePointer<CChar>, into floats: UnsafeMutablePointer<Float>, flags any: UInt32) -> UInt8 {
        kernel_segment_splat(r, 0, floats)
        guard any & SegmentRecord.live != 0 else { return TrackLanes.constant }
        kernel_segment_splat(r, 1, floats + 8 * Lanes.count)
        return any & SegmentRecord.solves != 0 ? TrackLanes.solves : 0
    }

    /// The lanes of a segment shorter than `SegmentCache.tinyGap`: `lo` moved so that
    /// `Float(τ − lo)·1` is the reference's Double `p` (their `invLen` is 1).
    @inline(never)
    static func placeTiny(_ doubles: UnsafeMutablePointer<Double>, _ records: UnsafeRawPointer,
                          _ index: SegmentCache.Indices, _ tau: Lanes.Doubles) {
        let stride = MemoryLayout<SegmentRecord>.stride
        for l in 0..<Lanes.count {
            let r = (records + Int(index[l]) &* stride).assumingMemoryBound(to: SegmentRecord.self)
            guard r.pointee.flags & SegmentRecord.tiny != 0 else { continue }
            let time = tau[l]
            doubles[l] = time - (time - r.pointee.lo) / (r.pointee.hi - r.pointee.lo)
        }
    }
}
