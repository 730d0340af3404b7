import WalkthroughKernel
import KernelTestSupport
import Testing
@testable import Bench

/// `limit` stores into memory of its own (`LimitMemory`), so that a change to the frame's
/// memory moves `simd/limit`: its frames leave the animator's frame as it was made, and
/// fill its own memory, 64-byte aligned, with the bytes the frame would hold.
@Suite struct LimitMemoryTests {
    @Test(arguments: FrameLayout.allCases)
    func theLimitWritesItsOwnMemoryNotTheFrame(layout: FrameLayout) throws {
        var rng = SeededGenerator(seed: 0x11A1)
        let pages = [RandomWalkthrough.page(count: 37, type: .linear, using: &rng),
                     RandomWalkthrough.page(count: 9, type: .zoom, using: &rng)]
        let plan = AnimationPlan(try Walkthrough(width: 100, pages: pages))
        let geometry = FrameGeometry(layout, pages: plan.pages)
        let memory = LimitMemory(byteCount: geometry.byteCount)
        #expect(Int(bitPattern: memory.base) % 64 == 0)
        var animator = WalkthroughAnimator(plan: plan, layout: layout, kernel: StoreLimitKernel(memory: memory))
        memory.frameBase = animator.frame.view.matrices(page: 0).map { UnsafeRawPointer($0) - geometry.matrixOffset(page: 0) }
        let before = (0..<2).map { animator.frame.bytes(page: $0) }
        memory.base.initializeMemory(as: UInt8.self, repeating: 0xAB, count: geometry.byteCount)
        try animator.update(scroll: 50)  // both pages in the window
        #expect((0..<2).map { animator.frame.bytes(page: $0) } == before, "seed 0x11A1 \(layout): the limit wrote into the frame")
        // Its own memory holds what a fresh frame holds there (the identity, alpha 1), page by page.
        let own = UnsafeRawBufferPointer(start: memory.base, count: geometry.byteCount)
        for page in 0..<2 {
            let entries = before[page].count / (layout.matrixStride + layout.alphaStride)
            let (m, a) = (geometry.matrixOffset(page: page), geometry.alphaOffset(page: page))
            let written = Array(own[m ..< m + entries * layout.matrixStride]) + Array(own[a ..< a + entries * layout.alphaStride])
            #expect(written == before[page], "seed 0x11A1 \(layout): page \(page) in the limit's memory is not a fresh frame's")
        }
    }
}
