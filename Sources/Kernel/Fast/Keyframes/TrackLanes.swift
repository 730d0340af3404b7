import KernelTarget

/// One track of one block as lane vectors, gathered each frame from the plan's `SegmentRecord`s: value `v0 + dv·E`,
/// `p = Float(τ − lo)·invLen` (docs/DESIGN.md, "Keyframe scenarios and working set"). In a segment shorter than
/// `SegmentCache.tinyGap`, `invLen = 1` and `lo` is placed per frame so that `Float(τ − lo)` is `p`. A rotation's
/// `v0` is `v0x + v0y`, a Double split into two Floats, as angles reach 1e6 rad.
package struct TrackLanes {
    package var lo, hi: Lanes.Doubles
    package var invLen, v0x, v0y, dvx, dvy: Lanes.Floats
    package var ax, bx, cx, ay, by, cy: Lanes.Floats
    package var gk, g0, g1, g2, g3: Lanes.Floats

    /// A blank block (never valid: `lo > hi`), the scratch's start.
    package static let invalid = TrackLanes(
        lo: .init(repeating: .infinity), hi: .init(repeating: -.infinity), invLen: .zero, v0x: .zero, v0y: .zero,
        dvx: .zero, dvy: .zero, ax: .zero, bx: .zero, cx: .zero, ay: .zero, by: .zero, cy: .zero,
        gk: .zero, g0: .zero, g1: .zero, g2: .zero, g3: .zero)

    /// Block flags (`SegmentGather.gather`'s result): every lane's value is `v0` (skip the easing).
    package static let constant: UInt8 = 1
    /// Some lane needs the Bézier solve (its `B_x` is not `u`).
    package static let solves: UInt8 = 2

    /// `E` per lane (0 if constant), by half blocks where registers hold 4 Floats: same bits (`EasingHalvesTests`).
    @inline(__always)
    static func eased(_ t: UnsafePointer<TrackLanes>, _ tau: Lanes.Doubles, flags: UInt8) -> Lanes.Floats {
        if flags & TrackLanes.constant != 0 { return .zero }
        if Lanes.Floats.narrowVectors { return easedInHalves(t, tau, flags: flags) }
        return easedWhole(t, tau, flags: flags)
    }

    /// `eased` on all 8 lanes at once (for a block that is not constant).
    @inline(__always)
    package static func easedWhole(_ t: UnsafePointer<TrackLanes>, _ tau: Lanes.Doubles,
                                   flags: UInt8) -> Lanes.Floats {
        let p = wholeP(t, tau)
        guard flags & TrackLanes.solves != 0 else { return BezierLanes.x(p, t.pointee.ay, t.pointee.by, t.pointee.cy) }
        let u = BezierLanes.solve(p, from: wholeStart(t, p), ax: t.pointee.ax, bx: t.pointee.bx, cx: t.pointee.cx)
        return BezierLanes.x(u, t.pointee.ay, t.pointee.by, t.pointee.cy)
    }

    /// `p = Float(τ − lo)·invLen` on all 8 lanes. The bound keeps `p` finite where `lo = −∞` (and `invLen = 0`):
    /// `Float(τ − lo)` is `+∞` there. Bounded in Floats, after the conversion: a Double minimum is 8 scalar compares.
    @inline(__always)
    static func wholeP(_ t: UnsafePointer<TrackLanes>, _ tau: Lanes.Doubles) -> Lanes.Floats {
        kernel_min8(kernel_narrow8(tau - t.pointee.lo), Lanes.Floats(repeating: 1e30)) * t.pointee.invLen
    }

    @inline(__always)
    static func wholeStart(_ t: UnsafePointer<TrackLanes>, _ p: Lanes.Floats) -> Lanes.Floats {
        BezierLanes.start(p, k: t.pointee.gk, c: (t.pointee.g0, t.pointee.g1, t.pointee.g2, t.pointee.g3))
    }

    /// `eased` of two blocks (or groups) that both solve, their steps side by side so that each one's latency hides the
    /// other's (in halves where registers hold 4 Floats); each certified alone, so each has the bits it has alone.
    @inline(__always)
    package static func easedSolving(_ t0: UnsafePointer<TrackLanes>, _ tau0: Lanes.Doubles, _ t1: UnsafePointer<TrackLanes>,
                                     _ tau1: Lanes.Doubles) -> (Lanes.Floats, Lanes.Floats) {
        if Lanes.Floats.narrowVectors {
            let a = halvesStepped(t0, halfP(t0, tau0, 0), halfP(t0, tau0, 1))
            let b = halvesStepped(t1, halfP(t1, tau1, 0), halfP(t1, tau1, 1))
            return (halvesEased(t0, a), halvesEased(t1, b))
        }
        let (p0, p1) = (wholeP(t0, tau0), wholeP(t1, tau1))
        let s0 = BezierLanes.steps(p0, from: wholeStart(t0, p0), t0.pointee.ax, t0.pointee.bx, t0.pointee.cx)
        let s1 = BezierLanes.steps(p1, from: wholeStart(t1, p1), t1.pointee.ax, t1.pointee.bx, t1.pointee.cx)
        let u0 = BezierLanes.certified(s0.u, s0.r, p0, t0.pointee.ax, t0.pointee.bx, t0.pointee.cx)
        let u1 = BezierLanes.certified(s1.u, s1.r, p1, t1.pointee.ax, t1.pointee.bx, t1.pointee.cx)
        return (BezierLanes.x(u0, t0.pointee.ay, t0.pointee.by, t0.pointee.cy),
                BezierLanes.x(u1, t1.pointee.ay, t1.pointee.by, t1.pointee.cy))
    }

    /// `eased` one half block at a time, with one certificate for the block as in 8 lanes: the same bits.
    @inline(__always)
    package static func easedInHalves(_ t: UnsafePointer<TrackLanes>, _ tau: Lanes.Doubles,
                                      flags: UInt8) -> Lanes.Floats {
        let (p0, p1) = (halfP(t, tau, 0), halfP(t, tau, 1))
        guard flags & TrackLanes.solves != 0 else { return Lanes.Floats(lowHalf: y(t, p0, 0), highHalf: y(t, p1, 1)) }
        return halvesEased(t, halvesStepped(t, p0, p1))
    }

    typealias Half = SIMD4<Float>

    /// A block's halves after their first two Newton steps: `p`, `u` and the residual `r` of each.
    struct SteppedHalves {
        var p0, u0, r0, p1, u1, r1: Half
    }

    @inline(__always)
    static func half(_ v: Lanes.Floats, _ h: Int) -> Half { h == 0 ? v.lowHalf : v.highHalf }

    @inline(__always)
    static func halfP(_ t: UnsafePointer<TrackLanes>, _ tau: Lanes.Doubles, _ h: Int) -> Half {
        let d = h == 0 ? tau.lowHalf - t.pointee.lo.lowHalf : tau.highHalf - t.pointee.lo.highHalf
        return Half.minimum(kernel_narrow4(d), Half(repeating: 1e30)) * half(t.pointee.invLen, h)
    }

    @inline(__always)
    static func y(_ t: UnsafePointer<TrackLanes>, _ u: Half, _ h: Int) -> Half {
        BezierLanes.x(u, half(t.pointee.ay, h), half(t.pointee.by, h), half(t.pointee.cy, h))
    }

    /// Both halves' start and first two steps from their `p` (`halfP`; `easedInHalves`, `easedSolving`).
    @inline(__always)
    static func halvesStepped(_ t: UnsafePointer<TrackLanes>, _ p0: Half, _ p1: Half) -> SteppedHalves {
        @inline(__always)
        func steps(_ p: Half, _ h: Int) -> (u: Half, r: Half) {
            let start = BezierLanes.start(p, half(t.pointee.gk, h), (half(t.pointee.g0, h), half(t.pointee.g1, h),
                                                                    half(t.pointee.g2, h), half(t.pointee.g3, h)))
            return BezierLanes.steps(p, from: start, half(t.pointee.ax, h), half(t.pointee.bx, h),
                                     half(t.pointee.cx, h))
        }
        let (s0, s1) = (steps(p0, 0), steps(p1, 1))
        return SteppedHalves(p0: p0, u0: s0.u, r0: s0.r, p1: p1, u1: s1.u, r1: s1.r)
    }

    /// The block certified as a whole (else both halves take the last step), then `B_y`.
    @inline(__always)
    static func halvesEased(_ t: UnsafePointer<TrackLanes>, _ s: SteppedHalves) -> Lanes.Floats {
        var (u0, u1) = (s.u0, s.u1)
        if !(Half.allAtMost(Half.magnitude(s.r0), BezierLanes.certifiedResidual)
            && Half.allAtMost(Half.magnitude(s.r1), BezierLanes.certifiedResidual)) {
            u0 = BezierLanes.lastStep(u0, s.r0, s.p0, half(t.pointee.ax, 0), half(t.pointee.bx, 0), half(t.pointee.cx, 0))
            u1 = BezierLanes.lastStep(u1, s.r1, s.p1, half(t.pointee.ax, 1), half(t.pointee.bx, 1), half(t.pointee.cx, 1))
        }
        return Lanes.Floats(lowHalf: y(t, u0, 0), highHalf: y(t, u1, 1))
    }
}
