#ifndef KERNEL_SPIN_H
#define KERNEL_SPIN_H

#include "kernel_shuffles.h"

/* A spinning page's whole blocks in `blocks` or `caTransform3D` in 8 lanes of AVX for a build
 * without AVX: SpinLanes' operations, unfused, so the same bits (docs/DESIGN.md, "Per-subview spin"). */

/* SpinLanes' page constants, one Float each. */
typedef struct {
    float xx, yy, zz, xy, xz, yz, x, y, z, m, p, f, g, alpha;
} kernel_spin_page;

/* SpinFlags as bits, and the layout (FrameLayout) as a bit beside them. */
enum { KERNEL_SPIN_SCALES = 1, KERNEL_SPIN_PERSPECTIVE = 2, KERNEL_SPIN_TRANSLATES = 4, KERNEL_SPIN_CATRANSFORM3D = 8 };

/* Blocks a seed, the seed included (SpinSteps.count). */
enum { KERNEL_SPIN_STEPS = 16 };

#if KERNEL_RUNTIME_AVX && !KERNEL_TARGET_AVX
KERNEL_AVX_INLINE kernel_float8 kernel_spin_splat(float v) { return (kernel_float8){v, v, v, v, v, v, v, v}; }

KERNEL_AVX_INLINE kernel_float8 kernel_spin_load(const float *p) {
    kernel_float8 v;
    __builtin_memcpy(&v, p, sizeof v);
    return v;
}

/* Block `r` and `alpha` in `caTransform3D` at `rows` (in address order) and `alphas`, then the
 * identity and alpha 1 in the lanes in `statics`; `char *`: destinations take any alignment. */
KERNEL_AVX_INLINE void kernel_spin_store_catransform3d(const kernel_float8 r[16], kernel_float8 alpha,
                                                        unsigned statics, char *rows, char *alphas) {
    kernel_float8 t[4][4];
#pragma clang loop unroll(full)
    for (int q = 0; q < 4; q++) kernel_transpose4x2_avx(r[4 * q], r[4 * q + 1], r[4 * q + 2], r[4 * q + 3], t[q]);
    kernel_widen_rows_avx(t, rows, 8);
    kernel_widen8_store_avx(alpha, alphas);
    for (unsigned mask = statics; mask != 0; mask &= mask - 1) {
        const int l = __builtin_ctz(mask);
        const kernel_double4 identity[4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
        __builtin_memcpy(rows + 128 * l, identity, sizeof identity);
        const double one = 1;
        __builtin_memcpy(alphas + 8 * l, &one, sizeof one);
    }
}

/* Block `r` and `alpha` in `blocks` at `b` (17 fields of 8 Floats), the lanes in `statics`
 * then the identity and alpha 1. */
KERNEL_AVX_INLINE void kernel_spin_store_block(const kernel_float8 r[16], kernel_float8 alpha, unsigned statics,
                                                char *b) {
#pragma clang loop unroll(full)
    for (int field = 0; field < 16; field++) __builtin_memcpy(b + 32 * field, &r[field], sizeof r[field]);
    __builtin_memcpy(b + 32 * 16, &alpha, sizeof alpha);
    for (unsigned mask = statics; mask != 0; mask &= mask - 1) {
        char *lane = b + 4 * __builtin_ctz(mask);
        const float identity[17] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1}; /* alpha last */
#pragma clang loop unroll(full)
        for (int field = 0; field < 17; field++) __builtin_memcpy(lane + 32 * field, &identity[field], sizeof(float));
    }
}

/* `count` blocks from block `first` of the page at `out` (`alphas` in `caTransform3D`): block j is
 * the seed's lanes turned by the angle at step_cos + 8j, step_sin + 8j (SpinSteps), then its static
 * lanes (statics[first + j]) patched, as LayoutWriter.patchStatics. */
KERNEL_AVX_INLINE void kernel_spin_run(const kernel_spin_page *k, kernel_float8 sin0, kernel_float8 cos0,
                                        const float *step_cos, const float *step_sin, long first, long count,
                                        const float *speeds, const unsigned char *statics, char *out, char *alphas,
                                        const int flags) {
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
            r[12] = f * kernel_spin_load(speeds + 16 * (first + j)) + zero;
            r[13] = g * kernel_spin_load(speeds + 16 * (first + j) + 8) + zero;
        }
        const long i = first + j;
        if (flags & KERNEL_SPIN_CATRANSFORM3D)
            kernel_spin_store_catransform3d(r, alpha, statics[i], out + 1024 * i, alphas + 64 * i);
        else
            kernel_spin_store_block(r, alpha, statics[i], out + 544 * i);
    }
}

/* Blocks `first … end − 1` of the seeds `group + KERNEL_SPIN_STEPS·t` (t < `seeds`, sine and cosine at
 * seed_table[t], seed_table[8 + t]), each seed's lanes by the addition formulas (SpinLanes.angles). */
KERNEL_AVX_INLINE void kernel_spin_seeds(const kernel_spin_page *k, const float *lanes, const float *seed_table,
                                          long seeds, long group, long first, long end, const float *step_table,
                                          const float *speeds, const unsigned char *statics, char *out, char *alphas,
                                          const int flags) {
#pragma clang fp contract(off)
    const kernel_float8 lane_cos = kernel_spin_load(lanes), lane_sin = kernel_spin_load(lanes + 8);
    for (long t = 0; t < seeds; t++) {
        const long seed = group + KERNEL_SPIN_STEPS * t;
        const long next = seed + KERNEL_SPIN_STEPS;
        const long from = seed > first ? seed : first, to = next < end ? next : end;
        if (from >= to) continue;
        const kernel_float8 sb = kernel_spin_splat(seed_table[t]), cb = kernel_spin_splat(seed_table[8 + t]);
        const kernel_float8 sin0 = cb * lane_sin + sb * lane_cos, cos0 = cb * lane_cos - sb * lane_sin;
        const float *step_cos = step_table + 8 * (from - seed), *step_sin = step_cos + 8 * KERNEL_SPIN_STEPS;
        kernel_spin_run(k, sin0, cos0, step_cos, step_sin, from, to - from, speeds, statics, out, alphas, flags);
    }
}

#define KERNEL_SPIN_CASE(F)                                                                                 \
    case F:                                                                                                 \
        kernel_spin_seeds(k, lanes, seed_table, seeds, group, first, end, step_table, speeds, statics, out, \
                          alphas, F);                                                                       \
        return 1

/* kernel_spin_seeds for the page at `out` (`alphas` in `caTransform3D`), its `speeds` and `statics`,
 * SpinSteps' `step_table` (KERNEL_SPIN_STEPS cosines, then as many sines, 8 Floats each), its lanes'
 * cosines and sines at `lanes` (8 each) and its KERNEL_SPIN_ `flags`; 1, or 0 where it has no code. */
static inline __attribute__((target("avx"))) int kernel_spin_blocks_avx(
    const kernel_spin_page *k, const float *lanes, const float *seed_table, long seeds, long group, long first,
    long end, const float *step_table, const float *speeds, const unsigned char *statics, void *out, void *alphas,
    int flags) {
    switch (flags) { /* no SCALES with TRANSLATES: scale ≠ 1 only for Zoom, which never translates (PageConstants) */
        KERNEL_SPIN_CASE(0); KERNEL_SPIN_CASE(1); KERNEL_SPIN_CASE(2); KERNEL_SPIN_CASE(3);
        KERNEL_SPIN_CASE(4); KERNEL_SPIN_CASE(6); KERNEL_SPIN_CASE(8); KERNEL_SPIN_CASE(9);
        KERNEL_SPIN_CASE(10); KERNEL_SPIN_CASE(11); KERNEL_SPIN_CASE(12); KERNEL_SPIN_CASE(14);
    }
    return 0;
}
#else
static inline int kernel_spin_blocks_avx(const kernel_spin_page *k, const float *lanes, const float *seed_table,
                                         long seeds, long group, long first, long end, const float *step_table,
                                         const float *speeds, const unsigned char *statics, void *out, void *alphas,
                                         int flags) {
    (void)k, (void)lanes, (void)seed_table, (void)seeds, (void)group, (void)first, (void)end, (void)step_table,
        (void)speeds, (void)statics, (void)out, (void)alphas, (void)flags;
    return 0;
}
#endif

#endif
