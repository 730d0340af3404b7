#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WalkthroughKernel

/// A file that `bench` writes (`render --output`, `chart --output`, `run --chart`,
/// `baseline update`), checked before any work is done and written so that nothing but the
/// target is ever touched:
///
/// - a symbolic link is written through, to the file it names (the link stays a link);
/// - a target that exists must be a regular file (a device, directory or FIFO is refused:
///   as root, a rename once replaced `/dev/full` with a regular file), must not be one of
///   the command's inputs (`render in.json --output in.json`), and must be writable by the
///   user. `access()` decides that, except for root, whom it always lets through: for root
///   a file needs at least one write permission bit, as root's execute permission needs an
///   execute bit, so a file made read-only stays read-only;
/// - the text goes to a temporary file in the target's directory, which then replaces the
///   target by `rename`: a failure at any point (a full disk, a file size limit) leaves the
///   old file whole and no temporary file behind. The replacement keeps the old file's
///   permission bits, owner and group, or is refused when the owner cannot be kept; a new
///   file gets 0666 less the umask.
///
/// The path `-` is standard output, written as any command's output is (`StandardStreams`);
/// the command's own line ("wrote …") then goes to standard error.
struct OutputFile {
    /// The path as given, for messages.
    let path: String
    /// `path` with symbolic links followed: where the text goes.
    let target: String
    private let inputs: [String]

    /// Checks `path` as an output of a command that reads `inputs`.
    init(_ path: String, inputs: [String] = []) throws(BenchError) {
        self.path = path
        self.inputs = inputs
        target = path == OutputFile.standardOutput ? path : try OutputFile.resolve(path)
        if !isStandardOutput { _ = try check() }
    }

    /// The path that names standard output.
    static let standardOutput = "-"

    var isStandardOutput: Bool { path == OutputFile.standardOutput }

    /// The path as messages name it: "standard output" for `-`, else escaped and shortened.
    var shown: String { isStandardOutput ? "standard output" : Echo.escaped(path, limit: OutputFile.pathLimit) }

    /// What the command prints when it is done: `line` on standard output, or on standard
    /// error when the text went to standard output.
    func report(_ line: String) -> String {
        guard isStandardOutput else { return line }
        StandardStreams.progress(line)
        return ""
    }

    /// Replaces the target's contents with `text`, all or nothing.
    func write(_ text: String) throws(BenchError) {
        if isStandardOutput { return try StandardStreams.output(text) }
        let existing = try check()  // again: a run takes time, and the file may have changed
        let (directory, name) = OutputFile.split(target)
        var template = Array("\(directory)/.\(name).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure("cannot create a temporary file in \(Echo.escaped(directory, limit: OutputFile.pathLimit))") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try fill(fd, with: text, permissions: existing)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = FileDescriptor.reason()
            unlink(temporary)
            throw failure("cannot write (\(reason))")
        }
        guard rename(temporary, target) == 0 else {
            let reason = FileDescriptor.reason()
            unlink(temporary)
            throw failure("cannot replace the file (\(reason))")
        }
    }

    /// Paths in messages keep this many characters.
    static let pathLimit = 240

    /// Checks the target; returns its status when it exists.
    private func check() throws(BenchError) -> stat? {
        let (directory, _) = OutputFile.split(target)
        var info = stat()
        guard lstat(target, &info) == 0 else {
            guard errno == ENOENT else { throw failure("cannot inspect (\(FileDescriptor.reason()))") }
            var dir = stat()
            guard stat(directory, &dir) == 0, dir.st_mode & S_IFMT == S_IFDIR else {
                throw failure("the folder \(Echo.escaped(directory, limit: OutputFile.pathLimit)) does not exist")
            }
            guard access(directory, W_OK | X_OK) == 0 else { throw failure("cannot create files in its folder (\(FileDescriptor.reason()))") }
            return nil
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw failure("exists and is not a regular file (\(FileContents.kind(info.st_mode))); refusing to replace it")
        }
        for input in inputs {
            var other = stat()
            let found = input == InputFile.standardInput ? fstat(0, &other) : stat(input, &other)
            if found == 0, other.st_dev == info.st_dev, other.st_ino == info.st_ino {
                throw failure("is one of the command's inputs; refusing to overwrite it")
            }
        }
        guard access(target, W_OK) == 0, geteuid() != 0 || info.st_mode & 0o222 != 0 else {
            throw failure("is not writable by this user; refusing to replace it")
        }
        guard OutputFile.canKeepOwner(of: info) else {
            throw failure("belongs to another user or group, which a replacement cannot keep; refusing to replace it")
        }
        guard access(directory, W_OK | X_OK) == 0 else {
            throw failure("cannot be replaced: its folder is not writable (\(FileDescriptor.reason()))")
        }
        return info
    }

    /// Whether the replacement can be given the file's owner and group: root can give any,
    /// others only themselves and a group they are in.
    private static func canKeepOwner(of info: stat) -> Bool {
        if geteuid() == 0 { return true }
        guard info.st_uid == geteuid() else { return false }
        if info.st_gid == getegid() { return true }
        var groups = [gid_t](repeating: 0, count: Int(getgroups(0, nil)))
        let count = getgroups(Int32(groups.count), &groups)
        return count >= 0 && groups.prefix(Int(count)).contains(info.st_gid)
    }

    /// Writes `text` to the open temporary file, gives it the old file's permissions (or
    /// the default ones) and flushes it to disk.
    private func fill(_ fd: Int32, with text: String, permissions existing: stat?) throws(BenchError) {
        let failed = FileDescriptor.writeAll(text, to: fd)
        if let failed { throw failure("cannot write (\(failed))") }
        if let existing {
            guard fchmod(fd, existing.st_mode & 0o777) == 0 else { throw failure("cannot keep its permissions (\(FileDescriptor.reason()))") }
            if existing.st_uid != geteuid() || existing.st_gid != getegid() {
                guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else {
                    throw failure("cannot keep its owner and group (\(FileDescriptor.reason()))")
                }
            }
        } else {
            let mask = umask(0)
            umask(mask)
            guard fchmod(fd, 0o666 & ~mask) == 0 else { throw failure("cannot set its permissions (\(FileDescriptor.reason()))") }
        }
        guard fsync(fd) == 0 else { throw failure("cannot write (\(FileDescriptor.reason()))") }
    }

    private func failure(_ what: String) -> BenchError {
        BenchError("\(Echo.escaped(path, limit: OutputFile.pathLimit)): \(what)")
    }

    /// `path` with every symbolic link followed (at most 40, as the kernel allows), also
    /// when the last one names a file that does not exist yet.
    private static func resolve(_ path: String) throws(BenchError) -> String {
        guard !path.isEmpty else { throw BenchError("an output path must not be empty") }
        guard !path.hasSuffix("/") else { throw BenchError("\(Echo.escaped(path, limit: pathLimit)): is a folder, not a file") }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n > 0 else { throw BenchError("\(Echo.escaped(path, limit: pathLimit)): cannot read the link (\(FileDescriptor.reason()))") }
            let link = String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : split(current).directory + "/" + link
        }
        throw BenchError("\(Echo.escaped(path, limit: pathLimit)): too many symbolic links")
    }

    /// The folder and the name of `path` (`.` for a bare name).
    private static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
