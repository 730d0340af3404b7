#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import KernelTarget

/// Which way a gather walks a page's blocks: first to last and last to first on successive
/// calls from one thread, so that each walk starts on the cache lines the previous one
/// touched last, which are still in L2, instead of on those it touched first, which a cache
/// too small for the page and its destination has evicted by then (a walk that always
/// starts at the same end evicts each line just before it is needed again). The values
/// written are the same either way.
///
/// At 10k subviews the frame (0.68 MB) and the destination (1.28 MB) together fill this
/// project's Xeon's 2 MB L2. Gathering one frame again and again (the bench's
/// `read-gather`), alternating took `gather/simd` from 2.44–2.96 to 2.29–2.77 (default
/// build) and from 2.66–3.48 to 2.58–3.31 (AVX2); a C loop doing the same gained 12–23%.
/// A C loop that computes a frame and then gathers it gained 4–10%; with 4 MB of other
/// memory touched between frames, as an app's other work may, nothing is left in L2 to
/// reuse, and the walk back cost 1–7% (C, minimum times), so alternating is about even
/// there. Turns are taken only where they can pay (`applies`): smaller pages fit in L2
/// whichever way they go, bigger ones do not fit at all (and stream, on x86), and only
/// `blocks` turns, since from `float4x4` the walk back was slower; and not on AMD's Zen 3
/// and later (`paysHere`).
///
/// The turns are the calling thread's own (a thread-specific word, one bit per page key),
/// so a reader writes nothing that another thread reads, and nothing in the frame or a C
/// caller's `const` handle.
package enum GatherTurns {
    /// Pages of fewer subviews walk forward: with their destination (256 KiB at 2,048
    /// subviews) they fit in L2 whichever way they go.
    package static let minimumSubviews = 2_048
    /// Pages of this many subviews or more walk forward: frame and destination together
    /// (196 bytes a subview, 6.4 MB here) are far past an L2 like this machine's, and the
    /// destination (4 MiB, where `FrameReader.streams` begins) streams on x86.
    package static let maximumSubviews = FrameReader.streamingBytes / 128

    /// Whether a page of `count` subviews is of the sizes at which a gather from `blocks`
    /// takes turns (on a CPU where they pay: `paysHere`, which `FrameReader.gather` checks).
    @inline(__always)
    package static func applies(count: Int) -> Bool { count >= minimumSubviews && count < maximumSubviews }

    /// Whether turns pay on this CPU: not on AMD's Zen 2 and later
    /// (`kernel_cpu_is_amd_zen2_or_later`), where a walk last to first runs slower than one
    /// first to last and the L2 (512 KB a core) keeps too little of a page of `applies`'s
    /// sizes for the next walk to reuse. On an AMD EPYC (Zen 3), the bench's `read-gather`
    /// against `read-limit` at 5k, 10k and 20k subviews (5 uniform scenarios, 3 runs,
    /// medians): 1.33, 1.36, 1.47 with turns and 1.13, 1.13, 1.07 without (default build;
    /// `gather/simd` at 10k 2.51 → 2.03), 1.05, 1.19, 1.14 against 1.07, 1.10, 1.10 (AVX2;
    /// 2.74 → 2.57). In C loops at 10k, walking back on every call read 1.28, forward 1.12,
    /// and the page's chunks of 32 or 128 blocks in alternate order, each walked forward,
    /// 1.13 and 1.10. On an AMD EPYC (Zen 2), with the gather in phase
    /// (`FrameReader.gathersInPhase`), default build, 3 uniform scenarios, two runs:
    /// `read-gather` at 5k, 10k and 20k 2.88–3.04, 3.04–3.15, 3.02–3.21 ns a subview with
    /// turns, 2.73–2.86, 2.83–2.87, 2.90–2.94 without.
    package static let paysHere: Bool = kernel_cpu_is_amd_zen2_or_later() == 0

    /// Whether this thread's gather of the page keyed `key` walks last to first this time:
    /// false, true, false, … on successive calls with the same key (keys are taken modulo
    /// the bits of a word; two pages whose keys meet share a turn: gathered in turn, one
    /// always walks forward and the other back).
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

    /// A page's key: where its matrices are in memory, hashed (Fibonacci hashing, the top
    /// 6 bits of the product) so that pages and frames read on one thread seldom share a
    /// turn. The plain offset did: pages of 8,192 subviews begin 1,088 × 512 bytes apart,
    /// a multiple of 64.
    package static func key(base: UnsafeRawPointer, matrixOffset: Int) -> Int {
        let address = UInt(bitPattern: base) &+ UInt(bitPattern: matrixOffset)
        return Int(truncatingIfNeeded: (UInt64(address) &* 0x9E37_79B9_7F4A_7C15) >> 58)
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
