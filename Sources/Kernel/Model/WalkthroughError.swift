/// Every failure of this package: bad input, a bad file, an out-of-range request.
///
/// `message` is one line that says where (page index and key, or line and column) and what.
public struct WalkthroughError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// The same error with `context` (for example `page 2`) in front of its message.
    public func prefixed(_ context: String) -> WalkthroughError {
        WalkthroughError("\(context): \(message)")
    }
}
