import WalkthroughKernel
import KernelTestSupport
import Testing

/// The keyframe lanes' eased fraction in half blocks (`TrackLanes.easedInHalves`, what the
/// default x86-64 build runs) and in whole blocks (`easedWhole`, what AVX builds run) give
/// the same bits in every lane: the same operations per lane, one certificate per block; two blocks eased side by
/// side (`easedSolving`, the own timelines' groups in every build) give each the bits it gives alone.
@Suite struct EasingHalvesTests {
    @Test func halvesAndWholeBlocksGiveTheSameBits() {
        let seed: UInt64 = 0x4A1F
        var rng = SeededGenerator(seed: seed)
        var segments = TrackLanes.invalid, previous = (TrackLanes.invalid, Lanes.Doubles())
        for block in 0..<1_500 {
            var tau = Lanes.Doubles()
            for l in 0..<Lanes.count {
                let kind = Int.random(in: 0..<8, using: &rng)
                let easing: Easing
                switch kind {
                case 0: easing = [Easing.easeIn, .easeOut, .easeInOut, .linear, .hold][block % 5]
                case 1, 2:  // S-shaped (x1 > x2): the ones that fail the certificate and reach Double
                    let x1 = Double.random(in: 0.6...1, using: &rng), x2 = Double.random(in: 0...0.4, using: &rng)
                    let (y1, y2) = (Double.random(in: -2...2, using: &rng), Double.random(in: -2...2, using: &rng))
                    easing = try! Easing(bezier: x1, y1, x2, y2)
                default:
                    easing = try! Easing(bezier: .random(in: 0...1, using: &rng), .random(in: -3...3, using: &rng),
                                         .random(in: 0...1, using: &rng), .random(in: -3...3, using: &rng))
                }
                let poly = EasingPolynomial(easing), guess = EasingGuess(poly).row
                let lo = Double.random(in: -2...2, using: &rng), length = Double.random(in: 1e-3...2, using: &rng)
                let edge = l == block % Lanes.count
                // One lane a block at an edge: before the first keyframe (lo = −∞), NaN τ, p = 0.
                segments.lo[l] = edge && block % 3 == 0 ? -.infinity : lo
                segments.hi[l] = lo + length
                segments.invLen[l] = edge && block % 3 == 0 ? 0 : Float(1 / length)
                tau[l] = edge && block % 3 == 1 ? .nan : edge ? lo : lo + length * .random(in: 0..<1, using: &rng)
                (segments.ax[l], segments.bx[l], segments.cx[l]) = (Float(poly.ax), Float(poly.bx), Float(poly.cx))
                (segments.ay[l], segments.by[l], segments.cy[l]) = (Float(poly.ay), Float(poly.by), Float(poly.cy))
                (segments.gk[l], segments.g0[l], segments.g1[l]) = (guess[0], guess[1], guess[2])
                (segments.g2[l], segments.g3[l]) = (guess[3], guess[4])
            }
            for flags in [TrackLanes.solves, 0] {
                let (whole, halves) = withUnsafePointer(to: segments) {
                    (TrackLanes.easedWhole($0, tau, flags: flags), TrackLanes.easedInHalves($0, tau, flags: flags))
                }
                for l in 0..<Lanes.count {
                    #expect(whole[l].bitPattern == halves[l].bitPattern,
                            "seed \(seed), block \(block), lane \(l), flags \(flags): \(whole[l]) against \(halves[l])")
                }
            }
            let (first, second, paired) = withUnsafePointer(to: previous.0) { a in
                withUnsafePointer(to: segments) { b in
                    (TrackLanes.easedWhole(a, previous.1, flags: TrackLanes.solves),
                     TrackLanes.easedWhole(b, tau, flags: TrackLanes.solves),
                     TrackLanes.easedSolving(a, previous.1, b, tau))
                }
            }
            for l in 0..<Lanes.count {
                #expect(paired.0[l].bitPattern == first[l].bitPattern && paired.1[l].bitPattern == second[l].bitPattern,
                        "seed \(seed), blocks \(block - 1) and \(block) side by side, lane \(l)")
            }
            previous = (segments, tau)
        }
    }
}
