import KernelTarget

/// The lane operations the Bézier solve (`BezierLanes`) needs, for a whole block
/// (`SIMD8<Float>`) and for half a block (`SIMD4<Float>`): where registers hold 4 Floats
/// (`LaneVector.narrowVectors`) the solve runs one half at a time, as the C anchor's chunks
/// do, since the 8-lane solve's live values spill there (docs/DESIGN.md, "Keyframe timelines").
///
/// Each is a Clang vector expression of `KernelTarget/kernel_lanes.h`, the same instruction
/// per register in both widths (minps, maxps, divps, sqrtps, cmpps), so a lane's result does
/// not depend on the width it was computed in.
protocol EasingVector: LaneVector {
    /// `b < a ? b : a` per lane (a NaN lane in either gives `a`'s).
    static func minimum(_ a: Self, _ b: Self) -> Self
    /// `b > a ? b : a` per lane (a NaN lane in either gives `a`'s).
    static func maximum(_ a: Self, _ b: Self) -> Self
    /// `a / b` per lane.
    static func quotient(_ a: Self, _ b: Self) -> Self
    /// `√a` per lane.
    static func root(_ a: Self) -> Self
    /// `|v|` per lane (sign bits cleared).
    static func magnitude(_ v: Self) -> Self
    /// Whether every lane is ≤ `bound` (false for a NaN lane).
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
    @inline(__always) static func allAtMost(_ v: Self, _ bound: Float) -> Bool { kernel_all_at_most4(v, bound) != 0 }
}
