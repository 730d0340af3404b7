import WalkthroughKernel
import KernelTestSupport
import Testing

/// The fast path against the reference, on seeded random walkthroughs.
@Suite struct FastPathParityTests {
    /// Subview counts 0 … 3×lanes+1, then a few thousand.
    static let counts = Array(0...(3 * Lanes.count + 1)) + [2_001]

    @Test(arguments: AnimationType.allCases)
    func everyCountMatchesTheReference(type: AnimationType) throws {
        // A fixed seed per type (`hashValue` is randomized per process: failures could not be replayed).
        let seed = 0xB1A5 &+ UInt64(AnimationType.allCases.firstIndex(of: type)!)
        var rng = SeededGenerator(seed: seed)
        for count in Self.counts {
            let page = RandomWalkthrough.page(count: count, type: type, using: &rng)
            let walkthrough = try Walkthrough(width: 320, pages: [page])
            var animator = WalkthroughAnimator(walkthrough)
            let offsets = count > 100 ? [0, 1, 0.37, 1.63] : RandomWalkthrough.offsets(using: &rng)
            for o in offsets {
                animator.animate(page: 0, offset: o)
                let reference = ReferenceAnimator.animate(page, offset: o)
                for k in 0..<count {
                    let fast = SubviewState(tag: page.subviews[k].tag, transform: animator.frame.transform(page: 0, subview: k),
                                            alpha: animator.frame.alpha(page: 0, subview: k), isStatic: page.isStatic(subview: k))
                    if let why = ParityTolerance.mismatch(fast, reference[k]) {
                        Issue.record("seed \(seed): \(type) count \(count) subview \(k) offset \(o) rotation \(String(describing: page.rotation)): \(why)")
                        return
                    }
                }
            }
        }
    }

    @Test func wholeFramesMatchTheReference() throws {
        let seed: UInt64 = 42
        var rng = SeededGenerator(seed: seed)
        let pages = (0..<7).map { i in
            RandomWalkthrough.page(count: [0, 1, 15, 17, 33, 5, 40][i], type: AnimationType.allCases[i % 4], using: &rng)
        }
        let walkthrough = try Walkthrough(width: 375, pages: pages)
        var animator = WalkthroughAnimator(walkthrough)
        for x in [-400.0, -375, 0, 10, 187.5, 375, 700, 1125, 2249, 2250, 5000] {
            try animator.update(scroll: x)
            let fast = animator.state(), reference = try ReferenceAnimator.frame(walkthrough, scroll: x)
            #expect(fast.currentPage == reference.currentPage, "seed \(seed) x \(x)")
            for (f, r) in zip(fast.pages, reference.pages) {
                #expect(f.offset == r.offset && f.animated == r.animated, "seed \(seed) x \(x) page \(f.index)")
                #expect((f.subviews == nil) == (r.subviews == nil), "seed \(seed) x \(x) page \(f.index)")
                for (a, b) in zip(f.subviews ?? [], r.subviews ?? []) {
                    if let why = ParityTolerance.mismatch(a, b) { Issue.record("seed \(seed) x \(x) page \(f.index): \(why)") }
                }
            }
        }
    }

    @Test func pagesOutsideTheWindowKeepWhatTheyHad() throws {
        let walkthrough = try Walkthrough(width: 100, pages: [Page(speed: SIMD2(1, 1), subviews: [Subview()]), Page(), Page(), Page()])
        var animator = WalkthroughAnimator(walkthrough)
        #expect(animator.frame.transform(page: 0, subview: 0) == .identity)  // before any frame
        try animator.update(scroll: 50)  // page 0 at o = 1.5
        let moved = animator.frame.transform(page: 0, subview: 0)
        #expect(moved.m41 == -50)
        try animator.update(scroll: 300)  // page 0 at o = 4: out of the window
        #expect(!animator.positions[0].animated && animator.frame.transform(page: 0, subview: 0) == moved)
    }

    @Test func parallelSplitIsBitwiseIdentical() throws {
        let seed: UInt64 = 7
        var rng = SeededGenerator(seed: seed)
        let pages = AnimationType.allCases.map { RandomWalkthrough.page(count: 300, type: $0, using: &rng) }
        let walkthrough = try Walkthrough(width: 100, pages: pages)
        var serial = WalkthroughAnimator(walkthrough)
        serial.threads = 1
        var parallel = WalkthroughAnimator(walkthrough)
        parallel.threads = 3
        parallel.parallelThreshold = 1
        for x in [0.0, 37, 150, 210] {
            try serial.update(scroll: x)
            try parallel.update(scroll: x)
            for page in pages.indices {
                #expect(serial.frame.bytes(page: page) == parallel.frame.bytes(page: page), "seed \(seed) x \(x) page \(page)")
            }
        }
    }

    @Test func framesAreValuesCopyOnWrite() throws {
        let walkthrough = try Walkthrough(width: 100, pages: [Page(speed: SIMD2(1, 0), subviews: [Subview()])])
        var animator = WalkthroughAnimator(walkthrough)
        try animator.update(scroll: 0)
        let snapshot = animator.frame
        try animator.update(scroll: 50)
        #expect(snapshot.transform(page: 0, subview: 0).m41 == 0)
        #expect(animator.frame.transform(page: 0, subview: 0).m41 == -50)
    }

    @Test func gatherWritesCoreAnimationOrderAndRejectsShortBuffers() throws {
        let walkthrough = try Walkthrough(width: 100, pages: [Page(speed: SIMD2(1, 2), speedVariance: SIMD2(0, 1), subviews: [Subview(), Subview()])])
        var animator = WalkthroughAnimator(walkthrough)
        try animator.update(scroll: 25)  // o = 1.25
        let aos = try animator.frame.gathered(page: 0)
        #expect(aos.count == 32)
        #expect(Array(aos[16..<32]) == animator.frame.transform(page: 0, subview: 1).fields)
        #expect(aos[12] == -25 && aos[13] == -75)  // s_0 = (1, 3) at 100·(1 − 1.25)
        var short = [Double](repeating: 0, count: 31)
        let error = short.withUnsafeMutableBufferPointer { buffer in
            #expect(throws: WalkthroughError("buffer of 31 doubles is too short for page 0: needs 32")) {
                try animator.frame.gather(page: 0, into: buffer)
            }
        }
        #expect(error != nil)
        #expect(throws: WalkthroughError.self) { try animator.frame.gathered(page: 1) }
        animator.frame.withUnsafeBlocks(page: 0) { blocks in
            #expect(blocks.count == Lanes.frameBlockFloats)
            #expect(blocks[Lanes.frameIndex(.m42, subview: 0)] == -75 && blocks[Lanes.frameIndex(.m42, subview: 1)] == -100)
            #expect(blocks[Lanes.frameIndex(.m42, subview: 1)] == blocks[FrameComponent.m42.rawValue * Lanes.count + 1])
        }
    }
}
