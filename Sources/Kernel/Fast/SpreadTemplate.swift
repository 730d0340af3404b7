import KernelTarget

/// A uniform page's template (not diagonal) as its four rows, each in both halves of an
/// 8-lane vector, which `BlockWriter` spreads block by block: 4 registers hold what 16
/// broadcasts would (docs/DESIGN.md, "No load at all, with AVX").
struct SpreadTemplate {
    typealias V = Lanes.Floats
    var rows: (V, V, V, V)
    var alpha: Float

    @inline(__always)
    init(_ m: SIMD16<Float>, alpha: Float) {
        rows = (V(m[0], m[1], m[2], m[3], m[0], m[1], m[2], m[3]), V(m[4], m[5], m[6], m[7], m[4], m[5], m[6], m[7]),
                V(m[8], m[9], m[10], m[11], m[8], m[9], m[10], m[11]), V(m[12], m[13], m[14], m[15], m[12], m[13], m[14], m[15]))
        self.alpha = alpha
    }

    /// The template into the block at `block` (`FrameLayout.blocks`), with `m41`, `m42`
    /// in place of row 4's first two fields when given.
    @inline(__always)
    func store(into block: UnsafeMutableRawPointer, m41: V?, m42: V?) {
        let translated = m41 != nil && m42 != nil
        if !V.avx {
            // 16-byte registers: everything by value (`kernel_store_spread_block4`).
            let (x, y) = (m41 ?? .zero, m42 ?? .zero)
            kernel_store_spread_block4(block.assumingMemoryBound(to: Float.self), rows.0.lowHalf, rows.1.lowHalf,
                                       rows.2.lowHalf, rows.3.lowHalf, alpha, x.lowHalf, x.highHalf, y.lowHalf, y.highHalf,
                                       translated ? 1 : 0)
            return
        }
        withUnsafeBytes(of: rows) { r in
            withUnsafeBytes(of: (m41 ?? .zero, m42 ?? .zero)) { t in
                kernel_store_spread_block(block.assumingMemoryBound(to: Float.self), r.baseAddress!.assumingMemoryBound(to: Float.self),
                                          alpha, t.baseAddress!.assumingMemoryBound(to: Float.self), translated ? 1 : 0)
            }
        }
    }
}
