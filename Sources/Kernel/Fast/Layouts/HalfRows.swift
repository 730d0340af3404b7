import KernelTarget

/// Four fields of 4 lanes turned into one row per lane, in registers: `HalfRows(a, b, c, d)`
/// holds, for lane `l`, the row `(a[l], b[l], c[l], d[l])`. The 4×4 transpose `LaneRows`
/// does on each half of a block, for half blocks (`LayoutWriter.storeHalf`): two rounds of
/// unpack shuffles, `unpcklps`/`unpckhps` then `movlhps`/`movhlps`, 8 shuffles — written in
/// C (`kernel_shuffles.h`), since the same shuffles as SIMD4 initialisers let LLVM
/// scalarise the spin's arithmetic into them.
struct HalfRows {
    typealias V = SIMD4<Float>
    var r0, r1, r2, r3: V

    /// Bits 0–3 of `opaque` mark `a … d` as computed per block, not constants: the C side
    /// then hides how (`KERNEL_OPAQUE4`), so that LLVM keeps the shuffles apart from that
    /// arithmetic instead of pushing them into it (which doubled the multiplies).
    @inline(__always)
    init(_ a: V, _ b: V, _ c: V, _ d: V, opaque: UInt32 = 0) {
        let rows = kernel_transpose4(a, b, c, d, opaque)
        (r0, r1, r2, r3) = (rows.r0, rows.r1, rows.r2, rows.r3)
    }

    /// Lane `l`'s row (`l` a constant after inlining, so this is a register).
    @inline(__always)
    func row(_ l: Int) -> V {
        switch l {
        case 0: return r0
        case 1: return r1
        case 2: return r2
        default: return r3
        }
    }
}
