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
        // The bound keeps p finite where lo = −∞ (and invLen = 0): Float(τ − lo) is +∞ there.
        // Bounded in Floats, after the conversion: a Double minimum is 8 scalar compares.
        let p = kernel_min8(kernel_narrow8(tau - t.pointee.lo), Lanes.Floats(repeating: 1e30)) * t.pointee.invLen
        guard flags & TrackLanes.solves != 0 else { return BezierLanes.x(p, t.pointee.ay, t.pointee.by, t.pointee.cy) }
        let start = BezierLanes.start(p, k: t.pointee.gk, c: (t.pointee.g0, t.pointee.g1, t.pointee.g2, t.pointee.g3))
        let u = BezierLanes.solve(p, from: start, ax: t.pointee.ax, bx: t.pointee.bx, cx: t.pointee.cx)
        return BezierLanes.x(u, t.pointee.ay, t.pointee.by, t.pointee.cy)
    }

    /// `eased` one half block at a time, with one certificate for the block as in 8 lanes: the same bits.
    @inline(__always)
    package static func easedInHalves(_ t: UnsafePointer<TrackLanes>, _ tau: Lanes.Doubles,
                                      flags: UInt8) -> Lanes.Floats {
        typealias H = SIMD4<Float>
        @inline(__always)
        func half(_ v: Lanes.Floats, _ h: Int) -> H { h == 0 ? v.lowHalf : v.highHalf }
        @inline(__always)
        func p(_ h: Int) -> H {
            let d = h == 0 ? tau.lowHalf - t.pointee.lo.lowHalf : tau.highHalf - t.pointee.lo.highHalf
            return H.minimum(kernel_narrow4(d), H(repeating: 1e30)) * half(t.pointee.invLen, h)
        }
        @inline(__always)
        func y(_ u: H, _ h: Int) -> H {
            BezierLanes.x(u, half(t.pointee.ay, h), half(t.pointee.by, h), half(t.pointee.cy, h))
        }
        let (p0, p1) = (p(0), p(1))
        guard flags & TrackLanes.solves != 0 else { return Lanes.Floats(lowHalf: y(p0, 0), highHalf: y(p1, 1)) }
        @inline(__always)
        func steps(_ p: H, _ h: Int) -> (u: H, r: H) {
            let start = BezierLanes.start(p, half(t.pointee.gk, h), (half(t.pointee.g0, h), half(t.pointee.g1, h),
                                                                    half(t.pointee.g2, h), half(t.pointee.g3, h)))
            return BezierLanes.steps(p, from: start, half(t.pointee.ax, h), half(t.pointee.bx, h),
                                     half(t.pointee.cx, h))
        }
        let (s0, s1) = (steps(p0, 0), steps(p1, 1))
        var (u0, u1) = (s0.u, s1.u)
        if !(H.allAtMost(H.magnitude(s0.r), BezierLanes.certifiedResidual)
            && H.allAtMost(H.magnitude(s1.r), BezierLanes.certifiedResidual)) {
            u0 = BezierLanes.lastStep(u0, s0.r, p0, half(t.pointee.ax, 0), half(t.pointee.bx, 0), half(t.pointee.cx, 0))
            u1 = BezierLanes.lastStep(u1, s1.r, p1, half(t.pointee.ax, 1), half(t.pointee.bx, 1), half(t.pointee.cx, 1))
        }
        return Lanes.Floats(lowHalf: y(u0, 0), highHalf: y(u1, 1))
    }
}
