/// How a walkthrough's pages are laid out along its scroll axis (docs/FORMAT.md, "Paging
/// directions"). Page numbers do not change with the direction: page 0 is the page the
/// walkthrough starts on.
public enum PagingDirection: String, CaseIterable, Hashable, Sendable {
    /// Page `i` at `x = i·W`, scrolled along `contentOffset.x` (BWWalkthrough's own).
    case leftToRight
    /// Page `i` at `x = (n − 1 − i)·W`: offsets from `x' = (n − 1)·W − x`, every transform
    /// mirrored left–right (`F·M·F`, `F = diag(−1, 1, 1, 1)`). For right-to-left languages.
    case rightToLeft
    /// Page `i` at `y = i·W`, scrolled along `contentOffset.y`, `W` the page height.
    case topToBottom

    /// Parses a file's `direction`: exact spelling only; an error lists the three.
    public init(parsing name: String) throws(WalkthroughError) {
        self = try .parsing(name, key: "direction")
    }
}
