#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Whether a walkthrough's big buffers can be allocated, asked before building them.
//
// `AnimationPlan` and `FrameBuffer` allocate their buffers with Swift's allocator, which
// ends the process when memory runs out. A C caller (`bww_create`) must get an error
// instead, so it calls `WalkthroughAnimator.checkMemory(for:)` first: that allocates buffers
// of the same sizes with `posix_memalign`, which can fail, frees them and throws if any
// failed. Kept apart from the storages (and with its own platform import) so that they stay
// as they are; the sizes are tested against the built storages (AllocationTests).

/// The buffers of a walkthrough could not be allocated.
package struct OutOfMemory: Error, Sendable {
    /// The bytes asked for, all buffers together.
    package let bytes: Int
}

extension WalkthroughAnimator {
    /// The byte counts of the 64-byte aligned buffers `init(_:)` allocates for
    /// `walkthrough`: the plan's speeds, statics and static-lane masks (`PlanStorage`), then
    /// the frame blocks (`FrameStorage`). Keep in step with those two initialisers.
    package static func bufferByteCounts(for walkthrough: Walkthrough) -> [Int] {
        let slots = walkthrough.pages.reduce(0) { $0 + Lanes.padded($1.subviews.count) }
        let counts = [
            (2 * slots, MemoryLayout<Float>.stride),
            (slots, MemoryLayout<Int32>.stride),
            (slots / Lanes.count, MemoryLayout<UInt8>.stride),
            (slots / Lanes.count * Lanes.frameBlockFloats, MemoryLayout<Float>.stride),
        ]
        return counts.map { Swift.max($0.0, 1) * $0.1 }  // `allocateAligned` allocates at least 1
    }

    /// Throws when the buffers `init(_:)` would allocate for `walkthrough` cannot all be
    /// allocated at once. A check, not a reservation: memory other threads take between it
    /// and the build can still run out.
    package static func checkMemory(for walkthrough: Walkthrough) throws(OutOfMemory) {
        let counts = bufferByteCounts(for: walkthrough)
        guard canAllocate(counts) else { throw OutOfMemory(bytes: counts.reduce(0, +)) }
    }

    /// Whether blocks of these byte counts, 64-byte aligned, can be allocated together.
    package static func canAllocate(_ byteCounts: [Int]) -> Bool {
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(byteCounts.count)
        defer { blocks.forEach { free($0) } }
        for bytes in byteCounts {
            var block: UnsafeMutableRawPointer?
            guard bytes >= 0, posix_memalign(&block, 64, bytes) == 0, let block else { return false }
            blocks.append(block)
        }
        return true
    }
}
