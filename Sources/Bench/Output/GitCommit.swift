import Foundation

/// The commit checked out where `bench` runs, so that an exported run says what code it
/// measured: `git rev-parse HEAD` in the working directory, or nil outside a git checkout
/// (or without git).
enum GitCommit {
    static func current() -> String? {
        guard let head = git(["rev-parse", "--verify", "--quiet", "HEAD"]), head.count == 40 || head.count == 64,
              head.allSatisfy(\.isHexDigit) else { return nil }
        return head
    }

    /// Whether tracked files differ from the commit (the run measured code no commit
    /// holds); nil outside a checkout.
    static func hasUncommittedChanges() -> Bool? {
        git(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty }
    }

    /// The first line git prints, or nil when it cannot run or fails.
    private static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    }
}
