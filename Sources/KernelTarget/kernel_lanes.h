#ifndef KERNEL_LANES_H
#define KERNEL_LANES_H

#include "kernel_target.h"

/* Lane operations Swift's SIMD types compile to calls or lane loops, as inlined Clang vector expressions
 * (docs/DESIGN.md, "Lane operations as Clang vector expressions"). */

#define KERNEL_LANES_INLINE static inline __attribute__((always_inline))

/* Minimum, maximum (a NaN lane in either gives `a`'s), division, square root: minps, maxps, divps, sqrtps. */
KERNEL_LANES_INLINE kernel_float8 kernel_min8(kernel_float8 a, kernel_float8 b) { return b < a ? b : a; }
KERNEL_LANES_INLINE kernel_float8 kernel_max8(kernel_float8 a, kernel_float8 b) { return b > a ? b : a; }
KERNEL_LANES_INLINE kernel_float8 kernel_div8(kernel_float8 a, kernel_float8 b) { return a / b; }
KERNEL_LANES_INLINE kernel_float8 kernel_sqrt8(kernel_float8 a) { return __builtin_elementwise_sqrt(a); }

/* `min(max(a, 0), 1)` per lane with a NaN lane kept NaN (the reference's clamp of alpha). */
KERNEL_LANES_INLINE kernel_float8 kernel_clamp_unit8(kernel_float8 a) {
    const kernel_float8 r = 0.0f > a ? 0.0f : a;
    return 1.0f < r ? 1.0f : r;
}

/* Float(d) per lane (cvtpd2ps) and Double(f) per lane (cvtps2pd). */
KERNEL_LANES_INLINE kernel_float8 kernel_narrow8(kernel_double8 d) { return __builtin_convertvector(d, kernel_float8); }
KERNEL_LANES_INLINE kernel_double8 kernel_widen8(kernel_float8 f) { return __builtin_convertvector(f, kernel_double8); }

/* 1 when every lane of `v` is ≤ `bound` (0 for a NaN lane). */
KERNEL_LANES_INLINE int kernel_all_at_most8(kernel_float8 v, float bound) {
    return __builtin_reduce_and(v <= bound) != 0;
}

/* Bit l set when lane l is not within `lo ≤ τ < hi` (NaN lanes included): cmppd, movmskpd. */
typedef _Bool kernel_bool8 __attribute__((ext_vector_type(8)));
KERNEL_LANES_INLINE unsigned kernel_outside_mask8(kernel_double8 tau, kernel_double8 lo, kernel_double8 hi) {
    const kernel_bool8 inside = __builtin_convertvector((tau >= lo) & (tau < hi), kernel_bool8);
    return (unsigned char)~__builtin_bit_cast(unsigned char, inside);
}

/* Minimum, maximum, division, square root, narrowing and "all at most" on 4 lanes, for
 * targets whose registers hold 4 Floats (`EasingVector`). */
KERNEL_LANES_INLINE kernel_float4 kernel_min4(kernel_float4 a, kernel_float4 b) { return b < a ? b : a; }
KERNEL_LANES_INLINE kernel_float4 kernel_max4(kernel_float4 a, kernel_float4 b) { return b > a ? b : a; }
KERNEL_LANES_INLINE kernel_float4 kernel_div4(kernel_float4 a, kernel_float4 b) { return a / b; }
KERNEL_LANES_INLINE kernel_float4 kernel_sqrt4(kernel_float4 a) { return __builtin_elementwise_sqrt(a); }
KERNEL_LANES_INLINE kernel_float4 kernel_narrow4(kernel_double4 d) { return __builtin_convertvector(d, kernel_float4); }
KERNEL_LANES_INLINE int kernel_all_at_most4(kernel_float4 v, float bound) {
    return __builtin_reduce_and(v <= bound) != 0;
}

#endif
