#ifndef ANCHOR_TRIG_H
#define ANCHOR_TRIG_H

#include "simd.h"

/* Sine and cosine of 8 angles at once, VectorTrig.swift's method and constants (explained
 * there): Cody–Waite reduction in Double, Cephes' polynomials in Float, the quadrant from the
 * low bits of θ·2/π + 1.5·2⁵². Error at most 1.5e-7 for |θ| ≤ 2²⁰. */
INLINE void sincos8(d8 theta, f8 *sin_out, f8 *cos_out) {
    const d8 magic = splat8d(6755399441055744.0);
    const d8 shifted = theta * 0.63661977236758134308 + magic;
    const d8 n = shifted - magic;
    const d8 r = ((theta - n * 1.5707963705062866) - n * -4.371138828673793e-08) - n * -1.7151244994428829e-15;
    const u8 q = __builtin_convertvector((ul8)shifted & 3, u8);

    const f8 x = __builtin_convertvector(r, f8), z = x * x;
    const f8 sin_poly =
        MADD(z, MADD(z, splat8(-1.9515295891e-4f), splat8(8.3321608736e-3f)), splat8(-1.6666654611e-1f));
    const f8 sin_r = MADD(x * z, sin_poly, x);
    const f8 cos_poly = MADD(z, MADD(z, splat8(2.443315711809948e-5f), splat8(-1.388731625493765e-3f)),
                             splat8(4.166664568298827e-2f));
    const f8 cos_r = MADD(z * z, cos_poly, NMADD(splat8(0.5f), z, splat8(1.0f)));

    const u8 odd = -(q & 1);  /* all ones where q is odd */
    const u8 s = ((u8)sin_r & ~odd) | ((u8)cos_r & odd), c = ((u8)cos_r & ~odd) | ((u8)sin_r & odd);
    *sin_out = (f8)(s ^ ((q & 2) << 30));
    *cos_out = (f8)(c ^ (((q + 1) & 2) << 30));
}

#endif
