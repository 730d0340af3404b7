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
enum InputFile {
    /// The longest file read: the library's limit for a walkthrough file
    /// (`Walkthrough(contentsOfFile:)`, `BWW_MAX_JSON_LENGTH`); runs and baselines are far shorter.
    static let maximumLength = FileContents.maximumLength

    /// `body` with the file's bytes, valid during the call only. Errors are one line:
    /// "PATH: cannot read the file (REASON)".
    static func withBytes<R>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) throws(BenchError) -> R {
        do throws(WalkthroughError) {
            return try FileContents.withBytes(ofFile: path, holding: "an input file") { bytes in body(bytes) }
        } catch {
            throw BenchError(error.message)
        }
    }

    /// Whether reading would fail because the path names nothing.
    static func missing(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) != 0 && errno == ENOENT
    }
}
