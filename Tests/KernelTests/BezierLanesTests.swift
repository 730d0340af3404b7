import WalkthroughKernel
import KernelTestSupport
import Testing

/// The fast path's Bézier solve against the contract's bound: the eased fraction within
/// `2e-6·max(1, S)` of the exact one, and a residual `|B_x(u) − p| ≤ 1e-6` where the slope
/// is unbounded.
@Suite struct BezierLanesTests {
    @Test func everyLaneMeetsTheContractBound() {
        let seed: UInt64 = 0xBE21
        var rng = SeededGenerator(seed: seed)
        for n in 0..<3_000 {
            var (x1, x2) = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            if n % 8 == 0 { x1 = 0 }
            if n % 8 == 1 { x2 = 1 }
            if n % 8 == 2 { (x1, x2) = (0, 1) }
            if n % 8 == 4 { (x1, x2) = [(0, 0), (1, 1), (1, 0), (x1, x1)][n / 8 % 4] }  // degenerate and S-shaped
            let easing = n % 8 == 3 ? [Easing.easeIn, .easeOut, .easeInOut][n / 8 % 3]
                : try! Easing(bezier: x1, .random(in: -3...3, using: &rng), x2, .random(in: -3...3, using: &rng))
            let c = easing.controlPoints!
            let poly = EasingPolynomial(easing)
            var p = Lanes.Floats()
            for l in 0..<Lanes.count { p[l] = l == 0 ? 0 : l == 1 ? 1.0.nextDown.float : Float.random(in: 0..<1, using: &rng) }
            let (ax, bx, cx) = (Lanes.Floats(repeating: Float(poly.ax)), Lanes.Floats(repeating: Float(poly.bx)), Lanes.Floats(repeating: Float(poly.cx)))
            let u = BezierLanes.solve(p, from: Self.start(p, EasingGuess(poly)), ax: ax, bx: bx, cx: cx)
            let slope = KeyframeTolerance.largestSlope(easing)
            for l in 0..<Lanes.count {
                let pl = Double(p[l])
                let fast = Double(((Float(poly.ay) * u[l] + Float(poly.by)) * u[l] + Float(poly.cy)) * u[l])
                let exact = TimelineReference.ease(easing, pl)
                if slope.isFinite {
                    #expect((fast - exact).magnitude <= 2e-6 * max(1, slope),
                            "seed \(seed) curve \(n) \(c) p \(pl): \(fast) vs \(exact), S \(slope)")
                } else {
                    let residual = (TimelineReference.bezier(c.x, c.z, Double(u[l])) - pl).magnitude
                    #expect(residual <= 1e-6, "seed \(seed) curve \(n) \(c) p \(pl): residual \(residual)")
                }
            }
        }
    }
}

extension BezierLanesTests {
    /// The solve's start in every lane from `guess`, as the kernel computes it.
    static func start(_ p: Lanes.Floats, _ guess: EasingGuess) -> Lanes.Floats {
        func v(_ x: Double) -> Lanes.Floats { Lanes.Floats(repeating: Float(x)) }
        let row = guess.row
        return BezierLanes.start(p, k: Lanes.Floats(repeating: row[0]), c: (v(guess.c0), v(guess.c1), v(guess.c2), v(guess.c3)))
    }
}

private extension Double {
    var float: Float { Float(self) }
}

/// The parity allowance of keyframed subviews is a number or unbounded, never NaN.
@Suite struct KeyframeToleranceTests {
    /// Found by the fuzzer (seed timeline-own.json): an easing of unbounded slope made the
    /// allowance ∞·0 = NaN, which rejects every field, where the contract promises only a
    /// solve residual.
    @Test func unboundedSlopeGivesAnUnboundedAllowanceNotNaN() throws {
        let json = #"{"width": 1, "pages": [{"subviews": [{"timeline": {"rotation": [{"at": -2, "value": 1, "easing": [0, 1000, 1, -1000]}, {"at": 2, "value": -1}]}}]}]}"#
        let page = try Walkthrough(json: json).pages[0]
        let tolerance = KeyframeTolerance(page)
        for c in 0...16 {
            let allowed = tolerance.allowed(field: c, reference: 0)
            #expect(allowed == .infinity, "field \(c): \(allowed)")
        }
        let bounded = KeyframeTolerance(try Walkthrough(json: #"{"width": 1, "pages": [{"timeline": {"rotation": [{"at": 0, "value": 1, "easing": "easeIn"}, {"at": 1, "value": 0}]}}]}"#).pages[0])
        #expect(bounded.allowed(field: 12, reference: 5).isFinite && bounded.allowed(field: 0, reference: 1).isFinite)
    }
}
