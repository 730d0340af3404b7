#ifndef KERNEL_GATHER_TEMPLATE_PHASED_H
#define KERNEL_GATHER_TEMPLATE_PHASED_H

#include "kernel_gather_template.h"

/* kernel_gather_template_blocks with aligned 32-byte stores: a row's 16-byte pieces in pairs, (p0 p1)
 * … at 0 mod 32, (p1 p2) … (p7 p0') at 16 (docs/DESIGN.md, "The template gather in phase"). */

#if KERNEL_RUNTIME_AVX
/* The floats a block of the blocks layout takes: 17 fields of 8 lanes (Lanes.frameBlockFloats). */
#define KERNEL_BLOCK_FLOATS 136

/* A row's pieces p0 … p7 (p6 unused: each lane's own m41 m42 takes its place). */
typedef struct {
    kernel_double2 p[8];
} kernel_row_pieces;

KERNEL_AVX_INLINE void kernel_store_aligned32(double *to, kernel_double2 lo, kernel_double2 hi) {
    const kernel_double4 v = __builtin_shufflevector(lo, hi, 0, 1, 2, 3);
    __builtin_memcpy(to, &v, sizeof v);
}

/* Row `row` at phase 16 mod 32: stores from row + 2 on; the last one takes the next row's
 * p0 (`next0`), or with `last` is p7 alone. */
KERNEL_AVX_INLINE void kernel_phased_row16(double *row, kernel_row_pieces r, kernel_double2 translation,
                                           kernel_double2 next0, int last) {
    kernel_store_aligned32(row + 2, r.p[1], r.p[2]);
    kernel_store_aligned32(row + 6, r.p[3], r.p[4]);
    kernel_store_aligned32(row + 10, r.p[5], translation);
    if (last) __builtin_memcpy((char *)(row + 14), &r.p[7], sizeof r.p[7]);
    else kernel_store_aligned32(row + 14, r.p[7], next0);
}

/* Row `row` at phase 0 mod 32. */
KERNEL_AVX_INLINE void kernel_phased_row0(double *row, kernel_row_pieces r, kernel_double2 translation) {
    kernel_store_aligned32(row + 0, r.p[0], r.p[1]);
    kernel_store_aligned32(row + 4, r.p[2], r.p[3]);
    kernel_store_aligned32(row + 8, r.p[4], r.p[5]);
    kernel_store_aligned32(row + 12, translation, r.p[7]);
}

#define KERNEL_LANE_STATIC(mask, l) (((mask) >> (l)) & 1)

/* One block at phase 16 mod 32: lane l's row is `t` (`identity` where bit l of `statics`
 * is set) with its own m41 m42; lane 7's last store takes the next block's lane 0 p0
 * (`next_static`: whether that lane is static), or with `last` stops at the row's end. */
KERNEL_AVX_INLINE void kernel_phased_block16(const float *block, double *out, kernel_row_pieces t,
                                             kernel_row_pieces identity, unsigned statics, unsigned next_static,
                                             int last) {
#define KERNEL_ROW_OF(l) (KERNEL_LANE_STATIC(statics, l) ? identity : t)
#define KERNEL_P0_OF(l) (KERNEL_LANE_STATIC(statics, l) ? identity.p[0] : t.p[0])
#define KERNEL_PHASED16_LANES(l)                                                                   \
    {                                                                                              \
        const kernel_lane_pair pair = kernel_widen_lane_pair(block, 12, (l));                      \
        kernel_phased_row16(out + 16 * (l), KERNEL_ROW_OF(l), pair.lo, KERNEL_P0_OF((l) + 1), 0); \
        if ((l) + 1 < 7)                                                                           \
            kernel_phased_row16(out + 16 * ((l) + 1), KERNEL_ROW_OF((l) + 1), pair.hi,             \
                                KERNEL_P0_OF((l) + 2), 0);                                         \
        else                                                                                       \
            kernel_phased_row16(out + 16 * ((l) + 1), KERNEL_ROW_OF((l) + 1), pair.hi,             \
                                next_static ? identity.p[0] : t.p[0], last);                       \
    }
    KERNEL_PHASED16_LANES(0)
    KERNEL_PHASED16_LANES(2)
    KERNEL_PHASED16_LANES(4)
    KERNEL_PHASED16_LANES(6)
#undef KERNEL_PHASED16_LANES
#undef KERNEL_P0_OF
#undef KERNEL_ROW_OF
}

/* One block at phase 0 mod 32. */
KERNEL_AVX_INLINE void kernel_phased_block0(const float *block, double *out, kernel_row_pieces t,
                                            kernel_row_pieces identity, unsigned statics) {
#define KERNEL_PHASED0_LANES(l)                                                                              \
    {                                                                                                        \
        const kernel_lane_pair pair = kernel_widen_lane_pair(block, 12, (l));                                \
        kernel_phased_row0(out + 16 * (l), KERNEL_LANE_STATIC(statics, l) ? identity : t, pair.lo);           \
        kernel_phased_row0(out + 16 * ((l) + 1), KERNEL_LANE_STATIC(statics, (l) + 1) ? identity : t, pair.hi); \
    }
    KERNEL_PHASED0_LANES(0)
    KERNEL_PHASED0_LANES(2)
    KERNEL_PHASED0_LANES(4)
    KERNEL_PHASED0_LANES(6)
#undef KERNEL_PHASED0_LANES
}

#undef KERNEL_LANE_STATIC

/* What kernel_gather_template_blocks writes, for `out` at 0 or 16 mod 32 (else 0, nothing written);
 * a block with no static lane, nor in its successor's lane 0, stores only `t`, so constant masks
 * fold. AVX only: call where CPUFeatures.host has it. */
__attribute__((target("avx"))) static inline int kernel_gather_template_blocks_phased(
    const float *source, long blocks, double *out, const unsigned char *statics, const double *template16) {
    const unsigned long phase = (unsigned long)out & 31;
    if (phase != 0 && phase != 16) return 0;
    if (blocks <= 0) return 1;
    kernel_row_pieces t;
    __builtin_memcpy(&t, template16, sizeof t);
    const kernel_row_pieces identity = {{{1, 0}, {0, 0}, {0, 1}, {0, 0}, {0, 0}, {1, 0}, {0, 0}, {0, 1}}};
    if (phase == 0) {
        for (long b = 0; b < blocks; b++) {
            const unsigned mask = statics[b];
            const float *block = source + KERNEL_BLOCK_FLOATS * b;
            if (mask == 0) kernel_phased_block0(block, out + 128 * b, t, t, 0);
            else kernel_phased_block0(block, out + 128 * b, t, identity, mask);
        }
        return 1;
    }
    for (long b = 0; b < blocks; b++) {
        const unsigned mask = statics[b];
        const float *block = source + KERNEL_BLOCK_FLOATS * b;
        if (b + 1 == blocks) {
            kernel_phased_block16(block, out + 128 * b, t, identity, mask, 0, 1);
            continue;
        }
        const unsigned next = statics[b + 1] & 1;
        if ((mask | next) == 0) kernel_phased_block16(block, out + 128 * b, t, t, 0, 0, 0);
        else kernel_phased_block16(block, out + 128 * b, t, identity, mask, next, 0);
    }
    __builtin_memcpy((char *)out, (statics[0] & 1) ? &identity.p[0] : &t.p[0], sizeof t.p[0]);
    return 1;
}
#else
static inline int kernel_gather_template_blocks_phased(const float *source, long blocks, double *out,
                                                       const unsigned char *statics, const double *template16) {
    (void)source; (void)blocks; (void)out; (void)statics; (void)template16;
    return 0;
}
#endif

#endif
