#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WalkthroughKernel

/// Reads a file a command takes as input (a walkthrough, a saved run, a baseline), with the
/// system's reason when it cannot: Foundation's reading said "NSCocoaErrorDomain error 256"
/// for a folder and "permission" for a FIFO. Only regular files are read, so a FIFO or a
/// device never blocks or streams forever.
enum InputFile {
    /// The longest file read: the library's limit for a walkthrough file
    /// (`Walkthrough(contentsOfFile:)`, `BWW_MAX_JSON_LENGTH`); runs and baselines are far
    /// shorter. A longer file (a sparse one of 100 GB, say) is refused before its buffer is
    /// allocated: `Data(count:)` cannot fail, and trapped.
    static let maximumLength = FileContents.maximumLength

    /// The file's bytes. Errors are one line: "PATH: cannot read the file (REASON)".
    static func read(_ path: String) throws(BenchError) -> Data {
        let file = Echo.escaped(path, limit: OutputFile.pathLimit)
        func failure(_ reason: String) -> BenchError { BenchError("\(file): cannot read the file (\(reason))") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno == ENOENT ? "it does not exist" : FileDescriptor.reason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(FileDescriptor.reason()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure("it is \(FileContents.kind(info.st_mode)), not a file") }
        guard info.st_size <= maximumLength else {
            throw failure("it holds \(info.st_size) bytes; an input file may hold at most \(maximumLength) (1 GiB)")
        }
        // One buffer of the file's size, filled in place: the bytes are held once (a
        // growing buffer would hold up to twice a large walkthrough while it reallocates).
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while filled < data.count {
            guard let n = data.withUnsafeMutableBytes({ FileContents.readSome(fd, $0.baseAddress! + filled, $0.count - filled) }) else {
                throw failure(FileDescriptor.reason())
            }
            if n == 0 { break }  // the file is shorter than it was
            filled += n
        }
        data.count = filled
        // What a file that grew since fstat has more (normally one read of nothing).
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let n = piece.withUnsafeMutableBytes({ FileContents.readSome(fd, $0.baseAddress!, $0.count) }) else {
                throw failure(FileDescriptor.reason())
            }
            if n == 0 { return data }
            guard data.count + n <= maximumLength else {
                throw failure("it grew past \(maximumLength) bytes (1 GiB) while it was read, the most an input file may hold")
            }
            data.append(contentsOf: piece[0..<n])
        }
    }

    /// Whether `read` would fail because the path names nothing.
    static func missing(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 && errno == ENOENT
    }
}
