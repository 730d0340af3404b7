#ifndef KERNEL_SPIN_H
#define KERNEL_SPIN_H

#include "kernel_target.h"

/* A spinning page's blocks in `blocks`, in the `avx` strategy of a build without AVX: the
 * operations of FrameKernel+Spin.swift's halves, in 8 lanes at once and unfused (the same
 * bits), since 4-lane registers spill the page's constants (docs/DESIGN.md, "Per-subview spin"). */

/* SpinLanes' page constants, one Float each. */
typedef struct {
    float xx, yy, zz, xy, xz, yz, x, y, z, m, p, f, g, alpha;
} kernel_spin_page;

/* SpinFlags as bits. */
enum { KERNEL_SPIN_SCALES = 1, KERNEL_SPIN_PERSPECTIVE = 2, KERNEL_SPIN_TRANSLATES = 4 };

/* Blocks a seed, the seed included (SpinSteps.count). */
enum { KERNEL_SPIN_STEPS = 16 };

#if KERNEL_RUNTIME_AVX && !KERNEL_TARGET_AVX
#define KERNEL_SPIN_INLINE static inline __attribute__((target("avx"), always_inline))

KERNEL_SPIN_INLINE kernel_float8 kernel_spin_splat(float v) { return (kernel_float8){v, v, v, v, v, v, v, v}; }

KERNEL_SPIN_INLINE kernel_float8 kernel_spin_load(const float *p) {
    kernel_float8 v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

/* `count` blocks from `out` (136 Floats a block), block j the seed's lanes turned by the
 * angle whose cosine and sine are at step_cos + 8j and step_sin + 8j (SpinSteps), its static
 * lanes (bits of statics[j]) then the identity and alpha 1, as LayoutWriter.patchStatics. */
KERNEL_SPIN_INLINE void kernel_spin_run(const kernel_spin_page *k, kernel_float8 sin0, kernel_float8 cos0,
                                        const float *step_cos, const float *step_sin, long count, const float *speeds,
                                        const unsigned char *statics, float *out, const int flags) {
#pragma clang fp contract(off)
    const kernel_float8 xx = kernel_spin_splat(k->xx), yy = kernel_spin_splat(k->yy), zz = kernel_spin_splat(k->zz);
    const kernel_float8 xy = kernel_spin_splat(k->xy), xz = kernel_spin_splat(k->xz), yz = kernel_spin_splat(k->yz);
    const kernel_float8 x = kernel_spin_splat(k->x), y = kernel_spin_splat(k->y), z = kernel_spin_splat(k->z);
    const kernel_float8 m = kernel_spin_splat(k->m), p = kernel_spin_splat(k->p);
    const kernel_float8 f = kernel_spin_splat(k->f), g = kernel_spin_splat(k->g), alpha = kernel_spin_splat(k->alpha);
    const kernel_float8 zero = kernel_spin_splat(0), one = kernel_spin_splat(1);
    for (long j = 0; j < count; j++) {
        const kernel_float8 cj = kernel_spin_load(step_cos + 8 * j), sj = kernel_spin_load(step_sin + 8 * j);
        const kernel_float8 s = cos0 * sj + sin0 * cj, c = cos0 * cj - sin0 * sj;
        const kernel_float8 cc = one - c, xyc = xy * cc, xzc = xz * cc, yzc = yz * cc;
        kernel_float8 r[16] = {
            xx * cc + c, z * s + xyc, xzc - y * s, zero,
            xyc - z * s, yy * cc + c, x * s + yzc, zero,
            y * s + xzc, yzc - x * s, zz * cc + c, zero,
            zero, zero, zero, one,
        };
        if (flags & KERNEL_SPIN_SCALES) {
            r[0] *= m; r[1] *= m; r[4] *= m; r[5] *= m; r[8] *= m; r[9] *= m;
        }
        if (flags & KERNEL_SPIN_PERSPECTIVE) {
            r[3] = r[2] * p + zero; r[7] = r[6] * p + zero; r[11] = r[10] * p + zero;
        }
        if (flags & KERNEL_SPIN_TRANSLATES) {
            r[12] = f * kernel_spin_load(speeds + 16 * j) + zero;
            r[13] = g * kernel_spin_load(speeds + 16 * j + 8) + zero;
        }
        /* Through `char *`: a caller's destination may take any alignment (kernel_shuffles.h). */
        char *b = (char *)(out + 136 * j);
#pragma clang loop unroll(full)
        for (int field = 0; field < 16; field++) __builtin_memcpy(b + 32 * field, &r[field], sizeof r[field]);
        __builtin_memcpy(b + 32 * 16, &alpha, sizeof alpha);
        for (unsigned mask = statics[j]; mask != 0; mask &= mask - 1) {
            char *lane = b + 4 * __builtin_ctz(mask);
            for (int field = 0; field < 17; field++) {
                const float identity = field % 5 == 0 || field == 16 ? 1.0f : 0.0f; /* m11, m22, m33, m44, alpha */
                __builtin_memcpy(lane + 32 * field, &identity, sizeof identity);
            }
        }
    }
}

/* Blocks `first … end − 1` of the seeds `group + KERNEL_SPIN_STEPS·t` (t < `seeds`, the table's sines at
 * `table[t]` and cosines at `table[8 + t]`): each seed's lanes by the addition formulas with
 * the page's `lane_cos`, `lane_sin` (SpinLanes.angles), then kernel_spin_run. */
KERNEL_SPIN_INLINE void kernel_spin_seeds(const kernel_spin_page *k, const float *lanes, const float *table, long seeds,
                                          long group, long first, long end, const float *steps, const float *speeds,
                                          const unsigned char *statics, float *out, const int flags) {
#pragma clang fp contract(off)
    const kernel_float8 lane_cos = kernel_spin_load(lanes), lane_sin = kernel_spin_load(lanes + 8);
    for (long t = 0; t < seeds; t++) {
        const long seed = group + KERNEL_SPIN_STEPS * t;
        const long from = seed > first ? seed : first, to = seed + KERNEL_SPIN_STEPS < end ? seed + KERNEL_SPIN_STEPS : end;
        if (from >= to) continue;
        const kernel_float8 sb = kernel_spin_splat(table[t]), cb = kernel_spin_splat(table[8 + t]);
        const kernel_float8 sin0 = cb * lane_sin + sb * lane_cos, cos0 = cb * lane_cos - sb * lane_sin;
        kernel_spin_run(k, sin0, cos0, steps + 8 * (from - seed), steps + 8 * (KERNEL_SPIN_STEPS + from - seed), to - from,
                        speeds + 16 * from, statics + from, out + 136 * from, flags);
    }
}

#define KERNEL_SPIN_CASE(F) \
    case F: kernel_spin_seeds(k, lanes, table, seeds, group, first, end, steps, speeds, statics, out, F); return 1

/* kernel_spin_seeds for a page in `blocks` from `out` (its speeds and static lane masks from
 * `speeds` and `statics`, SpinSteps'
 * table at `steps`: KERNEL_SPIN_STEPS cosines, then as many sines, 8 Floats each; `lanes`: 8 cosines, 8 sines)
 * with `flags` its KERNEL_SPIN_ bits; returns 1, or 0 where it has no code. */
static inline __attribute__((target("avx"))) int kernel_spin_blocks_avx(
    const kernel_spin_page *k, const float *lanes, const float *table, long seeds, long group, long first, long end,
    const float *steps, const float *speeds, const unsigned char *statics, float *out, int flags) {
    switch (flags) {
        KERNEL_SPIN_CASE(0); KERNEL_SPIN_CASE(1); KERNEL_SPIN_CASE(2); KERNEL_SPIN_CASE(3);
        KERNEL_SPIN_CASE(4); KERNEL_SPIN_CASE(5); KERNEL_SPIN_CASE(6); KERNEL_SPIN_CASE(7);
    }
    return 0;
}
#else
static inline int kernel_spin_blocks_avx(const kernel_spin_page *k, const float *lanes, const float *table, long seeds,
                                         long group, long first, long end, const float *steps, const float *speeds,
                                         const unsigned char *statics, float *out, int flags) {
    (void)k, (void)lanes, (void)table, (void)seeds, (void)group, (void)first, (void)end, (void)steps, (void)speeds,
        (void)statics, (void)out, (void)flags;
    return 0;
}
#endif

#endif
