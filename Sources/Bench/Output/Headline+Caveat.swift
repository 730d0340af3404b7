import WalkthroughKernel

extension Headline {
    /// Why the ratio of minimums `a`/`b` means nothing in this group, or nil when it means
    /// what it says: `simd` against `c` or `limit` on a frame too small for its subviews'
    /// work to outweigh its fixed cost, or on a file two implementations that compute frames
    /// with samples of different lengths (their minimums are of different stretches).
    func caveat(_ a: ImplementationKind, _ b: ImplementationKind) -> Caveat? {
        let pair: Set = [a, b]
        if pair.contains(.simd) && !pair.isDisjoint(with: [.c, .limit]) && subviews < Headline.fixedCostSubviews { return .fixedCost }
        if fileSubviews != nil, !a.reads, !b.reads, let x = row(a), let y = row(b),
           Headline.framesPerSample(x) != Headline.framesPerSample(y) { return .differentStretches }
        return nil
    }

    /// The reasons a ratio means nothing, as the tables' footnote gives them.
    enum Caveat: CaseIterable {
        case fixedCost, differentStretches

        var mark: String { self == .fixedCost ? "†" : "‡" }

        var reason: String {
            switch self {
            case .fixedCost:
                return "not meaningful: fewer than \(Report.grouped(Headline.fixedCostSubviews)) subviews a frame, where the frame's fixed cost outweighs its subviews' work"
            case .differentStretches:
                return "not meaningful: minimums of samples of different lengths, taken over different stretches of the scroll (the headline compares medians)"
            }
        }
    }
}
