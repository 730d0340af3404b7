import Kernel
import Testing

/// `WalkthroughAnimator.checkMemory(for:)` probes the buffers the animator will allocate, so
/// its byte counts must be those of the built plan and frame (Allocation.swift).
@Suite struct AllocationTests {
    @Test(arguments: [[], [0], [1], [8], [9, 0, 21], [3, 200, 7]])
    func byteCountsMatchTheBuiltBuffers(subviewCounts: [Int]) throws {
        let pages = subviewCounts.map { Page(subviews: Array(repeating: Subview(), count: $0)) }
        let walkthrough = try Walkthrough(width: 100, pages: pages)
        let animator = WalkthroughAnimator(walkthrough)
        let slots = animator.plan.slotCount
        let frameFloats = pages.indices.reduce(0) { total, page in
            total + animator.frame.withUnsafeBlocks(page: page) { $0.count }
        }
        let built = [max(2 * slots, 1) * 4, max(slots, 1) * 4, max(slots / 8, 1), max(frameFloats, 1) * 4]
        #expect(WalkthroughAnimator.bufferByteCounts(for: walkthrough) == built, "pages of \(subviewCounts) subviews")
        #expect(throws: Never.self) { try WalkthroughAnimator.checkMemory(for: walkthrough) }
    }

    @Test(arguments: [([64, 1 << 20], true), ([Int.max / 2], false), ([64, Int.max / 2, 64], false), ([-1], false)])
    func canAllocateReportsFailure(byteCounts: [Int], possible: Bool) {
        #expect(WalkthroughAnimator.canAllocate(byteCounts) == possible, "byte counts \(byteCounts)")
    }
}
