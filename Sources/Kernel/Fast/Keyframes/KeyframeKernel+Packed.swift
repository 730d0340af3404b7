import KernelTarget

/// Own timelines packed by track: each present track eases only the lanes that have it, group by group
/// (`PackedTracks`), into a chunk's poses; each block then composes its lanes' poses (docs/DESIGN.md, "Own timelines
/// packed by track").
extension KeyframeKernel {
    typealias V = Lanes.Floats

    /// A chunk of `blocks` blocks' poses, 8 vectors a block: `tx ty sx sy sin cos alpha` and one spare; a group
    /// that reaches into the next chunk is carried there, not eased twice; a segment cache entry copied for
    /// a group only partly in the call's blocks, which another call may ease too (read only while it is gathered);
    /// the gathered segments of two groups eased together.
    struct PackedPoses {
        static let blocks = 64
        typealias Block = (V, V, V, V, V, V, V, V)
        typealias Four = (Block, Block, Block, Block)
        typealias Sixteen = (Four, Four, Four, Four)
        var poses: (Sixteen, Sixteen, Sixteen, Sixteen)
        var carries: (PackedCarry, PackedCarry, PackedCarry, PackedCarry)
        var local: LaneSegments
        var scratch: (TrackLanes, TrackLanes)

        init() {
            let neutral: Block = (V(), V(), V(repeating: 1), V(repeating: 1), V(), V(repeating: 1), V(repeating: 1), V())
            let four = (neutral, neutral, neutral, neutral), sixteen = (four, four, four, four)
            (poses, carries) = ((sixteen, sixteen, sixteen, sixteen), (.init(), .init(), .init(), .init()))
            (local, scratch) = (.invalid, (.invalid, .invalid))
        }
    }

    /// The last group a track eased in a chunk: its slots and values.
    struct PackedCarry {
        var group = -1
        var slots: UnsafePointer<Int32>?
        var values = (V(), V())
    }

    @inline(never)
    static func runPacked<W: LayoutWriter>(_ k: PageConstants, _ keyframes: PageConstants.LaneKeyframes,
                                           _ input: KernelInputs, _ lanes: KeyframeInputs, _ output: KernelOutputs,
                                           _ blocks: Range<Int>, _ tables: LaneTimelines, _ packed: PackedTracks,
                                           _: W.Type) {
        let slots = tables.trackSlots
        let o = Lanes.Doubles(repeating: keyframes.offset)
        let page = KeyframeComposition.Page(k)
        var state = PackedPoses()
        withUnsafeMutablePointer(to: &state) { state in
            let raw = UnsafeMutableRawPointer(state)
            let poses = (raw + MemoryLayout<PackedPoses>.offset(of: \.poses)!).assumingMemoryBound(to: Float.self)
            let carries = (raw + MemoryLayout<PackedPoses>.offset(of: \.carries)!).assumingMemoryBound(to: PackedCarry.self)
            let local = (raw + MemoryLayout<PackedPoses>.offset(of: \.local)!).assumingMemoryBound(to: LaneSegments.self)
            let scratch = (raw + MemoryLayout<PackedPoses>.offset(of: \.scratch)!).assumingMemoryBound(to: TrackLanes.self)
            let neutral = UnsafeRawPointer(poses).load(as: PackedPoses.Block.self)
            var c0 = blocks.lowerBound
            while c0 < blocks.upperBound {
                let c1 = Swift.min(c0 &+ PackedPoses.blocks, blocks.upperBound)
                let chunk = Chunk(first: c0, end: c1, call: blocks, poses: poses, local: local)
                for b in 0..<c1 &- c0 {
                    UnsafeMutableRawPointer(poses + b &* 64).storeBytes(of: neutral, as: PackedPoses.Block.self)
                }
                for n in 0..<4 where slots[n] >= 0 {
                    ease(TrackKind(rawValue: n)!, slots[n], chunk, carries + n, packed, lanes, tables, o, scratch)
                }
                for i in c0..<c1 {
                    let p = UnsafeRawPointer(poses + (i &- c0) &* 64)
                    var pose = KeyframeComposition.Pose()
                    if slots[0] >= 0 { (pose.tx, pose.ty) = (p.load(as: V.self), p.load(fromByteOffset: 32, as: V.self)) }
                    if slots[1] >= 0 {
                        (pose.sx, pose.sy) = (p.load(fromByteOffset: 64, as: V.self), p.load(fromByteOffset: 96, as: V.self))
                    }
                    if slots[2] >= 0 {
                        (pose.sin, pose.cos) = (p.load(fromByteOffset: 128, as: V.self), p.load(fromByteOffset: 160, as: V.self))
                    }
                    var alpha = V(repeating: k.alpha)
                    if slots[3] >= 0 { alpha *= p.load(fromByteOffset: 192, as: V.self) }
                    compose(pose, alpha: alpha, keyframes, page, input, output, i, tables: tables, W.self)
                }
                c0 = c1
            }
        }
    }

    /// Blocks `first ..< end` of a call on blocks `call`, and their poses.
    struct Chunk {
        let first: Int, end: Int, call: Range<Int>
        let poses: UnsafeMutablePointer<Float>
        let local: UnsafeMutablePointer<LaneSegments>
    }

    /// Track `kind` (at `t` among the page's tracks) eased on its groups that reach the chunk's blocks, each lane's
    /// values into the chunk's poses. Out of line, once for every kind: inlined four times, the block loop's
    /// function outgrew what the optimizer inlines.
    @inline(never)
    static func ease(_ kind: TrackKind, _ t: Int, _ chunk: Chunk, _ carry: UnsafeMutablePointer<PackedCarry>,
                     _ packed: PackedTracks, _ lanes: KeyframeInputs, _ tables: LaneTimelines,
                     _ o: Lanes.Doubles, _ scratch: UnsafeMutablePointer<TrackLanes>) {
        guard let groups = packed.groups(track: t, blocks: chunk.first, chunk.end) else { return }
        var g = groups.lowerBound
        if carry.pointee.group == g {
            scatter(carry.pointee.values, carry.pointee.slots, kind, chunk)
            g &+= 1
        }
        // Group `g`'s slots and times, its segments gathered into scratch `i` (a copy of its cache entry if it is only
        // partly in the call's blocks: slots rise within a group, so its first and last bound it).
        @inline(__always)
        func gather(_ g: Int, _ i: Int) -> (slots: UnsafePointer<Int32>, tau: Lanes.Doubles, flags: UInt8) {
            let slots = packed.group(track: t, g)
            var tau = o
            if packed.shifted {
                var shifts = Lanes.Doubles()
                for l in 0..<Lanes.count { shifts[l] = tables.shifts[Int(slots[l])] }
                tau = o - shifts
            }
            var entry = lanes.lanes + (t &* packed.blocks &+ g)  // each track's groups in a run of their own
            if Int(slots[0]) < chunk.call.lowerBound &* Lanes.count || Int(slots[7]) >= chunk.call.upperBound &* Lanes.count {
                chunk.local.pointee = entry.pointee
                entry = chunk.local
            }
            let flags = SegmentGather.gather(entry, into: scratch + i, kind: kind, block: 0, packed: slots,
                                             tau: tau, tables: tables, shared: false)
            return (slots, tau, flags)
        }
        // The records group `g`'s lanes will read, asked for a pair ahead: on pages of many own timelines they are
        // beyond L2 (docs/DESIGN.md, "Own timelines distinct per subview").
        @inline(__always)
        func prefetch(_ g: Int) {
            let e = lanes.lanes + (t &* packed.blocks &+ g)
            kernel_prefetch_records8(tables.segments, e.pointee.index, o, e.pointee.lo, e.pointee.hi)
        }
        // Two groups at a time, their easings side by side (`values`).
        while g < groups.upperBound {
            if g &+ 3 <= groups.upperBound {
                prefetch(g &+ 2)
                prefetch(g &+ 3)
            }
            let (a, b) = (gather(g, 0), gather(g &+ 1, 1))
            let (va, vb) = values(scratch, a.flags, a.tau, scratch + 1, b.flags, b.tau, kind)
            scatter(va, a.slots, kind, chunk)
            scatter(vb, b.slots, kind, chunk)
            if g &+ 1 == groups.upperBound { carry.pointee = PackedCarry(group: g &+ 1, slots: b.slots, values: vb) }
            g &+= 2
        }
        while g <= groups.upperBound {
            let a = gather(g, 0)
            let values = value(scratch, kind, a.flags, a.tau)
            scatter(values, a.slots, kind, chunk)
            if g == groups.upperBound { carry.pointee = PackedCarry(group: g, slots: a.slots, values: values) }
            g &+= 1
        }
    }

    /// `value` of two groups, their easings side by side so that the latency of one's solve hides the other's
    /// (docs/DESIGN.md, "Own timelines packed by track"): each the bits of `value`.
    @inline(__always)
    static func values(_ t0: UnsafeMutablePointer<TrackLanes>, _ f0: UInt8, _ tau0: Lanes.Doubles,
                       _ t1: UnsafeMutablePointer<TrackLanes>, _ f1: UInt8, _ tau1: Lanes.Doubles,
                       _ kind: TrackKind) -> ((V, V), (V, V)) {
        guard f0 & f1 & TrackLanes.solves != 0, (f0 | f1) & TrackLanes.constant == 0 else {
            return (value(t0, kind, f0, tau0), value(t1, kind, f1, tau1))
        }
        let (e0, e1) = TrackLanes.easedSolving(t0, tau0, t1, tau1)
        return (value(t0, kind, eased: e0), value(t1, kind, eased: e1))
    }

    /// Each lane's two values into its block's pose, for the lanes in the chunk.
    @inline(__always)
    static func scatter(_ values: (V, V), _ slots: UnsafePointer<Int32>?, _ kind: TrackKind, _ chunk: Chunk) {
        guard let slots else { return }
        let lo = chunk.first &* Lanes.count, hi = chunk.end &* Lanes.count
        // Slot s's first value at (s >> 3)·64 + (s & 7) + `shift` in the poses.
        let shift = kind.rawValue &* 2 &* Lanes.count &- lo &* Lanes.count
        var values = values
        withUnsafeBytes(of: &values) { raw in
            let v = raw.baseAddress!.assumingMemoryBound(to: Float.self)
            @inline(__always)
            func put(_ l: Int, _ s: Int) {
                let at = chunk.poses + ((s &>> 3) &* 64 &+ (s & 7) &+ shift)
                at[0] = v[l]
                if kind != .alpha { at[Lanes.count] = v[Lanes.count &+ l] }
            }
            if Int(slots[0]) >= lo && Int(slots[7]) < hi {
                for l in 0..<Lanes.count { put(l, Int(slots[l])) }
            } else {
                for l in 0..<Lanes.count where Int(slots[l]) >= lo && Int(slots[l]) < hi { put(l, Int(slots[l])) }
            }
        }
    }
}
