/// Every failure of this package: bad input, a bad file, an out-of-range request. Two
/// errors are equal when their messages are.
public struct WalkthroughError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One line that says where (page, subview and key, or line and column) and what.
    public var message: String
    /// For a rule about one value of the model (`Rotation.axis`): its key in a walkthrough file; else nil.
    package var key: String?
    /// The message without its subject (`must not be zero`); the whole message for errors without a key.
    package var problem: String
    /// The size of an allocation a `MemoryProbe` refused: "out of memory" (`BWW_ERROR_OUT_OF_MEMORY`); else nil.
    package var refusedBytes: Int?

    /// An error with the given one-line message.
    public init(_ message: String) {
        (self.message, key, problem) = (message, nil, message)
    }

    /// An error about the model value `key`. The message is `subject problem`
    /// (`rotation axis must not be zero`), or `problem` alone without a subject.
    package init(key: String, subject: String? = nil, problem: String) {
        self.message = subject.map { "\($0) \(problem)" } ?? problem
        self.key = key
        self.problem = problem
    }

    public static func == (a: WalkthroughError, b: WalkthroughError) -> Bool {
        a.message == b.message
    }

    public var description: String { message }

    /// The same error with `context` (for example `page 2`) in front of its message.
    public func prefixed(_ context: String) -> WalkthroughError {
        var error = self
        error.message = "\(context): \(message)"
        return error
    }

    /// `page 7 is out of range; the walkthrough has 3 pages`: the words of every API that
    /// takes a page index (the C interface writes the same without allocating).
    package static func pageOutOfRange(_ page: Int, pageCount: Int) -> WalkthroughError {
        WalkthroughError("page \(page) is out of range; the walkthrough has \(pageCount) \(pageCount == 1 ? "page" : "pages")")
    }
}
