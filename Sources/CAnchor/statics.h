#ifndef ANCHOR_STATICS_H
#define ANCHOR_STATICS_H

#include <string.h>

#include "anchor.h"
#include "simd.h"

/* The identity and alpha 1 for lane l of block b, over what `put` wrote there: 17 scalar
 * stores in blocks, one 64- or 128-byte row and an alpha in the dense layouts.
 *
 * Static subviews are rare (a lane here and there), so this beats selecting them in
 * registers before the store. Measured with callgrind on the SSE2 build (linear, 10k
 * subviews, every 50th static): selecting inline makes the compiler merge the stores of the
 * two paths, so every field of every block passes through a register copy (16.3 against
 * 9.1 instructions a subview); selecting out of line costs 252 instructions per block with
 * a static lane (12.7); patching after the store costs about 22 per static lane (8.4).
 *
 * With `translation` 1 (a uniform page whose matrix is the identity but for m41, m42:
 * anchor_is_translation; the Swift kernel's PageConstants.hasUnitDiagonal), blocks take only
 * m41, m42 and alpha: the other 14 fields of the lane hold the identity's values already.
 * With 2 (any other diagonal page: anchor_is_diagonal, Zoom), the diagonal too: the 10
 * fields off it but m41, m42 are +0 already (the Swift kernel's DiagonalPatch). */
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

/* The static lanes of blocks b … b + 7, whose masks are read as one 8-byte word after all
 * eight are written. A loop of stores runs slower with any load among them (the Swift
 * kernel's UniformBlocks, the same grouping). */
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
