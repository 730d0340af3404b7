import WalkthroughKernel
import Testing

/// `BWW_KERNEL_STRATEGY` resolved against a set of features: a strategy they run is taken
/// whatever its case, anything else is ignored with a reason that says why, and a build that
/// sees no feature (portable, or off x86) is named as the reason rather than the CPU.
@Suite struct KernelStrategyTests {
    @Test func forcedStrategiesAreTakenOrExplained() {
        let x86: CPUFeatures = [.sse2, .avx]
        #expect(KernelStrategy.resolve(environment: nil, features: x86).strategy == .avx)
        #expect(KernelStrategy.resolve(environment: "SSE2", features: x86).strategy == .sse2)
        #expect(KernelStrategy.resolve(environment: "portable", features: x86).strategy == .portable)

        let bogus = KernelStrategy.resolve(environment: "fast", features: x86)
        #expect(bogus.strategy == .avx && bogus.reason.contains("names no strategy"), "\(bogus.reason)")

        let old = KernelStrategy.resolve(environment: "avx", features: .sse2)
        #expect(old.strategy == .sse2 && old.reason.contains("this CPU lacks"), "\(old.reason)")

        let portable = KernelStrategy.resolve(environment: "avx", features: [])
        #expect(portable.strategy == .portable && portable.reason.contains("this build (portable"), "\(portable.reason)")
        #expect(!portable.reason.contains("CPU lacks"), "\(portable.reason)")
    }
}
