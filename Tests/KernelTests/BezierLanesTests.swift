import Kernel
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
            let easing = n % 8 == 3 ? [Easing.easeIn, .easeOut, .easeInOut][n / 8 % 3]
                : try! Easing(bezier: x1, .random(in: -3...3, using: &rng), x2, .random(in: -3...3, using: &rng))
            let c = easing.controlPoints!
            let poly = EasingPolynomial(easing)
            var p = Lanes.Floats()
            for l in 0..<Lanes.count { p[l] = l == 0 ? 0 : l == 1 ? 1.0.nextDown.float : Float.random(in: 0..<1, using: &rng) }
            let (ax, bx, cx) = (Lanes.Floats(repeating: Float(poly.ax)), Lanes.Floats(repeating: Float(poly.bx)), Lanes.Floats(repeating: Float(poly.cx)))
            let u = BezierLanes.solve(p, ax: ax, bx: bx, cx: cx)
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

private extension Double {
    var float: Float { Float(self) }
}
