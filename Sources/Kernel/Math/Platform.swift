#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The platform functions in one place (scalar `sin`/`cos`, processor count, environment,
/// aligned blocks), so that no other file needs the platform import but `WorkerPool` and `FileContents`.
@usableFromInline
func libmSin(_ x: Double) -> Double { sin(x) }

@usableFromInline
func libmCos(_ x: Double) -> Double { cos(x) }

/// Online processors, at least 1.
@usableFromInline
func onlineProcessorCount() -> Int {
    max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
}

/// The environment variable `name`'s value, nil when it is not set.
func environmentValue(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

/// A block of `bytes` bytes (at least 1), 64-byte aligned, from `posix_memalign`, which
/// fails instead of ending the process: nil then. Freed with `freeBlock` (or `deallocate`).
func allocateBlock(_ bytes: Int) -> UnsafeMutableRawPointer? {
    var block: UnsafeMutableRawPointer?
    guard bytes >= 0, posix_memalign(&block, 64, max(bytes, 1)) == 0 else { return nil }
    return block
}

/// Frees a block of `allocateBlock`.
func freeBlock(_ block: UnsafeMutableRawPointer) { free(block) }

/// Whether blocks of these byte counts, 64-byte aligned, can be allocated all at once
/// (`posix_memalign`, which fails instead of ending the process); they are freed again.
package func canAllocateAligned(_ byteCounts: [Int]) -> Bool {
    var blocks: [UnsafeMutableRawPointer] = []
    blocks.reserveCapacity(byteCounts.count)
    defer { blocks.forEach(freeBlock) }
    for bytes in byteCounts {
        guard let block = allocateBlock(bytes) else { return false }
        blocks.append(block)
    }
    return true
}
