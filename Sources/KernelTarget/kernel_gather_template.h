#ifndef KERNEL_GATHER_TEMPLATE_H
#define KERNEL_GATHER_TEMPLATE_H

#include "kernel_shuffles.h"

/* The gather from `blocks` of a page whose subviews share every field but m41, m42, reading only
 * those (PageLayout.sharesTemplate; docs/DESIGN.md, "A page that shares a template"). */

/* The pieces of a row but piece 6 (m41 m42), by value, so that they stay in registers. */
typedef struct {
    kernel_double2 p0, p1, p2, p3, p4, p5, p7;
} kernel_template_pieces;

/* Row of 16 Doubles at `row`: the pieces, with `translation` as piece 6, in address order. */
static inline __attribute__((always_inline)) void kernel_template_row(double *row, kernel_template_pieces t,
                                                                      kernel_double2 translation, int streaming) {
    kernel_store_piece(row + 0, t.p0, streaming);
    kernel_store_piece(row + 2, t.p1, streaming);
    kernel_store_piece(row + 4, t.p2, streaming);
    kernel_store_piece(row + 6, t.p3, streaming);
    kernel_store_piece(row + 8, t.p4, streaming);
    kernel_store_piece(row + 10, t.p5, streaming);
    kernel_store_piece(row + 12, translation, streaming);
    kernel_store_piece(row + 14, t.p7, streaming);
}

/* One block: lane l's row is `t` (`identity` where bit l of `statics` is set) with its own m41, m42,
 * widened two lanes at a time (kernel_widen_lane_pair). */
static inline __attribute__((always_inline)) void kernel_gather_template_block(const float *block, double *out,
                                                                               kernel_template_pieces t,
                                                                               kernel_template_pieces identity,
                                                                               unsigned statics, int streaming) {
#define KERNEL_TEMPLATE_LANES(l)                                                                               \
    {                                                                                                          \
        const kernel_lane_pair pair = kernel_widen_lane_pair(block, 12, (l));                                  \
        kernel_template_row(out + 16 * (l), (statics >> (l) & 1) ? identity : t, pair.lo, streaming);          \
        kernel_template_row(out + 16 * ((l) + 1), (statics >> ((l) + 1) & 1) ? identity : t, pair.hi,          \
                            streaming);                                                                        \
    }
    KERNEL_TEMPLATE_LANES(0)
    KERNEL_TEMPLATE_LANES(2)
    KERNEL_TEMPLATE_LANES(4)
    KERNEL_TEMPLATE_LANES(6)
#undef KERNEL_TEMPLATE_LANES
}

/* The walk over `blocks` blocks; a block with no static lane stores only `t` (the call with
 * `statics` 0 folds the choice away). */
static inline __attribute__((always_inline)) void kernel_gather_template_walk(const float *source, long blocks,
                                                                              double *out,
                                                                              const unsigned char *statics,
                                                                              kernel_template_pieces t,
                                                                              int streaming) {
    const kernel_template_pieces identity = {{1, 0}, {0, 0}, {0, 1}, {0, 0}, {0, 0}, {1, 0}, {0, 1}};
    for (long b = 0; b < blocks; b++) {
        const unsigned mask = statics[b];
        const float *block = source + 136 * b;  /* 17 fields of 8 lanes a block */
        double *to = out + 128 * b;
        if (mask == 0) kernel_gather_template_block(block, to, t, t, 0, streaming);
        else kernel_gather_template_block(block, to, t, identity, mask, streaming);
    }
}

/* Rows 0 … 8·blocks − 1 of the whole blocks at `source` as 16 Doubles each at `out`: m41, m42 from
 * the frame, the rest from `template16` (16 Doubles, m11 … m44) or the identity in the lanes `statics`
 * marks (a mask a block). `streaming`: non-temporal stores on x86 (`out` 16-byte aligned), fenced. */
static inline void kernel_gather_template_blocks(const float *source, long blocks, double *out,
                                                 const unsigned char *statics, const double *template16,
                                                 int streaming) {
    kernel_double2 p[8];
    __builtin_memcpy(p, template16, sizeof p);
    const kernel_template_pieces t = {p[0], p[1], p[2], p[3], p[4], p[5], p[7]};
    if (streaming) {
        kernel_gather_template_walk(source, blocks, out, statics, t, 1);
        kernel_stream_fence();
    } else {
        kernel_gather_template_walk(source, blocks, out, statics, t, 0);
    }
}

#endif
