import KernelTarget

/// The Float vectors the kernels compute in: `Lanes.Floats` (8 lanes), and its halves on
/// targets whose registers hold 4 (`narrowVectors`), with multiply-add that is fused only
/// where the target CPU has it.
protocol LaneVector: SIMD where Scalar == Float {
    /// `−a` by its sign bits: the SIMD prefix `-` is `0 - a`, which the optimizer may not
    /// fold into a negated multiply-add (it differs at zero).
    static func negated(_ a: Self) -> Self
}

extension LaneVector {
    /// `a·b + c`: fused where the target CPU has fused multiply-add, else a product and a
    /// sum (never libm's `fmaf` per lane), as the C anchor's `MADD`.
    @inline(__always)
    static func madd(_ a: Self, _ b: Self, _ c: Self) -> Self {
        fusedMultiplyAdd ? c.addingProduct(a, b) : a * b + c
    }

    /// `c − a·b`, the same way; unfused, `c - a * b`, so that `a·b` is shared with a `madd`
    /// beside it (the C anchor's `NMADD` is the same number: negating a product is exact).
    @inline(__always)
    static func nmadd(_ a: Self, _ b: Self, _ c: Self) -> Self {
        fusedMultiplyAdd ? c.addingProduct(negated(a), b) : c - a * b
    }

    /// Whether the target CPU has fused multiply-add: a compile-time constant, as a property
    /// so that the optimizer folds the test without a dead-code warning.
    @inline(__always)
    static var fusedMultiplyAdd: Bool { KERNEL_TARGET_FMA != 0 }

    /// Whether the target's vector registers hold 4 Floats (x86-64 without AVX), so that a
    /// kernel with many live values computes and stores a block in halves.
    @inline(__always)
    static var narrowVectors: Bool { KERNEL_TARGET_NARROW_VECTORS != 0 }

    /// Whether the target is x86 with AVX (docs/DESIGN.md, "No load at all, with AVX").
    @inline(__always)
    static var avx: Bool { KERNEL_TARGET_AVX != 0 }
}

extension SIMD8: LaneVector where Scalar == Float {
    @inline(__always)
    static func negated(_ a: Self) -> Self {
        unsafeBitCast(unsafeBitCast(a, to: SIMD8<UInt32>.self) ^ 0x8000_0000, to: Self.self)
    }
}

extension SIMD4: LaneVector where Scalar == Float {
    @inline(__always)
    static func negated(_ a: Self) -> Self {
        unsafeBitCast(unsafeBitCast(a, to: SIMD4<UInt32>.self) ^ 0x8000_0000, to: Self.self)
    }
}
