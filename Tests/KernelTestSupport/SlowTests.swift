#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import Testing

extension Tag {
    /// Suites that take most of `swift test`'s time: whole `bench` runs, every kernel
    /// strategy and thread count over many frames, long randomized parities. They run only
    /// when `BWW_SLOW_TESTS=1` (see `Trait.slow`); `.ci/run` runs them in a step of their own
    /// by the names `scripts/slow-tests.sh` reads from the sources (this toolchain's
    /// `swift test --filter` takes names, not tags).
    @Tag public static var endToEnd: Tag
}

/// Whether the slow suites run: when the environment variable `BWW_SLOW_TESTS` is `1`.
public enum SlowTests {
    /// The variable's name.
    public static let variable = "BWW_SLOW_TESTS"

    /// Whether `BWW_SLOW_TESTS=1` is set.
    public static var enabled: Bool {
        guard let value = getenv(variable) else { return false }
        return String(cString: value) == "1"
    }
}

extension Trait where Self == ConditionTrait {
    /// A slow suite: tagged `endToEnd`, and skipped unless `BWW_SLOW_TESTS=1`, so that plain
    /// `swift test` stays quick. Write `@Suite(.slow, .tags(.endToEnd))`.
    public static var slow: Self {
        .enabled(if: SlowTests.enabled, "slow end-to-end test: set BWW_SLOW_TESTS=1 to run it")
    }
}
