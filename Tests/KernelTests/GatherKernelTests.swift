@testable import WalkthroughKernel
import KernelTarget
import KernelTestSupport
import Testing

/// The kernels of the gather from `blocks` and `float4x4`, through the cache, streaming and
/// in phase, write every field widened, at every 8-byte offset of the destination, and
/// nothing else;
/// `FrameReader.gather` writes the same frame in every strategy this CPU runs.
@Suite struct GatherKernelTests {
    /// Float bit patterns that conversions treat apart: signed zeros, subnormals, the
    /// largest finite, infinities, a quiet and a signalling NaN with payloads.
    static let specials: [UInt32] = [0x0000_0000, 0x8000_0000, 0x0000_0001, 0x807F_FFFF, 0x7F7F_FFFF,
                                     0x7F80_0000, 0xFF80_0000, 0x7FC1_2345, 0x7F80_0001, 0xFFA0_0001]

    /// `count` Floats from `seed`: one in 8 a special pattern, the rest in ±1e6.
    static func floats(_ count: Int, seed: UInt64) -> [Float] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            rng.next() % 8 == 0 ? Float(bitPattern: specials[Int(rng.next() % UInt64(specials.count))])
                                : Float.random(in: -1e6...1e6, using: &rng)
        }
    }

    /// The guard word every destination is filled with before a kernel writes into it.
    static let guardWord: UInt64 = 0xDEAD_BEEF

    /// Whether `words` still hold the guard word outside `offset ..< offset + count`.
    static func untouchedOutside(_ words: [UInt64], offset: Int, count: Int) -> Bool {
        words[..<offset].allSatisfy { $0 == guardWord } && words[(offset + count)...].allSatisfy { $0 == guardWord }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7], [false, true])
    func theBlockKernelWritesEveryFieldWidened(offset: Int, streaming: Bool) {
        let seed: UInt64 = 0x6A7E_0000 &+ UInt64(offset) &+ (streaming ? 0x100 : 0)
        let blocks = 5, blockFloats = Lanes.frameBlockFloats
        let source = Self.floats(blocks * blockFloats, seed: seed)
        // `offset` Doubles of slack in front: destinations at every 8-byte offset of a line
        // (streaming stores need 16-byte alignment: even offsets only).
        let rows = blocks * Lanes.count * 16, slack = streaming ? offset & ~1 : offset
        var words = [UInt64](repeating: Self.guardWord, count: rows + 8)
        source.withUnsafeBufferPointer { floats in
            words.withUnsafeMutableBytes { a in
                for k in 0..<blocks {
                    let out = (a.baseAddress! + (slack + k * Lanes.count * 16) * 8).assumingMemoryBound(to: Double.self)
                    kernel_gather_block_to(floats.baseAddress! + k * blockFloats, out, streaming ? 1 : 0)
                }
                kernel_stream_fence()
            }
        }
        for k in 0..<blocks {
            for lane in 0..<Lanes.count {
                for field in 0..<16 {
                    let value = Double(source[k * blockFloats + field * Lanes.count + lane])
                    let word = words[slack + (k * Lanes.count + lane) * 16 + field]
                    #expect(word == value.bitPattern || (value.isNaN && Double(bitPattern: word).isNaN),
                            "seed \(seed), offset \(slack), streaming \(streaming), block \(k), lane \(lane), field \(field)")
                }
            }
        }
        #expect(Self.untouchedOutside(words, offset: slack, count: rows), "seed \(seed), offset \(slack): wrote outside its rows")
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7], [false, true])
    func theRowWideningWritesEveryFieldWidened(offset: Int, streaming: Bool) {
        let seed: UInt64 = 0x6A7E_1000 &+ UInt64(offset) &+ (streaming ? 0x100 : 0), count = 37
        let source = Self.floats(count * 16, seed: seed)
        let slack = streaming ? offset & ~1 : offset
        var words = [UInt64](repeating: Self.guardWord, count: count * 16 + 8)
        source.withUnsafeBufferPointer { floats in
            words.withUnsafeMutableBytes { a in
                for k in 0..<count {
                    let out = (a.baseAddress! + (slack + k * 16) * 8).assumingMemoryBound(to: Double.self)
                    kernel_widen_row16(floats.baseAddress! + 16 * k, out, streaming ? 1 : 0)
                }
                kernel_stream_fence()
            }
        }
        for (i, value) in source.enumerated() {
            let word = words[slack + i]
            #expect(word == Double(value).bitPattern || (value.isNaN && Double(bitPattern: word).isNaN),
                    "seed \(seed), offset \(slack), streaming \(streaming), subview \(i / 16), field \(i % 16)")
        }
        #expect(Self.untouchedOutside(words, offset: slack, count: count * 16),
                "seed \(seed), offset \(slack): the widening wrote outside its rows")
    }

    /// The gather in phase (`kernel_gather_blocks_phased`, the `avx` strategy) writes the
    /// 16-byte kernel's rows for all blocks but the last, and the first s Doubles of the last
    /// block's first row (s from the destination's address: every 8-byte offset of a line
    /// gives each phase twice), nothing else, for 1, 2, 3 and 6 blocks. Where the CPU has AVX.
    @Test(.enabled(if: KernelStrategy.avx.isRunnable, "needs AVX"), arguments: [0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 6])
    func theGatherInPhaseWritesTheSameRows(offset: Int, blocks: Int) {
        let seed: UInt64 = 0x6A7E_3000 &+ UInt64(8 * blocks + offset), blockFloats = Lanes.frameBlockFloats
        let source = Self.floats(blocks * blockFloats, seed: seed)
        let rows = blocks * Lanes.count * 16
        var expected = [UInt64](repeating: Self.guardWord, count: rows + 8)
        var words = expected
        var phase = 0
        source.withUnsafeBufferPointer { floats in
            expected.withUnsafeMutableBytes { a in
                for k in 0..<blocks {
                    let out = (a.baseAddress! + (offset + k * Lanes.count * 16) * 8).assumingMemoryBound(to: Double.self)
                    kernel_gather_block_to(floats.baseAddress! + k * blockFloats, out, 0)
                }
            }
            words.withUnsafeMutableBytes { bytes in
                let out = (bytes.baseAddress! + offset * 8).assumingMemoryBound(to: Double.self)
                phase = Int((32 - UInt(bitPattern: out) % 32) / 8 % 4)
                kernel_gather_blocks_phased(floats.baseAddress!, blocks, out)
            }
        }
        let written = blocks < 2 ? 0 : (blocks - 1) * Lanes.count * 16 + phase
        let first = (0..<written).first { words[offset + $0] != expected[offset + $0] }
        let label = "seed \(seed), offset \(offset), \(blocks) blocks, phase \(phase)"
        #expect(first == nil, "\(label): first difference at Double \(first ?? -1)")
        #expect(Self.untouchedOutside(words, offset: offset, count: written), "\(label): wrote outside its \(written) Doubles")
    }

    /// `FrameReader.gather` in every strategy this CPU runs, from `blocks` and `float4x4`,
    /// on a page past the last whole block, and one big enough to stream (`sse2`, `avx`):
    /// every subview as the subview reader reads it.
    @Test(arguments: [FrameLayout.blocks, .float4x4], [13, FrameReader.streamingBytes / 128 + 3])
    func gatherWritesTheFrameInEveryStrategy(layout: FrameLayout, count: Int) throws {
        let seed: UInt64 = 0x6A7E_2000 &+ UInt64(count)
        var rng = SeededGenerator(seed: seed)
        let page = RandomWalkthrough.page(count: count, type: .curve, using: &rng)
        let plan = AnimationPlan(try Walkthrough(width: 80, pages: [page]))
        var doubles = [Double](repeating: 0, count: 16 * count)
        for strategy in KernelStrategy.runnable {
            var animator = WalkthroughAnimator(plan: plan, layout: layout, strategy: strategy)
            try animator.update(scroll: 23.5)
            let frame = animator.frame
            #expect(frame.strategy == strategy, "seed \(seed): asked for \(strategy), got \(frame.strategy)")
            Self.gatherFirstPage(frame, into: &doubles)
            if let k = frame.firstSubviewDiffering(in: doubles, page: 0) {
                Issue.record("seed \(seed), \(layout), \(count) subviews, strategy \(strategy): subview \(k)")
            }
        }
    }

    /// `FrameReader.gather` of the frame's first page into `doubles` (16 a subview), filled
    /// with NaN patterns first, so that a slot the gather skips cannot hold a right value.
    /// The block kernels read every field: a page that shares a template would otherwise
    /// skip them (`byTemplate`, tested in `TemplateGatherTests`).
    static func gatherFirstPage(_ frame: FrameBuffer, into doubles: inout [Double], byTemplate: Bool = false) {
        doubles.withUnsafeMutableBytes { bytes in
            bytes.initializeMemory(as: UInt8.self, repeating: 0xFF)
            withExtendedLifetime(frame) {
                FrameReader.gather(frame.view, frame.view.slots[0], into: bytes.baseAddress!, strategy: frame.strategy,
                                   byTemplate: byTemplate)
            }
        }
    }
}
