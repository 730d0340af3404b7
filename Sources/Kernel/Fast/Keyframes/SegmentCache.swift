/// Each lane's current keyframe segment per track, kept from frame to frame by an animator
/// (scrolling is coherent: a lane changes segment once per keyframe it passes, not every
/// frame). One `TrackLanes` per block and present track of every page in
/// `KeyframeMode.lanes`, plus one byte of flags each.
///
/// Only a starting point: `KeyframeKernel` checks every lane's segment each frame with
/// exact Double compares and finds it again where it left (`refresh`), so a frame does not
/// depend on the frames before it, and a split frame is bitwise the single-core one (the
/// workers own disjoint blocks). A value with copy-on-write storage, like `FrameBuffer`.
final class SegmentCache: @unchecked Sendable {
    let lanes: UnsafeMutablePointer<TrackLanes>
    let flags: UnsafeMutablePointer<UInt8>
    let count: Int
    /// Per page: its first `TrackLanes`, or −1 for a page not in `KeyframeMode.lanes`.
    let pageStarts: [Int]

    init(_ plan: AnimationPlan) {
        var starts: [Int] = [], count = 0
        for (i, page) in plan.pages.enumerated() {
            if let tables = plan.laneTimelines[i] {
                starts.append(count)
                count += page.blocks * tables.tracks.count
            } else {
                starts.append(-1)
            }
        }
        (pageStarts, self.count) = (starts, count)
        lanes = .allocateAligned(count)
        flags = .allocateAligned(count)
        lanes.initialize(repeating: .invalid, count: count)
        flags.initialize(repeating: 0, count: count)
    }

    private init(copying other: SegmentCache) {
        (pageStarts, count) = (other.pageStarts, other.count)
        lanes = .allocateAligned(count)
        flags = .allocateAligned(count)
        lanes.initialize(from: other.lanes, count: count)
        flags.initialize(from: other.flags, count: count)
    }

    func copy() -> SegmentCache { SegmentCache(copying: self) }

    deinit {
        lanes.deallocate()
        flags.deallocate()
    }

    /// Finds the segment of every lane of `t` (track `kind`, block `block`) whose `τ` left
    /// its cached one, and the block's flags again. Scalar: it runs when a lane crosses a
    /// keyframe, not every frame.
    @inline(never)
    static func refresh(_ t: UnsafeMutablePointer<TrackLanes>, _ flags: UnsafeMutablePointer<UInt8>, kind: TrackKind,
                        block: Int, tau: Lanes.Doubles, tables: LaneTimelines) {
        var lanes = t.pointee
        for l in 0..<Lanes.count {
            let time = tau[l]
            guard !(time - lanes.lo[l] >= 0 && lanes.hi[l] - time > 0) else { continue }
            let source = Int(tables.laneSource[block * Lanes.count + l])
            let track = source >= 0 ? tables.sources[source].tracks[kind.rawValue] : (start: 0, count: 0)
            var lo = -Double.infinity, hi = Double.infinity, invLen = 0.0
            var v0 = kind.neutral, dv = SIMD2<Double>.zero
            var easing = EasingPolynomial(.linear)
            if track.count > 0 {
                let times = tables.times, first = track.start, last = track.start + track.count - 1
                if time.isNaN {
                    (lo, hi, v0) = (.infinity, -.infinity, SIMD2(repeating: .nan))
                } else if time < times[first] {
                    (hi, v0) = (times[first], tables.values[first])
                } else if time >= times[last] {
                    (lo, v0) = (times[last], tables.values[last])
                } else {
                    var (a, b) = (first, last)  // times[a] ≤ τ < times[b]
                    while b - a > 1 {
                        let mid = (a + b) / 2
                        if time < times[mid] { b = mid } else { a = mid }
                    }
                    (lo, hi) = (times[a], times[b])
                    invLen = 1 / (hi - lo)
                    v0 = tables.values[a]
                    dv = tables.values[b] - tables.values[a]
                    easing = tables.easings[a]
                }
            }
            lanes.lo[l] = lo
            lanes.hi[l] = hi
            lanes.invLen[l] = Float(invLen)
            if kind == .rotation {
                let high = Float(v0.x)
                (lanes.v0x[l], lanes.v0y[l]) = (high, Float(v0.x - Double(high)))
            } else {
                (lanes.v0x[l], lanes.v0y[l]) = (Float(v0.x), Float(v0.y))
            }
            (lanes.dvx[l], lanes.dvy[l]) = (Float(dv.x), Float(dv.y))
            (lanes.ax[l], lanes.bx[l], lanes.cx[l]) = (Float(easing.ax), Float(easing.bx), Float(easing.cx))
            (lanes.ay[l], lanes.by[l], lanes.cy[l]) = (Float(easing.ay), Float(easing.by), Float(easing.cy))
        }
        t.pointee = lanes
        flags.pointee = lanes.flags
    }
}
