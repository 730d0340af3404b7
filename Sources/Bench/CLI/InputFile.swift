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
    /// The file's bytes. Errors are one line: "PATH: cannot read the file (REASON)".
    static func read(_ path: String) throws(BenchError) -> Data {
        let file = Echo.escaped(path, limit: OutputFile.pathLimit)
        func failure(_ reason: String) -> BenchError { BenchError("\(file): cannot read the file (\(reason))") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno == ENOENT ? "it does not exist" : FileDescriptor.reason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(FileDescriptor.reason()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure("it is \(FileKind.name(info.st_mode)), not a file") }
        // One buffer of the file's size, filled in place: the bytes are held once (a
        // growing buffer would hold up to twice a large walkthrough while it reallocates).
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while filled < data.count {
            guard let n = data.withUnsafeMutableBytes({ readSome(fd, $0.baseAddress! + filled, $0.count - filled) }) else {
                throw failure(FileDescriptor.reason())
            }
            if n == 0 { break }  // the file is shorter than it was
            filled += n
        }
        data.count = filled
        // What a file that grew since fstat has more (normally one read of nothing).
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard let n = piece.withUnsafeMutableBytes({ readSome(fd, $0.baseAddress!, $0.count) }) else {
                throw failure(FileDescriptor.reason())
            }
            if n == 0 { return data }
            data.append(contentsOf: piece[0..<n])
        }
    }

    /// One `read` of up to `count` bytes into `buffer`, again when a signal cut it short:
    /// the bytes read, 0 at the end of the file, nil on an error (`errno` says which).
    private static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int? {
        while true {
            let n = posixRead(fd, buffer, count)
            if n >= 0 { return n }
            if errno != EINTR { return nil }
        }
    }

    /// Whether `read` would fail because the path names nothing.
    static func missing(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 && errno == ENOENT
    }
}

/// What a path that is not a regular file is, for messages.
enum FileKind {
    static func name(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a folder"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "not a plain file"
        }
    }
}

/// POSIX `read`, named apart from `InputFile.read`.
@inline(__always)
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}
