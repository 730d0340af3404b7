// Whether a walkthrough's big buffers can be allocated, asked before building them.
//
// `AnimationPlan` and `FrameBuffer` allocate their buffers with Swift's allocator, which
// ends the process when memory runs out. A C caller (`bww_create`) must get an error
// instead, so it calls `WalkthroughAnimator.checkMemory(for:layout:)` first: that allocates
// buffers of the same sizes with `posix_memalign`, which can fail, frees them and throws if
// any failed. The sizes are tested against the built storages (AllocationTests).

/// The buffers of a walkthrough could not be allocated.
package struct OutOfMemory: Error, Sendable {
    /// The bytes asked for, all buffers together.
    package let bytes: Int
}

extension WalkthroughAnimator {
    /// The byte counts of the 64-byte aligned buffers `init(_:layout:)` allocates for
    /// `walkthrough`: the plan's speeds and static-lane masks (`PlanStorage`), then the
    /// frame (`FrameStorage`, `FrameGeometry.byteCount`). Keep in step with those.
    package static func bufferByteCounts(for walkthrough: Walkthrough, layout: FrameLayout = .blocks) -> [Int] {
        let slots = walkthrough.pages.reduce(0) { $0 + Lanes.padded($1.subviews.count) }
        let entries = layout == .blocks ? slots : walkthrough.subviewCount
        let counts = [
            2 * slots * MemoryLayout<Float>.stride,
            slots / Lanes.count * MemoryLayout<UInt8>.stride,
            entries * (layout.matrixStride + layout.alphaStride),
        ]
        return counts.map { Swift.max($0, 1) }  // an empty buffer still allocates 1 byte
    }

    /// Throws when the buffers `init(_:layout:)` would allocate for `walkthrough` cannot
    /// all be allocated at once. A check, not a reservation: memory other threads take
    /// between it and the build can still run out.
    package static func checkMemory(for walkthrough: Walkthrough, layout: FrameLayout = .blocks) throws(OutOfMemory) {
        let counts = bufferByteCounts(for: walkthrough, layout: layout)
        guard canAllocateAligned(counts) else { throw OutOfMemory(bytes: counts.reduce(0, +)) }
    }
}
