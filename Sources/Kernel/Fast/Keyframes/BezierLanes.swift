/// `B_x(u) = p` in Float lanes: the fitted start, 2 Newton steps, one clamp and a residual certificate (else a third
/// step, then Double), which bounds the eased error (docs/DESIGN.md, "Easing in lanes" and "Error bound").
package enum BezierLanes {
    static let newtonSteps = 3
    /// With Float evaluation (≤ 2.4e-7) and coefficient rounding (≤ 1.8e-7), a true residual below the contract's 1e-6.
    package static let certifiedResidual: Float = 5.5e-7

    /// `u₀ = c0 + c1·s + c2·s² + c3·s³`, `s = √max(a·p + b, 0)` with `b = |k|` and `a` the sign of `k`
    /// (`EasingGuess.row`): `±p + |k|` is `a·p + b`'s bits, fused or not (a NaN `p` may change sign). The bound
    /// keeps `1 − p` from going negative where Float rounding leaves `p` just above 1.
    @inline(__always)
    package static func start(_ p: Lanes.Floats, k: Lanes.Floats,
                              c: (Lanes.Floats, Lanes.Floats, Lanes.Floats, Lanes.Floats)) -> Lanes.Floats {
        start(p, k, c)
    }

    @inline(__always)
    static func start<V: EasingVector>(_ p: V, _ k: V, _ c: (V, V, V, V)) -> V {
        let s = V.root(V.maximum(V.signed(p, by: k) + V.magnitude(k), V()))
        return V.madd(V.madd(V.madd(c.3, s, c.2), s, c.1), s, c.0)
    }

    @inline(__always)
    package static func solve(_ p: Lanes.Floats, from start: Lanes.Floats, ax: Lanes.Floats, bx: Lanes.Floats,
                              cx: Lanes.Floats) -> Lanes.Floats {
        let (u, r) = steps(p, from: start, ax, bx, cx)
        return certified(u, r, p, ax, bx, cx)
    }

    /// `u` after `steps`, whose residual is `r`: as it is where the block (or group) is certified as a whole,
    /// else after `lastStep`.
    @inline(__always)
    static func certified(_ u: Lanes.Floats, _ r: Lanes.Floats, _ p: Lanes.Floats, _ ax: Lanes.Floats,
                          _ bx: Lanes.Floats, _ cx: Lanes.Floats) -> Lanes.Floats {
        if Lanes.Floats.allAtMost(Lanes.Floats.magnitude(r), certifiedResidual) { return u }
        return lastStep(u, r, p, ax, bx, cx)
    }

    /// Steps 1 and 2 for the lanes of `V`: `u` after `newtonSteps − 1` Newton steps, clamped,
    /// and its residual `B_x(u) − p`, not yet certified (a block is certified as a whole).
    @inline(__always)
    static func steps<V: EasingVector>(_ p: V, from start: V, _ ax: V, _ bx: V, _ cx: V) -> (u: V, r: V) {
        var u = start
        let (ax3, bx2) = (3 * ax, 2 * bx)
        let zero = V(), one = V(repeating: 1), tiny = V(repeating: 1e-7)
        for _ in 0..<newtonSteps - 1 {
            let f = x(u, ax, bx, cx) - p
            u -= V.quotient(f, V.maximum(V.madd(V.madd(ax3, u, bx2), u, cx), tiny))
        }
        u = V.minimum(V.maximum(u, zero), one)
        return (u, x(u, ax, bx, cx) - p)
    }

    /// The last step, from the clamped `u` whose residual is `r` (for a block with an
    /// uncertified lane), then the lanes still uncertified solved in Double.
    @inline(__always)
    static func lastStep<V: EasingVector>(_ u: V, _ r: V, _ p: V, _ ax: V, _ bx: V, _ cx: V) -> V {
        let zero = V(), one = V(repeating: 1), tiny = V(repeating: 1e-7)
        var u = u - V.quotient(r, V.maximum(V.madd(V.madd(3 * ax, u, 2 * bx), u, cx), tiny))
        u = V.minimum(V.maximum(u, zero), one)
        let magnitude = V.magnitude(x(u, ax, bx, cx) - p)
        if !V.allAtMost(magnitude, certifiedResidual) {
            return refine(u, p, ax: ax, bx: bx, cx: cx, residual: magnitude)
        }
        return u
    }

    /// `B_x(u) = ((ax·u + bx)·u + cx)·u`, the inner two steps fused where the target has
    /// fused multiply-add (the C anchor's `bezier_x`).
    @inline(__always)
    static func x<V: LaneVector>(_ u: V, _ ax: V, _ bx: V, _ cx: V) -> V {
        V.madd(V.madd(ax, u, bx), u, cx) * u
    }

    /// The lanes whose residual is too large (or NaN), solved in Double.
    @inline(never)
    static func refine<V: EasingVector>(_ u: V, _ p: V, ax: V, bx: V, cx: V, residual: V) -> V {
        var u = u
        for l in 0..<V.scalarCount where !(residual[l] <= certifiedResidual) && !p[l].isNaN {
            u[l] = Float(ScalarEasing.solve(ax: Double(ax[l]), bx: Double(bx[l]), cx: Double(cx[l]), p: Double(p[l])))
        }
        return u
    }
}
