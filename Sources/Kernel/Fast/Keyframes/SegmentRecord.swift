import KernelTarget

/// One segment of one track of one source (`TrackLanes`' fields for one lane), laid out once by the plan so that the
/// per-subview state stays small (docs/DESIGN.md, "Keyframe scenarios and working set"). A track of `n` keyframes
/// has `n + 1` records (`−∞ … t₁`, the segments, `tₙ … +∞`), a missing track one (`−∞ … +∞`, neutral); the table
/// starts with the NaN record and each track's neutral one (lanes without a source).
package struct SegmentRecord {
    /// `invLen v0x v0y dvx dvy ax bx cx`.
    package var a: SIMD8<Float>
    /// `ay by cy gk g0 g1 g2 g3`: the easing's `B_y` and its fitted start (`EasingGuess.row`).
    package var b: SIMD8<Float>
    package var lo: Double, hi: Double
    /// `SegmentRecord.live`, `.solves`, `.tiny`.
    package var flags: UInt32

    /// The lane moves: `invLen ≠ 0` and `|dvx| + |dvy| ≠ 0`.
    package static let live: UInt32 = 1
    /// It moves and its `B_x` is not `u`.
    package static let solves: UInt32 = 2
    /// Its gap is below `SegmentCache.tinyGap`: `lo` is placed per frame (`SegmentGather`).
    package static let tiny: UInt32 = 4
    /// In a block's flags only (`LaneSegments.flags`): its 8 lanes hold one record.
    static let oneRecord = UInt32(KERNEL_SEGMENT_ONE_RECORD)

    /// Index of the NaN record; the neutral record of track `kind` is `1 + kind.rawValue`.
    package static let nanIndex: Int32 = 0
    static let fixedCount = 1 + TrackKind.allCases.count

    /// The record of a segment from `lo` to `hi` (infinite ends allowed) whose value starts
    /// at `v0` and moves by `dv`, with the easing's cubics and fitted start, as Floats.
    init(kind: TrackKind, lo: Double, hi: Double, v0: SIMD2<Double>, dv: SIMD2<Double>,
         easing: SIMD8<Float>, guess: SIMD8<Float>) {
        var invLen = 0.0
        var flags: UInt32 = 0
        if lo > -.infinity && hi < .infinity && lo < hi {
            invLen = 1 / (hi - lo)
            if hi - lo < SegmentCache.tinyGap { (invLen, flags) = (1, SegmentRecord.tiny) }
        }
        let (v0x, v0y): (Float, Float)
        if kind == .rotation {
            let high = Float(v0.x)
            (v0x, v0y) = (high, Float(v0.x - Double(high)))
        } else {
            (v0x, v0y) = (Float(v0.x), Float(v0.y))
        }
        let (dvx, dvy) = (Float(dv.x), Float(dv.y))
        self.lo = lo
        self.hi = hi
        a = SIMD8(Float(invLen), v0x, v0y, dvx, dvy, easing[0], easing[1], easing[2])
        b = SIMD8(easing[3], easing[4], easing[5], guess[0], guess[1], guess[2], guess[3], guess[4])
        // Tested as `!(… == 0)`, so that a NaN counts as not zero.
        let moving = dvx.magnitude + dvy.magnitude
        let curved = easing[0].magnitude + easing[1].magnitude + (easing[2] - 1).magnitude
        if !(a[0].magnitude == 0) && !(moving == 0) {
            flags |= SegmentRecord.live
            if !(curved == 0) { flags |= SegmentRecord.solves }
        }
        self.flags = flags
    }

    /// The NaN record: never valid, value NaN.
    static let nan = constant(.translation, lo: .infinity, hi: -.infinity, SIMD2(repeating: .nan))

    /// A constant record from `lo` to `hi` at `value`, with the linear easing (`u = p`, `B_y = u`).
    static func constant(_ kind: TrackKind, lo: Double, hi: Double, _ value: SIMD2<Double>) -> SegmentRecord {
        SegmentRecord(kind: kind, lo: lo, hi: hi, v0: value, dv: .zero, easing: SIMD8(0, 0, 1, 0, 0, 1, 0, 0),
                      guess: EasingGuess.linear.row)
    }
}
