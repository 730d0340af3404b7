import KernelTarget

/// `KeyframeMode.lanes` pages, whose lanes read timelines at different times: per block of 8, each track's cached
/// segment checked and gathered, eased in Float lanes, then `M = K·B` (docs/DESIGN.md, "Keyframe timelines").
enum KeyframeKernel {
    static func run(_ k: PageConstants, _ keyframes: PageConstants.LaneKeyframes, _ input: KernelInputs,
                    _ output: KernelOutputs, blocks: Range<Int>) {
        guard let lanes = input.keyframes else { return }
        switch output.layout {
        case .blocks: run(k, keyframes, input, lanes, output, blocks, BlockWriter.self)
        case .float4x4: run(k, keyframes, input, lanes, output, blocks, Float4x4Writer.self)
        case .caTransform3D: run(k, keyframes, input, lanes, output, blocks, CATransform3DWriter.self)
        }
    }

    @inline(never)
    static func run<W: LayoutWriter>(_ k: PageConstants, _ keyframes: PageConstants.LaneKeyframes, _ input: KernelInputs,
                                     _ lanes: KeyframeInputs, _ output: KernelOutputs, _ blocks: Range<Int>, _: W.Type) {
        // Borrowed, not retained: a split frame's threads would contend on one reference count.
        lanes.tables._withUnsafeGuaranteedRef { tables in
            if let packed = tables.packed {
                runPacked(k, keyframes, input, lanes, output, blocks, tables, packed, W.self)
            } else {
                run(k, keyframes, input, lanes, output, blocks, tables, W.self)
            }
        }
    }

    @inline(__always)
    static func run<W: LayoutWriter>(_ k: PageConstants, _ keyframes: PageConstants.LaneKeyframes, _ input: KernelInputs,
                                     _ lanes: KeyframeInputs, _ output: KernelOutputs, _ blocks: Range<Int>,
                                     _ tables: LaneTimelines, _: W.Type) {
        let stride = tables.tracks.count, slots = tables.trackSlots
        let o = Lanes.Doubles(repeating: keyframes.offset)
        let page = KeyframeComposition.Page(k)
        // A tuple, since a temporary allocation this large takes the heap
        // (docs/DESIGN.md, "Keyframe scenarios and working set").
        var scratch = (TrackLanes.invalid, TrackLanes.invalid, TrackLanes.invalid, TrackLanes.invalid)
        withUnsafeMutablePointer(to: &scratch) { tuple in
            let scratch = UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: TrackLanes.self)
            // Constant slots when every track is present fold the presence tests away; one-source pages take the
            // second loop, which splats (docs/DESIGN.md, "A block that holds one record is splat").
            let shared = tables.sourceCount == 1
            if slots == SIMD4(0, 1, 2, 3) && !shared {
                for i in blocks {
                    block(k, keyframes, input, lanes, output, i, o: o, page: page, tables: tables, slots: (0, 1, 2, 3),
                          stride: 4, shared: false, scratch: scratch, W.self)
                }
            } else {
                for i in blocks {
                    block(k, keyframes, input, lanes, output, i, o: o, page: page, tables: tables,
                          slots: (slots[0], slots[1], slots[2], slots[3]), stride: stride, shared: shared,
                          scratch: scratch, W.self)
                }
            }
        }
    }

    /// Block `i`: each present track's cached segments checked, its value, then `M = K·B`
    /// stored. `slots` are the tracks' places among the block's `stride` entries (−1 absent).
    @inline(__always)
    static func block<W: LayoutWriter>(_ k: PageConstants, _ keyframes: PageConstants.LaneKeyframes,
                                       _ input: KernelInputs, _ lanes: KeyframeInputs, _ output: KernelOutputs,
                                       _ i: Int, o: Lanes.Doubles, page: KeyframeComposition.Page,
                                       tables: LaneTimelines, slots: (Int, Int, Int, Int), stride: Int, shared: Bool,
                                       scratch: UnsafeMutablePointer<TrackLanes>, _: W.Type) {
        let (tSlot, sSlot, rSlot, aSlot) = slots
        let tau = o - UnsafeRawPointer(tables.shifts + i &* Lanes.count).load(as: Lanes.Doubles.self)
        let entry = i &* stride
        var flags = SIMD4<UInt8>.zero
        if tSlot >= 0 { flags[0] = gather(lanes, entry &+ tSlot, .translation, i, tau, tables, shared, scratch) }
        if sSlot >= 0 { flags[1] = gather(lanes, entry &+ sSlot, .scale, i, tau, tables, shared, scratch) }
        if rSlot >= 0 { flags[2] = gather(lanes, entry &+ rSlot, .rotation, i, tau, tables, shared, scratch) }
        if aSlot >= 0 { flags[3] = gather(lanes, entry &+ aSlot, .alpha, i, tau, tables, shared, scratch) }
        var pose = KeyframeComposition.Pose()
        if tSlot >= 0 { (pose.tx, pose.ty) = value(scratch, .translation, flags[0], tau) }
        if sSlot >= 0 { (pose.sx, pose.sy) = value(scratch + 1, .scale, flags[1], tau) }
        var alpha = Lanes.Floats(repeating: k.alpha)
        if aSlot >= 0 { alpha *= value(scratch + 3, .alpha, flags[3], tau).0 }
        if rSlot >= 0 { (pose.sin, pose.cos) = value(scratch + 2, .rotation, flags[2], tau) }
        compose(pose, alpha: alpha, keyframes, page, input, output, i, tables: tables, W.self)
    }

    /// `M = K·B` of block `i` at `pose` stored, then its static lanes patched.
    @inline(__always)
    static func compose<W: LayoutWriter>(_ pose: KeyframeComposition.Pose, alpha: Lanes.Floats,
                                         _ keyframes: PageConstants.LaneKeyframes, _ page: KeyframeComposition.Page,
                                         _ input: KernelInputs, _ output: KernelOutputs, _ i: Int,
                                         tables: LaneTimelines, _: W.Type) {
        // One store in each branch: after them, the planar composition's constant fields went through the stack.
        if keyframes.planar {
            W.store(KeyframeComposition.planar(pose, page, input, block: i, alpha: alpha), output, block: i)
        } else {
            W.store(KeyframeComposition.general(pose, page, input, axes: tables.axes + i &* 9 &* Lanes.count,
                                                block: i, alpha: alpha), output, block: i)
        }
        W.patchStatics(input, output, block: i)
    }

    /// `SegmentGather.gather` of track `kind` in block `i`, into its scratch `TrackLanes` (one per kind).
    @inline(__always)
    static func gather(_ lanes: KeyframeInputs, _ entry: Int, _ kind: TrackKind, _ i: Int, _ tau: Lanes.Doubles,
                       _ tables: LaneTimelines, _ shared: Bool, _ scratch: UnsafeMutablePointer<TrackLanes>) -> UInt8 {
        SegmentGather.gather(lanes.lanes + entry, into: scratch + kind.rawValue, kind: kind, block: i, tau: tau,
                             tables: tables, shared: shared)
    }

    /// What a track gives the pose from its gathered segments `t`: `(v0 + dv·E)` for a translation or scale, the
    /// angle's sine and cosine for a rotation, the clamped alpha (and 1) for an alpha. A constant block's `v0` is
    /// returned as it is (`v0 + dv·0` may differ), except a rotation's, which goes through `E = 0`.
    @inline(__always)
    static func value(_ t: UnsafeMutablePointer<TrackLanes>, _ kind: TrackKind, _ flags: UInt8, _ tau: Lanes.Doubles)
        -> (Lanes.Floats, Lanes.Floats) {
        switch kind {
        case .translation, .scale:
            if flags & TrackLanes.constant != 0 { return (t.pointee.v0x, t.pointee.v0y) }
            return value(t, .translation, eased: TrackLanes.eased(t, tau, flags: flags))
        case .rotation:
            return value(t, .rotation, eased: TrackLanes.eased(t, tau, flags: flags))
        case .alpha:
            let v = flags & TrackLanes.constant != 0
                ? t.pointee.v0x : value(t, .translation, eased: TrackLanes.eased(t, tau, flags: flags)).0
            return (kernel_clamp_unit8(v), Lanes.Floats(repeating: 1))
        }
    }

    /// `value(_:_:_:_:)` of a block or group that is not constant, eased by `e`.
    @inline(__always)
    static func value(_ t: UnsafeMutablePointer<TrackLanes>, _ kind: TrackKind, eased e: Lanes.Floats)
        -> (Lanes.Floats, Lanes.Floats) {
        switch kind {
        case .translation, .scale:
            return (t.pointee.v0x + t.pointee.dvx * e, t.pointee.v0y + t.pointee.dvy * e)
        case .rotation:
            return VectorTrig.sinCos(kernel_widen8(t.pointee.v0x) + kernel_widen8(t.pointee.v0y)
                                     + kernel_widen8(t.pointee.dvx * e))
        case .alpha:
            return (kernel_clamp_unit8(t.pointee.v0x + t.pointee.dvx * e), Lanes.Floats(repeating: 1))
        }
    }
}
