/// `E(p)` in Double for one value per page and frame (`KeyframeMode.uniform`) and for the
/// lanes whose Float solve did not certify itself (`BezierLanes`): Newton's method on
/// `B_x(u) = p` inside a bracket that bisection keeps, to `|u − u*| ≤ 1e-12` as the
/// reference, in about 5 steps instead of the reference's 40 bisections.
enum ScalarEasing {
    /// `E(p)` of `easing`.
    static func ease(_ easing: Easing, _ p: Double) -> Double {
        switch easing.curve {
        case .linear: return p
        case .hold: return 0
        case .bezier(let c):
            let cx = 3 * c.x, bx = 3 * (c.z - c.x) - 3 * c.x
            return TimelineReference.bezier(c.y, c.w, solve(ax: 1 - cx - bx, bx: bx, cx: cx, p: p))
        }
    }

    /// `u ∈ [0, 1]` with `B_x(u) = ((ax·u + bx)·u + cx)·u = p`: safeguarded Newton (a step that leaves the bracket
    /// bisects it instead), stopped when the bracket or the step is below 1e-12.
    static func solve(ax: Double, bx: Double, cx: Double, p: Double) -> Double {
        guard p > 0 else { return 0 }
        guard p < 1 else { return 1 }
        var (lo, hi, u) = (0.0, 1.0, p)
        for _ in 0..<100 {
            let f = ((ax * u + bx) * u + cx) * u - p
            if f == 0 { return u }
            if f < 0 { lo = u } else { hi = u }
            let slope = (3 * ax * u + 2 * bx) * u + cx
            var next = u - f / slope
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if (next - u).magnitude <= 1e-13 || hi - lo <= 1e-12 { return next }
            u = next
        }
        return u
    }
}
