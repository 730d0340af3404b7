@testable import Kernel
import KernelTarget
import KernelTestSupport
import Testing

/// The kernels of the gather from `blocks` (two, and the one in phase that AMD's Zen 2 and
/// later take: `FrameReader.gathersInPhase`), and the two from `float4x4`
/// (`FrameReader.widensWhole` picks one of each by the CPU): all write every row bit for
/// bit alike, at every 8-byte offset of the destination, and `FrameReader.gather` writes the
/// same frame through each, walking either way. Both compile for every target, so this
/// runs on all of them; the AVX code of the wide ones only in an AVX build
/// (`swift test -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell`).
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

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7])
    func bothKernelsWriteTheSameRows(offset: Int) {
        let seed: UInt64 = 0x6A7E_0000 &+ UInt64(offset)
        let blocks = 5, blockFloats = Lanes.frameBlockFloats
        let source = Self.floats(blocks * blockFloats, seed: seed)
        // `offset` Doubles of slack in front: destinations at every 8-byte offset of a line.
        let rows = blocks * Lanes.count * 16
        var narrow = [UInt64](repeating: Self.guardWord, count: rows + 8)
        var wide = narrow
        source.withUnsafeBufferPointer { floats in
            narrow.withUnsafeMutableBytes { a in
                wide.withUnsafeMutableBytes { b in
                    for k in 0..<blocks {
                        let block = floats.baseAddress! + k * blockFloats
                        let byteOffset = (offset + k * Lanes.count * 16) * 8
                        kernel_gather_block(block, (a.baseAddress! + byteOffset).assumingMemoryBound(to: Double.self))
                        kernel_gather_block_wide(block, (b.baseAddress! + byteOffset).assumingMemoryBound(to: Double.self))
                    }
                }
            }
        }
        let first = narrow.indices.first { narrow[$0] != wide[$0] }
        #expect(first == nil, "seed \(seed), offset \(offset) doubles: first difference at word \(first ?? -1)")
        // The rows are the fields of each lane in order, widened (checked on the narrow kernel).
        for k in 0..<blocks {
            for lane in 0..<Lanes.count {
                for field in 0..<16 {
                    let value = Double(source[k * blockFloats + field * Lanes.count + lane])
                    let word = narrow[offset + (k * Lanes.count + lane) * 16 + field]
                    #expect(word == value.bitPattern || (value.isNaN && Double(bitPattern: word).isNaN),
                            "seed \(seed), offset \(offset), block \(k), lane \(lane), field \(field)")
                }
            }
        }
        #expect(Self.untouchedOutside(narrow, offset: offset, count: rows), "seed \(seed), offset \(offset): a kernel wrote outside its rows")
        #expect(Self.untouchedOutside(wide, offset: offset, count: rows), "seed \(seed), offset \(offset): the wide kernel wrote outside its rows")
    }

    /// The gather in phase (`kernel_gather_blocks_phased`, on CPUs with AVX) writes the
    /// 16-byte kernel's rows for all blocks but the last, and the first s Doubles of the last
    /// block's first row (s from the destination's address: every 8-byte offset of a line
    /// gives each phase twice), nothing else, walking either way, converting from the scratch
    /// or from registers, for 1, 2, 3 and 6 blocks.
    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 6])
    func theGatherInPhaseWritesTheSameRows(offset: Int, blocks: Int) throws {
        try #require(kernel_cpu_has_avx() != 0, "needs AVX")
        let seed: UInt64 = 0x6A7E_3000 &+ UInt64(8 * blocks + offset), blockFloats = Lanes.frameBlockFloats
        let source = Self.floats(blocks * blockFloats, seed: seed)
        let rows = blocks * Lanes.count * 16
        var expected = [UInt64](repeating: Self.guardWord, count: rows + 8)
        source.withUnsafeBufferPointer { floats in
            expected.withUnsafeMutableBytes { a in
                for k in 0..<blocks {
                    kernel_gather_block(floats.baseAddress! + k * blockFloats,
                                        (a.baseAddress! + (offset + k * Lanes.count * 16) * 8).assumingMemoryBound(to: Double.self))
                }
            }
        }
        for backward in [false, true] { for registers in [false, true] {
            var words = [UInt64](repeating: Self.guardWord, count: rows + 8)
            var phase = 0
            source.withUnsafeBufferPointer { floats in
                words.withUnsafeMutableBytes { bytes in
                    let out = (bytes.baseAddress! + offset * 8).assumingMemoryBound(to: Double.self)
                    phase = Int((32 - UInt(bitPattern: out) % 32) / 8 % 4)
                    kernel_gather_blocks_phased(floats.baseAddress!, blocks, out, backward ? 1 : 0, registers ? 1 : 0)
                }
            }
            let written = blocks < 2 ? 0 : (blocks - 1) * Lanes.count * 16 + phase
            let first = (0..<written).first { words[offset + $0] != expected[offset + $0] }
            let label = "seed \(seed), offset \(offset), \(blocks) blocks, phase \(phase), backward \(backward), registers \(registers)"
            #expect(first == nil, "\(label): first difference at Double \(first ?? -1)")
            #expect(Self.untouchedOutside(words, offset: offset, count: written), "\(label): wrote outside its \(written) Doubles")
        } }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6, 7])
    func bothRowWideningsWriteTheSameRows(offset: Int) {
        let seed: UInt64 = 0x6A7E_1000 &+ UInt64(offset), count = 37
        let source = Self.floats(count * 16, seed: seed)
        var narrow = [UInt64](repeating: Self.guardWord, count: count * 16 + 8)
        var wide = narrow
        source.withUnsafeBufferPointer { floats in
            narrow.withUnsafeMutableBytes { a in
                wide.withUnsafeMutableBytes { b in
                    for k in 0..<count {
                        let byteOffset = (offset + k * 16) * 8
                        kernel_widen_row16(floats.baseAddress! + 16 * k, (a.baseAddress! + byteOffset).assumingMemoryBound(to: Double.self), 0)
                        kernel_widen_row16_wide(floats.baseAddress! + 16 * k, (b.baseAddress! + byteOffset).assumingMemoryBound(to: Double.self))
                    }
                }
            }
        }
        let first = narrow.indices.first { narrow[$0] != wide[$0] }
        #expect(first == nil, "seed \(seed), offset \(offset) doubles: first difference at word \(first ?? -1)")
        for (i, value) in source.enumerated() {
            let word = wide[offset + i]
            #expect(word == Double(value).bitPattern || (value.isNaN && Double(bitPattern: word).isNaN),
                    "seed \(seed), offset \(offset), subview \(i / 16), field \(i % 16)")
        }
        #expect(Self.untouchedOutside(wide, offset: offset, count: count * 16),
                "seed \(seed), offset \(offset): the wide widening wrote outside its rows")
    }

    /// `FrameReader.gather` with either choice of kernels, from `blocks` and `float4x4`, on
    /// a page past the last whole block and, from `blocks`, big enough to take turns (asked
    /// for whatever the CPU): two calls each (one walks back), every subview as the subview
    /// reader reads it.
    @Test(arguments: [FrameLayout.blocks, .float4x4], [13, GatherTurns.generalSizes.lowerBound + 3])
    func gatherWritesTheFrameThroughEitherKernel(layout: FrameLayout, count: Int) throws {
        let seed: UInt64 = 0x6A7E_2000 &+ UInt64(count)
        var rng = SeededGenerator(seed: seed)
        let page = RandomWalkthrough.page(count: count, type: .curve, using: &rng)
        var animator = WalkthroughAnimator(try Walkthrough(width: 80, pages: [page]), layout: layout)
        try animator.update(scroll: 23.5)
        let frame = animator.frame
        var doubles = [Double](repeating: 0, count: 16 * count)
        let avx = kernel_cpu_has_avx() != 0
        for (wide, inPhase, inRegisters) in [(false, false, false), (true, false, false), (false, avx, false), (false, avx, true)] {
            for call in 0..<2 {
                Self.gatherFirstPage(frame, into: &doubles, wide: wide, turns: true, inPhase: inPhase, inRegisters: inRegisters)
                if let k = frame.firstSubviewDiffering(in: doubles, page: 0) {
                    Issue.record("seed \(seed), \(layout), \(count) subviews, wide \(wide), in phase \(inPhase), in registers \(inRegisters), call \(call): subview \(k)")
                }
            }
        }
    }

    /// `FrameReader.gather` of the frame's first page into `doubles` (16 a subview), filled
    /// with NaN patterns first, so that a slot the gather skips cannot hold a right value;
    /// with `turns`, at `GatherTurns.generalSizes` whatever the CPU, else never. The block
    /// kernels read every field: a page that shares a template would otherwise skip them
    /// (`byTemplate`, tested in `TemplateGatherTests`).
    static func gatherFirstPage(_ frame: FrameBuffer, into doubles: inout [Double],
                                wide: Bool = FrameReader.widensWhole, turns: Bool,
                                inPhase: Bool = FrameReader.gathersInPhase,
                                inRegisters: Bool = FrameReader.phaseConvertsInRegisters, byTemplate: Bool = false) {
        doubles.withUnsafeMutableBytes { bytes in
            bytes.initializeMemory(as: UInt8.self, repeating: 0xFF)
            withExtendedLifetime(frame) {
                FrameReader.gather(frame.view, frame.view.slots[0], into: bytes.baseAddress!, wide: wide,
                                   turns: turns ? GatherTurns.generalSizes : 0 ..< 0,
                                   inPhase: inPhase, inRegisters: inRegisters, byTemplate: byTemplate)
            }
        }
    }
}
