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
            let tables = kf_tables(lane_source: t.laneSource, shifts: t.shifts, axes: t.axes, track_ranges: t.trackRanges,
                                   times: t.timeTable,
                                   values: UnsafeRawPointer(t.valueTable).assumingMemoryBound(to: Double.self),
                                   easings: UnsafeRawPointer(t.easingTable).assumingMemoryBound(to: Float.self),
                                   guesses: UnsafeRawPointer(t.guessTable).assumingMemoryBound(to: Float.self),
                                   tracks: Int32(t.trackMask))
            guard let state = withUnsafePointer(to: tables, { kf_state_create($0, blocks) }) else {
                fatalError("out of memory for the C anchor's keyframe state")
            }
            let entry = Entry(timelines: t, tables: tables, state: state, blocks: blocks)
            entries[ObjectIdentifier(t)] = entry
            return entry
        }

        deinit {
            for entry in entries.values { kf_state_destroy(entry.state) }
        }
    }
}
