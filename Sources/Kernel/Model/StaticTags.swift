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
    /// `"1;2"`) is an error: BWWalkthrough crashed on those.
    public init(parsing list: String) throws(WalkthroughError) {
        let isBlank = list.allSatisfy { $0 == " " || $0 == "\t" }
        guard !isBlank else {
            self.tags = []
            return
        }
        var tags = Set<Int>()
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = item.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            let text = String(trimmed)
            guard let tag = Int(text), text.first != "+" else {
                throw WalkthroughError(
                    key: "staticTags",
                    problem: "malformed staticTags \(Echo.quoted(list)): \(Echo.quoted(item)) is not an integer; "
                        + "expected a comma-separated list such as \"1, 3, 9\"")
            }
            tags.insert(tag)
        }
        self.tags = tags
    }

    /// Whether `tag` is static.
    @inlinable
    public func contains(_ tag: Int) -> Bool { tags.contains(tag) }

    /// Whether no tag is static.
    public var isEmpty: Bool { tags.isEmpty }
}
