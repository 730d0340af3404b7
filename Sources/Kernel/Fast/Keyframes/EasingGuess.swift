/// Where the lanes' Bézier solve starts (`BezierLanes`), fitted once per easing when the plan
/// is built: `u₀ = c0 + c1·s + c2·s² + c3·s³` with `s = √max(a·p + b, 0)`, a cubic in a
/// square root of `p`, so that one form fits the three shapes `u(p)` takes:
///
/// - `x1 = 0` (`easeOut`): `B_x'(0) = 0`, so `u ≈ √(p/(3·x2))` near `p = 0`, a square-root
///   end that polynomials in `p` converge to slowly. `s = √p` (`a = 1, b = 0`) makes `u` a
///   power series in `s`; `c0 = 0` is fixed so the guess is exact at the end.
/// - `x2 = 1` (`easeIn`): the same at `p = 1`: `s = √(1 − p)`, `c0 = 1`.
/// - otherwise `u(p)` is smooth: `s = √(1 + p)` (on `[1, √2]`, nearly linear in `p`).
///   `linear` and `hold` (`B_x = u`) are `u = s² − 1` exactly.
///
/// The coefficients minimise the largest error over 33 points `u = k/32` (least squares,
/// then 4 reweightings toward the largest errors). Measured in a Float model of the solve:
/// named curves fit within 2.5e-3 (`easeIn`, `easeOut`) and 3.3e-3 (`easeInOut`), random
/// Béziers within 2.3e-2 (median; 0.12 at worst, where `x1 > x2` makes an S with a nearly
/// flat middle). The guess only has to start Newton's method: the residual certificate
/// decides, so a poor fit costs time (a Double solve), never accuracy.
package struct EasingGuess: Hashable, Sendable {
    package var a, b, c0, c1, c2, c3: Double

    /// `u = p` (`linear`, `hold`, and lanes without a segment).
    package static let linear = EasingGuess(a: 1, b: 1, c0: -1, c1: 0, c2: 1, c3: 0)

    package init(a: Double, b: Double, c0: Double, c1: Double, c2: Double, c3: Double) {
        (self.a, self.b, self.c0, self.c1, self.c2, self.c3) = (a, b, c0, c1, c2, c3)
    }

    /// The fitted guess of `easing`.
    package init(_ easing: EasingPolynomial) {
        if easing.isLinearInX {
            self = .linear
            return
        }
        let (a, b, fixed): (Double, Double, Double?) =
            easing.flatStart ? (1, 0, 0) : easing.flatEnd ? (-1, 1, 1) : (1, 1, nil)
        let nodes = 33
        var s = [Double](repeating: 0, count: nodes), y = s
        for k in 0..<nodes {
            let u = Double(k) / Double(nodes - 1)
            let p = ((easing.ax * u + easing.bx) * u + easing.cx) * u
            s[k] = Swift.max(a * p + b, 0).squareRoot()
            y[k] = u - (fixed ?? 0)
        }
        // Columns: s, s², s³, and 1 unless c0 is fixed.
        let powers = fixed == nil ? [0, 1, 2, 3] : [1, 2, 3]
        var weights = [Double](repeating: 1, count: nodes)
        var c = [Double](repeating: 0, count: powers.count)
        for _ in 0..<5 {
            guard let solved = Self.leastSquares(s, y, powers, weights) else { break }
            c = solved
            var errors = [Double](repeating: 0, count: nodes), largest = 0.0
            for k in 0..<nodes {
                var value = 0.0
                for (j, power) in powers.enumerated() { value += c[j] * Self.power(s[k], power) }
                errors[k] = (value - y[k]).magnitude
                largest = Swift.max(largest, errors[k])
            }
            guard largest > 0 else { break }
            for k in 0..<nodes { weights[k] *= 1 + errors[k] / largest }
        }
        var all = [fixed ?? 0, 0, 0, 0]
        for (j, power) in powers.enumerated() { all[power] += c[j] }
        guard all.allSatisfy(\.isFinite) else {
            self.init(a: 1, b: 1, c0: 0.5, c1: 0, c2: 0, c3: 0)  // start at u = 1/2
            return
        }
        self.init(a: a, b: b, c0: all[0], c1: all[1], c2: all[2], c3: all[3])
    }

    /// `a b c0 c1 c2 c3 0 0` as Floats, one row of `LaneTimelines.guessTable`.
    package var row: SIMD8<Float> { SIMD8(Float(a), Float(b), Float(c0), Float(c1), Float(c2), Float(c3), 0, 0) }

    private static func power(_ s: Double, _ n: Int) -> Double {
        n == 0 ? 1 : n == 1 ? s : n == 2 ? s * s : s * s * s
    }

    /// The coefficients minimising `Σ (w·(Σ_j c_j·s^power_j − y))²`, by the normal equations
    /// and Gaussian elimination with partial pivoting; nil when they are singular.
    private static func leastSquares(_ s: [Double], _ y: [Double], _ powers: [Int], _ w: [Double]) -> [Double]? {
        let n = powers.count
        var m = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for k in s.indices {
            let w2 = w[k] * w[k]
            for i in 0..<n {
                let pi = power(s[k], powers[i])
                for j in 0..<n { m[i][j] += w2 * pi * power(s[k], powers[j]) }
                m[i][n] += w2 * pi * y[k]
            }
        }
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { m[$0][col].magnitude < m[$1][col].magnitude }),
                  m[pivot][col] != 0 else { return nil }
            m.swapAt(col, pivot)
            for row in 0..<n where row != col {
                let f = m[row][col] / m[col][col]
                for j in col...n { m[row][j] -= f * m[col][j] }
            }
        }
        return (0..<n).map { m[$0][n] / m[$0][$0] }
    }
}
