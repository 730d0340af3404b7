/// Sine and cosine of `Lanes.count` angles at once, with no scalar calls: range reduction
/// in Double, polynomials in Float.
///
/// 1. `n = round(θ · 2/π)` by the 1.5·2⁵² trick (exact rounding to nearest for |θ| < 2⁵⁰,
///    no SSE4.1 `roundpd` needed), and `r = θ − n·(P1 + P2 + P3)` with π/2 split in three
///    (Cody–Waite): `P1` has 24 significant bits, so `n·P1` is exact for |n| < 2²⁹.
/// 2. `r ∈ [−π/4, π/4]` goes to Float; minimax polynomials (Cephes `sinf`/`cosf`) give
///    `sin r` and `cos r` to about 1 ulp.
/// 3. The quadrant `q = n mod 4`, taken in −2 … 2, swaps and negates them by arithmetic
///    instead of masks (Swift builds SIMD masks lane by lane): `A = (6 − 7q² + q⁴)/6` and
///    `B = q(4 − q²)/3` are exactly 1, 0, −1, −1 and 0, 1, 0, 0 for q = 0, ±1, ±2 (B takes
///    the sign of q), and `sin θ = A·sin r + B·cos r`, `cos θ = A·cos r − B·sin r`.
///
/// Accuracy, measured against Double `sin`/`cos` (see `VectorTrigTests`; 2·10⁶ random angles
/// per decade up to 10⁸ gave at most 9.3e-8, about 1.5 Float ulps of 1): at most
/// `maximumError` absolute for |θ| ≤ `accurateRange`. Beyond that the reduction loses
/// bits and the results drift, but stay finite for finite θ; NaN or infinite θ give NaN.
package enum VectorTrig {
    /// Bound on the absolute error of both results for |θ| ≤ `accurateRange`.
    package static let maximumError = 1.5e-7
    /// 2²⁰ radians.
    package static let accurateRange = 1_048_576.0

    @usableFromInline static let twoOverPi = 0.63661977236758134308
    @usableFromInline static let p1 = 1.5707963705062866        // Float(π/2)
    @usableFromInline static let p2 = -4.371138828673793e-08     // next 24 bits
    @usableFromInline static let p3 = -1.7151244994428829e-15    // the rest, to Double precision
    @usableFromInline static let roundingMagic = 6_755_399_441_055_744.0  // 1.5 · 2⁵²

    @inlinable @inline(__always)
    package static func sinCos(_ theta: Lanes.Doubles) -> (sin: Lanes.Floats, cos: Lanes.Floats) {
        let n = (theta * twoOverPi + roundingMagic) - roundingMagic
        let r = ((theta - n * p1) - n * p2) - n * p3
        // n mod 4 as −2 … 2 (quarter-turns since the nearest full turn); exact in Float.
        let q = n - 4 * ((n * 0.25 + roundingMagic) - roundingMagic)
        let x = Lanes.Floats(r)
        let quadrant = Lanes.Floats(q)

        let z = x * x
        let sinR = x + x * z * (-1.6666654611e-1 + z * (8.3321608736e-3 + z * -1.9515295891e-4))
        let cosR = 1 - 0.5 * z + z * z * (4.166664568298827e-2 + z * (-1.388731625493765e-3 + z * 2.443315711809948e-5))

        let q2 = quadrant * quadrant
        let a = (6 - 7 * q2 + q2 * q2) / 6
        let b = quadrant * (4 - q2) / 3
        return (a * sinR + b * cosR, a * cosR - b * sinR)
    }
}
