import CWalkthroughAPI

/// `bench --version`: the library's version, read from the one place it is written, the C
/// header's `BWW_VERSION_MAJOR`, `_MINOR` and `_PATCH` (CHANGELOG.md's versions are the C
/// interface's, and the Swift API moves with them), so that the number is never kept twice.
enum Version {
    /// `1.3.0`.
    static var text: String { "\(BWW_VERSION_MAJOR).\(BWW_VERSION_MINOR).\(BWW_VERSION_PATCH)" }

    /// The line `bench --version` prints.
    static var line: String { "bench \(text) (BWWalkthrough library \(text))\n" }
}
