import KernelTarget

/// Instruction-set features: what this CPU runs (`host`, read once at run time) and what the
/// Swift code was compiled for (`compiled`, from the C importer's view of the target).
///
/// The one place the Swift code reads the instruction set; `KernelStrategy.choose(for:)` is
/// the one place that turns it into a choice. Off x86, and in the portable build
/// (`-DBWW_PORTABLE`), both are empty: what an arm64 build runs.
public struct CPUFeatures: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// One bit a feature (`KERNEL_CPU_*` in kernel_target.h).
    public let rawValue: UInt32
    /// The features whose bits `rawValue` sets.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// x86-64's baseline 16-byte vectors, and its non-temporal stores.
    public static let sse2 = CPUFeatures(rawValue: KERNEL_CPU_SSE2)
    /// 32-byte vectors (and the operating system saves their registers).
    public static let avx = CPUFeatures(rawValue: KERNEL_CPU_AVX)
    /// 32-byte integer vectors.
    public static let avx2 = CPUFeatures(rawValue: KERNEL_CPU_AVX2)
    /// Fused multiply-add.
    public static let fma = CPUFeatures(rawValue: KERNEL_CPU_FMA)
    /// 64-byte vectors (reported; no kernel uses them).
    public static let avx512f = CPUFeatures(rawValue: KERNEL_CPU_AVX512F)

    /// The features this CPU runs, read once (CPUID and XCR0 on x86; none elsewhere).
    public static let host = CPUFeatures(rawValue: kernel_cpu_features())

    /// The features the Swift code of this build was compiled for (`-Xswiftc -target-cpu`).
    public static var compiled: CPUFeatures {
        var features: CPUFeatures = []
        if KERNEL_X86 != 0 { features.insert(.sse2) }
        if KERNEL_TARGET_AVX != 0 { features.insert(.avx) }
        if KERNEL_TARGET_AVX2 != 0 { features.insert(.avx2) }
        if KERNEL_TARGET_FMA != 0 { features.insert(.fma) }
        if KERNEL_TARGET_AVX512F != 0 { features.insert(.avx512f) }
        return features
    }

    /// The features by name, in order: `sse2 avx avx2 fma avx512f`, or `portable` for none.
    public var description: String {
        let names: [(CPUFeatures, String)] = [(.sse2, "sse2"), (.avx, "avx"), (.avx2, "avx2"), (.fma, "fma"),
                                              (.avx512f, "avx512f")]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "portable" : present.joined(separator: " ")
    }
}
