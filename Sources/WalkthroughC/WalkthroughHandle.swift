import CWalkthroughAPI
import Kernel

/// What a `bww_walkthrough *` points at: the animator and the last error message.
/// Retained once by `bww_create`, released by `bww_destroy`.
final class WalkthroughHandle {
    var animator: WalkthroughAnimator
    /// NUL-terminated; `bww_error_message` hands out its address.
    private(set) var message: ContiguousArray<CChar> = [0]

    init(_ walkthrough: Walkthrough) {
        animator = WalkthroughAnimator(walkthrough)
    }

    /// Records `text` as the last error and returns `status`.
    func fail(_ status: bww_status, _ text: String) -> bww_status {
        message = ContiguousArray(text.utf8CString)
        return status
    }

    /// Checks a page index, recording the error.
    func check(page: Int) -> bww_status {
        let count = animator.plan.pages.count
        guard page >= 0, page < count else {
            return fail(BWW_ERROR_OUT_OF_RANGE, "page \(page) is out of range; the walkthrough has \(count) pages")
        }
        return BWW_OK
    }

    static func from(_ pointer: OpaquePointer?) -> WalkthroughHandle? {
        pointer.map { Unmanaged<WalkthroughHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}

/// Copies `text` into a caller's buffer of `capacity` bytes, truncated and NUL-terminated.
func copyMessage(_ text: String, to buffer: UnsafeMutablePointer<CChar>?, capacity: Int) {
    guard let buffer, capacity > 0 else { return }
    let bytes = Array(text.utf8.prefix(capacity - 1))
    for (i, byte) in bytes.enumerated() { buffer[i] = CChar(bitPattern: byte) }
    buffer[bytes.count] = 0
}
