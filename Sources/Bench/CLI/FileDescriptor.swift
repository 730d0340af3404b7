#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to an open file descriptor, for standard output and for output files alike.
enum FileDescriptor {
    /// Writes all of `text` to `fd`, however many calls that takes (pipes and signals cut
    /// writes short). Returns the system's reason on failure, else nil.
    static func writeAll(_ text: String, to fd: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var done = 0
            while done < bytes.count {
                let written = write(fd, bytes.baseAddress! + done, bytes.count - done)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? reason() : "nothing was written" }
                done += written
            }
            return nil
        }
    }

    /// The system's description of the last error (`errno`).
    static func reason() -> String { String(cString: strerror(errno)) }
}
