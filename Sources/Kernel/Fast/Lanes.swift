/// The SIMD width of the fast path: 16 Float lanes.
///
/// Chosen by measurement (see README, "SIMD width"): 16 lanes are one AVX-512 register,
/// two AVX or four SSE registers, so the same source gives full-width code on every
/// target CPU, and the per-subview sine and cosine have enough independent work to hide
/// their latency. Every page segment is padded to a multiple of this width, so the loops
/// have no scalar tail and never touch memory outside their segment.
public enum Lanes {
    public static let count = 16
    public typealias Floats = SIMD16<Float>
    public typealias Doubles = SIMD16<Double>
    public typealias Masks = SIMD16<Int32>

    /// `n` rounded up to a whole number of lanes.
    @inlinable
    public static func padded(_ n: Int) -> Int {
        (n + count - 1) / count * count
    }
}

// Aligned block access. Every block starts at a multiple of 64 bytes of a 64-byte aligned
// allocation, so these are plain vector loads and stores.
extension UnsafePointer {
    @inlinable @inline(__always)
    func block<V: SIMD>(_ i: Int, as: V.Type) -> V where V.Scalar == Pointee {
        UnsafeRawPointer(self + i * V.scalarCount).load(as: V.self)
    }
}

extension UnsafeMutablePointer {
    @inlinable @inline(__always)
    func storeBlock<V: SIMD>(_ i: Int, _ v: V) where V.Scalar == Pointee {
        UnsafeMutableRawPointer(self + i * V.scalarCount).storeBytes(of: v, as: V.self)
    }
}
