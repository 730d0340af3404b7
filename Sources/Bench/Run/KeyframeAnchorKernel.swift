import CAnchor
import Foundation
import WalkthroughKernel

/// The C anchor with keyframes (`Sources/CAnchor/keyframes.c`): pages whose lanes read
/// timelines at different times go to `kf_lanes_frame`, every other page (a shared
/// keyframed pose is folded into the page matrix, with its own translation row) to
/// `CAnchorKernel`. Called by the same frame driver as the Swift kernel; writes every layout.
///
/// Each page in lanes mode gets a `kf_state` at its first frame: the lanes' cached segments
/// (the anchor's own, as the Swift kernel has the animator's `SegmentCache`) and the stagger
/// split's tables. The kernel belongs to one animator (`ImplementationKind.make`), whose
/// frames run one at a time; the threads of a split frame own disjoint blocks. Copies of
/// that animator share the states: they must not run frames at the same time (the bench
/// never copies it).
struct CKeyframeAnchorKernel: PageKernel {
    let anchor = CAnchorKernel()
    let states = States()
    /// The anchor keeps its segments in its `kf_state`s: the animator needs no cache of its own.
    var usesSegmentCache: Bool { false }

    @inline(__always)
    func evaluate(_ k: PageConstants, _ inputs: KernelInputs, _ output: KernelOutputs, blocks: Range<Int>) {
        guard let lanes = k.laneKeyframes, let keyframes = inputs.keyframes else {
            anchor.evaluate(k, inputs, output, blocks: blocks)
            return
        }
        var page = kf_page(page: CAnchorKernel.anchorPage(k), offset: lanes.offset, planar: lanes.planar ? 1 : 0)
        var cInputs = anchor_inputs(speeds: inputs.speeds, static_lanes: inputs.staticLanes)
        var cOutputs = anchorOutputs(output)
        let entry = states.entry(keyframes.tables.takeUnretainedValue(), blocks: (output.count + 7) / 8)
        withUnsafePointer(to: entry.tables) { tables in
            kf_lanes_frame(&page, tables, entry.state, &cInputs, &cOutputs, blocks.lowerBound, blocks.upperBound)
        }
    }

    /// One `kf_state` per page's tables, made at first use and freed with the kernel.
    final class States: @unchecked Sendable {
        struct Entry {
            /// Held, so that the raw table pointers below stay valid and the key (its
            /// identity) cannot be reused by another plan's tables while the entry lives.
            let timelines: LaneTimelines
            /// The easing and guess tables `tables` points into.
            let rows: AnchorEasingRows
            let tables: kf_tables
            let state: OpaquePointer
            /// The page's blocks that `state` was made for.
            let blocks: Int
        }

        private let lock = NSLock()
        private var entries: [ObjectIdentifier: Entry] = [:]

        func entry(_ t: LaneTimelines, blocks: Int) -> Entry {
            lock.lock()
            defer { lock.unlock() }
            if let entry = entries[ObjectIdentifier(t)] {
                precondition(entry.blocks == blocks, "the C anchor's keyframe state was made for \(entry.blocks) blocks, not \(blocks)")
                return entry
            }
            let rows = AnchorEasingRows(t)
            let tables = kf_tables(lane_source: t.laneSource, shifts: t.shifts, axes: t.axes, track_ranges: t.trackRanges,
                                   times: t.timeTable,
                                   values: UnsafeRawPointer(t.valueTable).assumingMemoryBound(to: Double.self),
                                   easings: UnsafeRawPointer(rows.easings).assumingMemoryBound(to: Float.self),
                                   guesses: UnsafeRawPointer(rows.guesses).assumingMemoryBound(to: Float.self),
                                   tracks: Int32(t.trackMask))
            guard let state = withUnsafePointer(to: tables, { kf_state_create($0, blocks) }) else {
                fatalError("out of memory for the C anchor's keyframe state")
            }
            let entry = Entry(timelines: t, rows: rows, tables: tables, state: state, blocks: blocks)
            entries[ObjectIdentifier(t)] = entry
            return entry
        }

        deinit {
            for entry in entries.values { kf_state_destroy(entry.state) }
        }
    }
}

/// The per-keyframe easing rows (`ax bx cx ay by cy 0 0`) and fitted starts (`a b c0 c1 c2
/// c3 0 0`) the C anchor reads (`kf_tables.easings`, `.guesses`), taken from the plan's
/// segment records: the plan keeps them there only (a keyframe's easing is its segment's).
/// A track's last keyframe, which starts no segment, gets the linear rows (never read).
final class AnchorEasingRows: @unchecked Sendable {
    let easings: UnsafeMutablePointer<SIMD8<Float>>
    let guesses: UnsafeMutablePointer<SIMD8<Float>>

    init(_ t: LaneTimelines) {
        let count = max(t.keyframeCount, 1)
        easings = .allocate(capacity: count)
        guesses = .allocate(capacity: count)
        easings.initialize(repeating: SIMD8(0, 0, 1, 0, 0, 1, 0, 0), count: count)
        guesses.initialize(repeating: SIMD8(1, 1, -1, 0, 1, 0, 0, 0), count: count)
        for source in 0..<t.sourceCount {
            for kind in 0..<4 {
                let first = Int(t.trackRanges[8 * source + 2 * kind]), keyframes = Int(t.trackRanges[8 * source + 2 * kind + 1])
                let records = Int(t.segmentStarts[4 * source + kind]) + 1  // after the one before the first keyframe
                for j in 0..<max(keyframes - 1, 0) {
                    let r = t.segments[records + j]
                    easings[first + j] = SIMD8(r.a[5], r.a[6], r.a[7], r.b[0], r.b[1], r.b[2], 0, 0)
                    let k = r.b[3]  // EasingGuess.row: b = |k|, a the sign of k
                    guesses[first + j] = SIMD8(k.sign == .minus ? -1 : 1, k.magnitude, r.b[4], r.b[5], r.b[6], r.b[7], 0, 0)
                }
            }
        }
    }

    deinit {
        easings.deallocate()
        guesses.deallocate()
    }
}
