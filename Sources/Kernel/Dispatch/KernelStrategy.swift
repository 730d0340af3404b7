/// Which of the fast path's run-time kernels a frame uses: chosen once from the CPU's
/// instruction set (`choose(for:)`), kept by each `FrameBuffer`, and forced with
/// `BWW_KERNEL_STRATEGY` (`portable`, `sse2` or `avx`) to any strategy the CPU runs.
///
/// The strategies differ in how frames are read out (`FrameBuffer.gather(page:into:)`) and,
/// in a build without AVX, in how a spinning page is written in `blocks` and
/// `caTransform3D`, never in the values (docs/DESIGN.md, "Strategies").
public enum KernelStrategy: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Plain vector code only, no instruction-set specific kernel: what arm64 runs.
    case portable
    /// x86-64's baseline: gathers of 4 MiB or more write with non-temporal stores.
    case sse2
    /// `sse2`, and the gather from `blocks` stores 32 bytes at a time, aligned to the
    /// destination; in a build without AVX, a spinning page in `blocks` and `caTransform3D`
    /// is computed 8 lanes at a time (AVX, chosen at run time, in every build).
    case avx

    /// The environment variable that forces a strategy.
    public static let environmentVariable = "BWW_KERNEL_STRATEGY"

    /// What the CPU must run for this strategy.
    public var requirements: CPUFeatures {
        switch self {
        case .portable: []
        case .sse2: .sse2
        case .avx: [.sse2, .avx]
        }
    }

    /// Whether this CPU runs the strategy.
    public var isRunnable: Bool { CPUFeatures.host.isSuperset(of: requirements) }

    /// The strategy for a CPU with `features`: the most capable one it runs.
    public static func choose(for features: CPUFeatures) -> KernelStrategy {
        allCases.last { features.isSuperset(of: $0.requirements) } ?? .portable
    }

    /// The strategies this CPU runs, least capable first.
    public static var runnable: [KernelStrategy] { allCases.filter(\.isRunnable) }

    /// The strategy new frames use: `BWW_KERNEL_STRATEGY`'s when it names one this CPU runs,
    /// else `choose(for: CPUFeatures.host)`. Read once.
    public static var current: KernelStrategy { resolved.strategy }

    /// Why `current` is what it is, in one line (what `bench` prints).
    public static var selection: String { resolved.reason }

    /// The environment read and resolved once, for `current` and `selection` alike.
    private static let resolved = resolve(environment: environmentValue(environmentVariable))

    /// `value` (the environment variable's, or nil) resolved against this CPU: the strategy and the reason in
    /// words; a value that names no strategy, or one the CPU cannot run, is ignored, and the reason says so.
    package static func resolve(environment value: String?,
                                features: CPUFeatures = .host) -> (strategy: KernelStrategy, reason: String) {
        let chosen = choose(for: features)
        guard let value, !value.isEmpty else { return (chosen, "chosen for CPU features: \(features)") }
        guard let forced = KernelStrategy(rawValue: value.lowercased()) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            return (chosen, "\(environmentVariable)=\(value) names no strategy (\(names)); chosen for CPU features: \(features)")
        }
        guard features.isSuperset(of: forced.requirements) else {
            // A portable build (or one off x86) sees no feature at all, whatever the CPU runs.
            let lacking = features.isEmpty ? "this build (portable: no x86-specific path) does not run" : "this CPU lacks"
            return (chosen, "\(environmentVariable)=\(value) needs \(forced.requirements), which \(lacking); chosen for CPU features: \(features)")
        }
        return (forced, "forced by \(environmentVariable)")
    }

    /// The strategy's name, as `BWW_KERNEL_STRATEGY` takes it.
    public var description: String { rawValue }
}
