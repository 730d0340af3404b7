/// `B_x(u) = p` solved in 8 lanes at once, Float, a fixed number of steps:
///
/// 1. 4 bisection steps from `u = 1/2` with no masks: `u −= ±step` with the sign of
///    `B_x(u) − p` put onto the step by bit operations (Swift builds SIMD masks lane by
///    lane). `u` is then within 2⁻⁵ of the root.
/// 2. 3 Newton steps, `u −= (B_x(u) − p) / max(B_x'(u), 1e-7)`, then `u` clamped to
///    `[0, 1]` (`B_x' ≥ 0` there: `x1, x2 ∈ [0, 1]` make `B_x` monotone). Clamping once,
///    not after every step, saved 20 instructions a step per 8 lanes; a step that leaves
///    `[0, 1]` is caught by the certificate below like any other miss.
/// 3. Certification: the residual `|B_x(u) − p|` computed in Float must be ≤ 6e-7. Float
///    evaluation adds at most 2.4e-7 and the coefficients' rounding 1.8e-7, so the true
///    residual is below 1e-6, and `|E − E*| ≤ S·1e-6` for a segment of largest slope `S`:
///    within the contract's `2e-6·max(1, S)`, and its `1e-6` residual where `S` is
///    unbounded. A lane that fails is solved again in Double (`ScalarEasing`).
///
/// Steps, measured on 400,000 random curves and fractions (an eighth with `x1 = 0`, an
/// eighth with `x2 = 1`) in a Float model of this code: 6 + 3 certified all of them, 4 + 3
/// all but 5e-4 (a block of 8 lanes goes to Double once in 250), Newton alone from `u = p`
/// needed more than 6 steps for 0.4%. 4 + 3 is the faster: own timelines went from 84 to
/// 60 ns a subview (SSE2; each step is ~25 instructions per 8 lanes).
package enum BezierLanes {
    static let bisections = 4
    static let newtonSteps = 3
    package static let certifiedResidual: Float = 6e-7

    @inline(__always)
    package static func solve(_ p: Lanes.Floats, ax: Lanes.Floats, bx: Lanes.Floats, cx: Lanes.Floats) -> Lanes.Floats {
        typealias V = Lanes.Floats
        typealias Bits = SIMD8<UInt32>
        var u = V(repeating: 0.5), step = V(repeating: 0.25)
        let sign = Bits(repeating: 0x8000_0000)
        for _ in 0..<bisections {
            let f = x(u, ax, bx, cx) - p
            let signed = unsafeBitCast(unsafeBitCast(step, to: Bits.self) ^ (unsafeBitCast(f, to: Bits.self) & sign), to: V.self)
            u -= signed
            step *= 0.5
        }
        let (ax3, bx2) = (3 * ax, 2 * bx)
        let zero = V(), one = V(repeating: 1), tiny = V(repeating: 1e-7)
        for _ in 0..<newtonSteps {
            let f = x(u, ax, bx, cx) - p
            let slope = V.madd(V.madd(ax3, u, bx2), u, cx)
            u -= LaneMath.divide(f, LaneMath.max(slope, tiny))
        }
        u = LaneMath.min(LaneMath.max(u, zero), one)
        let r = x(u, ax, bx, cx) - p
        let magnitude = LaneMath.magnitude(r)
        if !LaneMath.allAtMost(magnitude, certifiedResidual) {
            return refine(u, p, ax: ax, bx: bx, cx: cx, residual: magnitude)
        }
        return u
    }

    /// `B_x(u) = ((ax·u + bx)·u + cx)·u`, the inner two steps fused where the target has
    /// fused multiply-add (the C anchor's `bezier_x`).
    @inline(__always)
    static func x(_ u: Lanes.Floats, _ ax: Lanes.Floats, _ bx: Lanes.Floats, _ cx: Lanes.Floats) -> Lanes.Floats {
        Lanes.Floats.madd(Lanes.Floats.madd(ax, u, bx), u, cx) * u
    }

    /// The lanes whose residual is too large (or NaN), solved in Double. Rare: 5e-4 of the
    /// lanes of random curves.
    @inline(never)
    static func refine(_ u: Lanes.Floats, _ p: Lanes.Floats, ax: Lanes.Floats, bx: Lanes.Floats, cx: Lanes.Floats,
                       residual: Lanes.Floats) -> Lanes.Floats {
        var u = u
        for l in 0..<Lanes.count where !(residual[l] <= certifiedResidual) && !p[l].isNaN {
            u[l] = Float(ScalarEasing.solve(ax: Double(ax[l]), bx: Double(bx[l]), cx: Double(cx[l]), p: Double(p[l])))
        }
        return u
    }
}
