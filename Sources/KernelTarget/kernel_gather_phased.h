#ifndef KERNEL_GATHER_PHASED_H
#define KERNEL_GATHER_PHASED_H

#include "kernel_shuffles.h"

/* The gather from `blocks` of a page that does not share a template, in the `avx` strategy:
 * with `out` at 8·s bytes before a 32-byte boundary, each 32-byte store holds Doubles
 * s + 4g … s + 4g + 3 of a row (docs/DESIGN.md, "In phase with the destination"). */

#if KERNEL_RUNTIME_AVX
/* Field c of the phase's fields for one block: c < 16 is field c; c ≥ 16 is field c − 16
 * one lane on (lanes 1 … 7, then the next block's lane 0). */
KERNEL_AVX_INLINE kernel_float8 kernel_phase_field(const float *block, const float *next, int c) {
    kernel_float8 v;
    if (c < 16) {
        __builtin_memcpy(&v, block + 8 * c, sizeof v);
        return v;
    }
    __builtin_memcpy(&v, block + 8 * (c - 16) + 1, sizeof v);
    const float first = next[8 * (c - 16)];
    const kernel_float8 broadcast = {first, first, first, first, first, first, first, first};
    return __builtin_shufflevector(v, broadcast, 0, 1, 2, 3, 4, 5, 6, 15);
}

/* One block at phase s (a constant after inlining): Doubles s … s + 127 of its 8 rows at `out`. */
KERNEL_AVX_INLINE void kernel_gather_phase_block(const float *block, const float *next, double *out, int s) {
    kernel_float8 t[4][4];
#pragma clang loop unroll(full)
    for (int g = 0; g < 4; g++) {
        const int c = s + 4 * g;
        kernel_transpose4x2_avx(kernel_phase_field(block, next, c), kernel_phase_field(block, next, c + 1),
                                kernel_phase_field(block, next, c + 2), kernel_phase_field(block, next, c + 3), t[g]);
    }
    kernel_widen_rows_avx(t, (char *)(out + s), 8);
}

#define KERNEL_GATHER_PHASE_LOOP(S)                                                                           \
    for (long b = 0; b + 1 < blocks; b++)                                                                     \
    kernel_gather_phase_block(source + b * 136, source + (b + 1) * 136, out + b * 128, S)

/* Rows 0 … 8·(blocks − 1) − 1 of the whole blocks at `source` as 16 Doubles each at `out` (8-byte
 * aligned, s from its address), and the next row's first s Doubles; the last block's rows, which this
 * would read past, are the caller's (kernel_gather_block_to). AVX only (CPUFeatures.host). */
__attribute__((target("avx"))) static inline void kernel_gather_blocks_phased(const float *source, long blocks,
                                                                              double *out) {
    if (blocks < 2) return;
    const int s = (int)((32 - ((unsigned long)out & 31)) / 8 & 3);
    for (int c = 0; c < s; c++) out[c] = (double)source[8 * c];
    switch (s) {
    case 0: KERNEL_GATHER_PHASE_LOOP(0); break;
    case 1: KERNEL_GATHER_PHASE_LOOP(1); break;
    case 2: KERNEL_GATHER_PHASE_LOOP(2); break;
    default: KERNEL_GATHER_PHASE_LOOP(3); break;
    }
}
#undef KERNEL_GATHER_PHASE_LOOP
#else
static inline void kernel_gather_blocks_phased(const float *source, long blocks, double *out) {
    (void)source; (void)blocks; (void)out;
}
#endif

#endif
