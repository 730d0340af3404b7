#include <string.h>

#include "anchor.h"
#include "simd.h"

/* Four floats' bytes stored over doubles: may_alias, so that no type-based alias rule lets
 * the compiler reorder these stores against the doubles' readers. */
typedef float f4_over_doubles __attribute__((vector_size(16), aligned(8), may_alias));

/* 32 bytes of floats at `from` stored at `to` as two 16-byte pieces, in address order. */
INLINE void move32(double *restrict to, const float *restrict from) {
    f4 lo, hi;
    memcpy(&lo, from, sizeof lo);
    memcpy(&hi, from + 4, sizeof hi);
    *(f4_over_doubles *)to = lo;
    __asm__("" ::: "memory"); /* keeps the two stores in this order */
    *(f4_over_doubles *)(to + 2) = hi;
}

/* A fixed yardstick: the same loop whatever the gather's strategy (docs/DESIGN.md,
 * "Strategies"). Forward, ordinary 16-byte stores in address order. */
void anchor_read_limit(anchor_layout layout, const void *restrict matrices, long count, double *restrict out,
                       const double *restrict template16) {
    if (count <= 0) return;
    switch (layout) {
    case ANCHOR_LAYOUT_BLOCKS: {
        const float *restrict blocks = matrices;
        const long full = count / ANCHOR_LANES;
        for (long b = 0; b < full; b++) {
            const float *block = blocks + b * ANCHOR_BLOCK_FLOATS;
            double *to = out + b * (16 * ANCHOR_LANES);
            for (int c = 0; c < 16; c++) {
                const float *from = template16 && c != 12 && c != 13 ? (const float *)(template16 + 4 * (c / 4))
                                                                     : block + ANCHOR_LANES * c;
                move32(to + 8 * c, from);
                move32(to + 8 * c + 4, from);
            }
        }
        for (long k = full * ANCHOR_LANES; k < count; k++)
            for (int c = 0; c < 16; c++)
                out[16 * k + c] = blocks[k / ANCHOR_LANES * ANCHOR_BLOCK_FLOATS + ANCHOR_LANES * c + k % ANCHOR_LANES];
        break;
    }
    case ANCHOR_LAYOUT_FLOAT4X4: {
        /* A subview's 64 bytes read as two halves, each stored twice. */
        const float *restrict rows = matrices;
        for (long k = 0; k < count; k++) {
            move32(out + 16 * k, rows + 16 * k);
            move32(out + 16 * k + 4, rows + 16 * k);
            move32(out + 16 * k + 8, rows + 16 * k + 8);
            move32(out + 16 * k + 12, rows + 16 * k + 8);
        }
        break;
    }
    case ANCHOR_LAYOUT_CATRANSFORM3D:
        memcpy(out, matrices, (size_t)count * 128);
        break;
    }
}
