#ifndef KERNEL_GATHER_H
#define KERNEL_GATHER_H

#include "kernel_target.h"

/* The gather from `blocks` with AVX chosen at run time, for a build of any target: the
 * package's default x86-64 build has no AVX, and flags that would give it some cannot go
 * on a library target. The function below carries its own target attribute; the Swift code
 * calls it (no inlining across targets) only where kernel_cpu_has_avx() says so.
 *
 * Why it exists (AMD EPYC, Zen 2, measured with loops of independent instructions): a
 * conversion from a register (vcvtps2pd), a 128-bit extract or swap (vextractf128,
 * vperm2f128, vinsertf128) and the data of a store, of any width, share one pipe, one a
 * cycle, while a conversion with its operand in memory does not. The wide kernel's block
 * (kernel_gather_block_wide) took 32 register conversions, 16 extracts and 32 stores: 80
 * cycles of that pipe, 3.2 ns a subview with everything in L1. Here the 4×4 transposes
 * (unpck, on two other pipes) go to 512 bytes of stack, 16 stores, and the 32 conversions
 * read them from there: 48 cycles, 1.9 ns a subview in L1; 2.4 against 2.9 (the 16-byte
 * kernel) and 3.2 (the wide one) with the destination in L2 (1k subviews), 2.8 against 3.2
 * and 3.3 at 10k.
 *
 * A 32-byte store that crosses a cache line costs that pipe two cycles (a store loop: 2.6
 * ns a subview at 16 mod 32 against 1.2 aligned), and a Swift array's elements begin at 16
 * mod 32. So the rows are written in phase with the destination: with `out` at 8·s bytes
 * before a 32-byte boundary (s = 0 … 3), each 32-byte store holds Doubles s + 4g … s + 4g
 * + 3 of a row, and the last of a lane's four runs into the next lane's first s fields
 * (for lane 7, the next block's lane 0). Every store is aligned.
 *
 * On Zen 3 and later the conversions stay in registers (`registers`): an AMD EPYC Zen 5
 * (family 0x1a) runs them and the extracts beside the stores, and the trip through the
 * scratch is the slower one there (C loops, destination 64-byte aligned, default build
 * with this file's AVX: 1.27 against 1.43 ns a subview at 1k and 2k, 1.73 against 1.74 at
 * 10k; at 16 mod 64 1.28 against 1.52; the wide kernel in an AVX2 build 1.12–1.42). */

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__clang__) || defined(__GNUC__))
#define KERNEL_HAS_RUNTIME_AVX 1
#else
#define KERNEL_HAS_RUNTIME_AVX 0
#endif

/* Whether this CPU runs AVX and the operating system keeps its registers (CPUID leaf 1's
 * AVX and OSXSAVE bits, then XCR0's SSE and AVX state bits). 0 off x86. */
static inline int kernel_cpu_has_avx(void) {
#if KERNEL_HAS_RUNTIME_AVX && KERNEL_HAS_CPUID
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 28)) || !(c & (1u << 27))) return 0;
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (lo & 6u) == 6u;
#else
    return 0;
#endif
}

#if KERNEL_HAS_RUNTIME_AVX
#define KERNEL_AVX_INLINE static inline __attribute__((target("avx"), always_inline))

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

/* One block at phase s (a constant after inlining): Doubles s … s + 127 of its 8 rows at
 * `out` (lane l's row at out + 16·l), the last s of them the next block's lane 0 fields.
 * Per group of 4 fields the 4×4 transpose on both halves (kernel_transpose4x2's shuffles,
 * written again: a function without the AVX target attribute cannot take 8-lane vectors
 * from one with it), stored to `scratch` unless `registers` (a constant too) keeps them in
 * registers; then per lane and group a 4-lane conversion and an aligned 32-byte store, in
 * address order. */
KERNEL_AVX_INLINE void kernel_gather_phase_block(const float *block, const float *next, double *out, int s,
                                                 int registers) {
    kernel_float8 scratch[4][4];
    /* Unrolled: the importer's code for the Swift module does not unroll these itself. */
#pragma clang loop unroll(full)
    for (int g = 0; g < 4; g++) {
        const int c = s + 4 * g;
        const kernel_float8 a = kernel_phase_field(block, next, c), b = kernel_phase_field(block, next, c + 1);
        const kernel_float8 x = kernel_phase_field(block, next, c + 2), y = kernel_phase_field(block, next, c + 3);
        const kernel_float8 ab0 = __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
        const kernel_float8 ab1 = __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
        const kernel_float8 xy0 = __builtin_shufflevector(x, y, 0, 8, 1, 9, 4, 12, 5, 13);
        const kernel_float8 xy1 = __builtin_shufflevector(x, y, 2, 10, 3, 11, 6, 14, 7, 15);
        scratch[g][0] = __builtin_shufflevector(ab0, xy0, 0, 1, 8, 9, 4, 5, 12, 13);
        scratch[g][1] = __builtin_shufflevector(ab0, xy0, 2, 3, 10, 11, 6, 7, 14, 15);
        scratch[g][2] = __builtin_shufflevector(ab1, xy1, 0, 1, 8, 9, 4, 5, 12, 13);
        scratch[g][3] = __builtin_shufflevector(ab1, xy1, 2, 3, 10, 11, 6, 7, 14, 15);
    }
    /* Without this the optimizer keeps the transposed rows in registers and converts the
     * high halves after extracts: the very pipe cycles the scratch is there to save on Zen 2. */
    if (!registers) __asm__ volatile("" : : "r"(scratch) : "memory");
#pragma clang loop unroll(full)
    for (int l = 0; l < 8; l++) {
#pragma clang loop unroll(full)
        for (int g = 0; g < 4; g++) {
            kernel_float4 f;
            __builtin_memcpy(&f, (const float *)&scratch[g][l & 3] + 4 * (l >> 2), sizeof f);
            const kernel_double4 wide = __builtin_convertvector(f, kernel_double4);
            __builtin_memcpy((char *)(out + 16 * l + s + 4 * g), &wide, sizeof wide);
        }
    }
}

/* The floats a block of the blocks layout takes: 17 fields of 8 lanes (Lanes.frameBlockFloats). */
#define KERNEL_BLOCK_FLOATS 136

#define KERNEL_GATHER_PHASE_BLOCK(S, R)                                                                   \
    kernel_gather_phase_block(source + b * KERNEL_BLOCK_FLOATS, source + (b + 1) * KERNEL_BLOCK_FLOATS, \
                              out + b * 128, S, R)
#define KERNEL_GATHER_PHASE_WALK(S, R)                                         \
    if (backward)                                                              \
        for (long b = blocks - 2; b >= 0; b--) KERNEL_GATHER_PHASE_BLOCK(S, R); \
    else                                                                       \
        for (long b = 0; b + 1 < blocks; b++) KERNEL_GATHER_PHASE_BLOCK(S, R)
#define KERNEL_GATHER_PHASE_LOOP(S)                       \
    if (registers) { KERNEL_GATHER_PHASE_WALK(S, 1); }    \
    else { KERNEL_GATHER_PHASE_WALK(S, 0); }

#endif

/* Rows 0 … 8·(blocks − 1) − 1 of the `blocks` whole blocks at `source` as 16 Doubles each
 * at `out` (8-byte aligned), and the first s Doubles of the next row (s as above, from
 * `out`'s address): the last block's rows are the caller's (kernel_gather_block), since
 * this would read past them. `backward` walks the blocks last to first (GatherTurns);
 * `registers` converts from registers rather than the scratch (Zen 3 and later); the
 * values are the same. With AVX only: call where kernel_cpu_has_avx() says so. */
#if KERNEL_HAS_RUNTIME_AVX
__attribute__((target("avx"))) static inline void kernel_gather_blocks_phased(const float *source, long blocks,
                                                                              double *out, int backward,
                                                                              int registers) {
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
#else
static inline void kernel_gather_blocks_phased(const float *source, long blocks, double *out, int backward,
                                               int registers) {
    (void)source; (void)blocks; (void)out; (void)backward; (void)registers;
}
#endif

#endif
