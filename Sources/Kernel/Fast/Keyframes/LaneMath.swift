/// Lane-wise minimum, maximum and "all lanes" tests written so that they inline into
/// vector instructions. The standard library's `pointwiseMin`/`pointwiseMax` and the
/// `min()`/`max()` reductions were called as out-of-line generic specializations, one lane
/// at a time: 35% of the per-subview time of own timelines (perf).
enum LaneMath {
    typealias V = Lanes.Floats

    /// `b < a ? b : a` per lane for ordered lanes, by bit operations (`lessMask`). The
    /// compare-and-assign loop this replaces compiled to a scalar compare and a branch per
    /// lane in the Bézier solve (16 a Newton step). A NaN lane gives `a` or `b`; use
    /// `clampedUnit` where NaN must stay NaN.
    @inline(__always)
    static func min(_ a: V, _ b: V) -> V { select(lessMask(b, a), b, a) }

    /// `b > a ? b : a` per lane for ordered lanes (see `min`).
    @inline(__always)
    static func max(_ a: V, _ b: V) -> V { select(lessMask(a, b), b, a) }

    /// All ones in the lanes where `a < b`: the sign of `a − b` spread over the lane (IEEE
    /// subtraction of unequal numbers is never 0, and `x − x` is +0, so the sign is set
    /// exactly when `a < b`, for finite lanes and for an infinite one against a finite one).
    @inline(__always)
    static func lessMask(_ a: V, _ b: V) -> SIMD8<UInt32> {
        unsafeBitCast(unsafeBitCast(a - b, to: SIMD8<Int32>.self) &>> 31, to: SIMD8<UInt32>.self)
    }

    /// All ones in the lanes that are +0, for lanes with the sign bit clear (`magnitude`):
    /// `bits − 1` is negative exactly for +0.
    @inline(__always)
    static func zeroMask(_ a: V) -> SIMD8<UInt32> {
        unsafeBitCast(unsafeBitCast(unsafeBitCast(a, to: SIMD8<UInt32>.self) &- 1, to: SIMD8<Int32>.self) &>> 31,
                      to: SIMD8<UInt32>.self)
    }

    /// `mask ? a : b` per lane (and, andnot, or).
    @inline(__always)
    static func select(_ mask: SIMD8<UInt32>, _ a: V, _ b: V) -> V {
        let (x, y) = (unsafeBitCast(a, to: SIMD8<UInt32>.self), unsafeBitCast(b, to: SIMD8<UInt32>.self))
        return unsafeBitCast((x & mask) | (y & ~mask), to: V.self)
    }

    /// `min(max(a, 0), 1)` per lane with NaN kept NaN (the reference's clamp of alpha).
    @inline(__always)
    static func clampedUnit(_ a: V) -> V {
        var r = a
        for i in 0..<Lanes.count where 0 > a[i] { r[i] = 0 }
        for i in 0..<Lanes.count where 1 < r[i] { r[i] = 1 }
        return r
    }

    /// `Float(d)` per lane (cvtpd2ps): written out, as the generic conversion was called
    /// out of line in the keyframe kernel.
    @inline(__always)
    static func float(_ d: Lanes.Doubles) -> V {
        V(Float(d[0]), Float(d[1]), Float(d[2]), Float(d[3]), Float(d[4]), Float(d[5]), Float(d[6]), Float(d[7]))
    }

    /// `Double(f)` per lane (cvtps2pd).
    @inline(__always)
    static func double(_ f: V) -> Lanes.Doubles {
        Lanes.Doubles(Double(f[0]), Double(f[1]), Double(f[2]), Double(f[3]),
                      Double(f[4]), Double(f[5]), Double(f[6]), Double(f[7]))
    }

    /// The lanes' bits ORed together (three folds of halves).
    @inline(__always)
    static func or(_ v: SIMD8<UInt64>) -> UInt64 {
        let four = v.lowHalf | v.highHalf
        let two = four.lowHalf | four.highHalf
        return two.x | two.y
    }

    /// The lanes' bits ORed together.
    @inline(__always)
    static func or(_ v: SIMD8<UInt32>) -> UInt32 {
        let four = v.lowHalf | v.highHalf
        let two = four.lowHalf | four.highHalf
        return two.x | two.y
    }

    /// Whether `lo ≤ τ < hi` in every lane, exactly: `τ − lo ≥ 0` and `hi − τ > 0` have the
    /// signs of the comparisons (IEEE subtraction of unequal numbers never gives 0, and
    /// `x − x` is +0), so the sign bits of `τ − lo` and of `bits(hi − τ) − 1` (negative
    /// exactly when `hi − τ` is +0 or negative) are all clear. Keyframe times are stored
    /// with −0 made +0 (`LaneTimelines`), so `hi − τ` is never −0 when `τ = hi`.
    @inline(__always)
    static func holds(_ tau: Lanes.Doubles, lo: Lanes.Doubles, hi: Lanes.Doubles) -> Bool {
        let below = unsafeBitCast(tau - lo, to: SIMD8<UInt64>.self)
        let above = unsafeBitCast(hi - tau, to: SIMD8<UInt64>.self) &- 1
        return or(below | above) & (1 << 63) == 0
    }

    /// Whether every lane of `v` is ≤ `bound` (sign bits of `bound − v` clear).
    @inline(__always)
    static func allAtMost(_ v: V, _ bound: Float) -> Bool {
        or(unsafeBitCast(V(repeating: bound) - v, to: SIMD8<UInt32>.self)) & 0x8000_0000 == 0
    }

    /// `|v|` per lane (sign bits cleared).
    @inline(__always)
    static func magnitude(_ v: V) -> V {
        unsafeBitCast(unsafeBitCast(v, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: V.self)
    }
}
