/// `HalfRows` for 8 lanes, where registers hold 4 Floats (8-Float targets use `WideRows.swift`):
/// lane `l`'s row `(a[l], b[l], c[l], d[l])`, lanes 0–3 in `low`, 4–7 in `high`.
struct LaneRows {
    typealias V = Lanes.Floats
    var low, high: HalfRows

    @inline(__always)
    init(_ a: V, _ b: V, _ c: V, _ d: V) {
        low = HalfRows(a.lowHalf, b.lowHalf, c.lowHalf, d.lowHalf)
        high = HalfRows(a.highHalf, b.highHalf, c.highHalf, d.highHalf)
    }

    /// Lane `l`'s row (`l` a constant after inlining, so this is a register).
    @inline(__always)
    func row(_ l: Int) -> SIMD4<Float> {
        l < 4 ? low.row(l) : high.row(l &- 4)
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
