import KernelTarget

/// The Bézier solve's lane operations, whole and half block, as `kernel_lanes.h` expressions of one instruction a
/// register in both widths, so a lane's bits do not depend on the width (docs/DESIGN.md, "Keyframe timelines").
protocol EasingVector: LaneVector {
    static func minimum(_ a: Self, _ b: Self) -> Self
    static func maximum(_ a: Self, _ b: Self) -> Self
    static func quotient(_ a: Self, _ b: Self) -> Self
    static func root(_ a: Self) -> Self
    static func magnitude(_ v: Self) -> Self
    /// `v` negated in the lanes where `k`'s sign bit is set.
    static func signed(_ v: Self, by k: Self) -> Self
    static func allAtMost(_ v: Self, _ bound: Float) -> Bool
}

extension SIMD8: EasingVector where Scalar == Float {
    @inline(__always) static func minimum(_ a: Self, _ b: Self) -> Self { kernel_min8(a, b) }
    @inline(__always) static func maximum(_ a: Self, _ b: Self) -> Self { kernel_max8(a, b) }
    @inline(__always) static func quotient(_ a: Self, _ b: Self) -> Self { kernel_div8(a, b) }
    @inline(__always) static func root(_ a: Self) -> Self { kernel_sqrt8(a) }
    @inline(__always) static func magnitude(_ v: Self) -> Self {
        unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: Self.self)
    }
    @inline(__always) static func signed(_ v: Self, by k: Self) -> Self {
        let sign = unsafeBitCast(k, to: SIMD8<UInt32>.self) & 0x8000_0000
        return unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) ^ sign, to: Self.self)
    }
    @inline(__always) static func allAtMost(_ v: Self, _ bound: Float) -> Bool { kernel_all_at_most8(v, bound) != 0 }
}

extension SIMD4: EasingVector where Scalar == Float {
    @inline(__always) static func minimum(_ a: Self, _ b: Self) -> Self { kernel_min4(a, b) }
    @inline(__always) static func maximum(_ a: Self, _ b: Self) -> Self { kernel_max4(a, b) }
    @inline(__always) static func quotient(_ a: Self, _ b: Self) -> Self { kernel_div4(a, b) }
    @inline(__always) static func root(_ a: Self) -> Self { kernel_sqrt4(a) }
    @inline(__always) static func magnitude(_ v: Self) -> Self {
        unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: Self.self)
    }
    @inline(__always) static func signed(_ v: Self, by k: Self) -> Self {
        let sign = unsafeBitCast(k, to: SIMD4<UInt32>.self) & 0x8000_0000
        return unsafeBitCast(unsafeBitCast(v, to: SIMD4<UInt32>.self) ^ sign, to: Self.self)
    }
    @inline(__always) static func allAtMost(_ v: Self, _ bound: Float) -> Bool { kernel_all_at_most4(v, bound) != 0 }
}
