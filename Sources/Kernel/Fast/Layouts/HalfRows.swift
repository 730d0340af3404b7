import KernelTarget

/// Four fields of 4 lanes turned into one row per lane, in registers: `HalfRows(a, b, c, d)`
/// holds lane `l`'s row `(a[l], b[l], c[l], d[l])`; 8 shuffles, in C (`kernel_shuffles.h`),
/// so that LLVM does not scalarise the arithmetic feeding them.
struct HalfRows {
    typealias V = SIMD4<Float>
    var r0, r1, r2, r3: V

    /// Bits 0–3 of `opaque` mark `a … d` as computed per block (`kernel_transpose4`).
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
