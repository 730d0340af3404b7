import Dispatch
import WalkthroughKernel
import KernelTestSupport
import Testing

/// The model and buffers are values that cross threads; frames computed concurrently, or
/// split across threads, equal the sequential ones bit for bit.
@Suite struct ConcurrencyTests {
    static func walkthrough() throws -> Walkthrough {
        var rng = SeededGenerator(seed: seed)
        let pages = (0..<6).map { i in
            RandomWalkthrough.page(count: [5, 40, 17, 64, 9, 33][i], type: AnimationType.allCases[i % 4], using: &rng)
        }
        return try Walkthrough(width: 320, pages: pages)
    }

    static let seed: UInt64 = 99
    static let scrolls: [Double] = [-100, 0, 55, 320, 480, 700, 999, 1500]

    /// Every page's bytes (every field and alpha of every lane) after each scroll position.
    static func frames(_ animator: inout WalkthroughAnimator) throws -> [[UInt8]] {
        var out: [[UInt8]] = []
        for x in scrolls {
            try animator.update(scroll: x)
            for page in animator.plan.pages.indices { out.append(animator.frame.bytes(page: page)) }
        }
        return out
    }

    @Test func concurrentAnimatorsSharingOnePlanMatchTheSequentialOne() async throws {
        let plan = AnimationPlan(try Self.walkthrough())  // immutable, shared by every task
        var sequential = WalkthroughAnimator(plan: plan)
        let expected = try Self.frames(&sequential)
        let results = try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var animator = WalkthroughAnimator(plan: plan)
                    return try Self.frames(&animator)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for (i, result) in results.enumerated() {
            let same = result == expected  // (not the arrays themselves in the message)
            #expect(same, "seed \(Self.seed), task \(i)")
        }
    }

    /// Int.max starts `maximumThreads` (it once overflowed the pool's array of threads and
    /// corrupted the heap); Int.min is 1.
    @Test(arguments: [1, 2, 3, 4, 7, Int.max, Int.min])
    func everyThreadCountGivesTheSameBits(threads: Int) throws {
        var reference = WalkthroughAnimator(try Self.walkthrough())
        reference.threads = 1
        var split = WalkthroughAnimator(try Self.walkthrough())
        split.threads = threads
        split.parallelThreshold = 0
        let same = try Self.frames(&split) == (try Self.frames(&reference))
        #expect(same, "seed \(Self.seed), \(threads) threads")
    }

    /// Copies of an animator whose frames split share its worker threads: copies updating
    /// at once on different threads take turns with the pool, a copy that finds it busy
    /// running its frame alone, and all give the sequential frames.
    @Test func copiesOfASplittingAnimatorUpdateAtOnce() async throws {
        var reference = WalkthroughAnimator(try Self.walkthrough())
        reference.threads = 1
        try reference.update(scroll: 10)  // pages outside the window keep this frame's values
        let expected = try Self.frames(&reference)
        var original = WalkthroughAnimator(try Self.walkthrough())
        (original.threads, original.parallelThreshold) = (3, 0)
        try original.update(scroll: 10)  // starts its workers, which the copies share
        let results = try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<6 {
                group.addTask { [original] in
                    var copy = original
                    return try Self.frames(&copy)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 6)
        for (i, result) in results.enumerated() {
            let same = result == expected  // (not the arrays themselves in the message)
            #expect(same, "seed \(Self.seed), copy \(i)")
        }
    }

    @Test func runsAreDeterministic() throws {
        var a = WalkthroughAnimator(try Self.walkthrough()), b = WalkthroughAnimator(try Self.walkthrough())
        let same = try Self.frames(&a) == (try Self.frames(&b))
        #expect(same, "seed \(Self.seed)")
    }

    @Test func framesCrossThreadsAsValues() async throws {
        var animator = WalkthroughAnimator(try Self.walkthrough())
        try animator.update(scroll: 100)
        let snapshot = animator.frame  // Sendable value: copy-on-write storage
        let fromTask = await Task.detached { snapshot.bytes(page: 1) }.value
        try animator.update(scroll: 200)  // writes a fresh copy; the snapshot stays as it was
        let (kept, moved) = (fromTask == snapshot.bytes(page: 1), animator.frame.bytes(page: 1) != snapshot.bytes(page: 1))
        #expect(kept && moved, "seed \(Self.seed), page 1: snapshot kept \(kept), frame moved \(moved)")
    }
}
