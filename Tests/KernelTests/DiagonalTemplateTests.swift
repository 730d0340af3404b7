@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// The uniform kernels' split (`PageConstants.isDiagonal`, `FrameKernel.fields`): a matrix
/// is taken as diagonal only when the constant zeros put in its place are its own bits, so
/// every loop stores the same frame.
@Suite struct DiagonalTemplateTests {
    /// The positions that must be +0: all but m11, m22, m33, m44 and the translation m41, m42.
    static let offDiagonal = [1, 2, 3, 4, 6, 7, 8, 9, 11, 14]

    /// Seeded random matrices, +0 off the diagonal: diagonal, and `fields` returns their bits.
    @Test func diagonalMatricesKeepTheirBits() {
        let seed: UInt64 = 0xD1A6
        var rng = SeededGenerator(seed: seed)
        for trial in 0..<1_000 {
            var m = SIMD16<Float>()
            for c in [0, 5, 10, 12, 13, 15] {
                m[c] = trial % 7 == 0 ? -0.0 : Float.random(in: -4...4, using: &rng)
            }
            #expect(PageConstants.isDiagonal(m), "seed \(seed) trial \(trial): \(m)")
            let fields = FrameKernel.fields(m, Yes.self)
            #expect(Self.bits(fields) == Self.bits(m), "seed \(seed) trial \(trial): \(fields) for \(m)")
            #expect(Self.bits(FrameKernel.fields(m, No.self)) == Self.bits(m), "seed \(seed) trial \(trial): No")
        }
        #expect(PageConstants.isDiagonal(SIMD16(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)), "identity")
    }

    /// One off-diagonal field that is not +0 (−0, the smallest subnormal, 1, NaN) makes the
    /// matrix not diagonal, at each of the ten positions.
    @Test func anyOtherBitOffTheDiagonalIsNotDiagonal() {
        let identity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        for c in Self.offDiagonal {
            for value: Float in [-0.0, .leastNonzeroMagnitude, 1, .nan] {
                var m = identity
                m[c] = value
                #expect(!PageConstants.isDiagonal(m), "field \(c) = \(value) (bits \(value.bitPattern))")
            }
        }
    }

    private static func bits(_ m: SIMD16<Float>) -> [UInt32] { (0..<16).map { m[$0].bitPattern } }
}
