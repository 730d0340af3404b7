// Whether a walkthrough's big buffers can be allocated, asked before building them: Swift's
// allocator ends the process when memory runs out, so a C caller (`bww_create`) first calls
// `WalkthroughAnimator.checkMemory(for:layout:)`, which tries the same sizes with
// `posix_memalign` (sizes checked by AllocationTests).

/// The buffers of a walkthrough could not be allocated.
package struct OutOfMemory: Error, Sendable {
    /// The bytes asked for, all buffers together.
    package let bytes: Int
}

extension WalkthroughAnimator {
    /// The byte counts of the 64-byte aligned buffers `init(_:layout:)` allocates for
    /// `walkthrough`: the plan's speeds and static-lane masks (`PlanStorage`), the frame
    /// (`FrameStorage`, `FrameGeometry.byteCount`), then the keyframe buffers
    /// (`keyframeBufferByteCounts`). Keep in step with those.
    package static func bufferByteCounts(for walkthrough: Walkthrough, layout: FrameLayout = .blocks) -> [Int] {
        let slots = walkthrough.pages.reduce(0) { $0 + Lanes.padded($1.subviews.count) }
        let entries = layout == .blocks ? slots : walkthrough.subviewCount
        let counts = [
            2 * slots * MemoryLayout<Float>.stride,
            slots / Lanes.count * MemoryLayout<UInt8>.stride,
            entries * (layout.matrixStride + layout.alphaStride),
        ]
        // An empty buffer still allocates 1 byte.
        return counts.map { Swift.max($0, 1) } + keyframeBufferByteCounts(for: walkthrough)
    }

    /// The byte counts of the keyframe buffers: per page in `KeyframeMode.lanes`, its
    /// `LaneTimelines`' tables, then the animator's `SegmentCache` (allocated even without
    /// such pages), found as the build finds them (`LaneTableSizes`), so exact. The build's
    /// working Swift arrays are not counted.
    package static func keyframeBufferByteCounts(for walkthrough: Walkthrough) -> [Int] {
        var tables: [Int] = [], segments = 0
        for page in walkthrough.pages {
            guard case .lanes = KeyframeMode(page) else { continue }
            let sizes = LaneTableSizes(page)
            tables += sizes.byteCounts
            segments += sizes.segmentCount
        }
        return tables + [UnsafeMutablePointer<TrackLanes>.alignedByteCount(segments),
                         UnsafeMutablePointer<UInt8>.alignedByteCount(segments)]
    }

    /// The bytes this animator's keyframe buffers were allocated with, in the order of
    /// `keyframeBufferByteCounts` (for the tests).
    package var allocatedKeyframeByteCounts: [Int] {
        plan.laneTimelines.flatMap { $0?.allocatedByteCounts ?? [] } + segments.allocatedByteCounts
    }

    /// Throws when the buffers `init(_:layout:)` would allocate for `walkthrough` cannot
    /// all be allocated at once. A check, not a reservation: memory other threads take
    /// between it and the build can still run out.
    package static func checkMemory(for walkthrough: Walkthrough, layout: FrameLayout = .blocks) throws(OutOfMemory) {
        let counts = bufferByteCounts(for: walkthrough, layout: layout)
        guard canAllocateAligned(counts) else { throw OutOfMemory(bytes: counts.reduce(0, +)) }
    }
}
