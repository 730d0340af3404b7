/// Where one page stood at the animator's last frame.
@frozen
public struct PagePosition: Hashable, Sendable {
    /// The page's normalised offset `o_i = (x + W − W·i) / W`; NaN before the first frame.
    public var offset: Double
    /// Whether the page was in the window `−2 < o < 2` and so animated. A page outside it
    /// keeps what it last had.
    public var animated: Bool

    /// A position with the given offset and window flag.
    @inlinable
    public init(offset: Double, animated: Bool) {
        (self.offset, self.animated) = (offset, animated)
    }

    /// Before the first frame: no offset yet, not animated.
    public static let unknown = PagePosition(offset: .nan, animated: false)
}
