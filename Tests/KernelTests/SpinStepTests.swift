import WalkthroughKernel
import KernelTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stepped spin (`SpinSteps`): every block's lane sines and cosines, one rotation from
/// a seed every `SpinSteps.count` blocks (every block a seed on small pages), against Double
/// `sin`/`cos` of the same angles.
/// About the z axis, with no speed, perspective or scale, a subview's `m11` is exactly the
/// kernel's cosine and `m12` its sine.
@Suite struct SpinStepTests {
    static func page(count: Int, angle: Double, variance: Double) -> Page {
        Page(subviews: Array(repeating: Subview(), count: count),
             rotation: try! Rotation(axis: SIMD3(0, 0, 1), angle: angle, angleVariance: variance))
    }

    /// The kernel's `θ_k = A + (k + 1)·D`, `A` and `D` reduced as `PageConstants.reduced` does.
    static func theta(angle: Double, variance: Double, offset o: Double, subview k: Int) -> Double {
        func reduced(_ t: Double) -> Double {
            t.magnitude <= VectorTrig.accurateRange ? t : t.truncatingRemainder(dividingBy: 2 * .pi)
        }
        return reduced(angle * (1 - o)) + Double(k + 1) * reduced(variance * (1 - o))
    }

    struct Case: CustomStringConvertible {
        var count: Int, angle: Double, variance: Double, offset: Double
        var description: String { "count \(count) angle \(angle) angleVariance \(variance) offset \(offset)" }
    }

    /// The largest error of the frame's sines and cosines where the seed's angle lies in
    /// `VectorTrig`'s accurate range, and the largest `|c² + s² − 1|` elsewhere.
    static func errors(_ c: Case) throws -> (worst: Double, subview: Int, unit: Double) {
        let page = page(count: c.count, angle: c.angle, variance: c.variance)
        var animator = WalkthroughAnimator(try Walkthrough(width: 100, pages: [page]))
        animator.animate(page: 0, offset: c.offset)
        var (worst, at, unit) = (0.0, -1, 0.0)
        // Below `minimumSubviews` every block is its own seed.
        let seedSubviews = c.count >= SpinSteps.minimumSubviews ? SpinSteps.count * Lanes.count : Lanes.count
        for k in 0..<c.count {
            let m = animator.frame.transform(page: 0, subview: k)
            let seed = theta(angle: c.angle, variance: c.variance, offset: c.offset, subview: k - k % seedSubviews)
            if seed.magnitude <= VectorTrig.accurateRange {
                let t = theta(angle: c.angle, variance: c.variance, offset: c.offset, subview: k)
                let e = max((m.m11 - cos(t)).magnitude, (m.m12 - sin(t)).magnitude)
                if !(e <= worst) { (worst, at) = (e, k) }
            } else {
                unit = max(unit, (m.m11 * m.m11 + m.m12 * m.m12 - 1).magnitude)
            }
        }
        return (worst, at, unit)
    }

    /// Seeded random cases: angles within a few turns and huge, `angleVariance` 0, tiny,
    /// usual, large and huge of either sign, offsets across the window.
    static func cases(seed: UInt64, counts: [Int]) -> [Case] {
        var rng = SeededGenerator(seed: seed)
        let variances: [() -> Double] = [
            { 0 }, { .random(in: -1e-9...1e-9, using: &rng) }, { .random(in: -0.5...0.5, using: &rng) },
            { .random(in: -40...40, using: &rng) }, { .random(in: 1e5...1e6, using: &rng) * (Bool.random(using: &rng) ? 1 : -1) },
            { .random(in: 1e12...1e14, using: &rng) * (Bool.random(using: &rng) ? 1 : -1) },
        ]
        let angles: [() -> Double] = [
            { .random(in: -7...7, using: &rng) }, { .random(in: -1e4...1e4, using: &rng) }, { .random(in: 1e9...1e15, using: &rng) },
        ]
        var cases: [Case] = []
        for count in counts {
            for v in variances.indices {
                let angle = angles[cases.count % angles.count]()
                // o = 1 turns nothing (θ = 0), o = 0 the whole angle; the others at random.
                let offset: Double = switch cases.count % 4 {
                case 0: 0
                case 1: 1
                default: .random(in: -1.99...1.99, using: &rng)
                }
                cases.append(Case(count: count, angle: angle, variance: variances[v](), offset: offset))
            }
        }
        return cases
    }

    /// Counts around a block's 8 subviews, a seed's 128 and `SpinSteps.minimumSubviews`, and
    /// a few thousand.
    static let counts = [1, 7, 8, 9, 63, 65, 127, 129, 511, 512, 513, 1_023, 1_025, 4_097, 20_001]

    @Test func steppedSinesAndCosinesStayWithinTheBound() throws {
        let seed: UInt64 = 0x5713
        var overall = 0.0
        for c in Self.cases(seed: seed, counts: Self.counts) {
            let (worst, k, unit) = try Self.errors(c)
            overall = max(overall, worst)
            #expect(worst <= SpinSteps.maximumError, "seed \(seed): \(c): subview \(k) off by \(worst)")
            #expect(unit <= ParityTolerance.rotationTolerance, "seed \(seed): \(c): not a unit pair (\(unit))")
        }
        #expect(overall > 0, "seed \(seed): no case was checked")
    }

    /// Every subview up to a million, the angles near zero where a Float ulp is smallest
    /// and at a few turns.
    @Test(.slow, .tags(.endToEnd), arguments: [(0.3, 1e-6), (-2.5, 0.0123), (6.9, -0.31)])
    func aMillionSubviewsStayWithinTheBound(angle: Double, variance: Double) throws {
        let seed: UInt64 = 0x1_000_000
        var rng = SeededGenerator(seed: seed)
        let c = Case(count: 1_000_000, angle: angle, variance: variance, offset: .random(in: -1.5...0.5, using: &rng))
        let (worst, k, unit) = try Self.errors(c)
        #expect(worst <= SpinSteps.maximumError, "seed \(seed): \(c): subview \(k) off by \(worst)")
        #expect(unit <= ParityTolerance.rotationTolerance, "seed \(seed): \(c): not a unit pair (\(unit))")
    }
}
