import Foundation

/// The machine `bench` runs on, as the system describes it: on Linux from `/proc/cpuinfo`
/// and `/etc/os-release`, on macOS from `sysctl` and the system version.
enum MachineInfo {
    /// `Debian GNU/Linux 12 (bookworm), x86_64`, `macOS 14.5, arm64`: the system and the
    /// architecture, without the kernel's build (which changes with every host update and
    /// would make every baseline look foreign).
    static var operatingSystem: String {
        var name = utsname()
        uname(&name)
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #if os(macOS)
        let v = ProcessInfo.processInfo.operatingSystemVersion
        return "macOS \(v.majorVersion).\(v.minorVersion), \(machine)"
        #else
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let pretty = release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        return "\(pretty ?? "Linux"), \(machine)"
        #endif
    }

    static var cpuModel: String {
        #if os(macOS)
        return sysctl("machdep.cpu.brand_string") ?? "unknown"
        #else
        return cpuInfo("model name") ?? "unknown"
        #endif
    }

    /// The SIMD levels the CPU offers that matter to these kernels.
    static var cpuFeatures: String {
        #if os(macOS)
        return (sysctl("machdep.cpu.features") ?? "").lowercased().split(separator: " ")
            .filter { ["sse4.1", "avx1.0", "avx2", "fma"].contains($0) }.joined(separator: " ")
        #else
        return (cpuInfo("flags") ?? "").split(separator: " ")
            .filter { ["sse4_1", "avx", "avx2", "fma", "avx512f"].contains($0) }.joined(separator: " ")
        #endif
    }

    #if os(macOS)
    private static func sysctl(_ name: String) -> String? {
        var size = 0
        guard sysctlbyname(name, nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var bytes = [CChar](repeating: 0, count: size)
        guard sysctlbyname(name, &bytes, &size, nil, 0) == 0 else { return nil }
        return String(cString: bytes)
    }
    #else
    private static func cpuInfo(_ key: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }
    #endif
}
