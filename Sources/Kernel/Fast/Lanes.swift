/// The SIMD width of the fast path, 8 Float lanes on every machine (docs/DESIGN.md, "SIMD
/// width"): a frame block holds the 17 fields (`FrameComponent` order) of 8 subviews, and
/// every page starts on a block and owns whole blocks.
public enum Lanes {
    /// 8: subviews per block.
    public static let count = 8
    /// One vector of Float lanes: the register form of one field of a block.
    package typealias Floats = SIMD8<Float>
    /// One vector of Double lanes (range reduction of the per-block angles).
    package typealias Doubles = SIMD8<Double>

    /// Floats in one frame block: 17 fields × 8 lanes.
    public static let frameBlockFloats = 136  // 17 × 8, a literal so that it folds (a computed global has a lazy accessor)

    /// `n` rounded up to a whole number of lanes.
    @inlinable
    package static func padded(_ n: Int) -> Int {
        (n + count - 1) / count * count
    }

    /// Where field `c` of subview `k` sits, counting from its page's first block.
    @inlinable
    public static func frameIndex(_ c: FrameComponent, subview k: Int) -> Int {
        k / count * frameBlockFloats + c.rawValue * count + k % count
    }
}

// Aligned block access: every block starts at a multiple of 32 bytes of a 64-byte aligned
// allocation, so this is a plain vector load.
extension UnsafePointer {
    @inlinable @inline(__always)
    func block<V: SIMD>(_ i: Int, as: V.Type) -> V where V.Scalar == Pointee {
        UnsafeRawPointer(self + i &* V.scalarCount).load(as: V.self)
    }
}
