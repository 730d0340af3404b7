#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which way a gather walks a page's blocks: first to last and last to first on successive
/// calls from one thread, so that each walk starts on the cache lines the previous one
/// touched last, which are still in L2, instead of on those it touched first, which a cache
/// too small for the page and its destination has evicted by then (a walk that always
/// starts at the same end evicts each line just before it is needed again). The values
/// written are the same either way.
///
/// At 10k subviews the frame (0.68 MB) and the destination (1.28 MB) together fill this
/// project's Xeon's 2 MB L2: gathering one frame again and again (the bench's `read-gather`),
/// alternating took `gather/simd` from 2.44–2.96 to 2.29–2.77 (default build) and from
/// 2.66–3.48 to 2.58–3.31 (AVX2); a gather after each frame, in C, gained 4–10%. Smaller
/// pages fit either way and always walk forward (`minimumSubviews`), and streamed ones
/// have no cache to reuse. Only `blocks` turns: from `float4x4` the walk back was slower.
///
/// The turns are the calling thread's own (a thread-specific word, one bit per page key),
/// so a reader writes nothing that another thread reads, and nothing in the frame or a C
/// caller's `const` handle.
package enum GatherTurns {
    /// Pages with fewer subviews always walk forward: with their destination (256 KiB at
    /// 2,048 subviews) they fit in L2 whichever way they go.
    package static let minimumSubviews = 2_048

    /// Whether this thread's gather of the page keyed `key` walks last to first this time:
    /// false, true, false, … on successive calls with the same key (keys are taken modulo
    /// the bits of a word; pages whose keys meet share a turn, which costs only the gain).
    /// Always false where the thread-specific word is unavailable.
    package static func backward(key: Int) -> Bool {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
        guard let turnsKey else { return false }
        let bit: UInt = 1 << UInt(key & (UInt.bitWidth - 1))
        let turns = UInt(bitPattern: pthread_getspecific(turnsKey)) ^ bit
        // A failure (the thread's first use of a high key, with no memory) keeps the turns.
        _ = pthread_setspecific(turnsKey, UnsafeRawPointer(bitPattern: turns))
        return turns & bit == 0
        #else
        return false
        #endif
    }

    /// A page's key: where its matrices start (in steps of 512 bytes, less than a block of
    /// `blocks` and a 16-subview page of the dense layouts), mixed with the frame's address
    /// so that two frames read on one thread seldom share turns.
    static func key(base: UnsafeRawPointer, matrixOffset: Int) -> Int {
        Int(bitPattern: UInt(bitPattern: base) >> 12) &+ matrixOffset >> 9
    }
}

#if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
/// The thread-specific word of `GatherTurns`, made on first use; nil if the system has no
/// key left, and then every gather walks forward.
private let turnsKey: pthread_key_t? = {
    var key = pthread_key_t()
    return pthread_key_create(&key, nil) == 0 ? key : nil
}()
#endif
