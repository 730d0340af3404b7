/// Where one page's kernel writes, in the frame's layout; kernels take whole blocks of the
/// page and never write outside it (a dense layout's last block only its valid lanes).
package struct KernelOutputs {
    package let layout: FrameLayout
    /// The page's first block (`blocks`) or first subview's matrix (dense layouts).
    package let matrices: UnsafeMutableRawPointer
    /// The page's first alpha (dense layouts; unused in `blocks`, where alpha is a field).
    package let alphas: UnsafeMutableRawPointer
    /// Subviews on the page.
    package let count: Int
    /// The frame's `KernelStrategy` (`FrameKernel.spinningWide` reads it).
    package let strategy: KernelStrategy
    /// Whether every block written holds 8 subviews (`wholeBlocks()`).
    private(set) var whole = false

    package init(layout: FrameLayout, matrices: UnsafeMutableRawPointer, alphas: UnsafeMutableRawPointer, count: Int,
                 strategy: KernelStrategy) {
        (self.layout, self.matrices, self.alphas, self.count, self.strategy) = (layout, matrices, alphas, count, strategy)
    }

    /// Page `page` of a frame whose region starts at `base`, laid out as `geometry` says.
    package init(_ geometry: FrameGeometry, base: UnsafeMutableRawPointer, page: Int, count: Int,
                 strategy: KernelStrategy) {
        self.init(layout: geometry.layout, matrices: base + geometry.matrixOffset(page: page),
                  alphas: base + geometry.alphaOffset(page: page), count: count, strategy: strategy)
    }

    /// Valid lanes of block `i`: 8, except in a dense layout's last block of the page.
    @inline(__always)
    func lanes(inBlock i: Int) -> Int {
        whole ? Lanes.count : Swift.min(Lanes.count, count &- i &* Lanes.count)
    }

    /// Blocks from the page's first that hold 8 subviews in this layout: all of them in
    /// `blocks` (which writes padding lanes too), else `count / 8`.
    var fullBlocks: Int {
        layout == .blocks ? Int.max : count / Lanes.count
    }

    /// The same outputs for a loop over full blocks only (below `fullBlocks`), made in the
    /// kernel so that `whole` is a constant and the writers' lane-count tests fold away.
    @inline(__always)
    func wholeBlocks() -> KernelOutputs {
        var outputs = self
        outputs.whole = true
        return outputs
    }
}
