#ifndef ANCHOR_KERNELS_H
#define ANCHOR_KERNELS_H

#include "anchor.h"

/* The anchor's loops, one function per combination of page flags and layout, so that no
 * loop tests a flag: `anchor_page_frame` picks one from these tables. */
typedef void anchor_kernel(const anchor_page *page, const anchor_inputs *in, const anchor_outputs *out, long first,
                           long end);

/* One matrix per page (uniform.c), by [diagonal][still, translating][layout]. */
extern anchor_kernel *const anchor_uniform_kernels[2][2][3];
/* Whether the matrix is +0 (bit for bit) off its diagonal but for m41, m42 (uniform.c). */
int anchor_is_diagonal(const float matrix[16]);
int anchor_is_translation(const float matrix[16]); /* diagonal, with 1 (bit for bit) on the diagonal */
/* Per-subview angles (spin.c), by [scales·4 + perspective·2 + translates][layout]. */
extern anchor_kernel *const anchor_spin_kernels[8][3];

/* Declares kernel NAME##_##L for each layout L, running RUN(page, in, out, first, end,
 * flags..., L) with constant flags, and the row of a table that lists them. */
#define ANCHOR_KERNEL(NAME, RUN, L, ...)                                                                       \
    static void NAME##_##L(const anchor_page *page, const anchor_inputs *in, const anchor_outputs *out,        \
                           long first, long end) {                                                             \
        RUN(page, in, out, first, end, __VA_ARGS__, (anchor_layout)L);                                         \
    }
#define ANCHOR_KERNELS(NAME, RUN, ...)                                                                         \
    ANCHOR_KERNEL(NAME, RUN, 0, __VA_ARGS__)                                                                   \
    ANCHOR_KERNEL(NAME, RUN, 1, __VA_ARGS__)                                                                   \
    ANCHOR_KERNEL(NAME, RUN, 2, __VA_ARGS__)
#define ANCHOR_ROW(NAME) {NAME##_0, NAME##_1, NAME##_2}

#endif
