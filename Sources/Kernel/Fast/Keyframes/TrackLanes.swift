/// One track of one block of 8 lanes: the segment each lane's time sits in, with what it
/// takes to evaluate it there, as lane vectors (the animator's `SegmentCache` holds one per
/// block and present track).
///
/// Lane `l` is valid while `lo ≤ τ < hi` (exact Double compares: `τ − lo ≥ 0` and
/// `hi − τ > 0` have the signs of the comparisons, as IEEE subtraction of unequal numbers
/// never gives zero). Then `p = Float(τ − lo)·invLen`, `E = B_y(u)` with `B_x(u) = p`
/// (`EasingPolynomial`), and the value is `v0 + dv·E`. Before the first keyframe
/// (`lo = −∞`) and from the last on (`hi = +∞`) `invLen = dv = 0`: the value is `v0`.
/// A rotation's `v0` is `v0x + v0y` (a Double split into two Floats, angles reach 1e6 rad).
struct TrackLanes {
    var lo, hi: Lanes.Doubles
    var invLen, v0x, v0y, dvx, dvy: Lanes.Floats
    var ax, bx, cx, ay, by, cy: Lanes.Floats

    /// Never valid: the first frame finds every lane's segment.
    static let invalid = TrackLanes(
        lo: .init(repeating: .infinity), hi: .init(repeating: -.infinity), invLen: .zero, v0x: .zero, v0y: .zero,
        dvx: .zero, dvy: .zero, ax: .zero, bx: .zero, cx: .zero, ay: .zero, by: .zero, cy: .zero)

    /// Whether every lane's `τ` is inside its cached segment.
    @inline(__always)
    func holds(_ tau: Lanes.Doubles) -> Bool {
        (tau - lo).min() >= 0 && (hi - tau).min() > 0
    }

    /// Block flags (`SegmentCache.flags`): every lane's value is `v0` (skip the easing).
    static let constant: UInt8 = 1
    /// Some lane needs the Bézier solve (its `B_x` is not `u`).
    static let solves: UInt8 = 2

    /// The flags of the segments now cached.
    var flags: UInt8 {
        var constant = true, solves = false
        for l in 0..<Lanes.count where invLen[l] != 0 && (dvx[l] != 0 || dvy[l] != 0) {
            constant = false
            if ax[l] != 0 || bx[l] != 0 || cx[l] != 1 { solves = true }
        }
        return (constant ? TrackLanes.constant : 0) | (solves ? TrackLanes.solves : 0)
    }

    /// `E` in every lane (0 where the block is constant).
    @inline(__always)
    func eased(_ tau: Lanes.Doubles, flags: UInt8) -> Lanes.Floats {
        if flags & TrackLanes.constant != 0 { return .zero }
        // The bound keeps Float(τ − lo) finite where lo = −∞ (and invLen = 0).
        let p = Lanes.Floats(Lanes.Doubles.pointwiseMin(tau - lo, Lanes.Doubles(repeating: 1e30))) * invLen
        let u = flags & TrackLanes.solves != 0 ? BezierLanes.solve(p, ax: ax, bx: bx, cx: cx) : p
        return ((ay * u + by) * u + cy) * u
    }
}

extension Lanes.Doubles {
    /// The lane-wise minimum (minpd), for `TrackLanes.eased`.
    @inline(__always)
    static func pointwiseMin(_ a: Self, _ b: Self) -> Self { Swift.pointwiseMin(a, b) }
}
