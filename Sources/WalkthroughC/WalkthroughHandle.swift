import CWalkthroughAPI
import WalkthroughKernel

/// What a `bww_walkthrough *` points at: the animator and the messages of failed calls.
/// Retained once by `bww_create`, released by `bww_destroy`.
final class WalkthroughHandle {
    /// Written only by `bww_evaluate` (and `bww_evaluate_into`), which have the handle to
    /// themselves (see the header's Threads); the read-only calls only read it, so they may
    /// overlap. Held through a pointer: a stored `var` of a class costs a dynamic
    /// exclusivity check and a copy on every access, which made `bww_alpha` 110 ns a call.
    private let storage: UnsafeMutablePointer<WalkthroughAnimator>
    /// The frame's bytes through plain pointers, for the reads' success paths: set by `init`
    /// and after every `bww_evaluate` (which has the handle to itself), read by any thread.
    /// Reading through the animator instead retained and released the frame's storage and
    /// arrays on every call (80 ns a `bww_alpha`).
    private let frameView: UnsafeMutablePointer<FrameView>
    let messages: MessageLog

    /// The animator, read in place.
    var animator: WalkthroughAnimator {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }
    /// Where a frame's pages sit in each layout (`bww_evaluate_into`), in the order of
    /// `layouts` (`layoutIndex`): a few arrays of one offset a page, made with the handle so
    /// that no call allocates.
    let geometries: [FrameGeometry]
    /// The C interface's layouts and the kernel's.
    static let layouts: [(bww_layout, FrameLayout)] = [
        (BWW_LAYOUT_BLOCKS, .blocks), (BWW_LAYOUT_FLOAT4X4, .float4x4), (BWW_LAYOUT_CATRANSFORM3D, .caTransform3D),
    ]

    /// The handle of `animator`, with `messages` made beforehand (`MessageLog.init` can
    /// fail, which `bww_create` reports).
    init(_ animator: WalkthroughAnimator, messages: MessageLog) {
        self.messages = messages
        storage = .allocate(capacity: 1)
        storage.initialize(to: animator)
        frameView = .allocate(capacity: 1)
        frameView.initialize(to: animator.frame.view)
        geometries = Self.layouts.map { FrameGeometry($0.1, pages: animator.plan.pages) }
    }

    /// Records `text` as the latest error and returns `status`. Allocates nothing.
    func fail(_ status: bww_status, _ text: FailureText) -> bww_status {
        messages.record(text)
        return status
    }

    /// `page` as an index into the pages, or nil after recording why it is out of range.
    func pageIndex(_ page: Int64) -> Int? {
        let count = animator.plan.pages.count
        guard page >= 0, page < count else {
            // WalkthroughError.pageOutOfRange's words, without allocating.
            _ = fail(BWW_ERROR_OUT_OF_RANGE, "page \(page) is out of range; the walkthrough has \(count) \(count == 1 ? "page" as StaticString : "pages")")
            return nil
        }
        return Int(page)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
        frameView.deallocate()
    }

    /// `body` on the handle at `pointer`, borrowed (no retain or release), or `null` when
    /// the pointer is NULL. A retain writes the handle's reference count: a call on a
    /// `const bww_walkthrough *` would write into the handle, and threads reading one
    /// handle would contend for that word (`Tests/CInterface/const_reads.c`).
    @inline(__always)
    static func borrow<Result>(_ pointer: OpaquePointer?, null: Result, _ body: (WalkthroughHandle) -> Result) -> Result {
        guard let pointer else { return null }
        return Unmanaged<WalkthroughHandle>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef(body)
    }

    /// The frame of the handle at `pointer`, with no retain or release of the handle.
    @inline(__always)
    static func frame(_ pointer: OpaquePointer) -> FrameView {
        Unmanaged<WalkthroughHandle>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef { $0.frameView.pointee }
    }

    /// Points the reads at the animator's frame again, after a call that may have written it
    /// (the animator writes its frame in place, as the handle holds the only reference, so
    /// this keeps the same pointers; it costs nothing to be sure).
    func frameWritten() {
        frameView.pointee = animator.frame.view
    }
}

extension WalkthroughHandle {
    /// nil when `out` can take `needed` doubles of page `page`; otherwise the status, after
    /// recording why. `capacity` is the caller's size_t: read unsigned, so SIZE_MAX is huge.
    func checkOutput(_ out: UnsafeMutablePointer<Double>?, capacity: Int, needed: Int,
                     _ function: StaticString, _ page: Int) -> bww_status? {
        guard needed == 0 || out != nil else {
            return fail(BWW_ERROR_NULL_ARGUMENT, "\(function): out must not be NULL for page \(page), which has subviews")
        }
        let capacity = UInt(bitPattern: capacity)
        guard capacity >= UInt(needed) else {
            return fail(BWW_ERROR_BUFFER_TOO_SMALL, "\(function): page \(page) needs \(needed) doubles, the buffer holds \(capacity)")
        }
        return nil
    }
}
