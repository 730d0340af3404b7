#ifndef KERNEL_GATHER_PHASED_H
#define KERNEL_GATHER_PHASED_H

#include "kernel_target.h"

/* The gather from `blocks` of a page that does not share a template, in the `avx` strategy:
 * with `out` at 8·s bytes before a 32-byte boundary, each 32-byte store holds Doubles
 * s + 4g … s + 4g + 3 of a row (docs/DESIGN.md, "In phase with the destination"). */

#if KERNEL_RUNTIME_AVX
#define KERNEL_PHASE_INLINE static inline __attribute__((target("avx"), always_inline))

/* Field c of the phase's fields for one block: c < 16 is field c; c ≥ 16 is field c − 16
 * one lane on (lanes 1 … 7, then the next block's lane 0). */
KERNEL_PHASE_INLINE kernel_float8 kernel_phase_field(const float *block, const float *next, int c) {
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

/* One block at phase s (a constant after inlining): Doubles s … s + 127 of its 8 rows at
 * `out`. The transposes repeat kernel_transpose4x2's: a function without the AVX target
 * attribute cannot take 8-lane vectors from one with it. */
KERNEL_PHASE_INLINE void kernel_gather_phase_block(const float *block, const float *next, double *out, int s) {
    kernel_float8 t[4][4];
#pragma clang loop unroll(full)
    for (int g = 0; g < 4; g++) {
        const int c = s + 4 * g;
        const kernel_float8 a = kernel_phase_field(block, next, c), b = kernel_phase_field(block, next, c + 1);
        const kernel_float8 x = kernel_phase_field(block, next, c + 2), y = kernel_phase_field(block, next, c + 3);
        const kernel_float8 ab0 = __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
        const kernel_float8 ab1 = __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
        const kernel_float8 xy0 = __builtin_shufflevector(x, y, 0, 8, 1, 9, 4, 12, 5, 13);
        const kernel_float8 xy1 = __builtin_shufflevector(x, y, 2, 10, 3, 11, 6, 14, 7, 15);
        t[g][0] = __builtin_shufflevector(ab0, xy0, 0, 1, 8, 9, 4, 5, 12, 13);
        t[g][1] = __builtin_shufflevector(ab0, xy0, 2, 3, 10, 11, 6, 7, 14, 15);
        t[g][2] = __builtin_shufflevector(ab1, xy1, 0, 1, 8, 9, 4, 5, 12, 13);
        t[g][3] = __builtin_shufflevector(ab1, xy1, 2, 3, 10, 11, 6, 7, 14, 15);
    }
#pragma clang loop unroll(full)
    for (int l = 0; l < 8; l++) {
#pragma clang loop unroll(full)
        for (int g = 0; g < 4; g++) {
            const kernel_float8 v = t[g][l & 3];
            const kernel_float4 f = l < 4 ? __builtin_shufflevector(v, v, 0, 1, 2, 3) : __builtin_shufflevector(v, v, 4, 5, 6, 7);
            const kernel_double4 wide = __builtin_convertvector(f, kernel_double4);
            __builtin_memcpy((char *)(out + 16 * l + s + 4 * g), &wide, sizeof wide);
        }
    }
}

#define KERNEL_GATHER_PHASE_LOOP(S)                                                                           \
    for (long b = 0; b + 1 < blocks; b++)                                                                     \
    kernel_gather_phase_block(source + b * 136, source + (b + 1) * 136, out + b * 128, S)

/* Rows 0 … 8·(blocks − 1) − 1 of the `blocks` whole blocks at `source` (136 Floats a block)
 * as 16 Doubles each at `out` (8-byte aligned), and the first s Doubles of the next row (s
 * from `out`'s address): the last block's rows are the caller's (kernel_gather_block_to),
 * since this would read past them. With AVX only: call where CPUFeatures.host has it. */
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
