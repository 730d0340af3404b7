import WalkthroughKernel

/// Whether two sets of numbers come from the same machine and build: a baseline against
/// the running build (`bench baseline check`), or two saved runs (`bench compare`).
/// Instruction counts change with the compiler and the target CPU, timing ratios with the
/// machine; numbers from elsewhere can still be compared, but the reader must know.
struct MachineCheck {
    /// The keys that identify a machine and a build (`BuildInfo.pairs`). A key that one
    /// side lacks (a baseline recorded before it existed) is not compared.
    static let keys = requiredKeys + optionalKeys

    /// The keys a baseline's `build` must have: without one, `--strict-machine` could not
    /// tell another machine from this one.
    static let requiredKeys = ["os", "cpu", "cpuFeatures", "cores", "configuration", "swiftCompiler", "cCompiler",
                               "swiftTargetFeatures", "targetFeatures"]

    /// Keys recorded since a later version, which older baselines lack: the kernel strategy.
    static let optionalKeys = ["strategy"]

    let differences: [(key: String, recorded: String, current: String)]

    init(recorded: [String: String], current: [String: String]) {
        differences = MachineCheck.keys.compactMap { key in
            guard let a = recorded[key], let b = current[key], a != b else { return nil }
            return (key, a, b)
        }
    }

    var matches: Bool { differences.isEmpty }

    /// `cpu "CPU A", now "CPU B"; …`: every difference, values escaped and cut.
    var list: String {
        differences.map { "\($0.key) \(Echo.quoted($0.recorded, limit: 40)), now \(Echo.quoted($0.current, limit: 40))" }
            .joined(separator: "; ")
    }

    /// One line for the top of a report, or nil when everything matches.
    /// - Parameter subject: what was recorded elsewhere (`the baseline was recorded`).
    func warning(_ subject: String) -> String? {
        matches ? nil : "warning: \(subject) on another machine or build (\(list)); its numbers may not apply here"
    }
}
