import Foundation

/// Runs the built `bench` executable (beside the test bundle) and captures its output.
struct BenchProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    static var executable: URL {
        var dir = Bundle.main.bundleURL
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            dir = bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        if dir.pathExtension == "xctest" { dir.deleteLastPathComponent() }
        return dir.appendingPathComponent("bench")
    }

    static func run(_ arguments: [String]) throws -> BenchProcess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BenchProcess(status: process.terminationStatus,
                            stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "walkthrough.json") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
