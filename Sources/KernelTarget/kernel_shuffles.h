#ifndef KERNEL_SHUFFLES_H
#define KERNEL_SHUFFLES_H

#include "kernel_target.h"

/* Register transposes as LLVM shuffles. Swift has no shuffle of two vectors: a transpose
 * written with SIMD4 initialisers becomes chains of element extracts and inserts, through
 * which LLVM scalarises the arithmetic that feeds them (the half-block spin in the dense
 * layouts went to mulss/addss per lane, 2x slower than through a scratch block). Written
 * here with __builtin_shufflevector, the Clang importer hands the Swift code real shuffles
 * (ext_vector_type(4) float is SIMD4<Float> in Swift), inlined like Swift code. No flags:
 * the importer compiles this for the Swift code's target. */


/* An optimisation barrier: `v` stays in vector registers and the optimizer no longer sees
 * how it was computed, so it cannot move the transposes' shuffles up into the arithmetic
 * that computes the fields (which duplicated that arithmetic: LLVM turned
 * shuffle(a·b, c·d) into shuffle(a, c)·shuffle(b, d), and on AVX2 split 8-lane arithmetic
 * into 4-lane halves). Costs no instruction. KERNEL_OPAQUE4 takes a 16-byte vector. */
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

/* The 4×4 transpose: unpcklps/unpckhps, then movlhps/movhlps (8 shuffles). Bits 0–3 of
 * `opaque` hide how a … d were computed (KERNEL_OPAQUE4): set them for values computed per
 * block, so that the shuffles stay shuffles (the half-block spin in float4x4 ran 68
 * multiplies a block instead of 36 without), clear for constants, whose shuffles then fold. */
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


/* Four Floats widened to Doubles (two cvtps2pd on SSE2, one vcvtps2pd on AVX): the Swift
 * initialiser SIMD4<Double>(SIMD4<Float>) converts lane by lane, which the optimizer does
 * not always merge back (cvtss2sd per lane beside the half-block spin). */
static inline __attribute__((always_inline)) kernel_double4 kernel_widen4(kernel_float4 v) {
    return __builtin_convertvector(v, kernel_double4);
}


/* Vectors of 8 lanes cross from Swift through memory: Swift imports C vectors of at most 4
 * elements, and a SIMD8 split into halves for the call had LLVM split the arithmetic that
 * computes it into 4-lane halves too (twice the instructions on AVX2). The Swift side puts
 * the fields in a tuple, `fields` points at it (field c at fields + 8c), and after inlining
 * the stores and loads of that temporary fold away. Bit c of `opaque` hides how field c was
 * computed (KERNEL_OPAQUE): set for fields computed per block, clear for a page's
 * constants, whose shuffles the optimizer then folds and hoists out of the loop. */
/* KERNEL_OPAQUE4 for 8 lanes: one 32-byte register with AVX, else a pair of 16-byte ones. */
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

static inline __attribute__((always_inline)) kernel_float8 kernel_field8(const float *fields, int c,
                                                                        unsigned opaque) {
    kernel_float8 v;
    __builtin_memcpy(&v, fields + 8 * c, sizeof v);
    return opaque & (1u << c) ? kernel_opaque8(v) : v;
}

/* One block of the blocks layout from a page's template held as its four rows, each in
 * both 128-bit halves of a register (`rows`: row q's m_q1 … m_q4 twice, at rows + 8q), and
 * `alpha`: field 4q + j is element j of row q spread over its half (vshufps, in-lane), so
 * that 4 registers hold what 16 broadcasts would. With `translated`, m41 and m42 are the 16
 * Floats at `m4142` instead. The rows pass through a volatile asm on every call, so that
 * the spreads are made block by block, not hoisted into 15 registers that the allocator
 * would spill and reload among the stores (docs/DESIGN.md, "No load at all, with AVX"). For targets with 8-Float registers (AVX); elsewhere it
 * compiles but is not called (`kernel_store_spread_block4`). */
static inline __attribute__((always_inline)) void kernel_store_spread_block(float *block, const float *rows, float alpha,
                                                                            const float *m4142, int translated) {
    typedef unsigned kernel_bits8 __attribute__((ext_vector_type(8)));
    kernel_bits8 r[4], zero = {0, 0, 0, 0, 0, 0, 0, 0};
    __builtin_memcpy(r, rows, sizeof r);
    /* The rows or'ed with a zero the optimizer cannot see (made anew each block by a
     * volatile asm), which keeps their bits and the spreads in the block: hiding the rows
     * themselves would copy all four each block, four more registers. */
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
    /* Field c = 4q + j, stored in address order (no loop: the importer's code does not
     * unroll C loops). */
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

/* `kernel_store_spread_block` for 16-byte registers (SSE2, NEON): the four rows once each
 * (`r0` … `r3`), each field one in-register shuffle (pshufd) stored into both halves of its
 * 32 bytes; with `translated`, m41 and m42 are `x0`, `x1` (lanes 0–3, 4–7) and `y0`, `y1`.
 * Everything by value, in registers: the AVX function's rows behind a pointer kept a copy of
 * the template on the stack that Swift re-made between groups of blocks (40 moves every 8
 * blocks). A page that is not diagonal has 15 broadcasts, 30 such registers, which the
 * allocator had reloaded among the stores (docs/DESIGN.md, "No load at all, with AVX"). Stores go through `(char *)`, as in
 * both spread functions: `block` may be misaligned (caller-owned destinations). */
static inline __attribute__((always_inline)) void kernel_store_spread_block4(float *block, kernel_float4 r0, kernel_float4 r1,
                                                                             kernel_float4 r2, kernel_float4 r3, float alpha,
                                                                             kernel_float4 x0, kernel_float4 x1,
                                                                             kernel_float4 y0, kernel_float4 y1,
                                                                             int translated) {
    typedef unsigned kernel_bits4 __attribute__((ext_vector_type(4)));
    kernel_bits4 zero = {0, 0, 0, 0};
    /* Made anew each block (volatile), so that the spreads stay in the block and are not
     * hoisted into 15 loop-invariant registers. */
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

/* A whole block of a translating uniform page in the float4x4 layout: lane l's 64 bytes
 * at out + 16·l are rows 1–2 of the template (`t`, 8 Floats: m11 … m24), then row 3 and
 * row 4 with the lane's own m41, m42 (x[l], y[l] from `xy`: x, then y, 8 Floats each). Only
 * x and y are transposed: unpacks of x and y (and of x, y with their halves swapped, so
 * that lanes 0–3 land in high halves too), then per lane one shuffle with `t`'s rows 3–4
 * (t + 8: m31 … m34 in the low half, m43 m44 at 6, 7) that keeps every element in its
 * 128-bit half (shufps, blendps): 2 half swaps, 4 unpacks and 8 in-half shuffles a block
 * against the two 8×8 transposes' 48, with 16 stores of 32 bytes in address order. For
 * targets with 8-Float registers (AVX). */
static inline __attribute__((always_inline)) void kernel_store_float4x4_translated(float *out, const float *t,
                                                                                   const float *xy) {
    kernel_float8 r12, r34, x, y;
    __builtin_memcpy(&r12, t, sizeof r12);
    __builtin_memcpy(&r34, t + 8, sizeof r34);
    __builtin_memcpy(&x, xy, sizeof x);
    __builtin_memcpy(&y, xy + 8, sizeof y);
    /* x and y are computed per block: hidden, so that the optimizer does not move the
     * shuffles into their arithmetic (kernel_opaque8). */
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

/* The 4×4 transpose on both 128-bit halves at once: t[l] holds (a[l], b[l], c[l], d[l]) in
 * its low half and lane l + 4's row in its high half (vunpcklps/vunpckhps, then
 * vunpcklpd/vunpckhpd on AVX: 8 shuffles for 8 lanes). */
static inline __attribute__((always_inline)) void kernel_transpose4x2(kernel_float8 a, kernel_float8 b, kernel_float8 c,
                                                                      kernel_float8 d, kernel_float8 t[4]) {
    const kernel_float8 ab0 = __builtin_shufflevector(a, b, 0, 8, 1, 9, 4, 12, 5, 13);
    const kernel_float8 ab1 = __builtin_shufflevector(a, b, 2, 10, 3, 11, 6, 14, 7, 15);
    const kernel_float8 cd0 = __builtin_shufflevector(c, d, 0, 8, 1, 9, 4, 12, 5, 13);
    const kernel_float8 cd1 = __builtin_shufflevector(c, d, 2, 10, 3, 11, 6, 14, 7, 15);
    t[0] = __builtin_shufflevector(ab0, cd0, 0, 1, 8, 9, 4, 5, 12, 13);
    t[1] = __builtin_shufflevector(ab0, cd0, 2, 3, 10, 11, 6, 7, 14, 15);
    t[2] = __builtin_shufflevector(ab1, cd1, 0, 1, 8, 9, 4, 5, 12, 13);
    t[3] = __builtin_shufflevector(ab1, cd1, 2, 3, 10, 11, 6, 7, 14, 15);
}

/* The 16 fields at `fields` (8 lanes each, Core Animation order) stored as one 64-byte row
 * of Floats per lane: lane l's m11 … m44 at out + 16·l, for lanes l < lanes (a constant 8 in
 * a full block, so that the loop unrolls). Two 8×8 transposes — the 4×4 one on both halves
 * for each group of 4 fields, then swaps of halves (vinsertf128/vperm2f128), 48 shuffles —
 * and 16 stores of 32 bytes in address order, where 16-byte rows take 32 stores. For
 * targets with 8-Float registers (AVX). */
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

/* The 16 fields at `fields` stored as one 128-byte row of Doubles per lane: lane l's
 * m11 … m44 widened, at out + 16·l, for lanes l < lanes. The 4×4 transpose on both halves
 * for each group of 4 fields (32 shuffles), then per lane and group one conversion
 * (vcvtps2pd, from the high half after a vextractf128 for lanes 4–7) and one 32-byte store,
 * in address order. */
static inline __attribute__((always_inline)) void kernel_store_catransform3d(double *out, long lanes,
                                                                             const float *fields, unsigned opaque) {
    kernel_float8 t[4][4];
    for (int q = 0; q < 4; q++)
        kernel_transpose4x2(kernel_field8(fields, 4 * q, opaque), kernel_field8(fields, 4 * q + 1, opaque),
                            kernel_field8(fields, 4 * q + 2, opaque), kernel_field8(fields, 4 * q + 3, opaque), t[q]);
    for (long l = 0; l < lanes; l++) {
        for (int q = 0; q < 4; q++) {
            const kernel_float8 v = t[q][l & 3];
            const kernel_float4 row = l < 4 ? __builtin_shufflevector(v, v, 0, 1, 2, 3)
                                            : __builtin_shufflevector(v, v, 4, 5, 6, 7);
            const kernel_double4 wide = __builtin_convertvector(row, kernel_double4);
            __builtin_memcpy((char *)out + sizeof *out * (16 * l + 4 * q), &wide, sizeof wide);
        }
    }
}

/* Stores go through `(char *)out`: `out` may be misaligned (caller-owned destinations take
 * any alignment), and Clang assumes a typed pointer's alignment in __builtin_memcpy. */

/* Field 0 at `fields` (8 lanes) widened to Doubles and stored at out (64 bytes). */
static inline __attribute__((always_inline)) void kernel_store_widened8(double *out, const float *fields) {
    const kernel_float8 v = kernel_field8(fields, 0, 0);
    const kernel_double4 lo = __builtin_convertvector(__builtin_shufflevector(v, v, 0, 1, 2, 3), kernel_double4);
    const kernel_double4 hi = __builtin_convertvector(__builtin_shufflevector(v, v, 4, 5, 6, 7), kernel_double4);
    __builtin_memcpy((char *)out, &lo, sizeof lo);
    __builtin_memcpy((char *)out + sizeof *out * (4), &hi, sizeof hi);
}


/* A 16-byte piece at `p`: an ordinary store at any alignment, or with `streaming` on x86
 * a non-temporal one (movntps, which clang picks for the same bytes; `p` then 16-byte
 * aligned). */
static inline __attribute__((always_inline)) void kernel_store_piece(double *p, kernel_double2 v, int streaming) {
#if KERNEL_X86
    if (streaming) { __builtin_nontemporal_store(v, (kernel_double2 *)p); return; }
#else
    (void)streaming;
#endif
    __builtin_memcpy((char *)p, &v, sizeof v);
}

/* Fields c and c+1 of lanes l and l+1 of a block of the blocks layout (field c of lane l
 * at block[8c + l]), widened from memory (two cvtps2pd) and interleaved into the 16-byte
 * pieces (m_c, m_c+1) of lane l's row (`lo`) and of lane l+1's (`hi`). */
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

/* One block of the blocks layout (16 fields of 8 lanes, field c of lane l at
 * block[8c + l]) as 8 rows of 16 doubles at `out`. Lanes l, l+1 of field c sit side by
 * side: one 8-byte load widens them (cvtps2pd from memory); fields c, c+1 of those lanes
 * are then interleaved (unpcklpd/unpckhpd) into 16-byte pieces of lane l's and lane l+1's
 * rows. Per subview 8 conversions, 8 shuffles, 8 stores. The stores go in address order,
 * lane l's row whole before lane l+1's, since cores commit consecutive stores to one cache
 * line faster than stores that alternate between lines (docs/DESIGN.md, "Reading a frame
 * out"). */
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

/* The block through the cache (ordinary stores). */
static inline __attribute__((always_inline)) void kernel_gather_block(const float *block, double *out) {
    kernel_gather_block_to(block, out, 0);
}

/* The block with non-temporal stores (x86; ordinary stores elsewhere): for destinations
 * far larger than L2, which would only pass through the caches. The pieces go out in
 * address order, so the write-combining buffers fill whole lines. `out` 16-byte aligned.
 * Call kernel_stream_fence() after the last block. */
static inline __attribute__((always_inline)) void kernel_gather_block_streaming(const float *block, double *out) {
    kernel_gather_block_to(block, out, 1);
}

/* One subview of the float4x4 layout (16 Floats, m11 … m44) widened to 16 Doubles at
 * `out`: 8 conversions of 2 Floats from memory (cvtps2pd) and 8 16-byte stores in address
 * order, ordinary or, with `streaming` on x86, non-temporal (`out` then 16-byte aligned).
 * Swift's SIMD4<Double>(SIMD4<Float>) was converted lane by lane here (cvtss2sd). */
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
