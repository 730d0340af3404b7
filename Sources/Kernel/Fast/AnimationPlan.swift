/// A walkthrough laid out once for the fast path: per block of `Lanes.count` subviews, the
/// speeds as Floats (x lanes, then y) and a mask of static lanes. Immutable and `Sendable`.
public struct AnimationPlan: Sendable {
    /// The walkthrough this plan lays out.
    public let walkthrough: Walkthrough
    /// Where each page's blocks sit, and its settings.
    package let pages: [PageLayout]
    /// Subview slots over all pages, padding included: the pages' padded counts added up.
    package let slotCount: Int
    @usableFromInline let storage: PlanStorage
    /// Per page, its keyframe tables when it is in `KeyframeMode.lanes`.
    let laneTimelines: [LaneTimelines?]

    /// Lays out `walkthrough`'s per-subview parameters for the kernels, once.
    public init(_ walkthrough: Walkthrough) {
        self.init(walkthrough, arena: nil)
    }

    /// The same, its buffers taken from `arena` where it holds them (`bww_create`'s, all allocated up front).
    package init(_ walkthrough: Walkthrough, arena: BufferArena?) {
        // Right to left, the pages' parameters are mirrored once here (`Page.mirrored`).
        let computed = walkthrough.direction == .rightToLeft ? walkthrough.pages.map(\.mirrored) : walkthrough.pages
        var pages: [PageLayout] = []
        pages.reserveCapacity(walkthrough.pages.count)
        var start = 0
        for page in computed {
            let padded = Lanes.padded(page.subviews.count)
            // s_k is linear in k: its largest magnitude is at the first or last slot (padding included).
            let first = page.speed(ofSubview: 0), last = page.speed(ofSubview: max(padded - 1, 0))
            let bound = SIMD2(max(first.x.magnitude, last.x.magnitude), max(first.y.magnitude, last.y.magnitude))
            pages.append(PageLayout(start: start, count: page.subviews.count, paddedCount: padded,
                                    animationType: page.animationType, animateAlpha: page.animateAlpha,
                                    rotation: page.rotation, speed: page.speed, speedVariance: page.speedVariance,
                                    speedBound: bound, keyframes: KeyframeMode(page)))
            start += padded
        }
        self.walkthrough = walkthrough
        self.pages = pages
        self.slotCount = start
        self.storage = PlanStorage(slots: start, arena: arena)
        self.laneTimelines = zip(computed, pages).map { page, layout in
            if case .lanes = layout.keyframes { return LaneTimelines(page, arena: arena) } else { return nil }
        }
        for (page, layout) in zip(computed, pages) {
            storage.fill(page, at: layout.start)
        }
    }

    /// The parameters of the page whose layout is at `page` (one of `pages`), offset to
    /// its first block. Valid while the plan lives.
    @inline(__always)
    func inputs(_ page: UnsafePointer<PageLayout>) -> KernelInputs {
        let start = page.pointee.start
        return KernelInputs(speeds: UnsafePointer(storage.speeds + 2 * start),
                            staticLanes: UnsafePointer(storage.staticLanes + start / Lanes.count))
    }
}

/// The parameter arrays of a plan: written once in `init`, read-only afterwards.
@usableFromInline
final class PlanStorage: @unchecked Sendable {
    @usableFromInline let speeds: UnsafeMutablePointer<Float>
    @usableFromInline let staticLanes: UnsafeMutablePointer<UInt8>

    init(slots: Int, arena: BufferArena? = nil) {
        speeds = .allocateAligned(2 * slots, from: arena)
        // A word of zeros after the last mask: the uniform kernels read masks 8 at a time
        // (`LayoutWriter.patchStatics(_:_:blocksFrom:count:)`), up to 7 bytes past a page's.
        staticLanes = .allocateAligned(slots / Lanes.count + 8, from: arena)
        speeds.initialize(repeating: 0, count: 2 * slots)
        staticLanes.initialize(repeating: 0, count: slots / Lanes.count + 8)
    }

    func fill(_ page: Page, at start: Int) {
        for k in page.subviews.indices {
            let s = page.speed(ofSubview: k)
            let (block, lane) = ((start + k) / Lanes.count, (start + k) % Lanes.count)
            speeds[block * 2 * Lanes.count + lane] = Float(saturating: s.x)
            speeds[block * 2 * Lanes.count + Lanes.count + lane] = Float(saturating: s.y)
            if page.isStatic(subview: k) {
                staticLanes[block] |= 1 << lane
            }
        }
    }

    deinit {
        speeds.deallocate()
        staticLanes.deallocate()
    }
}

/// Raw pointers to one page's parameters, starting at its first block.
package struct KernelInputs {
    /// Per block: the x speeds of its lanes, then the y speeds.
    package let speeds: UnsafePointer<Float>
    /// One bit mask per block: bit `l` is set when lane `l` is static.
    package let staticLanes: UnsafePointer<UInt8>
    /// The page's keyframe tables and segment cache (`KeyframeMode.lanes` only), set by the animator.
    package var keyframes: KeyframeInputs?

    init(speeds: UnsafePointer<Float>, staticLanes: UnsafePointer<UInt8>) {
        (self.speeds, self.staticLanes) = (speeds, staticLanes)
    }

    @inline(__always)
    func speedX(_ i: Int) -> Lanes.Floats { speeds.block(2 &* i, as: Lanes.Floats.self) }

    @inline(__always)
    func speedY(_ i: Int) -> Lanes.Floats { speeds.block(2 &* i &+ 1, as: Lanes.Floats.self) }
}

extension UnsafeMutablePointer {
    /// Uninitialised memory for `count` elements, 64-byte aligned: a block of that size from `arena`, else new.
    static func allocateAligned(_ count: Int, from arena: BufferArena? = nil) -> UnsafeMutablePointer {
        let bytes = alignedByteCount(count)
        let raw = arena?.take(bytes) ?? UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        return raw.bindMemory(to: Pointee.self, capacity: Swift.max(count, 1))
    }

    /// The bytes `allocateAligned(count)` asks for (at least one element's).
    static func alignedByteCount(_ count: Int) -> Int { Swift.max(count, 1) * MemoryLayout<Pointee>.stride }
}
