import CAnchor
import Foundation
import WalkthroughKernel

/// What was measured: the build (configuration, compilers, the CPU level the Swift and C
/// code were compiled for) and the machine (OS, CPU, cores). Reports print it, JSON exports
/// carry it, and the baseline records it so that `check` can say when it compares numbers
/// from another machine or build.
struct BuildInfo {
    var configuration: String
    var swiftCompiler: String
    var cCompiler: String
    /// The SIMD level the Swift code was compiled for (`-Xswiftc -target-cpu`), as the
    /// Swift compiler's C importer saw it (anchor.h).
    var swiftTargetFeatures: String
    /// The SIMD level the C anchor was compiled for (`-Xcc -march=…`).
    var cTargetFeatures: String
    /// The fast path's run-time strategy (`KernelStrategy.current`) and why it was chosen.
    var strategy: String
    var strategySelection: String
    var os: String
    var cpu: String
    var cpuFeatures: String
    var cores: Int

    static func current() -> BuildInfo {
        BuildInfo(configuration: configuration,
                  swiftCompiler: swiftVersion,
                  cCompiler: String(cString: anchor_compiler_version()),
                  swiftTargetFeatures: ANCHOR_IMPORTER_TARGET_FEATURES,
                  cTargetFeatures: String(cString: anchor_target_features()),
                  strategy: KernelStrategy.current.rawValue,
                  strategySelection: KernelStrategy.selection,
                  os: MachineInfo.operatingSystem,
                  cpu: MachineInfo.cpuModel,
                  cpuFeatures: MachineInfo.cpuFeatures,
                  cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The compilers: Swift's language version and the C compiler's full version, which
    /// names the toolchain's build.
    var toolchain: String { "\(swiftCompiler), \(cCompiler)" }

    var oneLine: String {
        "\(configuration) build, \(swiftCompiler) for \(swiftTargetFeatures), C anchor \(cCompiler) for \(cTargetFeatures); "
            + "kernel strategy \(strategy) (\(strategySelection)); CPU \(cpu) (\(cpuFeatures)), \(cores) cores, \(os)"
    }

    /// The build's own keys, as the JSON export's `build` object has them.
    var buildPairs: [(String, String)] {
        [("configuration", configuration), ("swiftCompiler", swiftCompiler), ("cCompiler", cCompiler),
         ("swiftTargetFeatures", swiftTargetFeatures), ("targetFeatures", cTargetFeatures), ("strategy", strategy)]
    }

    /// Everything, as strings: what a baseline records (`targetFeatures` is the C anchor's,
    /// the name baselines have always used).
    var pairs: [(String, String)] {
        buildPairs + [("os", os), ("cpu", cpu), ("cpuFeatures", cpuFeatures), ("cores", String(cores))]
    }

    private static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    private static var swiftVersion: String {
        #if compiler(>=6.5)
        return "Swift ≥ 6.5"
        #elseif compiler(>=6.4)
        return "Swift 6.4"
        #elseif compiler(>=6.3)
        return "Swift 6.3"
        #elseif compiler(>=6.2)
        return "Swift 6.2"
        #elseif compiler(>=6.1)
        return "Swift 6.1"
        #else
        return "Swift 6.0"
        #endif
    }
}
