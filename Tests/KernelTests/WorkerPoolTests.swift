#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import WalkthroughKernel
import Testing

/// The split frame's threads: every part runs exactly once per `perform`, whatever the
/// thread and part counts, and what the parts wrote is there when `perform` returns (under
/// TSan, scripts/sanitizers.sh, a missing hand-over is a report).
@Suite struct WorkerPoolTests {
    /// Adds 1 to slot `part` of the counts at `context`.
    static let count: WorkerPool.Job = { context, part in
        UnsafeMutablePointer(mutating: context.assumingMemoryBound(to: Int.self))[part] += 1
    }

    @Test(arguments: [1, 2, 3, 5])
    func everyPartRunsOnce(threads: Int) {
        let pool = WorkerPool(threads: threads)
        #expect(pool.workers == threads - 1, "threads \(threads): the system refused a worker")
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 40)
        defer { counts.deallocate() }
        for round in 0..<400 {
            let parts = round % 40 + 1
            counts.initialize(repeating: 0)
            pool.perform(parts: parts, Self.count, UnsafeRawPointer(counts.baseAddress!))
            if let part = counts.prefix(parts).firstIndex(where: { $0 != 1 }) {
                Issue.record("threads \(threads) round \(round) parts \(parts): part \(part) ran \(counts[part]) times")
                return
            }
            #expect(counts[parts...].allSatisfy { $0 == 0 }, "threads \(threads) round \(round): a part past \(parts) ran")
        }
    }

    @Test func withoutWorkersTheCallerRunsThePartsInOrder() {
        let pool = WorkerPool(threads: 1)
        #expect(pool.workers == 0)
        var order: [Int] = []
        withUnsafeMutablePointer(to: &order) { order in
            pool.perform(parts: 5, { context, part in
                UnsafeMutablePointer(mutating: context.assumingMemoryBound(to: [Int].self)).pointee.append(part)
            }, UnsafeRawPointer(order))
        }
        #expect(order == [0, 1, 2, 3, 4])
    }

    /// Two threads performing on one pool at once (copies of an animator share theirs):
    /// one has the workers, the other runs its parts alone; every part of each runs once.
    /// The callers are threads of their own (not Dispatch's, which ran both blocks on one
    /// thread here), and their parts spin a little so that they overlap.
    @Test func twoCallersAtOnce() {
        let pool = WorkerPool(threads: 3)
        let perCaller = Caller.parts * Caller.rounds
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * perCaller)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        // What each thread reads, fixed before it starts.
        let callers = UnsafeMutableBufferPointer<Caller>.allocate(capacity: 2)
        defer { callers.deallocate() }
        for i in 0..<2 { (callers.baseAddress! + i).initialize(to: Caller(pool: pool, counts: counts.baseAddress! + i * perCaller)) }
        let threads = (0..<2).map { Caller.start(callers.baseAddress! + $0) }
        threads.forEach(Caller.join)
        (callers.baseAddress!).deinitialize(count: 2)
        if let slot = counts.firstIndex(where: { $0 != 1 }) {
            Issue.record("caller \(slot / perCaller) round \(slot % perCaller / Caller.parts) part \(slot % Caller.parts): ran \(counts[slot]) times")
        }
    }

    /// What a caller thread of `twoCallersAtOnce` does: `rounds` jobs of `parts` parts on
    /// `pool`, each counting into its own slots of `counts`.
    struct Caller {
        static let parts = 12, rounds = 1_000
        let pool: WorkerPool
        let counts: UnsafeMutablePointer<Int>

        static let spinAndCount: WorkerPool.Job = { context, part in
            var x = Double(part)
            for _ in 0..<500 { x = x * 0.999 + 1 }  // a few µs
            UnsafeMutablePointer(mutating: context.assumingMemoryBound(to: Int.self))[part] += x > 0 ? 1 : 2
        }

        static func run(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
            let me = raw!.assumingMemoryBound(to: Caller.self).pointee
            for round in 0..<rounds {
                me.pool.perform(parts: parts, spinAndCount, UnsafeRawPointer(me.counts + round * parts))
            }
            return nil
        }

        #if canImport(Glibc) && os(Linux)
        typealias Thread = pthread_t  // an integer
        #else
        typealias Thread = pthread_t?  // a pointer
        #endif

        static func start(_ caller: UnsafeMutablePointer<Caller>) -> Thread {
            var thread = Thread()
            let status = pthread_create(&thread, nil, { Caller.run($0) }, caller)
            precondition(status == 0, "pthread_create: \(status)")
            return thread
        }

        static func join(_ thread: Thread) {
            #if canImport(Glibc) && os(Linux)
            pthread_join(thread, nil)
            #else
            if let thread { pthread_join(thread, nil) }
            #endif
        }
    }

    /// Pools made and dropped one after another: `deinit` stops and joins the workers (a
    /// worker left waiting on a freed condition variable would crash or hang here).
    @Test func poolsComeAndGo() {
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8)
        defer { counts.deallocate() }
        for round in 0..<50 {
            counts.initialize(repeating: 0)
            let pool = WorkerPool(threads: 3)
            pool.perform(parts: 8, Self.count, UnsafeRawPointer(counts.baseAddress!))
            #expect(counts.allSatisfy { $0 == 1 }, "round \(round)")
        }
    }
}
