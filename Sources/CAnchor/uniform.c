#include <string.h>

#include "kernels.h"
#include "layout.h"
#include "statics.h"

/* One matrix per page (no rotation, or one angle for the whole page): every field but the
 * translation is the same in every lane, so the compiler keeps them, and what their
 * transposes in the dense layouts can, out of the loop. A translating page adds f·s.x to
 * m41 and g·s.y to m42: to +0 (`translates` 1; adding +0 turns −0 into +0, as the
 * reference's sums do), or to the matrix's own m41, m42 (`translates` 2: a keyframed pose,
 * PageConstants.applyUniform and keyframes.c; apart, since the two extra constants cost
 * the SSE2 loop a reload a block). A `diagonal` page (anchor_is_diagonal: +0 off the
 * diagonal but for m41, m42, as Linear, Curve, InOut and Zoom pages are) gets its 10 zeros
 * as constants, which the loop stores from one register: a translating page's 15 template
 * values (the fields but m41, m42, and alpha) and f, g are 17 vectors, more than AVX2's 16
 * registers, and the loop reloaded the rest every block (the Swift kernel's
 * FrameKernel.fields, the same split). */
typedef struct {
    chunk matrix;  /* every field and alpha in lanes */
    vf f, g;
} uniform_page;

INLINE int off_diagonal(int c) { return c % 5 != 0 && c != 12 && c != 13; }

INLINE uniform_page uniform_constants(const anchor_page *p, int diagonal) {
    uniform_page u;
    const vf zero = {0};
    for (int c = 0; c < 16; c++) u.matrix.v[c] = diagonal && off_diagonal(c) ? zero : splatv(p->matrix[c]);
    u.matrix.v[16] = splatv(p->alpha);
    u.f = splatv(p->f), u.g = splatv(p->g);
    return u;
}

/* Block b: its chunks differ only in m41 and m42. */
INLINE void uniform_block(const uniform_page *p, const float *restrict speeds, const uint8_t *restrict statics,
                          void *restrict matrices, void *restrict alphas, long b, int valid, int translates,
                          anchor_layout layout) {
    chunk k[ANCHOR_CHUNKS];
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        k[h] = p->matrix;
        if (translates) {
            const float *s = speeds + 2 * ANCHOR_LANES * b + ANCHOR_WIDTH * h;
            const vf zero = {0};
            k[h].v[12] = p->f * loadv(s) + (translates == 2 ? p->matrix.v[12] : zero);
            k[h].v[13] = p->g * loadv(s + ANCHOR_LANES) + (translates == 2 ? p->matrix.v[13] : zero);
        }
    }
    put_block(layout, k, matrices, alphas, b, valid);
    patch_statics(layout, matrices, alphas, b, statics[b]);
}

INLINE void uniform_run(const anchor_page *restrict page, const anchor_inputs *in, const anchor_outputs *out,
                        long first, long end, int translates, int diagonal, anchor_layout layout) {
    const uniform_page p = uniform_constants(page, diagonal);
    const float *restrict speeds = in->speeds + 2 * ANCHOR_LANES * first;
    const uint8_t *restrict statics = in->static_lanes + first;
    void *matrices = out->matrices, *alphas = out->alphas;
    skip_blocks(layout, &matrices, &alphas, first);
    const long full = full_blocks(layout, end, out->count) - first, blocks = end - first;
    const long last = out->count - first * ANCHOR_LANES;  /* subviews from block `first` on */
    for (long b = 0; b < full; b++)
        uniform_block(&p, speeds, statics, matrices, alphas, b, ANCHOR_LANES, translates, layout);
    for (long b = full > 0 ? full : 0; b < blocks; b++)  /* a dense layout's partial last block */
        uniform_block(&p, speeds, statics, matrices, alphas, b, (int)(last - b * ANCHOR_LANES), translates, layout);
}

ANCHOR_KERNELS(still, uniform_run, 0, 0)
ANCHOR_KERNELS(moving, uniform_run, 1, 0)
ANCHOR_KERNELS(posed, uniform_run, 2, 0)
ANCHOR_KERNELS(still_diagonal, uniform_run, 0, 1)
ANCHOR_KERNELS(moving_diagonal, uniform_run, 1, 1)
ANCHOR_KERNELS(posed_diagonal, uniform_run, 2, 1)

anchor_kernel *const anchor_uniform_kernels[2][3][3] = {
    {ANCHOR_ROW(still), ANCHOR_ROW(moving), ANCHOR_ROW(posed)},
    {ANCHOR_ROW(still_diagonal), ANCHOR_ROW(moving_diagonal), ANCHOR_ROW(posed_diagonal)}};

int anchor_is_posed(const float matrix[16]) {
    uint32_t m41, m42;
    memcpy(&m41, &matrix[12], sizeof m41);
    memcpy(&m42, &matrix[13], sizeof m42);
    return m41 != 0 || m42 != 0;
}

int anchor_is_diagonal(const float matrix[16]) {
    for (int c = 0; c < 16; c++) {
        uint32_t bits;
        memcpy(&bits, &matrix[c], sizeof bits);
        if (off_diagonal(c) && bits != 0) return 0;
    }
    return 1;
}
