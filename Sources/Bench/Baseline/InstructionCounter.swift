import Foundation

/// Counts instructions per subview per frame of the fast path with callgrind, on a copy of
/// this very binary without DWARF (Debian's valgrind 3.19 cannot read this toolchain's).
struct InstructionCounter {
    let executable: String

    /// Prepares the stripped copy. Needs `valgrind` and `strip` on the PATH.
    init() throws(BenchError) {
        for tool in ["valgrind", "strip"] where InstructionCounter.which(tool) == nil {
            throw BenchError("\(tool) is not installed; scripts/baseline-gate.sh installs it (apt-get install \(tool == "strip" ? "binutils" : tool))")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-callgrind-\(getpid())")
        // Named apart from `bench`: valgrind would go looking for the original's DWARF.
        let copy = dir.appendingPathComponent("bench-callgrind").path
        do {
            try? FileManager.default.removeItem(at: dir)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot make a folder for callgrind: \(error.localizedDescription)")
        }
        guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw BenchError("cannot find the bench binary (/proc/self/exe)")
        }
        _ = try InstructionCounter.run(InstructionCounter.which("strip")!,
                                       ["--strip-debug", "--remove-section=.gnu_debugaltlink", "-o", copy, me])
        executable = copy
    }

    /// Instructions per subview per frame of `scenario` at `size`, over `frames` frames.
    func count(scenario: String, size: Int, frames: Int) throws(BenchError) -> Double {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("callgrind.\(getpid()).\(scenario)").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (stdout, stderr) = try InstructionCounter.run(InstructionCounter.which("valgrind")!, [
            "--tool=callgrind", "--callgrind-out-file=\(out)", "--toggle-collect=*WalkthroughAnimatorV6update*",
            executable, "profile", scenario, "--size", String(size), "--frames", String(frames), "--impl", "simd",
        ])
        guard let collected = InstructionCounter.number(after: "Collected :", in: stderr), collected > 0,
              let subviews = InstructionCounter.number(after: "frames of \(scenario) at", in: stdout), subviews > 0 else {
            throw BenchError("callgrind gave no instruction count for \(scenario): \(stderr.split(separator: "\n").last ?? "")")
        }
        return collected / (subviews * Double(frames))
    }

    static func number(after marker: String, in text: String) -> Double? {
        guard let range = text.range(of: marker) else { return nil }
        return Double(text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
    }

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` to completion with its output in temporary files (no pipe can fill up).
    static func run(_ tool: String, _ arguments: [String]) throws(BenchError) -> (String, String) {
        let dir = FileManager.default.temporaryDirectory
        let outURL = dir.appendingPathComponent("bench-run-\(getpid())-out"), errURL = dir.appendingPathComponent("bench-run-\(getpid())-err")
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        do {
            guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
                  FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
                throw BenchError("cannot create temporary files in \(dir.path)")
            }
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            try process.run()
        } catch {
            throw BenchError("cannot run \(tool): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw BenchError("\(tool) failed (exit \(process.terminationStatus)): \(err.split(separator: "\n").last ?? "")")
        }
        return (out, err)
    }
}
