#ifndef ANCHOR_STATICS_H
#define ANCHOR_STATICS_H

#include <string.h>

#include "anchor.h"
#include "simd.h"

/* The identity and alpha 1 for lane l of block b, over what `put` wrote there. Patching
 * after the store beats selecting in registers, since static subviews are rare
 * (docs/DESIGN.md, "Static subviews"). With `translation` 1 (anchor_is_translation; Swift's
 * PageConstants.hasUnitDiagonal) only m41, m42 and alpha are written; with 2 (any other
 * diagonal page; Swift's DiagonalPatch) the diagonal too: the other fields hold already. */
INLINE void patch_lane(anchor_layout layout, void *restrict matrices, void *restrict alphas, long b, unsigned l,
                       int translation) {
    const f4 row[4] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0, 0, 1, 0}, {0, 0, 0, 1}};
    const long k = b * ANCHOR_LANES + l;  /* the subview */
    if (layout == ANCHOR_LAYOUT_BLOCKS) {
        float *lane = (float *)matrices + b * ANCHOR_BLOCK_FLOATS + l;
        if (translation == 1) {
            lane[12 * ANCHOR_LANES] = 0, lane[13 * ANCHOR_LANES] = 0, lane[16 * ANCHOR_LANES] = 1;
            return;
        }
        if (translation == 2) {
            lane[0] = 1, lane[5 * ANCHOR_LANES] = 1, lane[10 * ANCHOR_LANES] = 1;
            lane[12 * ANCHOR_LANES] = 0, lane[13 * ANCHOR_LANES] = 0;
            lane[15 * ANCHOR_LANES] = 1, lane[16 * ANCHOR_LANES] = 1;
            return;
        }
        for (int c = 0; c < ANCHOR_FIELDS; c++)
            lane[c * ANCHOR_LANES] = c == 0 || c == 5 || c == 10 || c >= 15 ? 1.0f : 0.0f;
    } else if (layout == ANCHOR_LAYOUT_FLOAT4X4) {
        for (int q = 0; q < 4; q++) store4((float *)matrices + 16 * k + 4 * q, row[q]);
        ((float *)alphas)[k] = 1;
    } else {
        for (int q = 0; q < 4; q++) store4d((double *)matrices + 16 * k + 4 * q, widen4(row[q]));
        ((double *)alphas)[k] = 1;
    }
}

/* The static lanes of blocks b, b + 1, … after their chunks are written: bit 8j + l of
 * `statics` is lane l of block b + j (one block's mask is bits 0 … 7). */
INLINE void patch_statics(anchor_layout layout, void *restrict matrices, void *restrict alphas, long b,
                          uint64_t statics, int translation) {
    for (; statics != 0; statics &= statics - 1) {
        const unsigned bit = (unsigned)__builtin_ctzll(statics);
        patch_lane(layout, matrices, alphas, b + bit / ANCHOR_LANES, bit % ANCHOR_LANES, translation);
    }
}

/* The static lanes of blocks b … b + 7, their masks read as one word after all eight are
 * written: a load among the stores slows them (UniformBlocks, the same grouping). */
INLINE void patch_statics8(anchor_layout layout, void *restrict matrices, void *restrict alphas, long b,
                           const uint8_t *restrict masks, int translation) {
    uint64_t statics;
    memcpy(&statics, masks, sizeof statics);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    statics = __builtin_bswap64(statics);
#endif
    patch_statics(layout, matrices, alphas, b, statics, translation);
}

#endif
