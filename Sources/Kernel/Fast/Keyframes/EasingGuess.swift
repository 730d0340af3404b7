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

    /// The fitted guess of `easing`. Allocates nothing (a build fits every distinct Bézier of
    /// a file, and the fit was most of building an own-timelines plan while it did).
    package init(_ easing: EasingPolynomial) {
        if easing.isLinearInX {
            self = .linear
            return
        }
        let (a, b, fixed): (Double, Double, Double?) =
            easing.flatStart ? (1, 0, 0) : easing.flatEnd ? (-1, 1, 1) : (1, 1, nil)
        // Node k's columns (1 unless c0 is fixed, s, s², s³: n of them, zero after) and target.
        let n = fixed == nil ? 4 : 3
        var c = SIMD4<Double>.zero
        withUnsafeTemporaryAllocation(of: (v: SIMD4<Double>, y: Double).self, capacity: Self.nodes) { nodes in
            for k in 0..<Self.nodes {
                let u = Double(k) / Double(Self.nodes - 1)
                let p = ((easing.ax * u + easing.bx) * u + easing.cx) * u
                let s = Swift.max(a * p + b, 0).squareRoot()
                let v = fixed == nil ? SIMD4(1, s, s * s, s * s * s) : SIMD4(s, s * s, s * s * s, 0)
                nodes.initializeElement(at: k, to: (v, u - (fixed ?? 0)))
            }
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * Self.nodes) { scratch in
                let weights = UnsafeMutableBufferPointer(rebasing: scratch[..<Self.nodes])
                let errors = UnsafeMutableBufferPointer(rebasing: scratch[Self.nodes...])
                weights.initialize(repeating: 1)
                // Least squares, then 4 reweightings toward the largest errors.
                for _ in 0..<5 {
                    guard let solved = Self.leastSquares(n, nodes, weights) else { break }
                    c = solved
                    var largest = 0.0
                    for k in 0..<Self.nodes {
                        let (v, y) = nodes[k]
                        // A zero column adds +0: the same sum as over the n columns alone.
                        errors[k] = ((((0 + c.x * v.x) + c.y * v.y) + c.z * v.z) + c.w * v.w - y).magnitude
                        largest = Swift.max(largest, errors[k])
                    }
                    guard largest > 0 else { break }
                    for k in 0..<Self.nodes { weights[k] *= 1 + errors[k] / largest }
                }
            }
        }
        var all = SIMD4(fixed ?? 0, 0, 0, 0)
        for j in 0..<n { all[j + 4 - n] += c[j] }
        guard (0..<4).allSatisfy({ all[$0].isFinite }) else {
            self.init(a: 1, b: 1, c0: 0.5, c1: 0, c2: 0, c3: 0)  // start at u = 1/2
            return
        }
        self.init(a: a, b: b, c0: all[0], c1: all[1], c2: all[2], c3: all[3])
    }

    /// The fit's nodes: `u = k/32`.
    private static let nodes = 33

    /// `a b c0 c1 c2 c3 0 0` as Floats, one segment's in `SegmentRecord` (and the C anchor's guess table).
    package var row: SIMD8<Float> { SIMD8(Float(a), Float(b), Float(c0), Float(c1), Float(c2), Float(c3), 0, 0) }

    /// The `n` coefficients minimising `Σ_k (w_k·(Σ_j c_j·v_kj − y_k))²`, by the normal
    /// equations and Gaussian elimination with partial pivoting; nil when they are singular.
    private static func leastSquares(_ n: Int, _ nodes: UnsafeMutableBufferPointer<(v: SIMD4<Double>, y: Double)>,
                                     _ w: UnsafeMutableBufferPointer<Double>) -> SIMD4<Double>? {
        // The augmented matrix's rows: Σ w²·v_i·v in lanes 0..<4, Σ w²·v_i·y in lane 4.
        var m0 = SIMD4<Double>.zero, m1 = m0, m2 = m0, m3 = m0, rhs = m0
        for k in 0..<nodes.count {
            let (v, y) = nodes[k], w2 = w[k] * w[k]
            m0 += (w2 * v.x) * v
            m1 += (w2 * v.y) * v
            m2 += (w2 * v.z) * v
            m3 += (w2 * v.w) * v
            rhs += (w2 * v) * y
        }
        // Scalar rows of 5 (lane 4 the right-hand side): small enough that vectors only spill.
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 20) { m in
            func store(_ i: Int, _ row: SIMD4<Double>, _ r: Double) {
                for j in 0..<4 { m.initializeElement(at: 5 * i + j, to: row[j]) }
                m.initializeElement(at: 5 * i + 4, to: r)
            }
            store(0, m0, rhs.x)
            store(1, m1, rhs.y)
            store(2, m2, rhs.z)
            store(3, m3, rhs.w)
            for col in 0..<n {
                var pivot = col
                for row in col + 1..<n where m[5 * row + col].magnitude > m[5 * pivot + col].magnitude { pivot = row }
                guard m[5 * pivot + col] != 0 else { return nil }
                for j in 0..<5 { m.swapAt(5 * col + j, 5 * pivot + j) }
                // Columns col... only: the ones left of it are not read again.
                for row in 0..<n where row != col {
                    let f = m[5 * row + col] / m[5 * col + col]
                    for j in col..<5 { m[5 * row + j] -= f * m[5 * col + j] }
                }
            }
            var c = SIMD4<Double>.zero
            for j in 0..<n { c[j] = m[5 * j + 4] / m[5 * j + j] }
            return c
        }
    }
}
