import WalkthroughKernel
import KernelTestSupport
import Testing

/// Spinning pages with many seeds (`SpinSteps`): parity with the reference in every layout,
/// and frames split across threads bitwise identical to one core, wherever the parts start.
@Suite struct SpinSplitTests {
    /// Pages of every type with per-subview spin, counts around seeds and blocks, static tags.
    static func walkthrough(seed: UInt64, counts: [Int]) throws -> Walkthrough {
        var rng = SeededGenerator(seed: seed)
        let pages = counts.enumerated().map { i, n in
            Page(animationType: AnimationType.allCases[i % 4], speed: SIMD2(.random(in: -2...2, using: &rng), 1),
                 speedVariance: SIMD2(0.01, .random(in: -0.02...0.02, using: &rng)), staticTags: [3], animateAlpha: i % 2 == 0,
                 subviews: (0..<n).map { Subview(tag: $0 % 37 == 5 ? 3 : 0) },
                 rotation: try! Rotation(axis: SIMD3(.random(in: -1...1, using: &rng), 1, .random(in: -1...1, using: &rng)),
                                         angle: .random(in: -7...7, using: &rng),
                                         angleVariance: [0.013, -0.4, 3e-7, 2.5][i % 4],
                                         perspective: i % 3 == 0 ? nil : 500))
        }
        return try Walkthrough(width: 100, pages: pages)
    }

    static let scrolls: [Double] = [-60, 0, 37, 100, 163.5, 290]

    @Test(arguments: FrameLayout.allCases)
    func everyLayoutMatchesTheReference(layout: FrameLayout) throws {
        let seed: UInt64 = 0x5B1D
        let walkthrough = try Self.walkthrough(seed: seed, counts: [65, 513, 1_029, 3_001])
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

    /// Every strategy this CPU runs writes the same bits, one core or split across two
    /// (`avx` runs `blocks` and `caTransform3D` through `kernel_spin_blocks_avx` in a build
    /// without AVX): pages of the four types with and without perspective, so every
    /// `SpinFlags` combination that occurs (Zoom does not translate), and a page about the x
    /// axis with no x speed, whose `m14` and `m41` are `−0 + 0`, so `+0` only where added.
    @Test(arguments: FrameLayout.allCases)
    func everyStrategyWritesTheSameBits(layout: FrameLayout) throws {
        let seed: UInt64 = 0x5B1E
        var pages = try Self.walkthrough(seed: seed, counts: (0..<12).map { 520 + 97 * $0 }).pages
        pages.append(Page(animationType: .linear, speed: SIMD2(0, 1), speedVariance: SIMD2(0, 0.01),
                          subviews: Array(repeating: Subview(), count: 700),
                          rotation: try Rotation(axis: SIMD3(1, 0, 0), angle: 0.5, angleVariance: 0.013, perspective: 500)))
        let walkthrough = try Walkthrough(width: 100, pages: pages)
        let plan = AnimationPlan(walkthrough)
        for strategy in KernelStrategy.runnable {
            for threads in 1...2 {
                // Fresh animators: a page outside the window keeps what it last had.
                var portable = WalkthroughAnimator(plan: plan, layout: layout, strategy: .portable)
                portable.threads = 1
                var animator = WalkthroughAnimator(plan: plan, layout: layout, strategy: strategy)
                (animator.threads, animator.parallelThreshold) = (threads, 1)
                for x in stride(from: -40.0, through: 1_250, by: 65.5) {
                    try portable.update(scroll: x)
                    try animator.update(scroll: x)
                    for page in walkthrough.pages.indices where portable.frame.bytes(page: page) != animator.frame.bytes(page: page) {
                        Issue.record("seed \(seed) \(layout) \(strategy) threads \(threads) scroll \(x) page \(page)")
                        return
                    }
                }
            }
        }
    }

    /// Parts of 501 or 377 blocks cut for 2 … 5 threads start between seeds.
    @Test(arguments: FrameLayout.allCases)
    func splitFramesAreBitwiseIdentical(layout: FrameLayout) throws {
        let seed: UInt64 = 0x5B17
        let walkthrough = try Self.walkthrough(seed: seed, counts: [4_001, 3_011, 0, 77])
        for threads in 2...5 {
            // Fresh animators: a page outside the window keeps what it last had.
            var serial = WalkthroughAnimator(walkthrough, layout: layout)
            serial.threads = 1
            var parallel = WalkthroughAnimator(walkthrough, layout: layout)
            parallel.threads = threads
            parallel.parallelThreshold = 1
            for x in Self.scrolls {
                try serial.update(scroll: x)
                try parallel.update(scroll: x)
                for page in walkthrough.pages.indices {
                    let same = serial.frame.bytes(page: page) == parallel.frame.bytes(page: page)
                    #expect(same, "seed \(seed) \(layout) threads \(threads) scroll \(x) page \(page)")
                }
            }
        }
    }
}
