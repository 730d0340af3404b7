import Foundation
import Testing

/// The tests' scratch folders (`BenchProcess.temporaryFolder()`): each test case's are
/// removed when it ends, also when it fails, and none can be made outside that scope.
@Suite struct TemporaryFolderTests {
    struct Thrown: Error {}

    /// A body that writes files and then throws leaves nothing behind.
    @Test func aThrowingTestLeavesNoFolder() async throws {
        let made = LockedURL()
        await #expect(throws: Thrown.self) {
            try await TemporaryFolders.withScratch {
                let folder = try BenchProcess.temporaryFolder()
                try "x".write(to: folder.appendingPathComponent("file.json"), atomically: true, encoding: .utf8)
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
                made.url = folder
                throw Thrown()
            }
        }
        let folder = try #require(made.url)
        #expect(!FileManager.default.fileExists(atPath: folder.path), "\(folder.path) is still there")
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().path), "its scratch folder is still there")
    }

    /// Without the trait there is no scratch folder, so no test can leave one behind unseen.
    @Test func noFolderOutsideTheTrait() {
        #expect(BenchProcess.scratch == nil)
        #expect(throws: BenchProcess.ScratchError.self) { _ = try BenchProcess.temporaryFolder() }
    }

    /// With the trait, each case of a parameterized test has a scratch folder of its own.
    @Suite(.temporaryFolders) struct WithTheTrait {
        @Test(arguments: [1, 2]) func eachCaseHasItsOwnFolder(index: Int) throws {
            let folder = try BenchProcess.temporaryFolder()
            let scratch = try #require(BenchProcess.scratch)
            #expect(folder.deletingLastPathComponent().standardizedFileURL.path == scratch.standardizedFileURL.path)
            #expect(scratch.lastPathComponent.hasPrefix("bench-tests-"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [folder.lastPathComponent], "case \(index)")
        }
    }
}

/// A URL a test's closure sets and the test reads afterwards.
final class LockedURL: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: URL?
    var url: URL? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
