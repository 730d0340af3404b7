#ifndef ANCHOR_TRANSPOSE_H
#define ANCHOR_TRANSPOSE_H

#include "simd.h"

/* Square transposes in registers, from fields in lanes to one row per lane.
 *
 * 4×4 (SSE2, NEON): in[c] holds field c of lanes 0…3; out[l] holds fields 0…3 of lane l.
 * Interleave pairs of fields (unpcklps/unpckhps, zip), then pairs of pairs (movlhps/movhlps):
 * 8 shuffles. */
INLINE void transpose4(const f4 *in, f4 *out) {
    const f4 t0 = __builtin_shufflevector(in[0], in[1], 0, 4, 1, 5);
    const f4 t1 = __builtin_shufflevector(in[0], in[1], 2, 6, 3, 7);
    const f4 t2 = __builtin_shufflevector(in[2], in[3], 0, 4, 1, 5);
    const f4 t3 = __builtin_shufflevector(in[2], in[3], 2, 6, 3, 7);
    out[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5), out[1] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    out[2] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5), out[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
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
