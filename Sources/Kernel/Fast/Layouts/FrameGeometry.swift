/// Where a walkthrough's frame sits in one region of memory in a given layout: the byte
/// size of the region, where its alphas start, and where each page starts.
///
/// `blocks` counts padded slots (every page owns whole blocks of 8); the dense layouts
/// count subviews, so page `p`'s subview `k` is entry `firstSubview(p) + k`.
public struct FrameGeometry: Hashable, Sendable {
    /// The layout described.
    public let layout: FrameLayout
    /// Bytes of the whole frame: the matrices, then the alphas.
    public let byteCount: Int
    /// Where the alphas start (the end of the matrices); equal to `byteCount` in `blocks`.
    public let alphaOffset: Int
    /// Each page's first subview in the dense order (`blocks`: its first slot).
    package let firstEntries: [Int]
    /// Each page's subviews.
    package let counts: [Int]

    package init(_ layout: FrameLayout, pages: [PageLayout]) {
        self.layout = layout
        var first: [Int] = [], entries = 0
        first.reserveCapacity(pages.count)
        for page in pages {
            first.append(entries)
            entries += layout == .blocks ? page.paddedCount : page.count
        }
        firstEntries = first
        counts = pages.map(\.count)
        alphaOffset = entries * layout.matrixStride
        byteCount = alphaOffset + entries * layout.alphaStride
    }

    /// Byte offset of page `page`'s first matrix (its first block in `blocks`).
    /// - Precondition: `page` is one of the frame's pages (a trap otherwise, as an `Array`'s
    ///   index; so for the other offsets, and `k` one of the page's subviews).
    public func matrixOffset(page: Int) -> Int { firstEntry(page) * layout.matrixStride }

    /// Byte offset of page `page`'s first alpha (dense layouts).
    public func alphaOffset(page: Int) -> Int { alphaOffset + firstEntry(page) * layout.alphaStride }

    /// Byte offset of subview `k` of page `page`'s matrix in a dense layout, or of its
    /// lane's first field (`m11`) in `blocks`, where the fields follow 32 bytes apart.
    public func matrixOffset(page: Int, subview k: Int) -> Int {
        let first = firstEntry(page)
        precondition(k >= 0 && k < counts[page], "subview \(k) out of range 0..<\(counts[page]) on page \(page)")
        switch layout {
        case .blocks:
            let floats = k / Lanes.count * Lanes.frameBlockFloats + k % Lanes.count
            return first * layout.matrixStride + floats * MemoryLayout<Float>.stride
        case .float4x4, .caTransform3D:
            return (first + k) * layout.matrixStride
        }
    }

    private func firstEntry(_ page: Int) -> Int {
        precondition(firstEntries.indices.contains(page), "page \(page) out of range 0..<\(firstEntries.count)")
        return firstEntries[page]
    }
}
