#ifndef ANCHOR_LAYOUT_H
#define ANCHOR_LAYOUT_H

#include "anchor.h"
#include "transpose.h"

/* One chunk in registers: the 16 fields (Core Animation order) and alpha of ANCHOR_WIDTH
 * subviews, field c of every lane in v[c]. The kernels fill one, then `put` writes it. */
typedef struct {
    vf v[ANCHOR_FIELDS];
} chunk;

/* Writing a chunk once, in the run's layout. `valid` counts the block's lanes that hold
 * subviews: all 8 but in a dense layout's last block (a constant in the main loops). */

/* blocks: 17 stores, field c of lane l at block[c·8 + l]; chunk h holds lanes from h·WIDTH. */
INLINE void put_blocks(float *restrict m, long b, int h, const chunk *k) {
    float *dst = m + b * ANCHOR_BLOCK_FLOATS + h * ANCHOR_WIDTH;
    for (int c = 0; c < ANCHOR_FIELDS; c++) storev(dst + c * ANCHOR_LANES, k->v[c]);
}

/* float4x4: subview k's row at m + 16k (64 bytes); catransform3d: the same row widened to
 * Double four fields at a time (cvtps2pd), 128 bytes. */
INLINE void put_row(anchor_layout layout, void *restrict m, long k, f4 q0, f4 q1, f4 q2, f4 q3) {
    if (layout == ANCHOR_LAYOUT_FLOAT4X4) {
        float *row = (float *)m + 16 * k;
        store4(row, q0), store4(row + 4, q1), store4(row + 8, q2), store4(row + 12, q3);
    } else {
        double *row = (double *)m + 16 * k;
        store4d(row, widen4(q0)), store4d(row + 4, widen4(q1)), store4d(row + 8, widen4(q2));
        store4d(row + 12, widen4(q3));
    }
}

/* The dense layouts' matrices: one row per lane, transposed in registers. Bit c of
 * `computed` marks field c as computed per chunk, not a page constant (`transpose4`). */
INLINE void put_dense_rows(anchor_layout layout, void *restrict m, long first, const chunk *k, int valid,
                           unsigned computed) {
#if ANCHOR_WIDTH == 8
    (void)computed;      /* the 8-wide transposes have no pinned form */
    f8 low[8], high[8];  /* fields 0–7 and 8–15 of lane l */
    transpose8(&k->v[0], low);
    transpose8(&k->v[8], high);
    for (int l = 0; l < 8 && l < valid; l++) {
        if (layout == ANCHOR_LAYOUT_FLOAT4X4) {
            store8((float *)m + 16 * (first + l), low[l]);
            store8((float *)m + 16 * (first + l) + 8, high[l]);
        } else {
            put_row(layout, m, first + l, quarter(low[l], 0), quarter(low[l], 1), quarter(high[l], 0),
                    quarter(high[l], 1));
        }
    }
#else
    f4 t[4][4];  /* t[q][l]: fields 4q … 4q + 3 of lane l */
    for (int q = 0; q < 4; q++) transpose4(&k->v[4 * q], t[q], (computed >> 4 * q) & 15);
    for (int l = 0; l < 4 && l < valid; l++) put_row(layout, m, first + l, t[0][l], t[1][l], t[2][l], t[3][l]);
#endif
}

/* The dense layouts' alphas of lanes first … first + valid − 1, as they are. */
INLINE void put_dense_alpha(anchor_layout layout, void *restrict a, long first, vf alpha, int valid) {
    if (valid >= ANCHOR_WIDTH) {
        if (layout == ANCHOR_LAYOUT_FLOAT4X4) storev((float *)a + first, alpha);
        else
            for (int i = 0; i < ANCHOR_WIDTH / 4; i++) store4d((double *)a + first + 4 * i, widen4(quarter(alpha, i)));
    } else {
        for (int l = 0; l < ANCHOR_WIDTH && l < valid; l++) {
            if (layout == ANCHOR_LAYOUT_FLOAT4X4) ((float *)a)[first + l] = alpha[l];
            else ((double *)a)[first + l] = alpha[l];
        }
    }
}

/* Writes chunk h of block b, all but a dense layout's alpha (`put_alpha`). A block's dense
 * alphas go out after all its rows, in address order (docs/DESIGN.md, "The kernel"). */
INLINE void put_rows(anchor_layout layout, const chunk *k, void *restrict matrices, long b, int h, int valid,
                     unsigned computed) {
    if (layout == ANCHOR_LAYOUT_BLOCKS) put_blocks((float *)matrices, b, h, k);
    else if (valid > ANCHOR_WIDTH * h)
        put_dense_rows(layout, matrices, ANCHOR_LANES * b + ANCHOR_WIDTH * h, k, valid - ANCHOR_WIDTH * h, computed);
}

/* Chunk h's alphas of block b in a dense layout (in blocks alpha is a field `put_rows`
 * stores). */
INLINE void put_alpha(anchor_layout layout, vf alpha, void *restrict alphas, long b, int h, int valid) {
    if (layout != ANCHOR_LAYOUT_BLOCKS && valid > ANCHOR_WIDTH * h)
        put_dense_alpha(layout, alphas, ANCHOR_LANES * b + ANCHOR_WIDTH * h, alpha, valid - ANCHOR_WIDTH * h);
}

/* Every chunk's alphas of block b in a dense layout, after its rows (`put_rows`). */
INLINE void put_block_alphas(anchor_layout layout, const chunk *k, void *restrict alphas, long b, int valid) {
    for (int h = 0; h < ANCHOR_CHUNKS; h++) put_alpha(layout, k[h].v[16], alphas, b, h, valid);
}

/* Writes all chunks of block b; in blocks field by field, so that a page constant is loaded
 * once per block (on SSE2 the 15 constant fields do not fit in registers). */
INLINE void put_block(anchor_layout layout, const chunk *k, void *restrict matrices, void *restrict alphas, long b,
                      int valid) {
    if (layout == ANCHOR_LAYOUT_BLOCKS) {
        float *dst = (float *)matrices + b * ANCHOR_BLOCK_FLOATS;
        for (int c = 0; c < ANCHOR_FIELDS; c++)
            for (int h = 0; h < ANCHOR_CHUNKS; h++) storev(dst + c * ANCHOR_LANES + h * ANCHOR_WIDTH, k[h].v[c]);
    } else {
        for (int h = 0; h < ANCHOR_CHUNKS; h++) put_rows(layout, &k[h], matrices, b, h, valid, 0);
        put_block_alphas(layout, k, alphas, b, valid);
    }
}

/* Moves the destinations on to block `first`, so that a loop indexes all its arrays by one
 * counter from 0 (one induction variable instead of two). */
INLINE void skip_blocks(anchor_layout layout, void **matrices, void **alphas, long first) {
    if (layout == ANCHOR_LAYOUT_BLOCKS) {
        *matrices = (float *)*matrices + first * ANCHOR_BLOCK_FLOATS;
    } else {
        const long elements = first * ANCHOR_LANES * 16, size = layout == ANCHOR_LAYOUT_FLOAT4X4 ? 4 : 8;
        *matrices = (char *)*matrices + elements * size;
        *alphas = (char *)*alphas + first * ANCHOR_LANES * size;
    }
}

/* Blocks that hold 8 subviews in `layout`: all of [first, end) for blocks (it writes whole
 * blocks, padding lanes included), else those below the page's last partial block. */
INLINE long full_blocks(anchor_layout layout, long end, long count) {
    const long whole = count / ANCHOR_LANES;
    return layout == ANCHOR_LAYOUT_BLOCKS || end <= whole ? end : whole;
}

#endif
