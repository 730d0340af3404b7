/// The contract's keyframe timelines ("Keyframe timelines" in docs/FORMAT.md), written out literally in
/// Double: the oracle of the fast path's keyframes. Keep it plain: a linear search, bisection, builders for `K`.
package enum TimelineReference {
    /// The Bézier solve's bound on `|u − u*|`.
    package static let solveTolerance = 1e-12

    /// `E(p)` of `easing`: `p`, 0, or `B_y(u)` with `B_x(u) = p` (`solve`; `B_x` is monotone for `x1, x2 ∈ [0, 1]`).
    package static func ease(_ easing: Easing, _ p: Double) -> Double {
        switch easing.curve {
        case .linear: return p
        case .hold: return 0
        case .bezier(let c):
            let u = solve(x1: c.x, x2: c.z, p: p)
            return bezier(c.y, c.w, u)
        }
    }

    /// `u ∈ [0, 1]` with `B_x(u) = p` (for `p` outside `[0, 1]`, the nearer end), by bisection within
    /// `solveTolerance`: the bracket keeps `B_x(lo) < p ≤ B_x(hi)` exactly (`ExactCubic`), so `u*` is in it.
    package static func solve(x1: Double, x2: Double, p: Double) -> Double {
        var (lo, hi) = (0.0, 1.0)
        while hi - lo > solveTolerance {
            let mid = (lo + hi) / 2
            if ExactCubic.isBelow(x1: x1, x2: x2, u: mid, p: p) { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// `B(u) = 3(1−u)²u·c1 + 3(1−u)u²·c2 + u³`.
    package static func bezier(_ c1: Double, _ c2: Double, _ u: Double) -> Double {
        let v = 1 - u
        return 3 * v * v * u * c1 + 3 * v * u * u * c2 + u * u * u
    }

    /// A scalar track's value at `τ`: the first value before the first keyframe, the last
    /// from the last on, else `v_j + (v_(j+1) − v_j)·E_j(p)` in the segment `at_j ≤ τ < at_(j+1)`,
    /// `p = (τ − at_j) / (at_(j+1) − at_j)`: the exact choice every implementation makes. NaN
    /// for a NaN `τ`, and for no keyframes (which a `Timeline` never holds: its tracks have 1 to 64). `E_j` is `ease`:
    /// the fast path's shared pose passes `ScalarEasing.ease` (non-escaping, so nothing is allocated).
    package static func value(_ keyframes: [Keyframe<Double>], at tau: Double,
                              ease: (Easing, Double) -> Double = TimelineReference.ease) -> Double {
        value(keyframes, at: tau, nan: .nan, ease: ease) { a, b, e in a + (b - a) * e }
    }

    /// A two-number track's value at `τ`, the same way.
    package static func value(_ keyframes: [Keyframe<SIMD2<Double>>], at tau: Double,
                              ease: (Easing, Double) -> Double = TimelineReference.ease) -> SIMD2<Double> {
        value(keyframes, at: tau, nan: SIMD2(repeating: .nan), ease: ease) { a, b, e in a + (b - a) * e }
    }

    /// Either track's value: `lerp(v_j, v_(j+1), E_j(p))` in the segment that holds `τ`.
    private static func value<V>(_ keyframes: [Keyframe<V>], at tau: Double, nan: V, ease: (Easing, Double) -> Double,
                                 _ lerp: (V, V, Double) -> V) -> V {
        if tau.isNaN || keyframes.isEmpty { return nan }
        if tau < keyframes[0].at { return keyframes[0].value }
        if tau >= keyframes[keyframes.count - 1].at { return keyframes[keyframes.count - 1].value }
        var j = 0
        while !(tau < keyframes[j + 1].at) { j += 1 }
        let p = (tau - keyframes[j].at) / (keyframes[j + 1].at - keyframes[j].at)
        return lerp(keyframes[j].value, keyframes[j + 1].value, ease(keyframes[j].easing, p))
    }

    /// The pose at `τ`: `K = S · R(θ, axis) · T(tx, ty, 0)`, built as
    /// `Scale(Rotate(Translate(identity, tx, ty, 0), θ, axis), sx, sy, 1)`, and
    /// `alpha_track = clamp(value, 0, 1)` (1 without an alpha track).
    package static func pose(_ timeline: Timeline, at tau: Double) -> (transform: Transform3D, alpha: Double) {
        let t = timeline.translation.map { value($0, at: tau) } ?? SIMD2(0, 0)
        let s = timeline.scale.map { value($0, at: tau) } ?? SIMD2(1, 1)
        let theta = timeline.rotation.map { value($0, at: tau) } ?? 0
        let alpha = timeline.alpha.map { Swift.min(Swift.max(value($0, at: tau), 0), 1) } ?? 1
        let axis = timeline.axis
        let k = Transform3D.identity.translated(t.x, t.y, 0).rotated(theta, axis.x, axis.y, axis.z).scaled(s.x, s.y, 1)
        return (k, alpha)
    }

    /// The time at which subview `k` of `page` reads its timeline at page offset `o`:
    /// `o` for its own timeline, `o − (k·stagger)` for the page's (the product rounded
    /// first, no fused multiply-add).
    package static func time(_ page: Page, subview k: Int, offset o: Double) -> Double {
        if page.subviews[k].timeline != nil { return o }
        let step = Double(k) * (page.timeline?.stagger ?? 0)
        return o - step
    }
}
