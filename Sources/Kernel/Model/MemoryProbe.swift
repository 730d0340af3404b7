/// Asks, before an allocation sized by a file's counts, whether it can be made, so that `bww_create` answers
/// "out of memory" where Swift's allocator would end the process (docs/DESIGN.md, "The file reader").
package struct MemoryProbe: Sendable {
    private let canAllocate: @Sendable (Int) -> Bool

    /// A probe that asks `canAllocate` (tests pass one that refuses sizes).
    package init(_ canAllocate: @escaping @Sendable (Int) -> Bool) {
        self.canAllocate = canAllocate
    }

    /// Allocates the bytes and `slack` more (64-byte aligned, with `posix_memalign`, which
    /// fails instead of ending the process) and frees them again.
    package static let system = MemoryProbe { canAllocateAligned([$0 &+ slack]) }

    /// Asked for besides the bytes: an array's header, the allocator's rounding, the small allocations around.
    package static let slack = 4096

    /// Throws when `bytes` cannot be allocated now (`refusedBytes` = `bytes`); `what` says what for.
    func check(bytes: Int, _ what: StaticString) throws(WalkthroughError) {
        guard !canAllocate(bytes) else { return }
        var error = WalkthroughError("cannot allocate \(bytes) bytes for \(what)")
        error.refusedBytes = bytes
        throw error
    }

    /// Throws when `count` values of `T` cannot be allocated (`refusedBytes` = their size); `what` names them.
    func check<T>(_ count: Int, of _: T.Type, _ what: StaticString) throws(WalkthroughError) {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard overflow || !canAllocate(bytes) else { return }
        let size = overflow ? "more than \(Int.max)" : "\(bytes)"
        var error = WalkthroughError("cannot allocate \(size) bytes for \(count) \(what)")
        error.refusedBytes = overflow ? Int.max : bytes
        throw error
    }
}
