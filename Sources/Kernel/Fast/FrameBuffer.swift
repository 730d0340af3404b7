/// The outputs of the fast path: per subview the 16 transform fields and alpha, in Float,
/// in blocks of `Lanes.count` subviews laid out like the plan's pages (see `Lanes`).
///
/// Allocated once per plan and reused for every frame; a page outside the window keeps
/// what it last had (identity and alpha 1 at first). A value type with copy-on-write
/// storage: copying it is cheap, and writing to a shared copy copies the blocks once.
public struct FrameBuffer: Sendable {
    /// Where each page's blocks sit.
    package let pages: [PageLayout]
    @usableFromInline var storage: FrameStorage

    /// A frame for `plan`: every subview the identity with alpha 1.
    public init(for plan: AnimationPlan) {
        pages = plan.pages
        storage = FrameStorage(slots: plan.slotCount)
    }

    /// The number of pages.
    public var pageCount: Int { pages.count }

    /// The number of subviews on page `page`.
    /// - Precondition: `page` in range (checked; a trap names it).
    public func subviewCount(page: Int) -> Int {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        return pages[page].count
    }

    /// Page `page`'s first block.
    func blocks(page: Int) -> UnsafeMutablePointer<Float> {
        storage.base + pages[page].start / Lanes.count * Lanes.frameBlockFloats
    }

    /// Makes the storage unique (one check per frame, not per subview).
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
    }
}

/// The frame blocks in one 64-byte aligned allocation.
@usableFromInline
final class FrameStorage: @unchecked Sendable {
    // Sendable: FrameBuffer only writes through a uniquely referenced storage.
    @usableFromInline let base: UnsafeMutablePointer<Float>
    let floats: Int

    init(slots: Int) {
        floats = slots / Lanes.count * Lanes.frameBlockFloats
        base = .allocateAligned(floats)
        base.initialize(repeating: 0, count: floats)
        for k in 0..<slots {
            for c in [FrameComponent.m11, .m22, .m33, .m44, .alpha] {
                base[Lanes.frameIndex(c, subview: k)] = 1
            }
        }
    }

    private init(copying other: FrameStorage) {
        floats = other.floats
        base = .allocateAligned(floats)
        base.initialize(from: other.base, count: floats)
    }

    @usableFromInline func copy() -> FrameStorage { FrameStorage(copying: self) }

    deinit { base.deallocate() }
}
