/// The tags of the subviews a page leaves alone (Interface Builder's `staticTags` string).
public struct StaticTags: Hashable, Sendable, ExpressibleByArrayLiteral {
    /// The static tags.
    public private(set) var tags: Set<Int>

    /// The tags of a sequence (duplicates count once).
    public init(_ tags: some Sequence<Int>) {
        self.tags = Set(tags)
    }

    /// The tags of an array literal: `[1, 3]`.
    public init(arrayLiteral tags: Int...) {
        self.init(tags)
    }

    /// Parses `"1,3,9"`. Spaces around a number are allowed (`"1, 3"`); an empty or blank
    /// string means none. An empty item, a non-number or another separator (`"1,,2"`, `"a"`,
    /// `"1;2"`) is an error: BWWalkthrough crashed on those. So is a number outside `Int`.
    /// Read byte by byte (UTF-8), linear in the string.
    public init(parsing list: String) throws(WalkthroughError) {
        var tags = Set<Int>()
        var text = list
        let failure: (item: Range<Int>, outOfRange: Bool)? = text.withUTF8 { bytes in
            if bytes.allSatisfy(Self.isBlank) { return nil }
            var start = 0
            while true {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
                var (first, last) = (start, end)
                while first < last && Self.isBlank(bytes[first]) { first += 1 }
                while last > first && Self.isBlank(bytes[last - 1]) { last -= 1 }
                switch Self.integer(UnsafeBufferPointer(rebasing: bytes[first..<last])) {
                case .some(.some(let tag)): tags.insert(tag)
                case .some(.none): return (start..<end, true)
                case .none: return (start..<end, false)
                }
                if end == bytes.count { return nil }
                start = end + 1
            }
        }
        if let failure {
            let item = list.utf8.dropFirst(failure.item.lowerBound).prefix(failure.item.count)
            let problem = failure.outOfRange
                ? "is outside the integers from \(Int.min) to \(Int.max)"
                : "is not an integer; expected a comma-separated list such as \"1, 3, 9\""
            throw WalkthroughError(
                key: "staticTags",
                problem: "malformed staticTags \(Echo.quoted(list)): \(Echo.quoted(String(Substring(item)))) \(problem)")
        }
        self.tags = tags
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// The decimal integer `-?[0-9]+` that is all of `digits`: nil when it is not one,
    /// `.some(nil)` when it is outside `Int`.
    private static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int?? {
        let negative = digits.first == UInt8(ascii: "-")
        let body = digits.dropFirst(negative ? 1 : 0)
        guard !body.isEmpty, body.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return .some(Int(String(decoding: digits, as: UTF8.self)))  // digits only: nil means outside Int
    }

    /// Whether `tag` is static.
    @inlinable
    public func contains(_ tag: Int) -> Bool { tags.contains(tag) }

    /// Whether no tag is static.
    public var isEmpty: Bool { tags.isEmpty }
}
