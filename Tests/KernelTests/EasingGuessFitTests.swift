import WalkthroughKernel
import KernelTestSupport
import Testing

/// `EasingGuess`'s fit against the plain loops it was written as before issue 41's set-up
/// work (docs/DESIGN.md, "Set-up"): the faster fit must give the same coefficients, bit for
/// bit, so that the records, the Newton starts and every frame stay as they were.
@Suite struct EasingGuessFitTests {
    /// Named curves, flat ends, overshoots, degenerate and S-shaped curves, seeded.
    @Test func sameCoefficientsAsThePlainFit() throws {
        let seed: UInt64 = 0x41F1
        var rng = SeededGenerator(seed: seed)
        var easings = Easing.named
        for n in 0..<3000 {
            var (x1, x2) = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            switch n % 8 {
            case 0: x1 = 0
            case 1: x2 = 1
            case 2: (x1, x2) = [(0, 0), (1, 1), (1, 0), (0, 1), (x1, x1), (0, 1e-300), (1e-12, 1)][n / 8 % 7]
            default: break
            }
            let range = n % 3 == 0 ? -1000.0...1000 : -1.0...2
            easings.append(try Easing(bezier: x1, .random(in: range, using: &rng), x2, .random(in: range, using: &rng)))
        }
        for (n, easing) in easings.enumerated() {
            let poly = EasingPolynomial(easing)
            let (fast, plain) = (EasingGuess(poly), PlainEasingFit.fit(poly))
            let bits = { (g: EasingGuess) in [g.a, g.b, g.c0, g.c1, g.c2, g.c3].map(\.bitPattern) }
            #expect(bits(fast) == bits(plain), "seed \(seed) case \(n) \(easing): \(fast) against \(plain)")
        }
    }

    /// The fit reads `B_x` alone: a build shares it among Béziers that differ only in y1, y2
    /// (`LaneTimelines.fillSegments` keys its table so).
    @Test func theFitIgnoresTheYControlPoints() throws {
        let seed: UInt64 = 0x41F2
        var rng = SeededGenerator(seed: seed)
        for n in 0..<500 {
            var (x1, x2) = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            if n % 4 == 0 { x1 = 0 } else if n % 4 == 1 { x2 = 1 }
            let a = try Easing(bezier: x1, .random(in: -3...3, using: &rng), x2, .random(in: -3...3, using: &rng))
            let b = try Easing(bezier: x1, .random(in: -1000...1000, using: &rng), x2, .random(in: -1000...1000, using: &rng))
            let (ga, gb) = (EasingGuess(EasingPolynomial(a)), EasingGuess(EasingPolynomial(b)))
            #expect(ga == gb, "seed \(seed) case \(n): \(a) \(ga) against \(b) \(gb)")
        }
    }
}

/// The fit in the plain loops commit 5fd261a wrote (least squares, then reweightings toward
/// the largest errors), with `EasingGuess`'s nodes and passes.
enum PlainEasingFit {
    static let count = 17

    static func fit(_ easing: EasingPolynomial) -> EasingGuess {
        if easing.isLinearInX {
            return .linear
        }
        let (a, b, fixed): (Double, Double, Double?) =
            easing.flatStart ? (1, 0, 0) : easing.flatEnd ? (-1, 1, 1) : (1, 1, nil)
        // Node k's columns (1 unless c0 is fixed, s, s², s³: n of them, zero after) and target.
        let n = fixed == nil ? 4 : 3
        var c = SIMD4<Double>.zero
        withUnsafeTemporaryAllocation(of: (v: SIMD4<Double>, y: Double).self, capacity: PlainEasingFit.count) { nodes in
            for k in 0..<PlainEasingFit.count {
                let u = Double(k) / Double(PlainEasingFit.count - 1)
                let p = ((easing.ax * u + easing.bx) * u + easing.cx) * u
                let s = Swift.max(a * p + b, 0).squareRoot()
                let v = fixed == nil ? SIMD4(1, s, s * s, s * s * s) : SIMD4(s, s * s, s * s * s, 0)
                nodes.initializeElement(at: k, to: (v, u - (fixed ?? 0)))
            }
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * PlainEasingFit.count) { scratch in
                let weights = UnsafeMutableBufferPointer(rebasing: scratch[..<PlainEasingFit.count])
                let errors = UnsafeMutableBufferPointer(rebasing: scratch[PlainEasingFit.count...])
                weights.initialize(repeating: 1)
                // Least squares, then reweightings toward the largest errors.
                for _ in 0..<EasingGuess.passes {
                    guard let solved = leastSquares(n, nodes, weights) else { break }
                    c = solved
                    var largest = 0.0
                    for k in 0..<PlainEasingFit.count {
                        let (v, y) = nodes[k]
                        // A zero column adds +0: the same sum as over the n columns alone.
                        errors[k] = ((((0 + c.x * v.x) + c.y * v.y) + c.z * v.z) + c.w * v.w - y).magnitude
                        largest = Swift.max(largest, errors[k])
                    }
                    guard largest > 0 else { break }
                    for k in 0..<PlainEasingFit.count { weights[k] *= 1 + errors[k] / largest }
                }
            }
        }
        var all = SIMD4(fixed ?? 0, 0, 0, 0)
        for j in 0..<n { all[j + 4 - n] += c[j] }
        guard (0..<4).allSatisfy({ all[$0].isFinite }) else {
            return EasingGuess(a: 1, b: 1, c0: 0.5, c1: 0, c2: 0, c3: 0)  // start at u = 1/2
        }
        return EasingGuess(a: a, b: b, c0: all[0], c1: all[1], c2: all[2], c3: all[3])
    }

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
