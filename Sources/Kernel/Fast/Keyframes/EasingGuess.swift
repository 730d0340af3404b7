/// Where the lanes' Bézier solve starts: `u₀ = c0 + c1·s + c2·s² + c3·s³`, `s = √max(a·p + b, 0)`, fitted once per
/// easing, since in `s` the square-root ends of `u(p)` are a power series (docs/DESIGN.md, "Easing in lanes").
package struct EasingGuess: Hashable, Sendable {
    package var a, b, c0, c1, c2, c3: Double

    /// `u = p` (`linear`, `hold`, and lanes without a segment).
    package static let linear = EasingGuess(a: 1, b: 1, c0: -1, c1: 0, c2: 1, c3: 0)

    package init(a: Double, b: Double, c0: Double, c1: Double, c2: Double, c3: Double) {
        (self.a, self.b, self.c0, self.c1, self.c2, self.c3) = (a, b, c0, c1, c2, c3)
    }

    /// The fitted guess of `easing`. Allocates nothing: a build fits every distinct Bézier of
    /// a file (docs/DESIGN.md, "The cheaper fit").
    package init(_ easing: EasingPolynomial) {
        if easing.isLinearInX {
            self = .linear
            return
        }
        let (a, b, fixed): (Double, Double, Double?) =
            easing.flatStart ? (1, 0, 0) : easing.flatEnd ? (-1, 1, 1) : (1, 1, nil)
        // 4 columns, or 3 with c0 fixed: bitwise the former plain loops (docs/DESIGN.md, "Set-up, the build alone").
        let c = fixed == nil ? Self.fit(easing, a: a, b: b, y0: 0, columns: 4) : Self.fit(easing, a: a, b: b, y0: fixed!, columns: 3)
        let n = fixed == nil ? 4 : 3
        var all = SIMD4(fixed ?? 0, 0, 0, 0)
        for j in 0..<n { all[j + 4 - n] += c[j] }
        guard (0..<4).allSatisfy({ all[$0].isFinite }) else {
            self.init(a: 1, b: 1, c0: 0.5, c1: 0, c2: 0, c3: 0)  // start at u = 1/2
            return
        }
        self.init(a: a, b: b, c0: all[0], c1: all[1], c2: all[2], c3: all[3])
    }

    /// The fit's nodes: `u = k/16`; odd, since the error pass takes them in pairs and then the last alone.
    private static let nodes = 17
    /// Least squares, then `passes − 1` reweightings.
    package static let passes = 2

    /// The coefficients of the `n` columns (`1, s, s², s³`, or `s, s², s³` when `c0 = y0` is
    /// fixed) fitted over the nodes: least squares, then `passes − 1` reweightings toward
    /// the largest errors (zero where the first solve is singular). The last solve's
    /// errors are not computed: no weight is updated after it.
    @inline(__always)
    private static func fit(_ easing: EasingPolynomial, a: Double, b: Double, y0: Double, columns n: Int) -> SIMD4<Double> {
        var c = SIMD4<Double>.zero
        // Per node s, s², s³, then target, weight, error: ≤ 1 KiB each, so the stack takes them without a check.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * nodes) { columns in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * nodes) { scratch in
                let s1 = columns.baseAddress!, s2 = s1 + nodes, s3 = s2 + nodes
                let y = scratch.baseAddress!, weights = y + nodes, errors = weights + nodes
                for k in 0..<nodes {
                    let u = Double(k) / Double(nodes - 1)
                    let p = ((easing.ax * u + easing.bx) * u + easing.cx) * u
                    let s = Swift.max(a * p + b, 0).squareRoot()
                    (s1 + k).initialize(to: s)
                    (s2 + k).initialize(to: s * s)
                    (s3 + k).initialize(to: s * s * s)
                    (y + k).initialize(to: u - y0)
                    (weights + k).initialize(to: 1)
                }
                for pass in 0..<passes {
                    guard let solved = leastSquares(n, s1, s2, s3, y, weights) else { break }
                    c = solved
                    if pass == passes - 1 { break }
                    // Two nodes at a time, bitwise the scalar sums (docs/DESIGN.md, "Set-up, the build alone").
                    var largest2 = SIMD2<Double>.zero
                    func error(_ v1: SIMD2<Double>, _ v2: SIMD2<Double>, _ v3: SIMD2<Double>, _ yk: SIMD2<Double>) -> SIMD2<Double> {
                        let zero = SIMD2<Double>.zero
                        var sum: SIMD2<Double>
                        if n == 4 {
                            sum = zero + SIMD2(repeating: c.x)
                            sum += c.y * v1
                            sum += c.z * v2
                            sum += c.w * v3
                        } else {
                            sum = zero + c.x * v1
                            sum += c.y * v2
                            sum += c.z * v3
                        }
                        let d = sum - yk
                        return SIMD2(d.x.magnitude, d.y.magnitude)
                    }
                    var k = 0
                    while k + 1 < nodes {
                        let e = error(load(s1 + k), load(s2 + k), load(s3 + k), load(y + k))
                        (errors + k).initialize(to: e.x)
                        (errors + k + 1).initialize(to: e.y)
                        // `Swift.max`'s rule per lane: a NaN error never becomes the largest.
                        largest2.replace(with: e, where: e .>= largest2)
                        k += 2
                    }
                    let last = error(SIMD2(repeating: s1[k]), SIMD2(repeating: s2[k]), SIMD2(repeating: s3[k]), SIMD2(repeating: y[k])).x
                    (errors + k).initialize(to: last)
                    var largest = Swift.max(largest2.x, largest2.y)
                    largest = Swift.max(largest, last)
                    guard largest > 0 else { break }
                    for k in 0..<nodes { weights[k] *= 1 + errors[k] / largest }
                }
            }
        }
        return c
    }

    /// `k c0 c1 c2 c3` as Floats, one segment's in `SegmentRecord`: `a` and `b` are `(1, 0)`, `(−1, 1)` or `(1, 1)`,
    /// so one signed `k` holds both, `b = |k|` and `a` the sign of `k` (`BezierLanes.start`).
    package var row: SIMD8<Float> {
        precondition(b == 0 ? a == 1 : b == 1 && a.magnitude == 1, "a fitted start's a, b: (1, 0), (−1, 1) or (1, 1)")
        return SIMD8(a < 0 ? -1 : Float(b), Float(c0), Float(c1), Float(c2), Float(c3), 0, 0, 0)
    }

    @inline(__always)
    private static func load(_ p: UnsafeMutablePointer<Double>) -> SIMD2<Double> { SIMD2(p[0], p[1]) }

    /// The `n` coefficients minimising `Σ_k (w_k·(Σ_j c_j·v_kj − y_k))²`, by the normal
    /// equations and Gauss–Jordan elimination with partial pivoting; nil when they are singular.
    @inline(__always)
    private static func leastSquares(_ n: Int, _ s1: UnsafeMutablePointer<Double>, _ s2: UnsafeMutablePointer<Double>,
                                     _ s3: UnsafeMutablePointer<Double>, _ y: UnsafeMutablePointer<Double>,
                                     _ w: UnsafeMutablePointer<Double>) -> SIMD4<Double>? {
        // The augmented matrix's rows: Σ w²·v_i·v in lanes 0..<4, Σ w²·v_i·y in lane 4.
        // With 3 columns the fourth row is never read (nor the fourth lane of the others).
        var m0 = SIMD4<Double>.zero, m1 = m0, m2 = m0, m3 = m0, rhs = m0
        // Two passes, so that each pass's sums stay in registers (docs/DESIGN.md, "Set-up, the build alone").
        @inline(__always) func node(_ k: Int) -> (v: SIMD4<Double>, wv: SIMD4<Double>) {
            let v = n == 4 ? SIMD4(1, s1[k], s2[k], s3[k]) : SIMD4(s1[k], s2[k], s3[k], 0)
            let w2 = w[k] * w[k]
            return (v, w2 * v)
        }
        for k in 0..<Self.nodes {
            let (v, wv) = node(k)
            m0 += wv.x * v
            m1 += wv.y * v
            rhs += wv * y[k]
        }
        for k in 0..<Self.nodes {
            let (v, wv) = node(k)
            m2 += wv.z * v
            if n == 4 { m3 += wv.w * v }
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
                if pivot != col { for j in 0..<5 { m.swapAt(5 * col + j, 5 * pivot + j) } }
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
