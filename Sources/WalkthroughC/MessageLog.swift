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
/// so recording takes a lock. The header promises that a message pointer lives until the
/// next `bww_evaluate` or `bww_destroy`, so nothing recorded is freed before `clear()`,
/// which only those exclusive calls make. Identical messages are stored once and at most
/// `BWW_MAX_MESSAGES` distinct ones are kept, so a program that repeats failing calls
/// between frames does not grow the handle; past the cap, failures share one fixed text.
/// A pthread mutex rather than Synchronization's `Mutex`: it needs no further runtime
/// library to ship and no availability guard on Apple platforms.
final class MessageLog {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Each distinct message and its C copy (from `strdup`, freed by `clear`).
    private var strings: [String: UnsafeMutablePointer<CChar>] = [:]
    private var latestString = MessageLog.constant("")

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        clear()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The latest recorded message, "" if none since `clear()`.
    var latest: UnsafePointer<CChar> {
        locked { latestString }
    }

    /// Makes `text` the latest message. Safe to call from several threads at once.
    func record(_ text: String) {
        locked {
            if let stored = strings[text] {
                latestString = UnsafePointer(stored)
            } else if strings.count >= Int(BWW_MAX_MESSAGES) {
                latestString = MessageLog.constant(
                    "too many distinct errors on this handle since the last bww_evaluate; each call's status tells what failed")
            } else if let copy = strdup(text) {
                strings[text] = copy
                latestString = UnsafePointer(copy)
            } else {
                latestString = MessageLog.constant("no memory left for this error's message; the call's status tells what failed")
            }
        }
    }

    /// Frees every message. Only for callers that have the handle to themselves.
    func clear() {
        locked {
            strings.values.forEach { free($0) }
            strings.removeAll()
            latestString = MessageLog.constant("")
        }
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// A string literal's NUL-terminated bytes, which live as long as the program.
    static func constant(_ text: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
    }
}
