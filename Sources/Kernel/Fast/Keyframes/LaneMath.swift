import KernelTarget

/// Lane-wise minimum, clamp and conversions (and `EasingVector`'s operations) written so that
/// they compile to one vector instruction a register, where Swift's own compiled to
/// out-of-line calls or lane loops (docs/DESIGN.md, "Swift traps seen here" and "Lane
/// operations as Clang vector expressions"). The hot ones are Clang vector expressions
/// (`KernelTarget/kernel_lanes.h`, compiled for the Swift code's target and inlined).
enum LaneMath {
    typealias V = Lanes.Floats

    /// `b < a ? b : a` per lane (minps); a NaN lane in either gives `a`'s lane.
    @inline(__always)
    static func min(_ a: V, _ b: V) -> V { kernel_min8(a, b) }

    /// `min(max(a, 0), 1)` per lane with NaN kept NaN (the reference's clamp of alpha).
    @inline(__always)
    static func clampedUnit(_ a: V) -> V { kernel_clamp_unit8(a) }

    /// `Float(d)` per lane (cvtpd2ps).
    @inline(__always)
    static func float(_ d: Lanes.Doubles) -> V { kernel_narrow8(d) }

    /// `Double(f)` per lane (cvtps2pd).
    @inline(__always)
    static func double(_ f: V) -> Lanes.Doubles { kernel_widen8(f) }
}
