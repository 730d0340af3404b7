#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CWalkthroughAPI

/// The messages of one handle's failed calls, as C strings that `bww_error_message` hands out.
///
/// Read-only calls may fail on several threads at once (the header allows them to overlap),
/// so recording takes a lock. The header's rule (Ownership): a message pointer lives until
/// the next `bww_evaluate`, `bww_evaluate_into` or `bww_destroy`, so nothing recorded is
/// overwritten before `clear()`, which only those exclusive calls make. Under
/// AddressSanitizer the slots not in use are poisoned, so a program that reads a message
/// after it expired (its slot may hold a later message by then) gets a report. Identical messages are stored once and at most
/// `BWW_MAX_MESSAGES` distinct ones are kept, so a program that repeats failing calls
/// between frames does not grow the handle; past the cap, failures share one fixed text.
///
/// Recording never allocates: a failing call must return its status when `malloc` fails
/// too. Everything is allocated once, by `init` (which fails instead when `malloc` does):
/// `BWW_MAX_MESSAGES` slots of `FailureText.capacity` bytes (256 KiB of address space,
/// touched only as messages are written) and a hash table that finds a text's slot again.
/// A pthread mutex rather than Synchronization's `Mutex`: it needs no further runtime
/// library to ship and no availability guard on Apple platforms.
final class MessageLog {
    private static let slotCount = Int(BWW_MAX_MESSAGES)
    private static let slotBytes = FailureText.capacity
    /// Open addressing with linear probing, at most half full. Positions wrap by masking
    /// and entries are `UInt16`: a power of two up to 65,536 (checked in `init`, so that a
    /// new BWW_MAX_MESSAGES cannot quietly break the table).
    private static let tableCount = 2 * slotCount

    /// The one block all of the below point into (from `malloc`).
    private let block: UnsafeMutableRawPointer
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Per slot: its text's FNV-1a hash.
    private let hashes: UnsafeMutablePointer<UInt64>
    /// Per slot: where in `table` it is entered, to empty the table in `clear()`.
    private let tablePositions: UnsafeMutablePointer<UInt16>
    /// The hash table: a slot's index + 1, or 0 for an empty entry.
    private let table: UnsafeMutablePointer<UInt16>
    /// The slots, each a NUL-terminated message.
    private let slots: UnsafeMutablePointer<CChar>
    /// Slots in use: `count` of them from slot `first` on, wrapping around. Each `clear()`
    /// moves `first` past them, so a message that just expired keeps its slot's text (and,
    /// under AddressSanitizer, its poison) until the ring comes round again.
    private var first = 0, count = 0
    private var latestString = MessageLog.constant("")
    /// AddressSanitizer's `__asan_poison_memory_region` and `__asan_unpoison_memory_region`
    /// when the process has them (a sanitized build), else nil.
    private let poison: SanitizerRegion?, unpoison: SanitizerRegion?

    /// nil when the storage cannot be allocated.
    init?() {
        precondition(Self.tableCount & (Self.tableCount - 1) == 0 && Self.tableCount <= 1 << 16,
                     "BWW_MAX_MESSAGES must be a power of two up to 32,768")
        let mutexBytes = (MemoryLayout<pthread_mutex_t>.size + 63) / 64 * 64
        let hashesBytes = Self.slotCount * MemoryLayout<UInt64>.stride
        let positionsBytes = Self.slotCount * MemoryLayout<UInt16>.stride
        let tableBytes = Self.tableCount * MemoryLayout<UInt16>.stride
        guard let block = malloc(mutexBytes + hashesBytes + positionsBytes + tableBytes + Self.slotCount * Self.slotBytes) else {
            return nil
        }
        self.block = block
        mutex = block.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        var offset = mutexBytes
        hashes = (block + offset).bindMemory(to: UInt64.self, capacity: Self.slotCount)
        offset += hashesBytes
        tablePositions = (block + offset).bindMemory(to: UInt16.self, capacity: Self.slotCount)
        offset += positionsBytes
        table = (block + offset).bindMemory(to: UInt16.self, capacity: Self.tableCount)
        table.initialize(repeating: 0, count: Self.tableCount)
        offset += tableBytes
        slots = (block + offset).bindMemory(to: CChar.self, capacity: Self.slotCount * Self.slotBytes)
        pthread_mutex_init(mutex, nil)
        poison = sanitizerFunction("__asan_poison_memory_region")
        unpoison = sanitizerFunction("__asan_unpoison_memory_region")
        poison?(slots, Self.slotCount * Self.slotBytes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        free(block)
    }

    /// The latest recorded message, "" if none since `clear()`.
    var latest: UnsafePointer<CChar> {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return latestString
    }

    /// Makes `text` the latest message. Safe to call from several threads at once.
    func record(_ text: FailureText) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        text.withBytes { bytes in latestString = store(bytes) }
    }

    /// The slot holding `bytes`, found or filled; the fixed text when the slots are full.
    /// Under the lock.
    private func store(_ bytes: UnsafeRawBufferPointer) -> UnsafePointer<CChar> {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var position = Int(truncatingIfNeeded: hash) & (Self.tableCount - 1)
        while table[position] != 0 {
            let slot = Int(table[position]) - 1
            let stored = slots + slot * Self.slotBytes
            if hashes[slot] == hash, stored[bytes.count] == 0,
               bytes.isEmpty || memcmp(stored, bytes.baseAddress!, bytes.count) == 0 {
                return UnsafePointer(stored)
            }
            position = (position + 1) & (Self.tableCount - 1)
        }
        guard count < Self.slotCount else {
            return MessageLog.constant(
                "too many distinct errors on this handle since the last frame (bww_evaluate or bww_evaluate_into); each call's status tells what failed")
        }
        let slot = (first + count) & (Self.slotCount - 1)
        let stored = slots + slot * Self.slotBytes
        unpoison?(stored, Self.slotBytes)
        UnsafeMutableRawPointer(stored).copyMemory(from: bytes.baseAddress ?? UnsafeRawPointer(stored), byteCount: bytes.count)
        stored[bytes.count] = 0
        hashes[slot] = hash
        tablePositions[slot] = UInt16(position)
        table[position] = UInt16(slot + 1)
        count += 1
        return UnsafePointer(stored)
    }

    /// Forgets every message. Only for callers that have the handle to themselves.
    func clear() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        for i in 0..<count {
            let slot = (first + i) & (Self.slotCount - 1)
            table[Int(tablePositions[slot])] = 0
            poison?(slots + slot * Self.slotBytes, Self.slotBytes)
        }
        first = (first + count) & (Self.slotCount - 1)
        count = 0
        latestString = MessageLog.constant("")
    }

    /// A string literal's NUL-terminated bytes, which live as long as the program.
    static func constant(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}

/// `void f(const volatile void *address, size_t size)`: AddressSanitizer's manual poisoning.
typealias SanitizerRegion = @convention(c) (UnsafeRawPointer?, Int) -> Void

/// The function `name` when the process defines it (AddressSanitizer's runtime, linked
/// into a sanitized program), else nil: an uninstrumented process pays nothing for it.
private func sanitizerFunction(_ name: String) -> SanitizerRegion? {
    guard let process = dlopen(nil, RTLD_LAZY) else { return nil }
    defer { dlclose(process) }
    guard let address = dlsym(process, name) else { return nil }
    return unsafeBitCast(address, to: SanitizerRegion.self)
}
