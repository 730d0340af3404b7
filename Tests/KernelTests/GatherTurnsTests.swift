#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
@testable import Kernel
import KernelTarget
import KernelTestSupport
import Testing

/// The gather's alternating walk (`GatherTurns`): the turns alternate per key and per
/// thread, a gather takes one at the sizes where turns pay (`sizesHere`), and a walk
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

    /// The sizes that take turns: the general ones, none on AMD's Zen 2 and later with an
    /// L2 under 1 MiB (or unknown), and 7/8 to 3 times L2 of frame and destination with more.
    @Test func turnsApplyNearTheSizeOfL2() {
        #expect(GatherTurns.generalSizes == 2_048 ..< 32_768)
        #expect(GatherTurns.generalSizes.upperBound * 128 == FrameReader.streamingBytes)
        #expect(GatherTurns.bytesPerSubview == 196)
        let cases: [(zen2: Bool, l2: Int, sizes: Range<Int>)] = [
            (false, 0, 2_048 ..< 32_768), (false, 2 << 20, 2_048 ..< 32_768), (true, 0, 0 ..< 0),
            (true, 512 << 10, 0 ..< 0), (true, (1 << 20) - 1024, 0 ..< 0),
            (true, 1 << 20, 4_681 ..< 16_049), (true, 2 << 20, 9_362 ..< 32_099)]
        for c in cases {
            let sizes = GatherTurns.sizes(amdZen2OrLater: c.zen2, l2Bytes: c.l2)
            #expect(sizes == c.sizes, "Zen 2 or later \(c.zen2), L2 \(c.l2) bytes: \(sizes)")
        }
        let here = GatherTurns.sizes(amdZen2OrLater: kernel_cpu_is_amd_zen2_or_later() != 0, l2Bytes: kernel_cpu_l2_bytes())
        #expect(GatherTurns.sizesHere == here, "L2 \(kernel_cpu_l2_bytes()) bytes")
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
        let count = GatherTurns.generalSizes.lowerBound + 3
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

    /// The public gather takes a turn exactly at the sizes where turns pay on this CPU
    /// (`GatherTurns.sizesHere`): one page size just past the general sizes' start, and one
    /// just past the start of this CPU's, if it has any. It writes the frame either way.
    @Test func publicGatherTakesTurnsWhereTheyPay() throws {
        let seed: UInt64 = 0x7A12
        var counts = [GatherTurns.generalSizes.lowerBound + 5]
        if !GatherTurns.sizesHere.isEmpty { counts.append(GatherTurns.sizesHere.lowerBound + 5) }
        for count in counts {
            let frame = try Self.frame(count: count, seed: seed)
            let key = Self.key(frame)
            var doubles = [Double](repeating: .nan, count: 16 * count)
            let before = Self.peek(key)
            try doubles.withUnsafeMutableBufferPointer { (buffer) throws(WalkthroughError) in try frame.gather(page: 0, into: buffer) }
            let expected = GatherTurns.sizesHere.contains(count)
            #expect((Self.peek(key) != before) == expected,
                    "seed \(seed), \(count) subviews: turn taken \(Self.peek(key) != before), sizes here \(GatherTurns.sizesHere)")
            #expect(frame.firstSubviewDiffering(in: doubles, page: 0) == nil, "seed \(seed), \(count) subviews: public gather")
        }
    }

    /// With turns left out (as on AMD's Zen 2 and 3, whatever the CPU here), a gather of a
    /// page of the general sizes takes no turn and writes the frame each time.
    @Test func withoutTurnsEveryGatherWalksForward() throws {
        let seed: UInt64 = 0x7A13
        let count = GatherTurns.generalSizes.lowerBound + 1
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
