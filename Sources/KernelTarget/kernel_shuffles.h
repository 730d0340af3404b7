#ifndef KERNEL_SHUFFLES_H
#define KERNEL_SHUFFLES_H

#include "kernel_target.h"

/* Register transposes as LLVM shuffles: Swift has no shuffle of two vectors, and transposes
 * written with SIMD4 initialisers get scalarised. Stores go through `char *`: destinations take
 * any alignment, and Clang assumes a typed pointer's alignment in __builtin_memcpy. */

/* An optimisation barrier (no instruction): the optimizer cannot move the transposes'
 * shuffles into the arithmetic that computes `v`, which duplicated it. Takes 16 bytes. */
#if KERNEL_X86
#define KERNEL_OPAQUE4(v) __asm__("" : "+x"(v))
#elif defined(__aarch64__) || defined(__arm__)
#define KERNEL_OPAQUE4(v) __asm__("" : "+w"(v))
#else
#define KERNEL_OPAQUE4(v) ((void)0)
#endif

/* Rows r0 … r3: row l is (a[l], b[l], c[l], d[l]). */
typedef struct {
    kernel_float4 r0, r1, r2, r3;
} kernel_rows4;

/* The 4×4 transpose (8 shuffles). Bit i of `opaque` hides input i (KERNEL_OPAQUE4): set it for
 * values computed per block so the shuffles stay shuffles, clear for constants so they fold. */
static inline __attribute__((always_inline)) kernel_rows4 kernel_transpose4(kernel_float4 a, kernel_float4 b,
                                                                            kernel_float4 c, kernel_float4 d,
                                                                            unsigned opaque) {
    if (opaque & 1) KERNEL_OPAQUE4(a);
    if (opaque & 2) KERNEL_OPAQUE4(b);
    if (opaque & 4) KERNEL_OPAQUE4(c);
    if (opaque & 8) KERNEL_OPAQUE4(d);
    const kernel_float4 t0 = __builtin_shufflevector(a, b, 0, 4, 1, 5), t1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    const kernel_float4 t2 = __builtin_shufflevector(c, d, 0, 4, 1, 5), t3 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    kernel_rows4 rows = {
        __builtin_shufflevector(t0, t2, 0, 1, 4, 5), __builtin_shufflevector(t0, t2, 2, 3, 6, 7),
        __builtin_shufflevector(t1, t3, 0, 1, 4, 5), __builtin_shufflevector(t1, t3, 2, 3, 6, 7),
    };
    return rows;
}

/* Four Floats widened to Doubles; Swift's SIMD4<Double>(SIMD4<Float>) may convert per lane. */
static inline __attribute__((always_inline)) kernel_double4 kernel_widen4(kernel_float4 v) {
    return __builtin_convertvector(v, kernel_double4);
}

/* KERNEL_OPAQUE4 for 8 lanes. */
static inline __attribute__((always_inline)) kernel_float8 kernel_opaque8(kernel_float8 v) {
#if KERNEL_TARGET_AVX
    __asm__("" : "+x"(v));
    return v;
#else
    kernel_float4 lo = __builtin_shufflevector(v, v, 0, 1, 2, 3), hi = __builtin_shufflevector(v, v, 4, 5, 6, 7);
    KERNEL_OPAQUE4(lo);
    KERNEL_OPAQUE4(hi);
    return __builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7);
#endif
}

/* 8-lane vectors cross from Swift through memory (Swift imports C vectors of at most 4
 * elements): field c at fields + 8c; bit c of `opaque` hides field c, as in kernel_transpose4. */
static inline __attribute__((always_inline)) kernel_float8 kernel_field8(const float *fields, int c,
                                                                        unsigned opaque) {
    kernel_float8 v;
    __builtin_memcpy(&v, fields + 8 * c, sizeof v);
    return opaque & (1u << c) ? kernel_opaque8(v) : v;
}

/* One block of the blocks layout from a page's template rows (row q twice, at rows + 8q),
 * each field spread in-lane; m41, m42 from `m4142` when `translated`. AVX only
 * (docs/DESIGN.md, "No load at all, with AVX"); elsewhere kernel_store_spread_block4. */
static inline __attribute__((always_inline)) void kernel_store_spread_block(float *block, const float *rows, float alpha,
                                                                            const float *m4142, int translated) {
    typedef unsigned kernel_bits8 __attribute__((ext_vector_type(8)));
    kernel_bits8 r[4], zero = {0, 0, 0, 0, 0, 0, 0, 0};
    __builtin_memcpy(r, rows, sizeof r);
    /* A hidden zero keeps the spreads in the loop (docs/DESIGN.md, "No load at all, with AVX"). */
#if KERNEL_TARGET_AVX
    __asm__ volatile("" : "+x"(zero));
#endif
    kernel_float8 r0, r1, r2, r3;
    {
        const kernel_bits8 b0 = r[0] | zero, b1 = r[1] | zero, b2 = r[2] | zero, b3 = r[3] | zero;
        __builtin_memcpy(&r0, &b0, sizeof r0);
        __builtin_memcpy(&r1, &b1, sizeof r1);
        __builtin_memcpy(&r2, &b2, sizeof r2);
        __builtin_memcpy(&r3, &b3, sizeof r3);
    }
    /* Fields in address order, unrolled by hand: the importer does not unroll C loops. */
#define KERNEL_SPREAD(c, r, j)                                                             \
    do {                                                                                   \
        const kernel_float8 v = __builtin_shufflevector(r, r, j, j, j, j, j + 4, j + 4, j + 4, j + 4); \
        __builtin_memcpy((char *)(block + 8 * (c)), &v, sizeof v);                                   \
    } while (0)
    KERNEL_SPREAD(0, r0, 0); KERNEL_SPREAD(1, r0, 1); KERNEL_SPREAD(2, r0, 2); KERNEL_SPREAD(3, r0, 3);
    KERNEL_SPREAD(4, r1, 0); KERNEL_SPREAD(5, r1, 1); KERNEL_SPREAD(6, r1, 2); KERNEL_SPREAD(7, r1, 3);
    KERNEL_SPREAD(8, r2, 0); KERNEL_SPREAD(9, r2, 1); KERNEL_SPREAD(10, r2, 2); KERNEL_SPREAD(11, r2, 3);
    if (translated) {
        __builtin_memcpy((char *)(block + 8 * 12), m4142, 32);
        __builtin_memcpy((char *)(block + 8 * 13), m4142 + 8, 32);
    } else {
        KERNEL_SPREAD(12, r3, 0); KERNEL_SPREAD(13, r3, 1);
    }
    KERNEL_SPREAD(14, r3, 2); KERNEL_SPREAD(15, r3, 3);
#undef KERNEL_SPREAD
    const kernel_float8 a = {alpha, alpha, alpha, alpha, alpha, alpha, alpha, alpha};
    __builtin_memcpy((char *)(block + 8 * 16), &a, sizeof a);
}

/* kernel_store_spread_block for 16-byte registers (SSE2, NEON), all by value so that no copy
 * stays on the stack; `block` may be misaligned. */
static inline __attribute__((always_inline)) void kernel_store_spread_block4(float *block, kernel_float4 r0, kernel_float4 r1,
                                                                             kernel_float4 r2, kernel_float4 r3, float alpha,
                                                                             kernel_float4 x0, kernel_float4 x1,
                                                                             kernel_float4 y0, kernel_float4 y1,
                                                                             int translated) {
    typedef unsigned kernel_bits4 __attribute__((ext_vector_type(4)));
    kernel_bits4 zero = {0, 0, 0, 0};
    /* Remade each block (volatile), so the spreads are not hoisted. */
#if KERNEL_X86
    __asm__ volatile("" : "+x"(zero));
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ volatile("" : "+w"(zero));
#endif
    kernel_float4 s[4];
    {
        kernel_bits4 b[4];
        __builtin_memcpy(&b[0], &r0, 16), __builtin_memcpy(&b[1], &r1, 16);
        __builtin_memcpy(&b[2], &r2, 16), __builtin_memcpy(&b[3], &r3, 16);
        for (int q = 0; q < 4; q++) b[q] |= zero;
        __builtin_memcpy(s, b, sizeof s);
    }
#define KERNEL_SPREAD4(c, r, j)                                             \
    do {                                                                    \
        const kernel_float4 v = __builtin_shufflevector(r, r, j, j, j, j);  \
        __builtin_memcpy((char *)(block + 8 * (c)), &v, sizeof v);                    \
        __builtin_memcpy((char *)(block + 8 * (c) + 4), &v, sizeof v);                \
    } while (0)
    KERNEL_SPREAD4(0, s[0], 0); KERNEL_SPREAD4(1, s[0], 1); KERNEL_SPREAD4(2, s[0], 2); KERNEL_SPREAD4(3, s[0], 3);
    KERNEL_SPREAD4(4, s[1], 0); KERNEL_SPREAD4(5, s[1], 1); KERNEL_SPREAD4(6, s[1], 2); KERNEL_SPREAD4(7, s[1], 3);
    KERNEL_SPREAD4(8, s[2], 0); KERNEL_SPREAD4(9, s[2], 1); KERNEL_SPREAD4(10, s[2], 2); KERNEL_SPREAD4(11, s[2], 3);
    if (translated) {
        __builtin_memcpy((char *)(block + 8 * 12), &x0, 16), __builtin_memcpy((char *)(block + 8 * 12 + 4), &x1, 16);
        __builtin_memcpy((char *)(block + 8 * 13), &y0, 16), __builtin_memcpy((char *)(block + 8 * 13 + 4), &y1, 16);
    } else {
        KERNEL_SPREAD4(12, s[3], 0); KERNEL_SPREAD4(13, s[3], 1);
    }
    KERNEL_SPREAD4(14, s[3], 2); KERNEL_SPREAD4(15, s[3], 3);
#undef KERNEL_SPREAD4
    const kernel_float4 a = {alpha, alpha, alpha, alpha};
    __builtin_memcpy((char *)(block + 8 * 16), &a, sizeof a);
    __builtin_memcpy((char *)(block + 8 * 16 + 4), &a, sizeof a);
}

/* A whole block of a translating uniform page in float4x4 (AVX): per lane, rows 1–2 from `t`,
 * then rows 3–4 with the lane's own m41, m42 from `xy` (x, then y); only x and y transposed. */
static inline __attribute__((always_inline)) void kernel_store_float4x4_translated(float *out, const float *t,
                                                                                   const float *xy) {
    kernel_float8 r12, r34, x, y;
    __builtin_memcpy(&r12, t, sizeof r12);
    __builtin_memcpy(&r34, t + 8, sizeof r34);
    __builtin_memcpy(&x, xy, sizeof x);
    __builtin_memcpy(&y, xy + 8, sizeof y);
    /* Computed per block: hidden (kernel_opaque8). */
    x = kernel_opaque8(x);
    y = kernel_opaque8(y);
    const kernel_float8 xs = __builtin_shufflevector(x, x, 4, 5, 6, 7, 0, 1, 2, 3);
    const kernel_float8 ys = __builtin_shufflevector(y, y, 4, 5, 6, 7, 0, 1, 2, 3);
    /* High halves: lanes 0, 1 (a); 2, 3 (b); 4, 5 (a2); 6, 7 (b2), as x, y pairs. */
    const kernel_float8 a = __builtin_shufflevector(xs, ys, 0, 8, 1, 9, 4, 12, 5, 13);
    const kernel_float8 b = __builtin_shufflevector(xs, ys, 2, 10, 3, 11, 6, 14, 7, 15);
    const kernel_float8 a2 = __builtin_shufflevector(x, y, 0, 8, 1, 9, 4, 12, 5, 13);
    const kernel_float8 b2 = __builtin_shufflevector(x, y, 2, 10, 3, 11, 6, 14, 7, 15);
#define KERNEL_ROW34(l, src, p)                                                                             \
    do {                                                                                                    \
        const kernel_float8 w = __builtin_shufflevector(src, r34, 8, 9, 10, 11, 4 + (p), 5 + (p), 14, 15); \
        __builtin_memcpy((char *)(out + 16 * (l)), &r12, sizeof r12);                                        \
        __builtin_memcpy((char *)(out + 16 * (l) + 8), &w, sizeof w);                                        \
    } while (0)
    KERNEL_ROW34(0, a, 0); KERNEL_ROW34(1, a, 2); KERNEL_ROW34(2, b, 0); KERNEL_ROW34(3, b, 2);
    KERNEL_ROW34(4, a2, 0); KERNEL_ROW34(5, a2, 2); KERNEL_ROW34(6, b2, 0); KERNEL_ROW34(7, b2, 2);
#undef KERNEL_ROW34
}

/* The 4×4 transpose on both 128-bit halves: t[l] holds lane l's row in its low half and lane
 * l + 4's in its high half. A macro defines it for each target: a function without the AVX
 * attribute cannot take 8-lane vectors from one with it. */
#define KERNEL_DEFINE_TRANSPOSE4X2(NAME, ATTRIBUTES)                                                      \
    ATTRIBUTES void NAME(kernel_float8 a, kernel_float8 b, kernel_float8 c, kernel_float8 d, kernel_float8 t[4]) { \
        const kernel_float8 ab0 = __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);                \
        const kernel_float8 ab1 = __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);              \
        const kernel_float8 cd0 = __builtin_shufflevector(c, d, 0, 8, 1, 9, 4, 12, 5, 13);                \
        const kernel_float8 cd1 = __builtin_shufflevector(c, d, 2, 10, 3, 11, 6, 14, 7, 15);              \
        t[0] = __builtin_shufflevector(ab0, cd0, 0, 1, 8, 9, 4, 5, 12, 13);                               \
        t[1] = __builtin_shufflevector(ab0, cd0, 2, 3, 10, 11, 6, 7, 14, 15);                             \
        t[2] = __builtin_shufflevector(ab1, cd1, 0, 1, 8, 9, 4, 5, 12, 13);                               \
        t[3] = __builtin_shufflevector(ab1, cd1, 2, 3, 10, 11, 6, 7, 14, 15);                             \
    }

/* Transposed fields t[q] (kernel_transpose4x2 of fields 4q … 4q + 3) as one 128-byte row of
 * Doubles per lane (at out + 128·l), lanes < `lanes`, in address order; defined per target as
 * KERNEL_DEFINE_TRANSPOSE4X2, `UNROLL` a pragma for its lane loop or nothing. */
#define KERNEL_DEFINE_WIDEN_ROWS(NAME, ATTRIBUTES, UNROLL)                                                \
    ATTRIBUTES void NAME(kernel_float8 t[4][4], char *out, long lanes) {                                  \
        UNROLL for (long l = 0; l < lanes; l++) {                                                         \
            _Pragma("clang loop unroll(full)") for (int q = 0; q < 4; q++) {                              \
                const kernel_float8 v = t[q][l & 3];                                                      \
                const kernel_double4 row = __builtin_convertvector(                                       \
                    l < 4 ? __builtin_shufflevector(v, v, 0, 1, 2, 3) : __builtin_shufflevector(v, v, 4, 5, 6, 7), \
                    kernel_double4);                                                                      \
                __builtin_memcpy(out + 128 * l + 32 * q, &row, sizeof row);                               \
            }                                                                                             \
        }                                                                                                 \
    }

/* 8 Floats widened to Doubles at `out` (64 bytes), defined per target as KERNEL_DEFINE_TRANSPOSE4X2. */
#define KERNEL_DEFINE_WIDEN8(NAME, ATTRIBUTES)                                                            \
    ATTRIBUTES void NAME(kernel_float8 v, char *out) {                                                    \
        const kernel_double4 lo = __builtin_convertvector(v.lo, kernel_double4);                          \
        const kernel_double4 hi = __builtin_convertvector(v.hi, kernel_double4);                          \
        __builtin_memcpy(out, &lo, sizeof lo);                                                            \
        __builtin_memcpy(out + 32, &hi, sizeof hi);                                                       \
    }

KERNEL_DEFINE_TRANSPOSE4X2(kernel_transpose4x2, static inline __attribute__((always_inline)))
KERNEL_DEFINE_WIDEN_ROWS(kernel_widen_rows, static inline __attribute__((always_inline)), )
KERNEL_DEFINE_WIDEN8(kernel_widen8_store, static inline __attribute__((always_inline)))

#if KERNEL_RUNTIME_AVX
/* Inlined into functions compiled for AVX only (the default build's `avx` strategy). */
#define KERNEL_AVX_INLINE static inline __attribute__((target("avx"), always_inline))
KERNEL_DEFINE_TRANSPOSE4X2(kernel_transpose4x2_avx, KERNEL_AVX_INLINE)
KERNEL_DEFINE_WIDEN_ROWS(kernel_widen_rows_avx, KERNEL_AVX_INLINE, _Pragma("clang loop unroll(full)"))
KERNEL_DEFINE_WIDEN8(kernel_widen8_store_avx, KERNEL_AVX_INLINE)
#endif

/* The 16 fields stored as one 64-byte row of Floats per lane (lane l at out + 16·l), lanes
 * < `lanes` (a constant 8 in a full block, so the loop unrolls), in address order. AVX only. */
static inline __attribute__((always_inline)) void kernel_store_float4x4(float *out, long lanes, const float *fields,
                                                                        unsigned opaque) {
    kernel_float8 t[4][4], rows[16];
    for (int q = 0; q < 4; q++)
        kernel_transpose4x2(kernel_field8(fields, 4 * q, opaque), kernel_field8(fields, 4 * q + 1, opaque),
                            kernel_field8(fields, 4 * q + 2, opaque), kernel_field8(fields, 4 * q + 3, opaque), t[q]);
    /* t[q][l]: fields 4q … 4q + 3 of lane l (low half) and of lane l + 4 (high half). */
    for (int l = 0; l < 4; l++) {
        for (int h = 0; h < 2; h++) {
            rows[2 * l + h] = __builtin_shufflevector(t[2 * h][l], t[2 * h + 1][l], 0, 1, 2, 3, 8, 9, 10, 11);
            rows[2 * (l + 4) + h] = __builtin_shufflevector(t[2 * h][l], t[2 * h + 1][l], 4, 5, 6, 7, 12, 13, 14, 15);
        }
    }
    for (long l = 0; l < lanes; l++) {
        __builtin_memcpy((char *)out + sizeof *out * (16 * l), &rows[2 * l], sizeof rows[0]);
        __builtin_memcpy((char *)out + sizeof *out * (16 * l + 8), &rows[2 * l + 1], sizeof rows[0]);
    }
}

/* The 16 fields stored as one 128-byte row of Doubles per lane (at out + 16·l), lanes
 * < `lanes`, in address order. */
static inline __attribute__((always_inline)) void kernel_store_catransform3d(double *out, long lanes,
                                                                             const float *fields, unsigned opaque) {
    kernel_float8 t[4][4];
    for (int q = 0; q < 4; q++)
        kernel_transpose4x2(kernel_field8(fields, 4 * q, opaque), kernel_field8(fields, 4 * q + 1, opaque),
                            kernel_field8(fields, 4 * q + 2, opaque), kernel_field8(fields, 4 * q + 3, opaque), t[q]);
    kernel_widen_rows(t, (char *)out, lanes);
}

/* Field 0 at `fields` (8 lanes) widened to Doubles and stored at out (64 bytes). */
static inline __attribute__((always_inline)) void kernel_store_widened8(double *out, const float *fields) {
    kernel_widen8_store(kernel_field8(fields, 0, 0), (char *)out);
}

/* A 16-byte piece at any alignment, or with `streaming` on x86 a non-temporal store (`p`
 * then 16-byte aligned). */
static inline __attribute__((always_inline)) void kernel_store_piece(double *p, kernel_double2 v, int streaming) {
#if KERNEL_X86
    if (streaming) { __builtin_nontemporal_store(v, (kernel_double2 *)p); return; }
#else
    (void)streaming;
#endif
    __builtin_memcpy((char *)p, &v, sizeof v);
}

/* Fields c, c+1 of lanes l, l+1 (field c of lane l at block[8c + l]) widened and interleaved
 * into lane l's 16-byte piece (`lo`) and lane l+1's (`hi`). */
typedef struct {
    kernel_double2 lo, hi;
} kernel_lane_pair;

static inline __attribute__((always_inline)) kernel_lane_pair kernel_widen_lane_pair(const float *block, int c, int l) {
    kernel_float2 fa, fb;
    __builtin_memcpy(&fa, block + 8 * c + l, sizeof fa);
    __builtin_memcpy(&fb, block + 8 * (c + 1) + l, sizeof fb);
    const kernel_double2 a = __builtin_convertvector(fa, kernel_double2);
    const kernel_double2 b = __builtin_convertvector(fb, kernel_double2);
    const kernel_lane_pair pair = {__builtin_shufflevector(a, b, 0, 2), __builtin_shufflevector(a, b, 1, 3)};
    return pair;
}

/* One block of the blocks layout as 8 rows of 16 doubles at `out`, in address order, lane
 * l's row whole before lane l+1's (docs/DESIGN.md, "Reading a frame out"). */
static inline __attribute__((always_inline)) void kernel_gather_block_to(const float *block, double *out, int streaming) {
    for (int l = 0; l < 8; l += 2) {
        kernel_double2 next[8];
        for (int c = 0; c < 16; c += 2) {
            const kernel_lane_pair pair = kernel_widen_lane_pair(block, c, l);
            next[c / 2] = pair.hi;
            kernel_store_piece(out + 16 * l + c, pair.lo, streaming);
        }
        for (int c = 0; c < 16; c += 2)
            kernel_store_piece(out + 16 * (l + 1) + c, next[c / 2], streaming);
    }
}

/* One float4x4 subview (16 Floats) widened to 16 Doubles at `out`, in address order;
 * `streaming` as in kernel_store_piece. */
static inline __attribute__((always_inline)) void kernel_widen_row16(const float *row, double *out, int streaming) {
    for (int c = 0; c < 16; c += 2) {
        kernel_float2 f;
        __builtin_memcpy(&f, row + c, sizeof f);
        kernel_store_piece(out + c, __builtin_convertvector(f, kernel_double2), streaming);
    }
}

/* Orders the non-temporal stores before any later store (x86 `sfence`), so that a thread
 * handed the destination afterwards (by a release) sees them: they are weakly ordered. */
static inline __attribute__((always_inline)) void kernel_stream_fence(void) {
#if KERNEL_X86
    __builtin_ia32_sfence();
#endif
}

#endif
