@testable import Kernel
import KernelTestSupport
import Testing

/// The static patch of a translating identity page in `blocks` (with AVX,
/// `FrameKernel.uniform`): `PageConstants.hasUnitDiagonal` holds only for 1 bit for bit on
/// the diagonal, and then `BlockWriter.storeTranslationIdentity`'s 3 stores leave a block
/// exactly as `storeIdentity`'s 17 do. (The default build's kernel keeps the 17; the AVX2
/// build's parity tests run the 3 through whole frames.)
@Suite struct TranslationPatchTests {
    static let identity = SIMD16<Float>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// Any m41, m42 keep a unit diagonal; any other value on the diagonal (−1, the Floats
    /// next to 1, 0, −0, NaN) does not.
    @Test func aUnitDiagonalIsOneBitForBit() {
        var posed = Self.identity
        (posed[12], posed[13]) = (3, -0.0)
        #expect(PageConstants.hasUnitDiagonal(Self.identity), "identity")
        #expect(PageConstants.hasUnitDiagonal(posed), "with m41 3, m42 −0")
        for c in [0, 5, 10, 15] {
            for value: Float in [-1, Float(1).nextUp, Float(1).nextDown, 0, -0.0, .nan] {
                var m = Self.identity
                m[c] = value
                #expect(!PageConstants.hasUnitDiagonal(m), "field \(c) = \(value) (bits \(value.bitPattern))")
            }
        }
    }

    /// Two blocks of an identity-but-translation page (seeded m41, m42 and alpha in every
    /// lane): lane `lane` of the second patched by the 3 stores and by the 17 gives the same
    /// bytes, and nothing else moves.
    @Test(arguments: 0..<Lanes.count)
    func threeStoresPatchWhatSeventeenDo(lane: Int) {
        let seed: UInt64 = 0x7A75_0000 &+ UInt64(lane)
        var rng = SeededGenerator(seed: seed)
        let floats = Lanes.frameBlockFloats
        var block = [Float](repeating: 0, count: 2 * floats)
        for b in 0..<2 {
            for l in 0..<Lanes.count {
                for c in 0..<16 { block[b * floats + c * Lanes.count + l] = Self.identity[c] }
                for c in [FrameComponent.m41, .m42] {
                    block[b * floats + c.rawValue * Lanes.count + l] = Float.random(in: -900...900, using: &rng)
                }
                block[b * floats + FrameComponent.alpha.rawValue * Lanes.count + l] = Float.random(in: 0...1, using: &rng)
            }
        }
        let k = Lanes.count + lane
        var viaThree = block, viaAll = block
        viaThree.withUnsafeMutableBytes { raw in
            let out = KernelOutputs(layout: .blocks, matrices: raw.baseAddress!, alphas: raw.baseAddress!, count: 2 * Lanes.count)
            BlockWriter.storeTranslationIdentity(out, subview: k)
        }
        viaAll.withUnsafeMutableBytes { raw in
            let out = KernelOutputs(layout: .blocks, matrices: raw.baseAddress!, alphas: raw.baseAddress!, count: 2 * Lanes.count)
            BlockWriter.storeIdentity(out, subview: k)
        }
        let first = (0..<block.count).first { viaThree[$0].bitPattern != viaAll[$0].bitPattern }
        #expect(first == nil, "seed \(seed), lane \(lane): first difference at Float \(first ?? -1)")
        let moved = (0..<block.count).filter { viaAll[$0].bitPattern != block[$0].bitPattern }
        let expected = [FrameComponent.m41, .m42, .alpha].map { floats + $0.rawValue * Lanes.count + lane }
        #expect(moved == expected, "seed \(seed), lane \(lane): the patch moved Floats \(moved)")
    }
}
