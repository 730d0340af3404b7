/// A walkthrough laid out for the fast path, once, when it is loaded.
///
/// Per subview, in struct-of-arrays streams padded to whole lanes: the speed
/// `s_k = speed + (k + 1)·speedVariance` (Float), a static mask (Int32, −1 for static
/// subviews, 0 for the others and for padding), a flag per block of lanes that holds a
/// static subview (so that blocks without one skip the selects) and the spin factor `angle + (k + 1)·angleVariance` (Double,
/// so that the angle `θ_k = spin_k · (1 − o)` is the reference's value to the bit).
/// Immutable after construction, and so `Sendable`.
public struct AnimationPlan: Sendable {
    public let walkthrough: Walkthrough
    public let pages: [PageLayout]
    /// Length of every stream: the sum of the pages' padded counts.
    public let streamLength: Int
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
        self.streamLength = start
        self.storage = PlanStorage(length: start)
        for (page, layout) in zip(walkthrough.pages, pages) {
            storage.fill(page, at: layout.start)
        }
    }

    /// The page's input streams, offset to its segment.
    @inlinable
    func inputs(_ page: Int) -> KernelInputs {
        let start = pages[page].start
        return KernelInputs(speedX: UnsafePointer(storage.speedX + start),
                            speedY: UnsafePointer(storage.speedY + start),
                            statics: UnsafePointer(storage.statics + start),
                            spin: UnsafePointer(storage.spin + start),
                            staticBlocks: UnsafePointer(storage.staticBlocks + start / Lanes.count))
    }
}

/// The page parameter streams of a plan. Written once in `init`, read-only afterwards,
/// which is why sharing it across threads is safe.
@usableFromInline
final class PlanStorage: @unchecked Sendable {
    @usableFromInline let speedX: UnsafeMutablePointer<Float>
    @usableFromInline let speedY: UnsafeMutablePointer<Float>
    @usableFromInline let statics: UnsafeMutablePointer<Int32>
    @usableFromInline let spin: UnsafeMutablePointer<Double>
    @usableFromInline let staticBlocks: UnsafeMutablePointer<Bool>

    init(length: Int) {
        speedX = .allocateAligned(length)
        speedY = .allocateAligned(length)
        statics = .allocateAligned(length)
        spin = .allocateAligned(length)
        staticBlocks = .allocateAligned(length / Lanes.count)
        speedX.initialize(repeating: 0, count: length)
        speedY.initialize(repeating: 0, count: length)
        statics.initialize(repeating: 0, count: length)
        spin.initialize(repeating: 0, count: length)
        staticBlocks.initialize(repeating: false, count: length / Lanes.count)
    }

    func fill(_ page: Page, at start: Int) {
        let rotation = page.rotation
        for k in page.subviews.indices {
            let s = page.speed(ofSubview: k)
            speedX[start + k] = Float(s.x)
            speedY[start + k] = Float(s.y)
            if page.isStatic(subview: k) {
                statics[start + k] = -1
                staticBlocks[(start + k) / Lanes.count] = true
            }
            if let r = rotation { spin[start + k] = r.angle + Double(k + 1) * r.angleVariance }
        }
    }

    deinit {
        speedX.deallocate()
        speedY.deallocate()
        statics.deallocate()
        spin.deallocate()
        staticBlocks.deallocate()
    }
}

/// Raw pointers to one page's (or one chunk's) parameter streams.
@usableFromInline
struct KernelInputs {
    @usableFromInline let speedX: UnsafePointer<Float>
    @usableFromInline let speedY: UnsafePointer<Float>
    @usableFromInline let statics: UnsafePointer<Int32>
    @usableFromInline let spin: UnsafePointer<Double>
    /// One flag per block of `Lanes.count` subviews.
    @usableFromInline let staticBlocks: UnsafePointer<Bool>

    @usableFromInline init(speedX: UnsafePointer<Float>, speedY: UnsafePointer<Float>,
                           statics: UnsafePointer<Int32>, spin: UnsafePointer<Double>,
                           staticBlocks: UnsafePointer<Bool>) {
        (self.speedX, self.speedY, self.statics, self.spin) = (speedX, speedY, statics, spin)
        self.staticBlocks = staticBlocks
    }
}

extension UnsafeMutablePointer {
    /// Uninitialised memory for `count` elements on a 64-byte (cache line) boundary.
    static func allocateAligned(_ count: Int) -> UnsafeMutablePointer {
        UnsafeMutableRawPointer.allocate(byteCount: Swift.max(count, 1) * MemoryLayout<Pointee>.stride,
                                         alignment: 64).bindMemory(to: Pointee.self, capacity: Swift.max(count, 1))
    }
}
