import Kernel
import Testing

/// `WalkthroughAnimator.checkMemory(for:layout:)` probes the buffers the animator will
/// allocate, so its byte counts must be those of the built plan and frame (Allocation.swift).
@Suite struct AllocationTests {
    @Test(arguments: [[], [0], [1], [8], [9, 0, 21], [3, 200, 7]])
    func byteCountsMatchTheBuiltBuffers(subviewCounts: [Int]) throws {
        let pages = subviewCounts.map { Page(subviews: Array(repeating: Subview(), count: $0)) }
        let walkthrough = try Walkthrough(width: 100, pages: pages)
        for layout in FrameLayout.allCases {
            let animator = WalkthroughAnimator(walkthrough, layout: layout)
            let slots = animator.plan.slotCount
            let built = [max(2 * slots * 4, 1), max(slots / 8, 1), max(animator.frame.geometry.byteCount, 1)]
            #expect(WalkthroughAnimator.bufferByteCounts(for: walkthrough, layout: layout) == built,
                    "pages of \(subviewCounts) subviews, \(layout)")
            #expect(throws: Never.self) { try WalkthroughAnimator.checkMemory(for: walkthrough, layout: layout) }
        }
    }

    @Test(arguments: [([64, 1 << 20], true), ([Int.max / 2], false), ([64, Int.max / 2, 64], false), ([-1], false)])
    func canAllocateReportsFailure(byteCounts: [Int], possible: Bool) {
        #expect(canAllocateAligned(byteCounts) == possible, "byte counts \(byteCounts)")
    }
}
