#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
@testable import Kernel
import KernelTestSupport
import Testing

/// The gather's alternating walk (`GatherTurns`): the turns alternate per key and per
/// thread, a gather takes one where it applies and turns pay (`paysHere`), and a walk
/// either way writes the same values.
@Suite struct GatherTurnsTests {
    @Test func turnsAlternatePerKey() {
        // Other tests may have gathered on this thread before: start from whatever is there.
        let key = 5, other = 6
        let first = GatherTurns.backward(key: key)
        #expect(GatherTurns.backward(key: key) == !first, "key \(key), second call")
        let otherFirst = GatherTurns.backward(key: other)
        #expect(GatherTurns.backward(key: key) == first, "key \(key), third call, after key \(other)")
        #expect(GatherTurns.backward(key: other) == !otherFirst, "key \(other), second call")
        #expect(GatherTurns.backward(key: key + 64) == !first, "key \(key + 64) shares the turn of key \(key)")
    }

    /// A new thread starts forward on every key, whatever this one did; this one's turn is
    /// untouched by it.
    @Test func aNewThreadStartsForward() {
        // Leave this thread's key 9 so that its next call walks back.
        while GatherTurns.backward(key: 9) {}
        var turns = [Bool](repeating: true, count: 3)
        turns.withUnsafeMutableBufferPointer { buffer in
            var thread = pthread_t?.none
            #if canImport(Glibc) && os(Linux)
            var id = pthread_t()
            let status = pthread_create(&id, nil, { Self.threeTurns($0) }, buffer.baseAddress!)
            if status == 0 { thread = id }
            #else
            let status = pthread_create(&thread, nil, { Self.threeTurns($0) }, buffer.baseAddress!)
            #endif
            #expect(status == 0, "pthread_create: \(status)")
            if let thread { pthread_join(thread, nil) }
        }
        #expect(turns == [false, true, false], "a new thread's turns on key 9: \(turns)")
        #expect(GatherTurns.backward(key: 9), "this thread's turn on key 9 after the other thread's")
    }

    private static func threeTurns(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        let out = raw!.assumingMemoryBound(to: Bool.self)
        for i in 0..<3 { out[i] = GatherTurns.backward(key: 9) }
        return nil
    }

    @Test func turnsApplyNearTheSizeOfL2() {
        for (count, expected) in [(0, false), (2_047, false), (2_048, true), (10_000, true), (32_767, true), (32_768, false)] {
            #expect(GatherTurns.applies(count: count) == expected, "count \(count)")
        }
        #expect(GatherTurns.maximumSubviews * 128 == FrameReader.streamingBytes)
    }

    /// The turn the next call with `key` takes on this thread, left for that call to take.
    private static func peek(_ key: Int) -> Bool {
        let next = GatherTurns.backward(key: key)
        _ = GatherTurns.backward(key: key)
        return next
    }

    /// Two gathers in a row of a page big enough to turn (3 subviews past the last whole
    /// block), with turns asked for whatever the CPU: each takes a turn, so one walks each
    /// way, into a buffer filled with NaN patterns each time, and both hold what the
    /// subview reader reads. `gathered` takes no turn.
    @Test func bothWalksWriteTheSameValues() throws {
        let seed: UInt64 = 0x7A11
        let count = GatherTurns.minimumSubviews + 3
        let frame = try Self.frame(count: count, seed: seed)
        let key = Self.key(frame)
        var doubles = [Double](repeating: 0, count: 16 * count), walks: [Bool] = []
        for call in 0..<2 {
            let backward = Self.peek(key)
            GatherKernelTests.gatherFirstPage(frame, into: &doubles, turns: true)
            #expect(Self.peek(key) == !backward, "seed \(seed) call \(call): the gather took no turn")
            walks.append(backward)
            if let k = frame.firstSubviewDiffering(in: doubles, page: 0) {
                Issue.record("seed \(seed) call \(call) (backward: \(backward)) subview \(k) of \(count)")
            }
        }
        #expect(Set(walks) == [false, true], "seed \(seed): walks \(walks)")
        let next = Self.peek(key)
        #expect(try frame.gathered(page: 0) == doubles, "seed \(seed): gathered")
        #expect(Self.peek(key) == next, "seed \(seed): gathered took a turn")
    }

    /// The public gather takes a turn exactly where turns pay on this CPU
    /// (`GatherTurns.paysHere`: not on AMD's Zen 3 and later), and writes the frame either way.
    @Test func publicGatherTakesTurnsWhereTheyPay() throws {
        let seed: UInt64 = 0x7A12
        let count = GatherTurns.minimumSubviews + 5
        let frame = try Self.frame(count: count, seed: seed)
        let key = Self.key(frame)
        var doubles = [Double](repeating: .nan, count: 16 * count)
        let before = Self.peek(key)
        try doubles.withUnsafeMutableBufferPointer { (buffer) throws(WalkthroughError) in try frame.gather(page: 0, into: buffer) }
        #expect((Self.peek(key) != before) == GatherTurns.paysHere,
                "seed \(seed): turn taken \(Self.peek(key) != before), paysHere \(GatherTurns.paysHere)")
        #expect(frame.firstSubviewDiffering(in: doubles, page: 0) == nil, "seed \(seed): public gather")
    }

    /// With turns left out (as on AMD's Zen 3 and later, whatever the CPU here), a gather of
    /// a page of `applies`'s sizes takes no turn and writes the frame each time.
    @Test func withoutTurnsEveryGatherWalksForward() throws {
        let seed: UInt64 = 0x7A13
        let count = GatherTurns.minimumSubviews + 1
        let frame = try Self.frame(count: count, seed: seed)
        let key = Self.key(frame)
        var doubles = [Double](repeating: 0, count: 16 * count)
        for call in 0..<2 {
            let next = Self.peek(key)
            GatherKernelTests.gatherFirstPage(frame, into: &doubles, turns: false)
            #expect(Self.peek(key) == next, "seed \(seed) call \(call): a turn was taken")
            #expect(frame.firstSubviewDiffering(in: doubles, page: 0) == nil, "seed \(seed) call \(call)")
        }
    }

    /// A frame of one Curve page of `count` random subviews.
    private static func frame(count: Int, seed: UInt64) throws -> FrameBuffer {
        var rng = SeededGenerator(seed: seed)
        let page = RandomWalkthrough.page(count: count, type: .curve, using: &rng)
        var animator = WalkthroughAnimator(try Walkthrough(width: 80, pages: [page]))
        try animator.update(scroll: 23.5)
        return animator.frame
    }

    /// The turn key of the frame's first page.
    private static func key(_ frame: FrameBuffer) -> Int {
        GatherTurns.key(base: frame.storage.base, matrixOffset: frame.storage.slots[0].matrixOffset)
    }
}
