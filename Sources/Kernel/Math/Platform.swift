#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The platform functions in one place (scalar `sin`/`cos`, processor count), so that no
/// other file needs the platform import. The fast path does not use `sin`/`cos` per subview: it has `VectorTrig`.
@usableFromInline
func libmSin(_ x: Double) -> Double { sin(x) }

@usableFromInline
func libmCos(_ x: Double) -> Double { cos(x) }

/// Online processors, at least 1.
@usableFromInline
func onlineProcessorCount() -> Int {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    return max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    #else
    return 1
    #endif
}
