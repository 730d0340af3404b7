import Foundation
import WalkthroughKernel

/// Reads a walkthrough file from disk; every failure is a `BenchError` naming the file.
enum WalkthroughFile {
    static func load(_ path: String) throws(BenchError) -> Walkthrough {
        let file = InputFile.shown(path)
        // Parsed where the file's bytes are, not from a copy as a String.
        let read = try InputFile.withBytes(path) { bytes in Swift.Result { () throws(WalkthroughError) in try Walkthrough(utf8: bytes) } }
        do throws(WalkthroughError) {
            return try read.get()
        } catch {
            throw BenchError("\(file): \(error.message)")
        }
    }
}

/// Finds files in `Benchmarks/Scenarios/`: below the working directory when run from the
/// package root (`swift run`), else in the source tree this binary was built from.
enum ScenarioFiles {
    static func path(_ name: String) -> String {
        let local = "Benchmarks/Scenarios/\(name)"
        if FileManager.default.fileExists(atPath: local) { return local }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // CLI
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(local).path
    }
}
