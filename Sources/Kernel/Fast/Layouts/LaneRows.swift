/// Four fields of a block turned into rows of 4 per lane, in registers: the transposes
/// that let the dense layouts store each subview's matrix row by row.
///
/// `LaneRows(a, b, c, d)` holds, for lane `l`, the row `(a[l], b[l], c[l], d[l])`: lanes 0–3
/// in the low halves of `r0 … r3`, lanes 4–7 in the high halves. It is the classic 4×4
/// transpose (two rounds of unpack shuffles) done on both halves at once, which LLVM lowers
/// to `unpcklps`/`unpckhps`/`movlhps`/`movhlps` on SSE and their 256-bit forms on AVX.
struct LaneRows {
    typealias V = Lanes.Floats
    var r0, r1, r2, r3: V

    @inline(__always)
    init(_ a: V, _ b: V, _ c: V, _ d: V) {
        let t0 = V(a[0], b[0], a[1], b[1], a[4], b[4], a[5], b[5])
        let t1 = V(c[0], d[0], c[1], d[1], c[4], d[4], c[5], d[5])
        let t2 = V(a[2], b[2], a[3], b[3], a[6], b[6], a[7], b[7])
        let t3 = V(c[2], d[2], c[3], d[3], c[6], d[6], c[7], d[7])
        r0 = V(t0[0], t0[1], t1[0], t1[1], t0[4], t0[5], t1[4], t1[5])
        r1 = V(t0[2], t0[3], t1[2], t1[3], t0[6], t0[7], t1[6], t1[7])
        r2 = V(t2[0], t2[1], t3[0], t3[1], t2[4], t2[5], t3[4], t3[5])
        r3 = V(t2[2], t2[3], t3[2], t3[3], t2[6], t2[7], t3[6], t3[7])
    }

    /// Lane `l`'s row (`l` a constant after inlining, so this is a register half).
    @inline(__always)
    func row(_ l: Int) -> SIMD4<Float> {
        switch l {
        case 0: return r0.lowHalf
        case 1: return r1.lowHalf
        case 2: return r2.lowHalf
        case 3: return r3.lowHalf
        case 4: return r0.highHalf
        case 5: return r1.highHalf
        case 6: return r2.highHalf
        default: return r3.highHalf
        }
    }
}

extension KernelOutputs {
    /// Runs `body(l)` for each valid lane `l` of block `i`: a full block with the constant
    /// count 8 (so the loop unrolls and every lane index is a constant), a page's last
    /// block of a dense layout with its remainder.
    @inline(__always)
    func forEachLane(inBlock i: Int, _ body: (Int) -> Void) {
        let n = lanes(inBlock: i)
        if n == Lanes.count {
            for l in 0..<Lanes.count { body(l) }
        } else {
            for l in 0..<n { body(l) }
        }
    }
}
