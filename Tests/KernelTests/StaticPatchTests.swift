@testable import WalkthroughKernel
import KernelTestSupport
import Testing

/// The static patches of diagonal pages in `blocks` (with AVX, `FrameKernel.runDiagonal`):
/// `PageConstants.hasUnitDiagonal` holds only for 1 bit for bit on the diagonal, and then
/// `BlockWriter.storeTranslationIdentity`'s 3 stores leave a block exactly as
/// `storeIdentity`'s 17 do; on any diagonal page `storeDiagonalIdentity`'s 7 do. (The default
/// build's kernel keeps the 17; the AVX2 build's parity tests run the others through whole
/// frames.)
@Suite struct StaticPatchTests {
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

    /// Two blocks of a page whose fields are the identity's but for `varying` (seeded, in
    /// every lane): lane `lane` of the second patched by `patch` and by all 17 stores
    /// (`storeIdentity`) gives the same bytes, and the 17 move only `varying`'s fields.
    static func check(_ name: String, varying: [FrameComponent], lane: Int, seed: UInt64,
                      patch: (KernelOutputs, Int) -> Void) {
        var rng = SeededGenerator(seed: seed)
        let floats = Lanes.frameBlockFloats
        var block = [Float](repeating: 0, count: 2 * floats)
        for b in 0..<2 {
            for l in 0..<Lanes.count {
                for c in 0..<16 { block[b * floats + c * Lanes.count + l] = Self.identity[c] }
                for c in varying {
                    block[b * floats + c.rawValue * Lanes.count + l] =
                        c == .alpha ? Float.random(in: 0...1, using: &rng) : Float.random(in: -900...900, using: &rng)
                }
            }
        }
        let k = Lanes.count + lane
        var viaPatch = block, viaAll = block
        viaPatch.withUnsafeMutableBytes { raw in
            patch(KernelOutputs(layout: .blocks, matrices: raw.baseAddress!, alphas: raw.baseAddress!,
                                count: 2 * Lanes.count, strategy: .portable), k)
        }
        viaAll.withUnsafeMutableBytes { raw in
            let out = KernelOutputs(layout: .blocks, matrices: raw.baseAddress!, alphas: raw.baseAddress!,
                                    count: 2 * Lanes.count, strategy: .portable)
            BlockWriter.storeIdentity(out, subview: k)
        }
        let first = (0..<block.count).first { viaPatch[$0].bitPattern != viaAll[$0].bitPattern }
        #expect(first == nil, "\(name), seed \(seed), lane \(lane): first difference at Float \(first ?? -1)")
        let moved = (0..<block.count).filter { viaAll[$0].bitPattern != block[$0].bitPattern }
        let expected = varying.map { floats + $0.rawValue * Lanes.count + lane }
        #expect(moved == expected, "\(name), seed \(seed), lane \(lane): the patch moved Floats \(moved)")
    }

    /// An identity-but-translation page: `storeTranslationIdentity`'s 3 stores.
    @Test(arguments: 0..<Lanes.count)
    func threeStoresPatchWhatSeventeenDo(lane: Int) {
        Self.check("translation", varying: [.m41, .m42, .alpha], lane: lane, seed: 0x7A75_0000 &+ UInt64(lane)) {
            BlockWriter.storeTranslationIdentity($0, subview: $1)
        }
    }

    /// A diagonal page (Zoom: any diagonal, `m41`, `m42`, alpha): `storeDiagonalIdentity`'s 7.
    @Test(arguments: 0..<Lanes.count)
    func sevenStoresPatchADiagonalPage(lane: Int) {
        Self.check("diagonal", varying: [.m11, .m22, .m33, .m41, .m42, .m44, .alpha], lane: lane,
                   seed: 0xD1A6_0000 &+ UInt64(lane)) {
            BlockWriter.storeDiagonalIdentity($0, subview: $1)
        }
    }
}
