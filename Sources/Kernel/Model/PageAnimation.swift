/// The formulas of the four prebuilt animations as functions of the page offset `o`, in
/// Double, for the fast path; the reference writes them out on its own, to stay an independent oracle.
package enum PageAnimation {
    /// `m(o) = o ≤ 1 ? o : 2 − o`: the offset mirrored about 1, used by Zoom, InOut and alpha.
    @inlinable
    package static func mirrored(_ o: Double) -> Double {
        o <= 1 ? o : 2 - o
    }

    /// `clamp(m(o), 0, 1)` when the page animates alpha, else 1.
    @inlinable
    package static func alpha(offset o: Double, animateAlpha: Bool) -> Double {
        animateAlpha ? Swift.min(Swift.max(mirrored(o), 0), 1) : 1
    }

    /// The factors `(f, g)` of a translating animation (`AnimationType`'s formulas): subview `k` moves by
    /// `(f · s_k.x, g · s_k.y, 0)`. `nil` for Zoom, which scales.
    @inlinable @inline(__always)  // once per page and frame, part of its fixed cost
    package static func translationFactors(_ type: AnimationType, offset o: Double) -> SIMD2<Double>? {
        switch type {
        case .linear:
            let mx = (1 - o) * 100
            return SIMD2(mx, mx)
        case .curve:
            let x = (1 - o) * 10
            let cube = x * x * x
            return SIMD2(cube - x * 25, cube - x * 20)
        case .inOut:
            let mx = (1 - mirrored(o)) * 100
            return SIMD2(mx, mx)
        case .zoom:
            return nil
        }
    }
}
