import Foundation
import WalkthroughKernel

/// A copy of this very binary without DWARF, for valgrind: Debian's valgrind 3.19 cannot
/// read this toolchain's DWARF 5 and refuses the original ("I can't recover"). The one
/// place the copy is made: `InstructionCounter` (callgrind, for `bench baseline`) and the
/// scripts (`bench valgrind-copy`, for scripts/lib.sh's `valgrind_bench`) both call it.
enum StrippedCopy {
    /// The copy's file name: apart from `bench`, so valgrind does not go looking for the
    /// original's DWARF through the debug link.
    static let name = "bench-valgrind"

    /// Writes the copy into `folder` (which must exist) and returns its path. Needs `strip`
    /// (binutils) on the PATH.
    static func write(into folder: String) throws(BenchError) -> String {
        // The argument first: its mistakes are the user's to fix whatever is installed.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw BenchError("no such folder: \(Echo.quoted(folder, limit: OutputFile.pathLimit))")
        }
        guard isFolder.boolValue else { throw BenchError("\(Echo.quoted(folder, limit: OutputFile.pathLimit)) is not a folder") }
        guard let strip = InstructionCounter.which("strip") else {
            throw BenchError("strip is not installed (apt-get install binutils)")
        }
        guard let me = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            throw BenchError("cannot find the bench binary (/proc/self/exe)")
        }
        let copy = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        // Made here first so that a folder bench cannot write to is named as such (as root,
        // permission bits do not say: only trying does).
        let fd = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
        guard fd >= 0 else { throw BenchError("cannot write \(Echo.quoted(copy)): \(FileDescriptor.reason())") }
        close(fd)
        do {
            _ = try InstructionCounter.run(strip, ["--strip-debug", "--remove-section=.gnu_debugaltlink", "-o", copy, me])
        } catch {
            try? FileManager.default.removeItem(atPath: copy)
            throw error
        }
        return copy
    }

    /// `bench valgrind-copy FOLDER`: writes the copy and prints its path.
    static let spec = CommandSpec(
        name: "valgrind-copy", usage: ["FOLDER"],
        summary: "Writes a copy of bench without DWARF into FOLDER, for valgrind 3.19, and prints its path.",
        details: ["The copy is named \(name); scripts/lib.sh runs valgrind on it (alloc-count.sh)."],
        options: [])

    static func run(_ words: [String]) throws(BenchError) -> String {
        let args = try Arguments(words, spec)
        guard args.positional.count == 1 else { throw BenchError(spec.usageLine) }
        return try write(into: args.positional[0]) + "\n"
    }
}
