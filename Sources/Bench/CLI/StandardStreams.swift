#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WalkthroughKernel

/// Standard output and standard error, written so that no output is lost in silence.
///
/// `bench eval ok.json --scroll 0 > /dev/full` used to exit 0 with the frame lost: every
/// write to standard output is now checked, and a failure (a full disk, a closed descriptor,
/// a closed pipe) is one line on standard error and exit status 1.
enum StandardStreams {
    /// Run first. A closed standard descriptor is reopened on /dev/null — read-only for
    /// standard output, so that writing to it still fails and is reported — or else the
    /// first file `bench` opens would take its number and receive text meant for the
    /// terminal. SIGPIPE and SIGXFSZ are ignored, so that a closed pipe or a file size limit
    /// is a failed write that `bench` reports and cleans up after, not a silent death.
    static func prepare() {
        for (fd, mode) in [(Int32(0), O_RDONLY), (1, O_RDONLY), (2, O_WRONLY)] where fcntl(fd, F_GETFD) == -1 {
            let null = open("/dev/null", mode)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Writes `text` to standard output.
    /// - Throws: the write's failure, as one line.
    static func output(_ text: String) throws(BenchError) {
        if let failure = FileDescriptor.writeAll(text, to: 1) {
            throw BenchError("cannot write to standard output: \(failure)")
        }
    }

    /// Writes `text` to standard error (progress lines); a failure there cannot be reported.
    static func progress(_ text: String) {
        _ = FileDescriptor.writeAll(text, to: 2)
    }

    /// Reports `error` as one line on standard error and exits with status 1.
    static func fail(_ error: any Error) -> Never {
        progress("bench: \(Echo.oneLine(String(describing: error)))\n")
        exit(1)
    }
}
