#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A regular file's bytes, read with the platform's calls, not Foundation's, into one block that may fail
/// to allocate (docs/DESIGN.md, "The file reader"): the library's walkthrough files and `bench`'s inputs.
package enum FileContents {
    /// The longest file read: `BWW_MAX_JSON_LENGTH`, the longest text `bww_create` takes.
    package static let maximumLength = 1 << 30

    /// The path as messages show it: escaped and shortened to 240 characters, on one line.
    static func shown(_ path: String) -> String { Echo.escaped(path, limit: 240) }

    /// Runs `body` with the bytes of the file at `path`, valid during the call only; `what` names such a
    /// file in the message for one that is too long.
    /// - Throws: `PATH: cannot read the file (REASON)`: missing, not a regular file, too long, unallocatable,
    ///   grown while read, or the system's reason; and what `body` throws.
    package static func withBytes<R>(ofFile path: String, holding what: String = "a walkthrough file",
                                     _ body: (UnsafeBufferPointer<UInt8>) throws(WalkthroughError) -> R) throws(WalkthroughError) -> R {
        func failure(_ reason: String) -> WalkthroughError { WalkthroughError("\(shown(path)): cannot read the file (\(reason))") }
        guard !path.isEmpty else { throw WalkthroughError("cannot read the file: the path is empty") }
        guard !path.utf8.contains(0) else { throw failure("the path contains a NUL character") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(errno == ENOENT ? "it does not exist" : systemReason()) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(systemReason()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw failure("it is \(kind(info.st_mode)), not a file") }
        let size = Int(info.st_size)
        guard size <= maximumLength else {
            throw failure("it holds \(size) bytes; \(what) may hold at most \(maximumLength) (1 GiB)")
        }
        guard let block = allocateBlock(size) else { throw failure("cannot allocate \(size) bytes for its contents") }
        defer { freeBlock(block) }
        var filled = 0
        while filled < size {
            guard let n = readSome(fd, block + filled, size - filled) else { throw failure(systemReason()) }
            if n == 0 { break }  // it became shorter since fstat: what it holds now
            filled += n
        }
        if filled == size {
            var extra: UInt8 = 0
            guard let n = readSome(fd, &extra, 1) else { throw failure(systemReason()) }
            guard n == 0 else { throw failure("it grew while it was read") }
        }
        return try body(UnsafeBufferPointer(start: block.assumingMemoryBound(to: UInt8.self), count: filled))
    }

    /// One `read` of up to `count` bytes, again when a signal cut it short: the bytes read,
    /// 0 at the end of the file, nil on an error (`errno` says which).
    package static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int? {
        while true {
            let n = read(fd, buffer, count)
            if n >= 0 { return n }
            if errno != EINTR { return nil }
        }
    }

    /// The system's words for `errno`, lower-cased first letter as in the other reasons.
    package static func systemReason() -> String {
        let code = errno
        guard let text = strerror(code) else { return "error \(code)" }
        let reason = String(cString: text)
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }

    /// What a path that is not a regular file is, for messages.
    package static func kind(_ mode: mode_t) -> String {
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
