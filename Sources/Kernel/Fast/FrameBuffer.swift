/// The outputs of the fast path: per subview 16 transform fields and alpha, as 17 Float
/// streams (struct of arrays) laid out like the plan's pages.
///
/// Allocated once per plan and reused for every frame; a page outside the window keeps
/// what it last had (identity and alpha 1 at first). A value type with copy-on-write
/// storage: copying it is cheap, writing to a shared copy copies the streams once.
public struct FrameBuffer: Sendable {
    public let pages: [PageLayout]
    public let streamLength: Int
    @usableFromInline var storage: FrameStorage

    public init(for plan: AnimationPlan) {
        pages = plan.pages
        streamLength = plan.streamLength
        storage = FrameStorage(streamLength: plan.streamLength)
    }

    /// A pointer to component `c`'s stream, valid while `storage` is alive.
    @inlinable
    func stream(_ c: FrameComponent) -> UnsafeMutablePointer<Float> {
        storage.base + c.rawValue * streamLength
    }

    /// Makes the storage unique (one check per frame, not per subview).
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
    }
}

/// The 17 streams in one 64-byte aligned allocation: component `c` at `base + c·length`.
@usableFromInline
final class FrameStorage: @unchecked Sendable {
    // Sendable: FrameBuffer only writes through a uniquely referenced storage.
    @usableFromInline let base: UnsafeMutablePointer<Float>
    @usableFromInline let streamLength: Int

    init(streamLength: Int) {
        self.streamLength = streamLength
        let total = streamLength * FrameComponent.count
        base = .allocateAligned(total)
        base.initialize(repeating: 0, count: total)
        for c in [FrameComponent.m11, .m22, .m33, .m44, .alpha] {
            (base + c.rawValue * streamLength).update(repeating: 1, count: streamLength)
        }
    }

    private init(copying other: FrameStorage) {
        streamLength = other.streamLength
        let total = streamLength * FrameComponent.count
        base = .allocateAligned(total)
        base.initialize(from: other.base, count: total)
    }

    @usableFromInline func copy() -> FrameStorage { FrameStorage(copying: self) }

    deinit { base.deallocate() }
}
