#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CAnchor
import WalkthroughKernel

/// One way to compute a scenario's frames: what the sampler times and the agreement check
/// compares. Every implementation but the reference is `WalkthroughAnimator` with a page
/// kernel of its own, so they all run through the same frame driver.
protocol Implementation: AnyObject {
    var kind: ImplementationKind { get }
    /// The scroll positions the frames cycle through.
    var cycle: ScrollCycle { get set }
    /// Computes the frame at scroll position `x`.
    func render(scroll x: Double)
    /// The last frame as `FrameState`, for the agreement check; nil for `limit`.
    func state() -> FrameState?
}

extension Implementation {
    /// Renders `frames` frames, each at the next scroll position of the cycle.
    func run(frames: Int) {
        for _ in 0..<frames { render(scroll: cycle.next()) }
    }
}

/// Scroll positions taken in turn, round and round.
struct ScrollCycle {
    let positions: [Double]
    private var index = 0

    /// - Precondition: at least one position.
    init(_ positions: [Double]) {
        precondition(!positions.isEmpty, "a scenario needs at least one scroll position")
        self.positions = positions
    }

    mutating func next() -> Double {
        defer { index = index + 1 == positions.count ? 0 : index + 1 }
        return positions[index]
    }

    /// The position before the one `next()` returns: where a scroll was one frame earlier.
    var previous: Double {
        positions[index == 0 ? positions.count - 1 : index - 1]
    }
}

/// The scalar literal port, array of structs, Double; its result converted into the run's
/// layout, as an app that used it would have to.
final class ReferenceImplementation: Implementation {
    let kind = ImplementationKind.reference
    var cycle: ScrollCycle
    let walkthrough: Walkthrough
    private var last: FrameState?
    private var converted: LayoutBuffer

    init(_ plan: AnimationPlan, scrolls: [Double], layout: FrameLayout) {
        (walkthrough, cycle) = (plan.walkthrough, ScrollCycle(scrolls))
        converted = LayoutBuffer(FrameBuffer(for: plan, layout: layout).geometry)
    }

    func render(scroll x: Double) {
        last = try? ReferenceAnimator.frame(walkthrough, scroll: x)
        if let last { converted.write(last) }
    }

    func state() -> FrameState? { last }
}

/// `WalkthroughAnimator.update(scroll:)` with the kind's page kernel and thread settings.
///
/// The animator lives behind a pointer, as in an app that keeps it in its own storage: a
/// `var` property of a class is checked for exclusive access at run time on every
/// mutation, about 250 instructions a frame (`swift_beginAccess`), which at app sizes was
/// a sixth of every implementation's frame.
final class AnimatorImplementation: Implementation {
    let kind: ImplementationKind
    var cycle: ScrollCycle
    private let animator: UnsafeMutablePointer<WalkthroughAnimator>

    init(_ kind: ImplementationKind, _ animator: WalkthroughAnimator, scrolls: [Double]) {
        self.animator = .allocate(capacity: 1)
        self.animator.initialize(to: animator)
        (self.kind, cycle) = (kind, ScrollCycle(scrolls))
    }

    deinit {
        animator.deinitialize(count: 1)
        animator.deallocate()
    }

    func render(scroll x: Double) {
        try? animator.pointee.update(scroll: x)
    }

    /// `limit` stores constants, not a frame: it has nothing to compare.
    func state() -> FrameState? { kind == .limit ? nil : animator.pointee.state() }

    /// The last frame's current page and pages' positions.
    var currentPage: Int { animator.pointee.currentPage }
    var positions: [PagePosition] { animator.pointee.positions }

    /// Subview `k` of page `page` in the last frame, as `state()` holds it (one at a time:
    /// at a million subviews a whole `FrameState` is about 150 MB).
    func subviewState(_ walkthrough: Walkthrough, page: Int, subview k: Int) -> SubviewState {
        animator.pointee.subviewState(walkthrough.pages[page], page, subview: k)
    }

    /// Whether the last frames of the two are the same: the same pages in the window at the
    /// same offsets, and the same bytes in every page's matrices and alphas (padding lanes
    /// included: both kernels write whole blocks).
    func hasTheSameFrame(as other: AnimatorImplementation) -> Bool {
        let (a, b) = (animator.pointee, other.animator.pointee)
        guard a.positions == b.positions, a.frame.layout == b.frame.layout, a.frame.pageCount == b.frame.pageCount else { return false }
        return (0..<a.frame.pageCount).allSatisfy { page in
            a.frame.withUnsafeBytes(page: page) { m1, a1 in
                b.frame.withUnsafeBytes(page: page) { m2, a2 in Self.sameBytes(m1, m2) && Self.sameBytes(a1, a2) }
            }
        }
    }

    private static func sameBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        guard let p = a.baseAddress, let q = b.baseAddress else { return true }
        return memcmp(p, q, a.count) == 0
    }
}

/// Reads the frame computed once at `scroll`, again and again: what it costs an app to
/// take the frame out, measured against computing it (`simd`).
///
/// It keeps what it reads and nothing else: the frame, not the animator that computed it
/// (whose keyframe segment cache is five times the frame on own timelines), and a
/// destination only as large as its reader writes (none for `read-transform`, a Double a
/// subview for `read-alphas`, 16 for `read-gather`); `read-limit` keeps its own copy of the
/// matrices and not the frame. The readers of a step share one frame
/// (`Suite.checkedImplementations`). At a million subviews on own timelines the readers held
/// 2.1 GB before, 0.4 GB now.
final class ReadImplementation: Implementation {
    let kind: ImplementationKind
    var cycle: ScrollCycle
    /// The frame read (nil for `read-limit`, which reads its copy).
    private let frame: FrameBuffer?
    private let layout: FrameLayout
    private let pages: [Int]
    private var doubles: [Double]
    /// `read-limit`'s own memory: each page's matrix bytes copied once, and a destination,
    /// 64-byte aligned and fixed, so that the yardstick does not move with the frame's or
    /// the gather's memory (docs/DESIGN.md, "Fixed yardsticks").
    private let limitPages: [LimitPage]
    private let limitOut: UnsafeMutableRawPointer?
    /// Folded from what was read, so that the reads are not optimised away.
    private(set) var checksum = 0.0

    /// One page for `read-limit`: its bytes, count and shared template (`FrameReader.sharedTemplate`).
    struct LimitPage {
        let matrices: UnsafeMutableRawPointer
        let count: Int
        let template: [Double]?
    }

    /// Doubles a subview that `kind`'s destination holds.
    static func destinationWidth(_ kind: ImplementationKind) -> Int {
        switch kind {
        case .readGather: return 16
        case .readAlphas: return 1
        default: return 0
        }
    }

    /// The frame the readers read: `simd`'s at `scroll`, and the pages in its window. The
    /// animator that computed it (and its segment cache) is released on return; readers made
    /// from one such frame share its memory, as they read it and never write it.
    static func frame(_ plan: AnimationPlan, layout: FrameLayout, scroll: Double) -> (frame: FrameBuffer, pages: [Int]) {
        var animator = WalkthroughAnimator(plan: plan, layout: layout)
        animator.threads = 1
        try? animator.update(scroll: scroll)
        let frame = animator.frame
        return (frame, (0..<frame.pageCount).filter { animator.positions[$0].animated })
    }

    /// A reader of `read`, the frame at `scroll` (`frame(_:layout:scroll:)`).
    init(_ kind: ImplementationKind, _ read: (frame: FrameBuffer, pages: [Int]), scroll: Double) {
        let (frame, pages) = read
        self.pages = pages
        let largest = pages.map { frame.subviewCount(page: $0) }.max() ?? 0
        (self.kind, layout, cycle) = (kind, frame.layout, ScrollCycle([scroll]))
        doubles = [Double](repeating: 0, count: Self.destinationWidth(kind) * largest)
        guard kind == .readLimit else { (self.frame, limitPages, limitOut) = (frame, [], nil); return }
        self.frame = nil
        limitPages = pages.map { page in
            frame.withUnsafeBytes(page: page) { matrices, _ in
                let copy = UnsafeMutableRawPointer.allocate(byteCount: max(matrices.count, 1), alignment: 64)
                if let source = matrices.baseAddress { copy.copyMemory(from: source, byteCount: matrices.count) }
                let template = FrameReader.sharedTemplate(frame.view, page: page).map(\.fields)
                return LimitPage(matrices: copy, count: frame.subviewCount(page: page), template: template)
            }
        }
        let out = UnsafeMutableRawPointer.allocate(byteCount: max(128 * largest, 1), alignment: 64)
        out.initializeMemory(as: UInt8.self, repeating: 0, count: max(128 * largest, 1))
        limitOut = out
    }

    deinit {
        for page in limitPages { page.matrices.deallocate() }
        limitOut?.deallocate()
    }

    func render(scroll x: Double) {
        var sum = 0.0
        switch kind {
        case .readTransform:
            guard let frame else { break }
            // A light consumer: every field added into a running vector, reduced once.
            var fields = SIMD16<Double>()
            for page in pages {
                for k in 0..<frame.subviewCount(page: page) { fields += frame.transform(page: page, subview: k).vector }
            }
            sum = fields.sum()
        case .readGather:
            guard let frame else { break }
            doubles.withUnsafeMutableBufferPointer { buffer in
                for page in pages { try? frame.gather(page: page, into: buffer) }
                sum = buffer.first ?? 0
            }
        case .readLimit:
            let layout = anchorLayout(self.layout)
            guard let out = limitOut?.assumingMemoryBound(to: Double.self) else { break }
            for page in limitPages where page.count > 0 {
                // A page that shares a template: its m41 and m42 read, as the gather reads them.
                if let template = page.template {
                    template.withUnsafeBufferPointer { anchor_read_limit(layout, page.matrices, page.count, out, $0.baseAddress) }
                } else {
                    anchor_read_limit(layout, page.matrices, page.count, out, nil)
                }
            }
            sum = out[0]
        default:
            guard let frame else { break }
            doubles.withUnsafeMutableBufferPointer { buffer in
                for page in pages { try? frame.alphas(page: page, into: buffer) }
                sum = buffer.first ?? 0
            }
        }
        checksum += sum
    }

    /// Readers compute nothing to compare.
    func state() -> FrameState? { nil }
}
