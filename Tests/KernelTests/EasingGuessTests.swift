import WalkthroughKernel
import KernelTestSupport
import Testing

/// The fitted start of the lanes' Bézier solve (`EasingGuess`): exact where it is meant to
/// be, close elsewhere, and finite for every curve the format allows.
@Suite struct EasingGuessTests {
    /// `u₀(p)` in Double, as the lanes evaluate it.
    static func start(_ g: EasingGuess, _ p: Double) -> Double {
        let s = max(g.a * p + g.b, 0).squareRoot()
        return ((g.c3 * s + g.c2) * s + g.c1) * s + g.c0
    }

    /// The largest `|u₀(p) − u*(p)|` over 257 fractions.
    static func largestError(_ easing: Easing) -> Double {
        let g = EasingGuess(EasingPolynomial(easing))
        guard let c = easing.controlPoints else { return 0 }
        var largest = 0.0
        for k in 0...256 {
            let p = Double(k) / 256
            let exact = ScalarEasingProbe.solve(x1: c.x, x2: c.z, p: p)
            largest = max(largest, (start(g, p) - exact).magnitude)
        }
        return largest
    }

    @Test func linearAndHoldStartAtTheAnswer() {
        for easing in [Easing.linear, .hold] {
            let g = EasingGuess(EasingPolynomial(easing))
            for k in 0...64 {
                let p = Double(k) / 64
                #expect((Self.start(g, p) - p).magnitude <= 1e-15, "\(easing) p \(p): \(Self.start(g, p))")
            }
        }
    }

    /// A flat end (`x1 = 0` or `x2 = 1`) is a square-root end of `u(p)`: the fit fixes the
    /// end itself, so Newton's method starts there from the right side.
    @Test func flatEndsAreExact() throws {
        let seed: UInt64 = 0xF1A7
        var rng = SeededGenerator(seed: seed)
        for n in 0..<200 {
            let x = Double.random(in: 0...1, using: &rng), y1 = Double.random(in: -3...3, using: &rng)
            let y2 = Double.random(in: -3...3, using: &rng)
            let flatStart = n % 2 == 0
            let easing = try Easing(bezier: flatStart ? 0 : x, y1, flatStart ? x : 1, y2)
            let g = EasingGuess(EasingPolynomial(easing))
            let (p, u) = flatStart ? (0.0, 0.0) : (1.0, 1.0)
            #expect(Self.start(g, p) == u, "seed \(seed) curve \(n) \(easing.controlPoints!): u₀(\(p)) = \(Self.start(g, p))")
        }
    }

    /// The named curves fit within 5e-3 (2.8e-3 and 3.6e-3 measured), so two Newton steps
    /// certify their lanes.
    @Test func namedCurvesFitClosely() {
        for easing in [Easing.easeIn, .easeOut, .easeInOut] {
            let error = Self.largestError(easing)
            #expect(error <= 5e-3, "\(easing): largest error \(error)")
        }
    }

    /// Every curve the format allows, degenerate and S-shaped ones included, gets a finite
    /// start in `[−0.25, 1.25]` (a poor fit costs Newton steps or a Double solve, never
    /// accuracy: `BezierLanesTests` holds the solve to the contract's bound).
    @Test func everyCurveGetsAFiniteStart() throws {
        let seed: UInt64 = 0x6E55
        var rng = SeededGenerator(seed: seed)
        var errors: [Double] = []
        for n in 0..<400 {
            var (x1, x2) = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            if n % 10 == 0 { (x1, x2) = [(0, 0), (1, 1), (1, 0), (0, 1), (x1, x1)][n / 10 % 5] }
            let easing = try Easing(bezier: x1, .random(in: -1000...1000, using: &rng), x2, .random(in: -1000...1000, using: &rng))
            let g = EasingGuess(EasingPolynomial(easing))
            for k in 0...32 {
                let u0 = Self.start(g, Double(k) / 32)
                #expect(u0.isFinite && u0 >= -0.25 && u0 <= 1.25, "seed \(seed) curve \(n) (\(x1), \(x2)) p \(Double(k) / 32): u₀ \(u0)")
            }
            if n % 10 != 0 { errors.append(Self.largestError(easing)) }
        }
        // Random curves: the median fit within 5e-2 (2.6e-2 measured).
        let median = errors.sorted()[errors.count / 2]
        #expect(median <= 5e-2, "seed \(seed): median largest error \(median)")
    }
}

/// `u*` by bisection to 1e-14, independent of the kernel's solvers.
enum ScalarEasingProbe {
    static func solve(x1: Double, x2: Double, p: Double) -> Double {
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<60 {
            let u = (lo + hi) / 2
            let x = 3 * (1 - u) * (1 - u) * u * x1 + 3 * (1 - u) * u * u * x2 + u * u * u
            if x < p { lo = u } else { hi = u }
        }
        return (lo + hi) / 2
    }
}
