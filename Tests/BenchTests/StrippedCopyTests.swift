import Foundation
import Testing

/// `bench valgrind-copy FOLDER`, the one place the DWARF-free copy for valgrind is made
/// (scripts/lib.sh and `bench baseline` both use it).
@Suite(.temporaryFolders) struct StrippedCopyTests {
    /// The copy runs as bench does and has no DWARF left (valgrind 3.19 refuses DWARF 5).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strip"), "needs /usr/bin/strip"))
    func theCopyRunsAndHasNoDebugInfo() throws {
        let folder = try BenchProcess.temporaryFolder()
        let made = try BenchProcess.run(["valgrind-copy", folder.path])
        #expect(made.status == 0, "stderr: \(made.stderr)")
        let path = made.stdout.trimmingCharacters(in: .newlines)
        #expect(path == folder.appendingPathComponent("bench-valgrind").path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.range(of: Data(".debug_info".utf8)) == nil, "the copy still has a .debug_info section")
        let list = try BenchProcess.runProgram(URL(fileURLWithPath: path), ["run", "--list"])
        #expect(list.status == 0 && list.stdout.contains("scenarios:"), "the copy does not run: \(list.stderr)")
        // The copy alone: strip's captured output is kept elsewhere and removed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bench-valgrind"])
    }

    /// A folder bench cannot write to is named with the system's reason: `/sys` refuses
    /// new files even to root, for whom permission bits do not.
    @Test func anUnwritableFolderIsNamedWithTheReason() throws {
        var folder = "/sys"
        if geteuid() != 0 || !FileManager.default.fileExists(atPath: folder) {
            folder = try BenchProcess.temporaryFolder().path
            #expect(chmod(folder, 0o555) == 0)
        }
        defer { _ = chmod(folder, 0o755) }
        let result = try BenchProcess.run(["valgrind-copy", folder])
        #expect(result.failedWithOneLine, "\(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("bench: cannot write \"\(folder)/bench-valgrind\": ") && !result.stderr.contains("BenchError"),
                "stderr: \(result.stderr)")
    }

    /// When strip fails, the folder is left as it was: no partial copy, no captured output.
    @Test func aFailedStripLeavesTheFolderEmpty() throws {
        let tools = try BenchProcess.temporaryFolder(), folder = try BenchProcess.temporaryFolder()
        let strip = tools.appendingPathComponent("strip").path
        try "#!/bin/sh\necho 'strip: broken' >&2; exit 1\n".write(toFile: strip, atomically: false, encoding: .utf8)
        #expect(chmod(strip, 0o755) == 0)
        let result = try BenchProcess.run(["valgrind-copy", folder.path], environment: ["PATH": tools.path])
        #expect(result.failedWithOneLine && result.stderr.contains("strip: broken"), "stderr: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    /// A folder that is not there is an error that names it, with nothing written.
    @Test func aMissingFolderIsAnError() throws {
        let result = try BenchProcess.run(["valgrind-copy", "/nonexistent/folder"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.contains("no such folder") && result.stderr.contains("/nonexistent/folder"), "stderr: \(result.stderr)")
    }

    /// A regular file where the folder belongs is called what it is, not missing.
    @Test func aFileIsNotAFolder() throws {
        let file = try BenchProcess.temporaryFile("x", name: "plain.txt")
        let result = try BenchProcess.run(["valgrind-copy", file])
        #expect(result.failedWithOneLine && result.stderr == "bench: \"\(file)\" is not a folder\n", "stderr: \(result.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "x")
    }

    @Test func theFolderIsRequired() throws {
        let result = try BenchProcess.run(["valgrind-copy"])
        #expect(result.status == 1 && result.stderr.contains("usage"), "stderr: \(result.stderr)")
    }
}
