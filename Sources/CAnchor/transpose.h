#ifndef ANCHOR_TRANSPOSE_H
#define ANCHOR_TRANSPOSE_H

#include "simd.h"

/* Square transposes in registers, fields in lanes to one row per lane. On x86 without AVX the
 * interleaves of per-chunk fields (`pin` set) are pinned in asm to the integer forms, which run on
 * two ports where LLVM's float forms run on one (docs/DESIGN.md, "Reading a frame out"). */
#if ANCHOR_X86 && !defined(__AVX__)
#define ANCHOR_PINS_SHUFFLES 1
#define ANCHOR_PINNED_SHUFFLE(op, a, b) __asm__(op " %1, %0" : "+x"(a) : "x"(b))
#else
#define ANCHOR_PINS_SHUFFLES 0
#define ANCHOR_PINNED_SHUFFLE(op, a, b) ((void)0)
#endif

/* An interleave of a and b: the shuffle, or with `pin` the asm instruction OP. */
#define ANCHOR_INTERLEAVE(NAME, OP, ...)                                                  \
    INLINE f4 NAME(f4 a, f4 b, int pin) {                                                 \
        if (ANCHOR_PINS_SHUFFLES && pin) { ANCHOR_PINNED_SHUFFLE(OP, a, b); return a; }   \
        return __builtin_shufflevector(a, b, __VA_ARGS__);                                \
    }
ANCHOR_INTERLEAVE(zip_low, "punpckldq", 0, 4, 1, 5)      /* a0 b0 a1 b1 */
ANCHOR_INTERLEAVE(zip_high, "punpckhdq", 2, 6, 3, 7)     /* a2 b2 a3 b3 */
ANCHOR_INTERLEAVE(halves_low, "punpcklqdq", 0, 1, 4, 5)  /* a0 a1 b0 b1 */
ANCHOR_INTERLEAVE(halves_high, "punpckhqdq", 2, 3, 6, 7) /* a2 a3 b2 b3 */

/* 4×4 (SSE2, NEON, 8 shuffles): in[c] holds field c of lanes 0…3, out[l] fields 0…3 of lane l.
 * Bit c of `computed` (c < 4) pins the interleaves in[c] feeds; page constants fold. */
INLINE void transpose4(const f4 *in, f4 *out, unsigned computed) {
    const int ab = (computed & 3) != 0, cd = (computed & 12) != 0, any = ab || cd;
    const f4 t0 = zip_low(in[0], in[1], ab), t1 = zip_high(in[0], in[1], ab);
    const f4 t2 = zip_low(in[2], in[3], cd), t3 = zip_high(in[2], in[3], cd);
    out[0] = halves_low(t0, t2, any), out[1] = halves_high(t0, t2, any);
    out[2] = halves_low(t1, t3, any), out[3] = halves_high(t1, t3, any);
}

/* 8×8 (AVX): the same two stages within each 128-bit half (vunpcklps, vshufps), then a
 * swap of halves (vperm2f128): 24 shuffles. */
INLINE void transpose8(const f8 *in, f8 *out) {
    f8 t[8], u[8];
    for (int i = 0; i < 8; i += 2) {
        t[i] = __builtin_shufflevector(in[i], in[i + 1], 0, 8, 1, 9, 4, 12, 5, 13);
        t[i + 1] = __builtin_shufflevector(in[i], in[i + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
    for (int i = 0; i < 8; i += 4) {
        u[i] = __builtin_shufflevector(t[i], t[i + 2], 0, 1, 8, 9, 4, 5, 12, 13);
        u[i + 1] = __builtin_shufflevector(t[i], t[i + 2], 2, 3, 10, 11, 6, 7, 14, 15);
        u[i + 2] = __builtin_shufflevector(t[i + 1], t[i + 3], 0, 1, 8, 9, 4, 5, 12, 13);
        u[i + 3] = __builtin_shufflevector(t[i + 1], t[i + 3], 2, 3, 10, 11, 6, 7, 14, 15);
    }
    /* u[j] holds lanes j (low half) and j + 4 (high half) of fields 0…3; u[j + 4] of 4…7. */
    for (int j = 0; j < 4; j++) {
        out[j] = __builtin_shufflevector(u[j], u[j + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        out[j + 4] = __builtin_shufflevector(u[j], u[j + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

#endif
