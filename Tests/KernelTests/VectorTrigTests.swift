import WalkthroughKernel
import KernelTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `VectorTrig` against Double `sin`/`cos`: the documented bound over the angles that occur.
@Suite struct VectorTrigTests {
    /// The largest error over `angles`, and the angle where it is (the failing case).
    func maximumError(_ angles: [Double]) -> (error: Double, angle: Double) {
        var (worst, at) = (0.0, Double.nan)
        var i = 0
        while i < angles.count {
            var lanes = Lanes.Doubles()
            for l in 0..<Lanes.count { lanes[l] = angles[min(i + l, angles.count - 1)] }
            let (s, c) = VectorTrig.sinCos(lanes)
            for l in 0..<Lanes.count {
                let theta = lanes[l]
                let error = max((Double(s[l]) - sin(theta)).magnitude, (Double(c[l]) - cos(theta)).magnitude)
                if error > worst { (worst, at) = (error, theta) }
            }
            i += Lanes.count
        }
        return (worst, at)
    }

    @Test func boundHoldsOnADenseGridOfOneTurnEachWay() {
        let angles = (-20_000...20_000).map { Double($0) * (2 * .pi / 20_000) }
        let (error, angle) = maximumError(angles)
        #expect(error <= VectorTrig.maximumError, "max error \(error) at \(angle)")
    }

    @Test func boundHoldsAtQuadrantBoundaries() {
        // n·π/4 and their neighbours: where the reduction switches quadrant and polynomial.
        var angles: [Double] = []
        for n in -400...400 {
            let a = Double(n) * .pi / 4
            angles += [a, a.nextUp, a.nextDown, a + 1e-9, a - 1e-9]
        }
        let (error, angle) = maximumError(angles)
        #expect(error <= VectorTrig.maximumError, "max error \(error) at \(angle)")
    }

    @Test func boundHoldsOverTheAccurateRange() {
        var rng = SeededGenerator(seed: 2026)
        let angles = (0..<40_000).map { _ in Double.random(in: -VectorTrig.accurateRange...VectorTrig.accurateRange, using: &rng) }
        let small = (0..<4_000).map { _ in Double.random(in: -1e-3...1e-3, using: &rng) }
        let (error, angle) = maximumError(angles + small)
        #expect(error <= VectorTrig.maximumError, "seed 2026: max error \(error) at \(angle)")
    }

    @Test func exactValuesAndNonFiniteInputs() {
        var lanes = Lanes.Doubles(repeating: 0)
        lanes[1] = .nan
        lanes[2] = .infinity
        lanes[3] = -.infinity
        lanes[4] = VectorTrig.unitRange  // far outside the accurate range: finite, not accurate
        let (s, c) = VectorTrig.sinCos(lanes)
        #expect(s[0] == 0 && c[0] == 1)
        #expect(s[1].isNaN && c[1].isNaN && s[2].isNaN && c[2].isNaN && s[3].isNaN && c[3].isNaN)
        #expect(s[4].isFinite && c[4].isFinite, "sin \(s[4]) cos \(c[4]) at 2^45")
    }

    /// Documented: beyond the accurate range the results drift but stay a unit pair up to
    /// `unitRange`, which covers every angle the kernels pass (below 2⁴³ after
    /// `PageConstants.reduced`; the huge angles of a file are tested through the fast path in
    /// `OutsideAccuracyDomainTests`).
    @Test(arguments: [1e7, 1e13, -3e12, 8_796_093_022_208.0, -VectorTrig.unitRange, VectorTrig.unitRange])
    func anglesBeyondTheAccurateRangeGiveUnitPairs(theta: Double) {
        var lanes = Lanes.Doubles()
        for l in 0..<Lanes.count { lanes[l] = theta + Double(l) * 0.37 }
        let (s, c) = VectorTrig.sinCos(lanes)
        for l in 0..<Lanes.count {
            #expect(s[l].isFinite && c[l].isFinite && abs(s[l] * s[l] + c[l] * c[l] - 1) < 1e-6,
                    "θ \(lanes[l]) lane \(l): sin \(s[l]) cos \(c[l])")
        }
    }
}
