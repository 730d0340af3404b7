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
/// there. Turns are taken only at the sizes where they can pay (`sizesHere`), and only
/// from `blocks`, since from `float4x4` the walk back was slower.
///
/// The turns are the calling thread's own (a thread-specific word, one bit per page key),
/// so a reader writes nothing that another thread reads, and nothing in the frame or a C
/// caller's `const` handle.
package enum GatherTurns {
    /// The page sizes (subviews) at which a gather takes turns on a CPU other than AMD's
    /// Zen 2 and later: from 2,048 (smaller pages and their destination, 256 KiB at 2,048,
    /// fit in L2 whichever way they go) to below 32,768, where frame and destination
    /// (196 bytes a subview, 6.4 MB) are far past an L2 like the Xeon's and the destination
    /// (4 MiB, where `FrameReader.streams` begins) streams on x86.
    package static let generalSizes = 2_048 ..< FrameReader.streamingBytes / 128

    /// The frame's and the destination's bytes a subview (68 + 128), by which the sizes on
    /// AMD's cores are keyed to L2.
    package static let bytesPerSubview = Lanes.frameBlockFloats * 4 / Lanes.count + 128

    /// The page sizes at which a gather takes turns on a CPU of this kind: `generalSizes`
    /// unless the CPU is AMD's Zen 2 or later. There, a walk last to first runs slower than
    /// one first to last, and turns pay only where L2 holds 1 MiB or more (Zen 4 and 5) and
    /// frame and destination together take 7/8 to 3 times L2 (4,681 to 16,049 subviews with
    /// 1 MiB): the next walk reuses what the last one left in L2, while smaller pages lose
    /// the slower walk back and bigger ones keep too little to reuse. Measured on an AMD
    /// EPYC (Zen 5, 1 MiB L2), default build, `read-gather` against `read-limit` (four
    /// uniform scenarios, three runs each, medians): 1.02 → 1.07 at 2,500 subviews and
    /// 1.04 → 1.09 at 3,500 (turns lose), about even at 4,200, 0.98 → 0.94 at 4,800,
    /// 1.00 → 0.89 at 6,000, 1.01 → 0.91 at 8,000, 1.01 → 0.95 at 10,000 and 12,000,
    /// 1.01 → 0.97 at 15,000, 1.01 → 1.03 at 17,500 and 1.01 → 1.04 at 20,000 (lose
    /// again); AVX2 build at 10,000, 1.01 → 0.96. On a Zen 3 EPYC (512 KiB L2), turns at
    /// 5k, 10k and 20k read 1.33, 1.36, 1.47 against 1.13, 1.13, 1.07 without (default
    /// build), and on a Zen 2 EPYC they lost at the same sizes (docs/DESIGN.md).
    package static func sizes(amdZen2OrLater: Bool, l2Bytes: Int) -> Range<Int> {
        guard amdZen2OrLater else { return generalSizes }
        guard l2Bytes >= 1 << 20 else { return 0 ..< 0 }
        return l2Bytes * 7 / 8 / bytesPerSubview ..< l2Bytes * 3 / bytesPerSubview
    }

    /// The page sizes at which a gather from `blocks` takes turns on this CPU (`sizes`).
    package static let sizesHere = sizes(amdZen2OrLater: kernel_cpu_is_amd_zen2_or_later() != 0,
                                         l2Bytes: kernel_cpu_l2_bytes())

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
