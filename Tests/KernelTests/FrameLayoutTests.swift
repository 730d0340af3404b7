import WalkthroughKernel
import KernelTestSupport
import Testing

/// Every layout holds the same frame: the kernel computes in lanes and each writer stores
/// the same Floats (converted exactly to Double in `caTransform3D`), so the layouts agree
/// bit for bit with `blocks`, which the parity tests hold to the reference.
@Suite struct FrameLayoutTests {
    /// Pages of 0 … 25 subviews (most not a multiple of 8) and one of 2,001, of every type.
    static func walkthrough(seed: UInt64) throws -> Walkthrough {
        var rng = SeededGenerator(seed: seed)
        let pages = (0...25).map { n in RandomWalkthrough.page(count: n, type: AnimationType.allCases[n % 4], using: &rng) }
            + [RandomWalkthrough.page(count: 2_001, type: .linear, using: &rng)]
        return try Walkthrough(width: 50, pages: pages)
    }

    /// Every subview's transform and alpha, as read through the public readers.
    static func readout(_ frame: FrameBuffer) -> [[Double]] {
        (0..<frame.pageCount).flatMap { page in
            (0..<frame.subviewCount(page: page)).map { k in
                frame.transform(page: page, subview: k).fields + [frame.alpha(page: page, subview: k)]
            }
        }
    }

    static let scrolls: [Double] = [-70, 0, 13, 260, 611.5, 1240]

    @Test(arguments: [FrameLayout.float4x4, .caTransform3D])
    func denseLayoutsHoldTheBlocksFrameBitForBit(layout: FrameLayout) throws {
        let seed: UInt64 = 0x1A70
        let walkthrough = try Self.walkthrough(seed: seed)
        var blocks = WalkthroughAnimator(walkthrough), dense = WalkthroughAnimator(walkthrough, layout: layout)
        #expect(Self.readout(dense.frame) == Self.readout(blocks.frame), "seed \(seed) \(layout): initial identity frame")
        for x in Self.scrolls {
            try blocks.update(scroll: x)
            try dense.update(scroll: x)
            #expect(Self.readout(dense.frame) == Self.readout(blocks.frame), "seed \(seed) \(layout) scroll \(x)")
        }
    }

    @Test(arguments: FrameLayout.allCases)
    func everyLayoutMatchesTheReference(layout: FrameLayout) throws {
        let seed: UInt64 = 0x5EED
        let walkthrough = try Self.walkthrough(seed: seed)
        var animator = WalkthroughAnimator(walkthrough, layout: layout)
        for x in Self.scrolls {
            try animator.update(scroll: x)
            let reference = try ReferenceAnimator.frame(walkthrough, scroll: x)
            if let why = FrameParity.mismatch(animator.state(), reference) {
                Issue.record("seed \(seed) \(layout) scroll \(x) \(why)")
                return
            }
        }
    }

    @Test(arguments: FrameLayout.allCases)
    func bulkReadersAgreeWithTheSubviewReaders(layout: FrameLayout) throws {
        let walkthrough = try Self.walkthrough(seed: 77)
        var animator = WalkthroughAnimator(walkthrough, layout: layout)
        try animator.update(scroll: 611.5)
        let frame = animator.frame
        for page in 0..<frame.pageCount {
            let n = frame.subviewCount(page: page)
            let gathered = try frame.gathered(page: page)
            var alphas = [Double](repeating: -1, count: n)
            try alphas.withUnsafeMutableBufferPointer { (b) throws(WalkthroughError) in try frame.alphas(page: page, into: b) }
            for k in 0..<n {
                #expect(Array(gathered[16 * k ..< 16 * k + 16]) == frame.transform(page: page, subview: k).fields,
                        "seed 77 \(layout) page \(page) subview \(k)")
                #expect(alphas[k] == frame.alpha(page: page, subview: k), "seed 77 \(layout) page \(page) subview \(k) alpha")
            }
            if n > 0 {
                var short = [Double](repeating: 0, count: n - 1)
                _ = short.withUnsafeMutableBufferPointer { b in
                    #expect(throws: WalkthroughError.self, "seed 77 \(layout) page \(page)") { try frame.alphas(page: page, into: b) }
                }
            }
        }
    }

    /// A page whose gather is big enough to stream from `blocks` and `float4x4` (non-temporal
    /// stores in `sse2` and `avx`): into a 16-byte-aligned destination (streams where the
    /// strategy does) and one 8 bytes off (does not), both against the subview reader, with
    /// 3 subviews past the last whole block.
    @Test(arguments: [FrameLayout.blocks, .float4x4])
    func streamingGatherHoldsTheSameValues(layout: FrameLayout) throws {
        let seed: UInt64 = 0x57EA
        let count = FrameReader.streamingBytes / 128 + 5_003
        var rng = SeededGenerator(seed: seed)
        let page = RandomWalkthrough.page(count: count, type: .zoom, using: &rng)
        var animator = WalkthroughAnimator(try Walkthrough(width: 50, pages: [page]), layout: layout)
        try animator.update(scroll: 17.25)
        let frame = animator.frame
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 128 * count + 8, alignment: 64)
        defer { raw.deallocate() }
        for offset in [0, 8] {
            let bytes = UnsafeMutableRawBufferPointer(rebasing: raw[offset ..< offset + 128 * count])
            #expect(FrameReader.streams(frame.strategy, into: bytes.baseAddress!, bytes: bytes.count)
                        == (offset == 0 && frame.strategy != .portable), "seed 0x57EA \(layout) offset \(offset), strategy \(frame.strategy)")
            bytes.initializeMemory(as: UInt8.self, repeating: 0xFF)
            let doubles = bytes.bindMemory(to: Double.self)
            try frame.gather(page: 0, into: doubles)
            if let k = frame.firstSubviewDiffering(in: doubles, page: 0) {
                Issue.record("seed \(seed) \(layout) offset \(offset) subview \(k) of \(count)")
            }
        }
    }

    @Test(arguments: FrameLayout.allCases)
    func callerOwnedDestinationsGetTheSameBytes(layout: FrameLayout) throws {
        let walkthrough = try Self.walkthrough(seed: 3)
        var own = WalkthroughAnimator(walkthrough, layout: layout), into = WalkthroughAnimator(walkthrough, layout: layout)
        let geometry = own.frame.geometry
        // Unaligned on purpose: one byte into the allocation.
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: geometry.byteCount + 1, alignment: 64)
        defer { raw.deallocate() }
        let destination = UnsafeMutableRawBufferPointer(rebasing: raw[1...])
        copyFrame(own.frame, to: destination)  // the identity frame, as the destination starts
        for x in Self.scrolls {
            try own.update(scroll: x)
            try into.update(scroll: x, into: destination)
            #expect(into.positions == own.positions && into.currentPage == own.currentPage, "seed 3 \(layout) scroll \(x)")
            var expected = [UInt8](repeating: 0, count: geometry.byteCount)
            expected.withUnsafeMutableBytes { copyFrame(own.frame, to: $0) }
            let same = Array(destination) == expected  // (not the bytes themselves in the message)
            #expect(same, "seed 3 \(layout) scroll \(x)")
        }
        let short = UnsafeMutableRawBufferPointer(rebasing: raw[0 ..< geometry.byteCount - 1])
        #expect(throws: WalkthroughError.self, "seed 3 \(layout)") { try into.update(scroll: 5, into: short) }
        #expect(into.scrollPosition == Self.scrolls.last!, "seed 3 \(layout): a failed update changes nothing")
    }

    /// The whole frame's bytes, page by page at the geometry's offsets.
    func copyFrame(_ frame: FrameBuffer, to destination: UnsafeMutableRawBufferPointer) {
        for page in 0..<frame.pageCount {
            frame.withUnsafeBytes(page: page) { matrices, alphas in
                let m = frame.geometry.matrixOffset(page: page), a = frame.geometry.alphaOffset(page: page)
                UnsafeMutableRawBufferPointer(rebasing: destination[m ..< m + matrices.count]).copyMemory(from: matrices)
                UnsafeMutableRawBufferPointer(rebasing: destination[a ..< a + alphas.count]).copyMemory(from: alphas)
            }
        }
    }

    @Test(arguments: [FrameLayout.float4x4, .caTransform3D])
    func parallelSplitIsBitwiseIdentical(layout: FrameLayout) throws {
        let walkthrough = try Self.walkthrough(seed: 11)
        var serial = WalkthroughAnimator(walkthrough, layout: layout), split = WalkthroughAnimator(walkthrough, layout: layout)
        serial.threads = 1
        (split.threads, split.parallelThreshold) = (3, 0)
        for x in Self.scrolls {
            try serial.update(scroll: x)
            try split.update(scroll: x)
            #expect(Self.readout(split.frame) == Self.readout(serial.frame), "seed 11 \(layout) scroll \(x)")
        }
    }

    @Test func geometryCountsBytes() throws {
        let walkthrough = try Walkthrough(width: 10, pages: [Page(subviews: Array(repeating: Subview(), count: 3)),
                                                             Page(subviews: Array(repeating: Subview(), count: 9))])
        let plan = AnimationPlan(walkthrough)
        let blocks = FrameBuffer(for: plan).geometry
        #expect(blocks.byteCount == 3 * 544 && blocks.matrixOffset(page: 1) == 544 && blocks.alphaOffset == blocks.byteCount)
        let floats = FrameBuffer(for: plan, layout: .float4x4).geometry
        #expect(floats.byteCount == 12 * 64 + 12 * 4 && floats.matrixOffset(page: 1) == 3 * 64 && floats.alphaOffset(page: 1) == 12 * 64 + 12)
        let doubles = FrameBuffer(for: plan, layout: .caTransform3D).geometry
        #expect(doubles.byteCount == 12 * 136 && doubles.matrixOffset(page: 1, subview: 2) == 5 * 128)
    }
}
