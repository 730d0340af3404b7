@testable import Kernel
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
