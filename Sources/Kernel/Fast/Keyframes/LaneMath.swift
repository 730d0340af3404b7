import KernelTarget

/// Lane-wise minimum, maximum, division, conversions and "all lanes" tests written so that
/// they compile to one vector instruction a register, where Swift's own compiled to
/// out-of-line calls or lane loops (docs/DESIGN.md, "Swift traps seen here" and "Lane
/// operations as Clang vector expressions"). The hot ones are Clang vector expressions
/// (`KernelTarget/kernel_lanes.h`, compiled for the Swift code's target and inlined).
enum LaneMath {
    typealias V = Lanes.Floats

    /// `b < a ? b : a` per lane (minps); a NaN lane in either gives `a`'s lane.
    @inline(__always)
    static func min(_ a: V, _ b: V) -> V { kernel_min8(a, b) }

    /// `b > a ? b : a` per lane (maxps); a NaN lane in either gives `a`'s lane.
    @inline(__always)
    static func max(_ a: V, _ b: V) -> V { kernel_max8(a, b) }

    /// `a / b` per lane (divps, one a register on SSE2 and on AVX).
    @inline(__always)
    static func divide(_ a: V, _ b: V) -> V { kernel_div8(a, b) }

    /// `√a` per lane (sqrtps).
    @inline(__always)
    static func squareRoot(_ a: V) -> V { kernel_sqrt8(a) }

    /// `min(max(a, 0), 1)` per lane with NaN kept NaN (the reference's clamp of alpha).
    @inline(__always)
    static func clampedUnit(_ a: V) -> V { kernel_clamp_unit8(a) }

    /// `Float(d)` per lane (cvtpd2ps).
    @inline(__always)
    static func float(_ d: Lanes.Doubles) -> V { kernel_narrow8(d) }

    /// `Double(f)` per lane (cvtps2pd).
    @inline(__always)
    static func double(_ f: V) -> Lanes.Doubles { kernel_widen8(f) }

    /// Whether every lane of `v` is ≤ `bound` (false for a NaN lane).
    @inline(__always)
    static func allAtMost(_ v: V, _ bound: Float) -> Bool { kernel_all_at_most8(v, bound) != 0 }

    /// `|v|` per lane (sign bits cleared).
    @inline(__always)
    static func magnitude(_ v: V) -> V {
        unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: V.self)
    }
}
