import Foundation
import Testing

/// Runs the built `bench` executable (beside the test bundle) and captures its output.
struct BenchProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The configuration the tests (and so `bench`, built with them) were compiled in, as
    /// `bench` reports it: `swift test -c release` runs a release build.
    static var configuration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// The package's root folder, so that tests name its files by absolute paths and test
    /// what they mean to from any working directory.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    /// Runs `bench arguments…`; `environment` entries replace the inherited ones; in
    /// `directory` when given, else in the tests' working directory.
    static func run(_ arguments: [String], environment: [String: String] = [:],
                    standardOutput: FileHandle? = nil, directory: URL? = nil) throws -> BenchProcess {
        try run(executable, arguments, environment: environment, standardOutput: standardOutput, directory: directory)
    }

    /// Runs another program (a copy of `bench`, say) with `arguments`.
    static func runProgram(_ program: URL, _ arguments: [String]) throws -> BenchProcess {
        try run(program, arguments, environment: [:], standardOutput: nil, directory: nil)
    }

    /// Runs `sh -c script` with `$BENCH` set to the `bench` executable (for redirections).
    static func shell(_ script: String) throws -> BenchProcess {
        try run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: ["BENCH": executable.path], standardOutput: nil, directory: nil)
    }

    private static func run(_ program: URL, _ arguments: [String], environment: [String: String],
                            standardOutput: FileHandle?, directory: URL?) throws -> BenchProcess {
        let process = Process()
        if let directory { process.currentDirectoryURL = directory }
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = standardOutput ?? out
        process.standardError = err
        try process.run()
        let outData = standardOutput == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return BenchProcess(status: process.terminationStatus,
                            stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The running test case's scratch folder, set by the `.temporaryFolders` trait.
    @TaskLocal static var scratch: URL?

    /// A fresh empty folder inside the running test case's scratch folder, which the
    /// `.temporaryFolders` trait removes when the case ends; outside that trait an error, so
    /// that no test leaves a folder behind.
    static func temporaryFolder() throws -> URL {
        guard let scratch else { throw ScratchError() }
        let dir = scratch.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A test asked for a temporary folder in a suite without the `.temporaryFolders` trait.
    struct ScratchError: Error, CustomStringConvertible {
        var description: String { "BenchProcess.temporaryFolder() outside a suite with the .temporaryFolders trait" }
    }

    /// Writes `text` to a fresh temporary file and returns its path.
    static func temporaryFile(_ text: String, name: String = "walkthrough.json") throws -> String {
        let url = try temporaryFolder().appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A small walkthrough file (two pages of 10 and 6 subviews, every kind of page
    /// setting) named `name`, in a fresh folder: fast to measure in a debug build.
    static func smallWalkthrough(name: String = "small.json") throws -> String {
        try temporaryFile("""
            {"width": 320, "pages": [
              {"animationType": "Curve", "speed": [0, 1], "speedVariance": [0, 2], "staticTags": "9",
               "animateAlpha": true, "subviews": [{"tag": 9}, {}, {}, {}, {}, {}, {}, {}, {}, {}]},
              {"animationType": "Zoom", "subviewCount": 6,
               "rotation": {"axis": [0, 1, 0], "angle": 1, "angleVariance": 0.1, "perspective": 500}}]}
            """, name: name)
    }

    /// The JSON object `text` holds.
    static func object(_ text: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return object
    }

    /// Whether this is one line of standard error from `bench`, the way every failure ends.
    var failedWithOneLine: Bool {
        status == 1 && stdout.isEmpty && stderr.hasPrefix("bench: ") && stderr.hasSuffix("\n")
            && stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2
    }
}

/// Gives each test case a scratch folder (`/tmp/bench-tests-UUID`) for
/// `BenchProcess.temporaryFolder()` and removes it when the case ends, whether it passed,
/// recorded issues or threw: the tests once left a folder behind for every file they wrote.
struct TemporaryFolders: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    /// One scope a test case (a plain test is one case), none for a suite or a test as a whole.
    func scopeProvider(for test: Test, testCase: Test.Case?) -> TemporaryFolders? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await Self.withScratch { try await function() }
    }

    /// Runs `body` with a fresh scratch folder and removes the folder however `body` ends.
    static func withScratch<T>(_ body: () async throws -> T) async throws -> T {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try await BenchProcess.$scratch.withValue(scratch) { try await body() }
    }
}

extension Trait where Self == TemporaryFolders {
    /// Scratch folders for `BenchProcess.temporaryFolder()`, removed after each test case.
    static var temporaryFolders: TemporaryFolders { TemporaryFolders() }
}
