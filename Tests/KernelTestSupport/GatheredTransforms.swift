import WalkthroughKernel

extension FrameBuffer {
    /// The first subview of `page` whose 16 Doubles in `gathered` (laid out as
    /// `gather(page:into:)` writes them, from `gathered`'s first element) are not exactly
    /// `transform(page:subview:)`'s fields, or nil when all are.
    public func firstSubviewDiffering<Doubles: RandomAccessCollection<Double>>(in gathered: Doubles, page: Int) -> Int?
    where Doubles.Index == Int {
        let start = gathered.startIndex
        return (0..<subviewCount(page: page)).first { k in
            !gathered[start + 16 * k ..< start + 16 * k + 16].elementsEqual(transform(page: page, subview: k).fields)
        }
    }

    /// Page `page`'s bytes in the frame's layout, matrices then alphas (padding lanes of
    /// `blocks` included): a bitwise fingerprint of the page that reads every field of every
    /// lane, which `gathered` no longer does for a page that shares a template.
    public func bytes(page: Int) -> [UInt8] {
        withUnsafeBytes(page: page) { matrices, alphas in Array(matrices) + Array(alphas) }
    }
}
