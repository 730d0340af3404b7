import Foundation
import WalkthroughKernel

/// Counts instructions and data writes of the fast path (`CountedCase`) with callgrind, on
/// a copy of this very binary without DWARF (`StrippedCopy`).
///
/// The copy, callgrind's output and the tools' captured output live in one fresh temporary
/// folder that `withCounter` removes however it ends: every `baseline check` used to leave a
/// `bench-callgrind-PID` folder (612 KB) behind.
struct InstructionCounter {
    let folder: String
    let executable: String

    /// Runs `body` with a counter. Needs `valgrind` and `strip` on the PATH.
    static func withCounter<T>(_ body: (InstructionCounter) throws(BenchError) -> T) throws(BenchError) -> T {
        for tool in ["valgrind", "strip"] where which(tool) == nil {
            throw BenchError("\(tool) is not installed; scripts/baseline-gate.sh installs it (apt-get install \(tool == "strip" ? "binutils" : tool))")
        }
        return try withTemporaryFolder("bench-callgrind", for: "callgrind") { (folder) throws(BenchError) -> T in
            let copy = try StrippedCopy.write(into: folder)
            return try body(InstructionCounter(folder: folder, executable: copy))
        }
    }

    /// Runs `body` with a fresh folder `PREFIX-XXXXXX` in the temporary folder and removes the
    /// folder however `body` ends; `purpose` names what it is for in the error.
    static func withTemporaryFolder<T>(_ prefix: String, for purpose: String,
                                       _ body: (String) throws(BenchError) -> T) throws(BenchError) -> T {
        var template = Array(FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-XXXXXX").path.utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            throw BenchError("cannot make a folder for \(purpose) in \(Echo.quoted(FileManager.default.temporaryDirectory.path)): \(FileDescriptor.reason())")
        }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try body(folder)
    }

    /// The functions whose instructions and writes are counted, by their symbols:
    /// `WalkthroughAnimator.update` (every overload). In the module `WalkthroughKernel` the
    /// type's name shares the module's first word, so Swift mangles it as `0A8Animator`: the
    /// pattern `*WalkthroughAnimatorV6update*` matched nothing once the module was renamed
    /// from `Kernel`, and every count failed.
    static let collected = "*WalkthroughKernel0A8AnimatorV6update*"

    /// The instructions and data writes of `counted`: callgrind's `Ir` and `Dw` (its cache
    /// simulation counts the data accesses; the simulated cache itself is not used, since its
    /// size follows the machine's and its misses would not be comparable between machines).
    func count(_ counted: CountedCase) throws(BenchError) -> [Metric] {
        let out = "\(folder)/callgrind.\(counted.name)"
        let (stdout, stderr) = try InstructionCounter.run(InstructionCounter.which("valgrind")!, [
            "--tool=callgrind", "--cache-sim=yes", "--callgrind-out-file=\(out)", "--toggle-collect=\(InstructionCounter.collected)",
            executable, "profile"] + counted.target + ["--frames", String(counted.frames), "--impl", "simd",
        ])
        guard let events = CallgrindEvents(stderr: stderr),
              let instructions = events["Ir"], instructions > 0, let writes = events["Dw"], writes > 0,
              let subviews = InstructionCounter.number(after: " at ", in: stdout), subviews > 0 else {
            throw BenchError("callgrind gave no instruction or write count for \(counted.name): \(Echo.escaped(stderr.split(separator: "\n").last ?? "", limit: 200))")
        }
        return [counted.metric(.instructions, count: instructions, subviews: subviews),
                counted.metric(.writes, count: writes, subviews: subviews)]
    }

    /// The whole number after the last `marker` in `text` (`bench profile` ends its line
    /// with `at N subviews`, after a scenario name that may hold anything).
    static func number(after marker: String, in text: String) -> Double? {
        guard let range = text.range(of: marker, options: .backwards) else { return nil }
        return Double(text[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber })
    }

    static func which(_ tool: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool` to completion with its output captured in files (no pipe can fill up) in
    /// a folder of its own, removed afterwards: never in a folder the user named.
    static func run(_ tool: String, _ arguments: [String]) throws(BenchError) -> (String, String) {
        try withTemporaryFolder("bench-run", for: "\(tool)'s output") { (folder) throws(BenchError) -> (String, String) in
            let outURL = URL(fileURLWithPath: "\(folder)/out"), errURL = URL(fileURLWithPath: "\(folder)/err")
            guard FileManager.default.createFile(atPath: outURL.path, contents: nil),
                  FileManager.default.createFile(atPath: errURL.path, contents: nil) else {
                throw BenchError("cannot create files for \(tool)'s output in \(Echo.quoted(folder))")
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            do {
                process.standardOutput = try FileHandle(forWritingTo: outURL)
                process.standardError = try FileHandle(forWritingTo: errURL)
                try process.run()
            } catch {
                throw BenchError("cannot run \(tool): \(Echo.oneLine(error.localizedDescription))")
            }
            process.waitUntilExit()
            let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
            let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
            guard process.terminationStatus == 0 else {
                throw BenchError("\(tool) failed (exit \(process.terminationStatus)): \(Echo.escaped(err.split(separator: "\n").last ?? "", limit: 200))")
            }
            return (out, err)
        }
    }
}
