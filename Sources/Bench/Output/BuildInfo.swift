import CAnchor
import Foundation

/// What was measured: configuration, compilers, target CPU features, machine.
struct BuildInfo {
    var configuration: String
    var swiftCompiler: String
    var cCompiler: String
    /// The SIMD level the C anchor was compiled for (`-Xcc -march=…`); the Swift code gets
    /// the same level when built with the matching `-Xswiftc -target-cpu`.
    var cTargetFeatures: String
    var cpu: String
    var cpuFeatures: String
    var cores: Int

    static func current() -> BuildInfo {
        BuildInfo(configuration: configuration,
                  swiftCompiler: swiftVersion,
                  cCompiler: String(cString: anchor_compiler_version()),
                  cTargetFeatures: String(cString: anchor_target_features()),
                  cpu: cpuInfo("model name") ?? "unknown",
                  cpuFeatures: (cpuInfo("flags") ?? "").split(separator: " ")
                      .filter { ["sse4_1", "avx", "avx2", "fma", "avx512f"].contains($0) }.joined(separator: " "),
                  cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    var oneLine: String {
        "\(configuration) build, \(swiftCompiler), C anchor \(cCompiler) for \(cTargetFeatures); "
            + "CPU \(cpu) (\(cpuFeatures)), \(cores) cores"
    }

    var pairs: [(String, String)] {
        [("configuration", configuration), ("swiftCompiler", swiftCompiler), ("cCompiler", cCompiler),
         ("targetFeatures", cTargetFeatures), ("cpu", cpu), ("cpuFeatures", cpuFeatures), ("cores", String(cores))]
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

    private static func cpuInfo(_ key: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
}
