/// Sine and cosine of `Lanes.count` angles at once, with no scalar calls: range reduction in Double,
/// polynomials in Float (the C anchor's `sincos8` is the same function; docs/DESIGN.md, "Per-subview spin").
/// At most `maximumError` off for |θ| ≤ `accurateRange`, a unit pair up to `unitRange`, past which callers
/// reduce first (`PageConstants.reduced`); NaN or infinite θ give NaN.
package enum VectorTrig {
    /// Bound on the absolute error of both results for |θ| ≤ `accurateRange`.
    package static let maximumError = 1.5e-7
    /// 2²⁰ radians.
    package static let accurateRange = 1_048_576.0
    /// 2⁴⁵ radians: where the results are still a unit pair.
    package static let unitRange = 35_184_372_088_832.0

    static let twoOverPi = 0.63661977236758134308
    static let p1 = 1.5707963705062866        // Float(π/2)
    static let p2 = -4.371138828673793e-08     // next 24 bits
    static let p3 = -1.7151244994428829e-15    // the rest, to Double precision
    static let roundingMagic = 6_755_399_441_055_744.0  // 1.5 · 2⁵²

    @inline(__always)
    package static func sinCos(_ theta: Lanes.Doubles) -> (sin: Lanes.Floats, cos: Lanes.Floats) {
        typealias V = Lanes.Floats
        typealias Bits = SIMD8<UInt32>
        let shifted = theta * twoOverPi + roundingMagic
        let n = shifted - roundingMagic
        let x = narrowed(((theta - n * p1) - n * p2) - n * p3)
        let q = quadrants(unsafeBitCast(shifted, to: SIMD8<UInt64>.self))

        let z = x * x
        let sinPoly = V.madd(z, V.madd(z, V(repeating: -1.9515295891e-4), V(repeating: 8.3321608736e-3)),
                             V(repeating: -1.6666654611e-1))
        let sinR = V.madd(x * z, sinPoly, x)
        let cosPoly = V.madd(z, V.madd(z, V(repeating: 2.443315711809948e-5), V(repeating: -1.388731625493765e-3)),
                             V(repeating: 4.166664568298827e-2))
        let cosR = V.madd(z * z, cosPoly, V.nmadd(V(repeating: 0.5), z, V(repeating: 1)))

        let odd = 0 &- (q & 1)  // all ones where q is odd
        let sinBits = unsafeBitCast(sinR, to: Bits.self), cosBits = unsafeBitCast(cosR, to: Bits.self)
        let s = (sinBits & ~odd) | (cosBits & odd), c = (cosBits & ~odd) | (sinBits & odd)
        return (unsafeBitCast(s ^ ((q & 2) &<< 30), to: V.self), unsafeBitCast(c ^ (((q &+ 1) & 2) &<< 30), to: V.self))
    }

    /// The low two bits of each lane, as 32-bit lanes. Written lane by lane for the same
    /// reason as `narrowed`: `SIMD8<UInt32>(truncatingIfNeeded:)` stayed a call.
    @inline(__always)
    static func quadrants(_ b: SIMD8<UInt64>) -> SIMD8<UInt32> {
        SIMD8<UInt32>(UInt32(truncatingIfNeeded: b[0]), UInt32(truncatingIfNeeded: b[1]), UInt32(truncatingIfNeeded: b[2]),
                      UInt32(truncatingIfNeeded: b[3]), UInt32(truncatingIfNeeded: b[4]), UInt32(truncatingIfNeeded: b[5]),
                      UInt32(truncatingIfNeeded: b[6]), UInt32(truncatingIfNeeded: b[7])) & 3
    }

    /// Double lanes to Float, written lane by lane so that it compiles to `cvtpd2ps` in line, not a generic call.
    @inline(__always)
    static func narrowed(_ d: Lanes.Doubles) -> Lanes.Floats {
        Lanes.Floats(Float(d[0]), Float(d[1]), Float(d[2]), Float(d[3]), Float(d[4]), Float(d[5]), Float(d[6]), Float(d[7]))
    }
}
