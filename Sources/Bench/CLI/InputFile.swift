#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WalkthroughKernel

/// Reads a file a command takes as input (a walkthrough, a saved run, a baseline) with the
/// library's reader (`FileContents`): only regular files, so a FIFO or a device never blocks
/// or streams forever, at most 1 GiB, into one block that may fail to allocate, with the
/// system's reason when it cannot (Foundation's reading said "NSCocoaErrorDomain error 256"
/// for a folder, and `Data(count:)` trapped where memory ran out).
/// The path `-` is standard input (a pipe or a redirected file; a terminal is refused), read
/// to its end with the same limit; a command names it once at most
/// (`requireStandardInputOnce`), since a second read finds it at its end.
enum InputFile {
    /// The longest file read: the library's limit for a walkthrough file
    /// (`Walkthrough(contentsOfFile:)`, `BWW_MAX_JSON_LENGTH`); runs and baselines are far shorter.
    static let maximumLength = FileContents.maximumLength

    /// The path that names standard input.
    static let standardInput = "-"

    /// The path as messages name it: "standard input" for `-`, else escaped and shortened.
    static func shown(_ path: String) -> String {
        path == standardInput ? "standard input" : Echo.escaped(path, limit: OutputFile.pathLimit)
    }

    /// `body` with the file's bytes, valid during the call only. Errors are one line:
    /// "PATH: cannot read the file (REASON)".
    static func withBytes<R>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) throws(BenchError) -> R {
        if path == standardInput { return try withStandardInput(body) }
        do throws(WalkthroughError) {
            return try FileContents.withBytes(ofFile: path, holding: "an input file") { bytes in body(bytes) }
        } catch {
            throw BenchError(error.message)
        }
    }

    /// Whether reading would fail because the path names nothing.
    static func missing(_ path: String) -> Bool {
        var info = stat()
        return path != standardInput && stat(path, &info) != 0 && errno == ENOENT
    }

    /// Checks that `paths` name standard input at most once, before any is read.
    static func requireStandardInputOnce(_ paths: [String]) throws(BenchError) {
        guard paths.count(where: { $0 == standardInput }) <= 1 else {
            throw BenchError("standard input (-) is given twice; it can be read once, so name a file for the others")
        }
    }

    /// `body` with standard input's bytes: a file redirected in is read in one block of its
    /// size, a pipe into one that grows by doubling. A terminal is refused rather than waited on.
    private static func withStandardInput<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(BenchError) -> R {
        func failure(_ reason: String) -> BenchError { BenchError("standard input: cannot read it (\(reason))") }
        func tooLong(_ size: String) -> BenchError {
            failure("it holds \(size) bytes; an input file may hold at most \(maximumLength) (1 GiB)")
        }
        var info = stat()
        guard fstat(0, &info) == 0 else { throw failure(FileContents.systemReason()) }
        guard isatty(0) == 0 else { throw BenchError("standard input is a terminal, not a file: pipe or redirect one into it") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw failure("it is \(FileContents.kind(info.st_mode)), not a file") }
        let regular = info.st_mode & S_IFMT == S_IFREG
        guard !regular || Int(info.st_size) <= maximumLength else { throw tooLong("\(info.st_size)") }
        var block: UnsafeMutableRawPointer?, capacity = 0, filled = 0
        defer { free(block) }
        while true {
            if filled == capacity {
                guard capacity <= maximumLength else { throw tooLong("more than \(maximumLength)") }
                // One byte beyond a regular file's size, to see its end (or that it grew).
                let grown = min(max(2 * capacity, regular ? Int(info.st_size) + 1 : 1 << 16), maximumLength + 1)
                guard let larger = realloc(block, grown) else { throw failure("cannot allocate \(grown) bytes for its contents") }
                (block, capacity) = (larger, grown)
            }
            guard let n = FileContents.readSome(0, block! + filled, capacity - filled) else { throw failure(FileContents.systemReason()) }
            if n == 0 { break }
            filled += n
        }
        return body(UnsafeBufferPointer(start: block?.assumingMemoryBound(to: UInt8.self), count: filled))
    }
}
