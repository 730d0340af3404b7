/// A walkthrough laid out for the fast path, once, when it is loaded.
///
/// Per block of `Lanes.count` subviews (see `Lanes`): the speeds
/// `s_k = speed + (k + 1)·speedVariance` as Floats, x lanes then y lanes; a static mask
/// (Int32, −1 for static subviews, 0 for the others and for padding); and the same as a bit
/// mask per block, which the kernel uses to patch static lanes after storing.
/// Immutable after construction, and so `Sendable`.
public struct AnimationPlan: Sendable {
    public let walkthrough: Walkthrough
    public let pages: [PageLayout]
    /// Subview slots over all pages, padding included: the pages' padded counts added up.
    public let slotCount: Int
    @usableFromInline let storage: PlanStorage

    public init(_ walkthrough: Walkthrough) {
        var pages: [PageLayout] = []
        var start = 0
        for page in walkthrough.pages {
            let padded = Lanes.padded(page.subviews.count)
            pages.append(PageLayout(start: start, count: page.subviews.count, paddedCount: padded,
                                    animationType: page.animationType, animateAlpha: page.animateAlpha,
                                    rotation: page.rotation))
            start += padded
        }
        self.walkthrough = walkthrough
        self.pages = pages
        self.slotCount = start
        self.storage = PlanStorage(slots: start)
        for (page, layout) in zip(walkthrough.pages, pages) {
            storage.fill(page, at: layout.start)
        }
    }

    /// Calls `body` with page `page`'s parameters. The pointers are valid only inside `body`.
    public func withUnsafeInputs<R>(page: Int, _ body: (KernelInputs) throws -> R) rethrows -> R {
        precondition(pages.indices.contains(page), "page \(page) out of range 0..<\(pages.count)")
        return try withExtendedLifetime(storage) { try body(inputs(page)) }
    }

    /// The page's parameters, offset to its first block.
    @inlinable
    func inputs(_ page: Int) -> KernelInputs {
        let start = pages[page].start
        return KernelInputs(speeds: UnsafePointer(storage.speeds + 2 * start),
                            statics: UnsafePointer(storage.statics + start),
                            staticLanes: UnsafePointer(storage.staticLanes + start / Lanes.count))
    }
}

/// The parameter arrays of a plan. Written once in `init`, read-only afterwards, which is
/// why sharing it across threads is safe.
@usableFromInline
final class PlanStorage: @unchecked Sendable {
    @usableFromInline let speeds: UnsafeMutablePointer<Float>
    @usableFromInline let statics: UnsafeMutablePointer<Int32>
    @usableFromInline let staticLanes: UnsafeMutablePointer<UInt8>

    init(slots: Int) {
        speeds = .allocateAligned(2 * slots)
        statics = .allocateAligned(slots)
        staticLanes = .allocateAligned(slots / Lanes.count)
        speeds.initialize(repeating: 0, count: 2 * slots)
        statics.initialize(repeating: 0, count: slots)
        staticLanes.initialize(repeating: 0, count: slots / Lanes.count)
    }

    func fill(_ page: Page, at start: Int) {
        for k in page.subviews.indices {
            let s = page.speed(ofSubview: k)
            let (block, lane) = ((start + k) / Lanes.count, (start + k) % Lanes.count)
            speeds[block * 2 * Lanes.count + lane] = Float(saturating: s.x)
            speeds[block * 2 * Lanes.count + Lanes.count + lane] = Float(saturating: s.y)
            if page.isStatic(subview: k) {
                statics[start + k] = -1
                staticLanes[block] |= 1 << lane
            }
        }
    }

    deinit {
        speeds.deallocate()
        statics.deallocate()
        staticLanes.deallocate()
    }
}

/// Raw pointers to one page's (or one chunk's) parameters, starting at its first block.
public struct KernelInputs {
    /// Per block: the x speeds of its lanes, then the y speeds.
    public let speeds: UnsafePointer<Float>
    /// −1 for a static subview, 0 otherwise; one Int32 a subview.
    public let statics: UnsafePointer<Int32>
    /// One bit mask per block: bit `l` is set when lane `l` is static.
    public let staticLanes: UnsafePointer<UInt8>

    @usableFromInline init(speeds: UnsafePointer<Float>, statics: UnsafePointer<Int32>,
                           staticLanes: UnsafePointer<UInt8>) {
        (self.speeds, self.statics, self.staticLanes) = (speeds, statics, staticLanes)
    }

    @inline(__always)
    func speedX(_ i: Int) -> Lanes.Floats { speeds.block(2 &* i, as: Lanes.Floats.self) }

    @inline(__always)
    func speedY(_ i: Int) -> Lanes.Floats { speeds.block(2 &* i &+ 1, as: Lanes.Floats.self) }
}

extension UnsafeMutablePointer {
    /// Uninitialised memory for `count` elements on a 64-byte (cache line) boundary.
    static func allocateAligned(_ count: Int) -> UnsafeMutablePointer {
        UnsafeMutableRawPointer.allocate(byteCount: Swift.max(count, 1) * MemoryLayout<Pointee>.stride,
                                         alignment: 64).bindMemory(to: Pointee.self, capacity: Swift.max(count, 1))
    }
}
