/// The outputs of the fast path: per subview the 16 transform fields and alpha, in the
/// layout chosen for it (`FrameLayout`), laid out as `geometry` says.
///
/// Allocated once per animator and reused for every frame; a page outside the window keeps
/// what it last had (identity and alpha 1 at first). A value type with copy-on-write
/// storage: copying it is cheap, and writing to a shared copy copies the frame once.
public struct FrameBuffer: Sendable {
    /// Where each page's subviews sit.
    package let pages: [PageLayout]
    /// The layout and where each page starts in it.
    public let geometry: FrameGeometry
    @usableFromInline var storage: FrameStorage

    /// A frame for `plan` in `layout`: every subview the identity with alpha 1, read out
    /// with `KernelStrategy.current`.
    public init(for plan: AnimationPlan, layout: FrameLayout = .blocks) {
        self.init(for: plan, layout: layout, strategy: .current)
    }

    /// A frame read out with `strategy`, or with `KernelStrategy.current` where this CPU
    /// cannot run it (the tests run every strategy the CPU can).
    package init(for plan: AnimationPlan, layout: FrameLayout, strategy: KernelStrategy, arena: BufferArena? = nil) {
        pages = plan.pages
        geometry = FrameGeometry(layout, pages: plan.pages)
        storage = FrameStorage(geometry, pages: plan.pages, plan: plan.storage,
                               strategy: strategy.isRunnable ? strategy : .current, arena: arena)
    }

    /// The run-time kernels that read this frame out and, in a build without AVX, write its
    /// spinning pages (`KernelStrategy`): the same values in every strategy.
    public var strategy: KernelStrategy { storage.strategy }

    /// The layout the frame is stored in.
    public var layout: FrameLayout { geometry.layout }

    /// The number of pages.
    public var pageCount: Int { pages.count }

    /// The number of subviews on page `page`.
    /// - Precondition: `page` in range (checked; a trap names it).
    public func subviewCount(page: Int) -> Int {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        return pages[page].count
    }

    /// Makes the storage unique (one check per frame, not per subview).
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
    }
}
