@testable import WalkthroughKernel
import KernelTarget
import KernelTestSupport
import Testing

/// `kernel_gather_template_blocks_phased` writes what `kernel_gather_template_blocks` writes,
/// bit for bit, where the destination is at 0 or 16 mod 32, and nothing (returning 0) at 8 or
/// 24 mod 32: with a template unlike the identity in every piece, so that a static lane's
/// pieces and a non-static one's differ, and static masks that put a static lane on each
/// side of a block boundary (lane 7 before a lane 0 that is not, and the reverse), a block
/// with no static lane before one whose lane 0 is, a whole static block, and a last block
/// whose lane 7 is static; 1 to 6 blocks, every 8-byte offset, guard words on both sides.
/// Runs where the CPU has AVX (the `avx` strategy), and is skipped elsewhere.
@Suite(.enabled(if: KernelStrategy.avx.isRunnable, "needs AVX"))
struct TemplateGatherPhaseTests {
    /// A page's masks are the first `blocks` of these: lane 0 static before a block with no
    /// static lane, which comes before one whose lane 0 is; a whole static block; a lane 7
    /// static before a lane 0 that is not; the sixth block's lane 7 static.
    static let masks: [UInt8] = [0x01, 0x00, 0x01, 0xFF, 0x7E, 0x80]

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 6])
    func theGatherInPhaseWritesTheSameRows(offset: Int, blocks: Int) throws {
        let seed: UInt64 = 0x7E3A_5000 &+ UInt64(8 * blocks + offset)
        let source = GatherKernelTests.floats(blocks * Lanes.frameBlockFloats, seed: seed)
        let template = (0..<16).map { Double($0) * 0.25 - 7 }
        let statics = Array(Self.masks.prefix(blocks))
        let rows = blocks * Lanes.count * 16
        do {
            var expected = [UInt64](repeating: GatherKernelTests.guardWord, count: rows + 8)
            var words = expected
            var (phase, done): (UInt, Int32) = (0, 0)
            source.withUnsafeBufferPointer { floats in
                template.withUnsafeBufferPointer { t in
                    expected.withUnsafeMutableBytes { e in
                        kernel_gather_template_blocks(floats.baseAddress!, blocks,
                                                      (e.baseAddress! + 8 * offset).assumingMemoryBound(to: Double.self),
                                                      statics, t.baseAddress!, 0)
                    }
                    words.withUnsafeMutableBytes { w in
                        let out = (w.baseAddress! + 8 * offset).assumingMemoryBound(to: Double.self)
                        phase = UInt(bitPattern: out) % 32
                        done = kernel_gather_template_blocks_phased(floats.baseAddress!, blocks, out, statics,
                                                                    t.baseAddress!)
                    }
                }
            }
            let label = "seed \(seed), offset \(offset) (\(phase) mod 32), \(blocks) blocks"
            guard phase % 16 == 0 else {
                #expect(done == 0, "\(label): must decline")
                #expect(GatherKernelTests.untouchedOutside(words, offset: 0, count: 0), "\(label): wrote although it declined")
                return
            }
            #expect(done == 1, "\(label): must write")
            let first = words.indices.first { words[$0] != expected[$0] }
            #expect(first == nil, "\(label): first difference at word \(first ?? -1)")
            #expect(GatherKernelTests.untouchedOutside(words, offset: offset, count: rows), "\(label): wrote outside its rows")
        }
    }
}
