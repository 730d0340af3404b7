/// A frame's bytes in one 64-byte aligned allocation, and a table of where each page sits,
/// so that the `@inlinable` per-subview readers find a subview with no reference counting.
@usableFromInline
final class FrameStorage: @unchecked Sendable {
    // Sendable: FrameBuffer only writes through a uniquely referenced storage.
    @usableFromInline let base: UnsafeMutableRawPointer
    @usableFromInline let layout: FrameLayout
    @usableFromInline let pageCount: Int
    /// One entry a page.
    @usableFromInline let slots: UnsafeMutablePointer<PageSlot>
    let byteCount: Int
    /// The frame's run-time kernels (`KernelStrategy`), fixed when it is made.
    let strategy: KernelStrategy
    /// The plan's arrays, kept alive for `statics`.
    private let plan: PlanStorage
    /// The plan's static-lane masks, one a block over all pages (`PageSlot.firstBlock`), for the template gather.
    var statics: UnsafePointer<UInt8> { UnsafePointer(plan.staticLanes) }

    /// Where one page sits: its subview count, first matrix and alpha, first block in
    /// `statics`, and whether it shares a template (`PageLayout.sharesTemplate`).
    @usableFromInline
    struct PageSlot {
        @usableFromInline let count: Int
        @usableFromInline let matrixOffset: Int
        @usableFromInline let alphaOffset: Int
        let firstBlock: Int
        let sharesTemplate: Bool
    }

    /// The identity with alpha 1 for every subview (and padding lane of `blocks`) of the plan of `pages` and `plan`.
    init(_ geometry: FrameGeometry, pages: [PageLayout], plan: PlanStorage, strategy: KernelStrategy,
         arena: BufferArena? = nil) {
        (self.plan, self.strategy) = (plan, strategy)
        byteCount = geometry.byteCount
        layout = geometry.layout
        pageCount = pages.count
        base = FrameStorage.allocate(byteCount, from: arena)
        slots = .allocate(capacity: Swift.max(pages.count, 1))
        for (i, page) in pages.enumerated() {
            (slots + i).initialize(to: PageSlot(count: page.count, matrixOffset: geometry.matrixOffset(page: i),
                                                alphaOffset: geometry.alphaOffset(page: i),
                                                firstBlock: page.start / Lanes.count, sharesTemplate: page.sharesTemplate))
        }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        for (i, page) in pages.enumerated() {
            let out = KernelOutputs(geometry, base: base, page: i, count: page.count, strategy: strategy)
            switch geometry.layout {
            case .blocks: for k in 0..<page.paddedCount { BlockWriter.storeIdentity(out, subview: k) }
            case .float4x4: for k in 0..<page.count { Float4x4Writer.storeIdentity(out, subview: k) }
            case .caTransform3D: for k in 0..<page.count { CATransform3DWriter.storeIdentity(out, subview: k) }
            }
        }
    }

    private init(copying other: FrameStorage) {
        (byteCount, layout, pageCount, strategy) = (other.byteCount, other.layout, other.pageCount, other.strategy)
        plan = other.plan
        base = FrameStorage.allocate(byteCount)
        base.copyMemory(from: other.base, byteCount: byteCount)
        slots = .allocate(capacity: Swift.max(pageCount, 1))
        slots.initialize(from: other.slots, count: pageCount)
    }

    @usableFromInline func copy() -> FrameStorage { FrameStorage(copying: self) }

    /// Page `page`'s slot, after checking `page` and `k` (a trap names them).
    @inlinable @inline(__always)
    func slot(page: Int, subview k: Int) -> PageSlot {
        precondition(page >= 0 && page < pageCount, "page \(page) out of range 0..<\(pageCount)")
        let slot = slots[page]
        precondition(k >= 0 && k < slot.count, "subview \(k) out of range on page \(page)")
        return slot
    }

    deinit {
        (base - FrameStorage.misalignment).deallocate()
        slots.deallocate()
    }

    /// How far the frame starts past a 64-byte boundary: 0, but 4 in the regression gate's
    /// misaligned-frame build (`scripts/gate-sensitivity.sh`).
    #if GATE_MUTATION_MISALIGNED_FRAME
    static let misalignment = 4
    #else
    static let misalignment = 0
    #endif

    /// A frame's bytes, `misalignment` past a 64-byte boundary, from `arena` when it holds them.
    private static func allocate(_ byteCount: Int, from arena: BufferArena? = nil) -> UnsafeMutableRawPointer {
        let bytes = Swift.max(byteCount + misalignment, 1)
        return (arena?.take(bytes) ?? .allocate(byteCount: bytes, alignment: 64)) + misalignment
    }
}
