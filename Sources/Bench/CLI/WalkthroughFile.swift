import Foundation
import Kernel

/// Reads a walkthrough file from disk; every failure is a `BenchError` naming the file.
enum WalkthroughFile {
    static func load(_ path: String) throws(BenchError) -> Walkthrough {
        let text: String
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            text = String(decoding: data, as: UTF8.self)
        } catch {
            throw BenchError("\(path): cannot read the file (\(error.localizedDescription))")
        }
        do {
            return try Walkthrough(json: text)
        } catch {
            throw BenchError("\(path): \(error.message)")
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
