#include <string.h>

#include "kernels.h"
#include "layout.h"
#include "statics.h"

/* One matrix per page, out of the loop; a `diagonal` page's 10 zeros are constants so that the
 * loop's vectors fit AVX2's 16 registers (docs/DESIGN.md, "Uniform pages in registers"). */
typedef struct {
    chunk matrix;  /* every field and alpha in lanes */
    vf f, g;       /* f and g, or on a line f * line_speed.x and g * line_speed.y */
    vf f_step, g_step;  /* on a line, f * line_variance.x and g * line_variance.y */
} uniform_page;

INLINE int off_diagonal(int c) { return c % 5 != 0 && c != 12 && c != 13; }

INLINE uniform_page uniform_constants(const anchor_page *p, int diagonal, int line) {
    uniform_page u;
    const vf zero = {0};
    for (int c = 0; c < 16; c++) u.matrix.v[c] = diagonal && off_diagonal(c) ? zero : splatv(p->matrix[c]);
    u.matrix.v[16] = splatv(p->alpha);
    u.f = splatv(p->f), u.g = splatv(p->g);
    u.f_step = u.g_step = splatv(0);
    if (line) {
        /* `+ 0` makes a −0 base +0: the line's sum is then never −0 (uniform_block). */
        u.f = splatv(p->f * p->line_speed[0] + 0.0f), u.g = splatv(p->g * p->line_speed[1] + 0.0f);
        u.f_step = splatv(p->f * p->line_variance[0]), u.g_step = splatv(p->g * p->line_variance[1]);
    }
    return u;
}

/* A dense layout's page with one matrix and no translation: its row held once in registers, as
 * the Swift kernel's storeTemplate (docs/DESIGN.md, "Loads among the stores"). */
typedef struct {
    f8 half[2];   /* float4x4: m11 … m24, m31 … m44 */
    d4 wide[4];   /* caTransform3D: the four rows as doubles */
    float alpha;
} dense_row;

INLINE dense_row dense_row_of(const anchor_page *p) {
    dense_row r;
    const float *m = p->matrix;
    r.half[0] = (f8){m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]};
    r.half[1] = (f8){m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15]};
    for (int q = 0; q < 4; q++) r.wide[q] = widen4((f4){m[4 * q], m[4 * q + 1], m[4 * q + 2], m[4 * q + 3]});
    r.alpha = p->alpha;
    return r;
}

/* A non-diagonal page in blocks, with AVX: four template rows spread into its fields block by
 * block, as the Swift kernel's SpreadTemplate (docs/DESIGN.md, "No load at all, with AVX"). */
#if ANCHOR_WIDTH == 8
typedef struct {
    f8 row[4];
} spread_rows;

INLINE spread_rows spread_rows_of(const anchor_page *p) {
    spread_rows r;
    const float *m = p->matrix;
    for (int q = 0; q < 4; q++)
        r.row[q] = (f8){m[4 * q], m[4 * q + 1], m[4 * q + 2], m[4 * q + 3], m[4 * q], m[4 * q + 1], m[4 * q + 2], m[4 * q + 3]};
    return r;
}

/* Block b of the blocks layout: the spread rows, m41 and m42 from `m41`, `m42` when
 * `translates`, and alpha. */
INLINE void spread_block(const spread_rows *s, vf alpha, vf m41, vf m42, int translates, float *restrict dst) {
    u8 zero = {0};
    __asm__ volatile("" : "+x"(zero));
    const f8 r0 = (f8)((u8)s->row[0] | zero), r1 = (f8)((u8)s->row[1] | zero);
    const f8 r2 = (f8)((u8)s->row[2] | zero), r3 = (f8)((u8)s->row[3] | zero);
#define SPREAD(c, r, j) store8(dst + 8 * (c), __builtin_shufflevector(r, r, j, j, j, j, j + 4, j + 4, j + 4, j + 4))
    SPREAD(0, r0, 0); SPREAD(1, r0, 1); SPREAD(2, r0, 2); SPREAD(3, r0, 3);
    SPREAD(4, r1, 0); SPREAD(5, r1, 1); SPREAD(6, r1, 2); SPREAD(7, r1, 3);
    SPREAD(8, r2, 0); SPREAD(9, r2, 1); SPREAD(10, r2, 2); SPREAD(11, r2, 3);
    if (translates) store8(dst + 8 * 12, m41), store8(dst + 8 * 13, m42);
    else SPREAD(12, r3, 0), SPREAD(13, r3, 1);
    SPREAD(14, r3, 2); SPREAD(15, r3, 3);
#undef SPREAD
    store8(dst + 8 * 16, alpha);
}
/* A whole block of a translating page in float4x4, with AVX, as the Swift kernel's
 * kernel_store_float4x4_translated writes it; then the block's alphas. */
INLINE void float4x4_translated_block(f8 r12, f8 r34, f8 x, f8 y, vf alpha, float *restrict m, float *restrict a,
                                      long k0) {
    __asm__("" : "+x"(x), "+x"(y)); /* computed per block: keep the shuffles out of their math */
    const f8 xs = __builtin_shufflevector(x, x, 4, 5, 6, 7, 0, 1, 2, 3);
    const f8 ys = __builtin_shufflevector(y, y, 4, 5, 6, 7, 0, 1, 2, 3);
    const f8 lo_s = __builtin_shufflevector(xs, ys, 0, 8, 1, 9, 4, 12, 5, 13);
    const f8 hi_s = __builtin_shufflevector(xs, ys, 2, 10, 3, 11, 6, 14, 7, 15);
    const f8 lo = __builtin_shufflevector(x, y, 0, 8, 1, 9, 4, 12, 5, 13);
    const f8 hi = __builtin_shufflevector(x, y, 2, 10, 3, 11, 6, 14, 7, 15);
#define ROW34(l, src, p)                                                                                  \
    do {                                                                                                  \
        store8(m + 16 * (k0 + (l)), r12);                                                                 \
        store8(m + 16 * (k0 + (l)) + 8, __builtin_shufflevector(src, r34, 8, 9, 10, 11, 4 + (p), 5 + (p), 14, 15)); \
    } while (0)
    ROW34(0, lo_s, 0); ROW34(1, lo_s, 2); ROW34(2, hi_s, 0); ROW34(3, hi_s, 2);
    ROW34(4, lo, 0); ROW34(5, lo, 2); ROW34(6, hi, 0); ROW34(7, hi, 2);
#undef ROW34
    store8(a + k0, alpha);
}
#else
/* With 4-lane chunks (SSE2, NEON) the same, from four 4-Float rows: each field is one
 * in-register shuffle (pshufd, dup) stored into both halves of the block's field. */
typedef uint32_t u4 __attribute__((vector_size(16)));
typedef struct {
    f4 row[4];
} spread_rows;

INLINE spread_rows spread_rows_of(const anchor_page *p) {
    spread_rows r;
    const float *m = p->matrix;
    for (int q = 0; q < 4; q++) r.row[q] = (f4){m[4 * q], m[4 * q + 1], m[4 * q + 2], m[4 * q + 3]};
    return r;
}

INLINE void spread_block4(const spread_rows *s, vf alpha, const chunk *k, int translates, float *restrict dst) {
    u4 zero = {0};
#if ANCHOR_X86
    __asm__ volatile("" : "+x"(zero));
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ volatile("" : "+w"(zero));
#endif
    const f4 r0 = (f4)((u4)s->row[0] | zero), r1 = (f4)((u4)s->row[1] | zero);
    const f4 r2 = (f4)((u4)s->row[2] | zero), r3 = (f4)((u4)s->row[3] | zero);
#define SPREAD(c, r, j)                                                   \
    do {                                                                  \
        const f4 v = __builtin_shufflevector(r, r, j, j, j, j);           \
        store4(dst + 8 * (c), v);                                         \
        store4(dst + 8 * (c) + 4, v);                                     \
    } while (0)
    SPREAD(0, r0, 0); SPREAD(1, r0, 1); SPREAD(2, r0, 2); SPREAD(3, r0, 3);
    SPREAD(4, r1, 0); SPREAD(5, r1, 1); SPREAD(6, r1, 2); SPREAD(7, r1, 3);
    SPREAD(8, r2, 0); SPREAD(9, r2, 1); SPREAD(10, r2, 2); SPREAD(11, r2, 3);
    if (translates) {
        store4(dst + 96, quarter(k[0].v[12], 0)), store4(dst + 100, quarter(k[1].v[12], 0));
        store4(dst + 104, quarter(k[0].v[13], 0)), store4(dst + 108, quarter(k[1].v[13], 0));
    } else {
        SPREAD(12, r3, 0); SPREAD(13, r3, 1);
    }
    SPREAD(14, r3, 2); SPREAD(15, r3, 3);
#undef SPREAD
    store4(dst + 128, alpha), store4(dst + 132, alpha);
}
#endif

#if ANCHOR_WIDTH == 4
/* A whole block of a translating page in a dense layout, with 4-lane chunks: rows 1–3 are
 * the page's, from registers, and row 4 is lane l's (m41, m42, m43, m44), one transpose a
 * chunk, as the Swift kernel's storeTranslated (LaneRows); then the block's alphas. */
INLINE void dense_translated_block4(const dense_row *r, const chunk *k, anchor_layout layout, void *restrict m,
                                    void *restrict a, long b) {
    const long k0 = b * ANCHOR_LANES;
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        f4 row4[4];
        transpose4(&k[h].v[12], row4, 3); /* m41, m42 computed per chunk */
        for (int l = 0; l < 4; l++) {
            const long s = k0 + 4 * h + l;
            if (layout == ANCHOR_LAYOUT_FLOAT4X4) {
                float *dst = (float *)m + 16 * s;
                store8(dst, r->half[0]);
                store4(dst + 8, __builtin_shufflevector(r->half[1], r->half[1], 0, 1, 2, 3));
                store4(dst + 12, row4[l]);
            } else {
                double *dst = (double *)m + 16 * s;
                for (int q = 0; q < 3; q++) store4d(dst + 4 * q, r->wide[q]);
                store4d(dst + 12, widen4(row4[l]));
            }
        }
    }
    put_block_alphas(layout, k, a, b, ANCHOR_LANES);
}
#endif

/* The page's block `first + b`, whose chunks differ only in m41, m42 (statics: the caller's); on a
 * `line` f·s_k.x is MADD(k + 1, f·variance.x, f·speed.x), so no speed is loaded among the stores. */
INLINE void uniform_block(const uniform_page *p, const spread_rows *spread, const dense_row *row, const float *restrict speeds,
                          void *restrict matrices, void *restrict alphas, long first, long b, int valid,
                          int translates, int line, anchor_layout layout) {
    chunk k[ANCHOR_CHUNKS];
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        k[h] = p->matrix;
        if (translates) {
            const vf pose_x = p->matrix.v[12], pose_y = p->matrix.v[13];
            if (line) {
                vf n;
                for (int l = 0; l < ANCHOR_WIDTH; l++) n[l] = (float)(1 + l + ANCHOR_WIDTH * h);
                n += splatv((float)((first + b) * ANCHOR_LANES));
                k[h].v[12] = MADD(n, p->f_step, p->f) + pose_x;
                k[h].v[13] = MADD(n, p->g_step, p->g) + pose_y;
            } else {
                const float *s = speeds + 2 * ANCHOR_LANES * b + ANCHOR_WIDTH * h;
                k[h].v[12] = p->f * loadv(s) + pose_x;
                k[h].v[13] = p->g * loadv(s + ANCHOR_LANES) + pose_y;
            }
        }
    }
#if ANCHOR_WIDTH == 8
    if (spread) {
        spread_block(spread, p->matrix.v[16], k[0].v[12], k[0].v[13], translates, (float *)matrices + b * ANCHOR_BLOCK_FLOATS);
        return;
    }
    if (translates && layout == ANCHOR_LAYOUT_FLOAT4X4 && valid == ANCHOR_LANES) {
        float4x4_translated_block(row->half[0], row->half[1], k[0].v[12], k[0].v[13], p->matrix.v[16], (float *)matrices,
                                  (float *)alphas, b * ANCHOR_LANES);
        return;
    }
#else
    if (spread) {
        spread_block4(spread, p->matrix.v[16], k, translates, (float *)matrices + b * ANCHOR_BLOCK_FLOATS);
        return;
    }
    if (translates && layout != ANCHOR_LAYOUT_BLOCKS && valid == ANCHOR_LANES) {
        dense_translated_block4(row, k, layout, matrices, alphas, b);
        return;
    }
#endif
    put_block(layout, k, matrices, alphas, b, valid);
}

/* Block b's `valid` subviews (8 but in a page's partial last block). */
INLINE void dense_row_block(const dense_row *r, anchor_layout layout, void *restrict matrices, void *restrict alphas,
                            long b, int valid) {
    const long k0 = b * ANCHOR_LANES;
    if (layout == ANCHOR_LAYOUT_FLOAT4X4) {
        for (int l = 0; l < valid; l++) {
            store8((float *)matrices + 16 * (k0 + l), r->half[0]);
            store8((float *)matrices + 16 * (k0 + l) + 8, r->half[1]);
        }
        if (valid == ANCHOR_LANES) store8((float *)alphas + k0, splat8(r->alpha));
        else for (int l = 0; l < valid; l++) ((float *)alphas)[k0 + l] = r->alpha;
    } else {
        for (int l = 0; l < valid; l++)
            for (int q = 0; q < 4; q++) store4d((double *)matrices + 16 * (k0 + l) + 4 * q, r->wide[q]);
        const d4 alpha = widen4((f4){r->alpha, r->alpha, r->alpha, r->alpha});
        if (valid == ANCHOR_LANES) {
            store4d((double *)alphas + k0, alpha);
            store4d((double *)alphas + k0 + 4, alpha);
        } else {
            for (int l = 0; l < valid; l++) ((double *)alphas)[k0 + l] = r->alpha;
        }
    }
}

INLINE void uniform_run(const anchor_page *restrict page, const anchor_inputs *in, const anchor_outputs *out,
                        long first, long end, int translates, int diagonal, anchor_layout layout) {
    /* A page that is not diagonal spreads its rows in blocks (Swift's SpreadBlocks). */
    const int spreads = !diagonal && layout == ANCHOR_LAYOUT_BLOCKS;
    /* With AVX every translating page takes the line and groups its statics (FrameKernel.run). */
    const int line = translates && page->line && (ANCHOR_WIDTH == 8 || spreads || (diagonal && layout == ANCHOR_LAYOUT_BLOCKS));
    const int grouped = diagonal || spreads || (ANCHOR_WIDTH == 8 && translates);
    const uniform_page p = uniform_constants(page, diagonal, line);
    const spread_rows rows_spread = spread_rows_of(page);
    const spread_rows *spread = spreads ? &rows_spread : NULL;
    const int rows = !translates && layout != ANCHOR_LAYOUT_BLOCKS;
    /* With AVX, a static lane of a diagonal page needs only the fields the identity does not
     * share (patch_lane), as FrameKernel.runDiagonal. */
    const int translation =
        ANCHOR_WIDTH == 8 && layout == ANCHOR_LAYOUT_BLOCKS && diagonal ? (anchor_is_translation(page->matrix) ? 1 : 2) : 0;
    const dense_row row = dense_row_of(page);
    const float *restrict speeds = in->speeds + 2 * ANCHOR_LANES * first;
    const uint8_t *restrict statics = in->static_lanes + first;
    void *matrices = out->matrices, *alphas = out->alphas;
    skip_blocks(layout, &matrices, &alphas, first);
    const long full = full_blocks(layout, end, out->count) - first, blocks = end - first;
    const long last = out->count - first * ANCHOR_LANES;  /* subviews from block `first` on */
    long b = 0;
    /* A `grouped` page patches eight blocks' statics from one word (patch_statics8), as
     * UniformBlocks.run; its last blocks load their masks one by one, so callers need not pad. */
    for (; grouped && b + 8 <= full; b += 8) {
        /* Unrolling reordered the stores (docs/DESIGN.md, "Store order and the static patch"). */
#pragma clang loop unroll(disable)
        for (long j = b; j < b + 8; j++) {
            if (rows) dense_row_block(&row, layout, matrices, alphas, j, ANCHOR_LANES);
            else uniform_block(&p, spread, &row, speeds, matrices, alphas, first, j, ANCHOR_LANES, translates, line, layout);
        }
        patch_statics8(layout, matrices, alphas, b, statics + b, translation);
    }
    for (; b < full; b++) {
        if (rows) dense_row_block(&row, layout, matrices, alphas, b, ANCHOR_LANES);
        else uniform_block(&p, spread, &row, speeds, matrices, alphas, first, b, ANCHOR_LANES, translates, line, layout);
        patch_statics(layout, matrices, alphas, b, statics[b], translation);
    }
    for (b = full > 0 ? full : 0; b < blocks; b++) {  /* a dense layout's partial last block */
        const int valid = (int)(last - b * ANCHOR_LANES);
        if (rows) dense_row_block(&row, layout, matrices, alphas, b, valid);
        else uniform_block(&p, spread, &row, speeds, matrices, alphas, first, b, valid, translates, line, layout);
        patch_statics(layout, matrices, alphas, b, statics[b], translation);
    }
}

ANCHOR_KERNELS(still, uniform_run, 0, 0) ANCHOR_KERNELS(moving, uniform_run, 1, 0)
ANCHOR_KERNELS(still_diagonal, uniform_run, 0, 1) ANCHOR_KERNELS(moving_diagonal, uniform_run, 1, 1)

anchor_kernel *const anchor_uniform_kernels[2][2][3] = {
    {ANCHOR_ROW(still), ANCHOR_ROW(moving)},
    {ANCHOR_ROW(still_diagonal), ANCHOR_ROW(moving_diagonal)}};

int anchor_is_translation(const float matrix[16]) {
    if (!anchor_is_diagonal(matrix)) return 0;
    for (int c = 0; c < 16; c += 5) {
        uint32_t bits;
        memcpy(&bits, &matrix[c], sizeof bits);
        if (bits != 0x3f800000u) return 0;
    }
    return 1;
}

int anchor_is_diagonal(const float matrix[16]) {
    for (int c = 0; c < 16; c++) {
        uint32_t bits;
        memcpy(&bits, &matrix[c], sizeof bits);
        if (off_diagonal(c) && bits != 0) return 0;
    }
    return 1;
}
