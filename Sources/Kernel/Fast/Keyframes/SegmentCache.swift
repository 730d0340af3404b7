import KernelTarget

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
        flags = .allocateAligned(count, from: arena)
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

    /// Keyframe gaps below this are cached for one frame at a time (`refresh`): in Float,
    /// `τ − lo` loses precision from about 1e-38 (subnormals) and `1 / (hi − lo)` overflows
    /// from about 3e-39, while every gap from 1e-30 up keeps `p` within 1e-7.
    static let tinyGap = 1e-30

    /// The bytes `lanes` and `flags` were allocated with (the memory probe counts the same,
    /// `WalkthroughAnimator.bufferByteCounts`; `AllocationTests`).
    var allocatedByteCounts: [Int] {
        [UnsafeMutablePointer<TrackLanes>.alignedByteCount(count), UnsafeMutablePointer<UInt8>.alignedByteCount(count)]
    }

    deinit {
        lanes.deallocate()
        flags.deallocate()
    }

    /// Finds the segment of every lane of `t` (track `kind`, block `block`) whose `τ` left
    /// its cached one, and the block's flags again. Scalar: it runs when a lane crosses a
    /// keyframe, not every frame; raw memory only (it was 17% of own timelines' time with
    /// arrays and a copy of the whole block).
    @inline(never)
    static func refresh(_ t: UnsafeMutablePointer<TrackLanes>, _ flags: UnsafeMutablePointer<UInt8>, kind: TrackKind,
                        block: Int, tau: Lanes.Doubles, tables: LaneTimelines) {
        let raw = UnsafeMutableRawPointer(t)
        let doubles = raw.assumingMemoryBound(to: Double.self)  // lo: lanes 0–7, hi: 8–15
        let floats = (raw + 2 * MemoryLayout<Lanes.Doubles>.stride).assumingMemoryBound(to: Float.self)
        func put(_ field: Int, _ l: Int, _ v: Float) { floats[field &* Lanes.count &+ l] = v }
        let neutral = kind.neutral
        // The lanes that left their segment, as bits (the compares in vectors).
        var outside = kernel_outside_mask8(tau, t.pointee.lo, t.pointee.hi)
        while outside != 0 {
            let l = outside.trailingZeroBitCount
            outside &= outside &- 1
            let time = tau[l]
            let source = Int(tables.laneSource[block &* Lanes.count &+ l])
            let start = source >= 0 ? Int(tables.trackRanges[source &* 8 &+ 2 &* kind.rawValue]) : 0
            let count = source >= 0 ? Int(tables.trackRanges[source &* 8 &+ 2 &* kind.rawValue &+ 1]) : 0
            var lo = -Double.infinity, hi = Double.infinity, invLen = 0.0
            var v0 = neutral, dv = SIMD2<Double>.zero
            var easing = SIMD8<Float>(0, 0, 1, 0, 0, 1, 0, 0)  // linear
            var guess = SIMD8<Float>(1, 1, -1, 0, 1, 0, 0, 0)  // EasingGuess.linear
            if count > 0 {
                let times = tables.timeTable, first = start, last = start &+ count &- 1
                if time.isNaN {
                    (lo, hi, v0) = (.infinity, -.infinity, SIMD2(repeating: .nan))
                } else if time < times[first] {
                    (hi, v0) = (times[first], tables.valueTable[first])
                } else if time >= times[last] {
                    (lo, v0) = (times[last], tables.valueTable[last])
                } else {
                    var (a, b) = (first, last)  // times[a] ≤ τ < times[b]
                    while b &- a > 1 {
                        let mid = (a &+ b) / 2
                        if time < times[mid] { b = mid } else { a = mid }
                    }
                    (lo, hi) = (times[a], times[b])
                    invLen = 1 / (hi - lo)
                    if hi - lo < SegmentCache.tinyGap {
                        // Float cannot hold τ − lo and 1 / (hi − lo) of such a gap (0 · ∞ was
                        // NaN): lo is moved so that Float(τ − lo) · 1 is the reference's Double
                        // p for this τ, and hi = −∞ fails the next frame's check, which finds
                        // the segment again for its own τ.
                        let p = (time - lo) / (hi - lo)
                        (lo, hi, invLen) = (time - p, -.infinity, 1)
                    }
                    v0 = tables.valueTable[a]
                    dv = tables.valueTable[b] - v0
                    easing = tables.easingTable[a]
                    guess = tables.guessTable[a]
                }
            }
            doubles[l] = lo
            doubles[Lanes.count &+ l] = hi
            put(0, l, Float(invLen))
            if kind == .rotation {
                let high = Float(v0.x)
                put(1, l, high)
                put(2, l, Float(v0.x - Double(high)))
            } else {
                put(1, l, Float(v0.x))
                put(2, l, Float(v0.y))
            }
            put(3, l, Float(dv.x))
            put(4, l, Float(dv.y))
            for c in 0..<6 { put(5 &+ c, l, easing[c]) }
            for c in 0..<6 { put(11 &+ c, l, guess[c]) }
        }
        flags.pointee = TrackLanes.flags(t)
    }
}
