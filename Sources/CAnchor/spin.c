#include "kernels.h"
#include "layout.h"
#include "statics.h"
#include "trig.h"

/* θ_k = A + (k + 1)·D: a block's first angle from `sincos8` (8 blocks a call), its lanes by the
 * addition formulas with the page's cos(l·D), sin(l·D) (docs/DESIGN.md, "Per-subview spin");
 * rows 1–3 of M are [r_i1·m, r_i2·m, r_i3, r_i3·m34] (m: Zoom's scale, else 1). */
typedef struct {
    vf xx, yy, zz, xy, xz, yz, x, y, z;  /* products of the unit axis */
    vf lane_cos[ANCHOR_CHUNKS], lane_sin[ANCHOR_CHUNKS], scale, m34, f, g, alpha;
} spin_page;

INLINE spin_page spin_constants(const anchor_page *p) {
    spin_page s = {
        splatv(p->xx), splatv(p->yy), splatv(p->zz), splatv(p->xy), splatv(p->xz), splatv(p->yz),
        splatv(p->x), splatv(p->y), splatv(p->z), {{0}}, {{0}},
        splatv(p->scale), splatv(p->m34), splatv(p->f), splatv(p->g), splatv(p->alpha),
    };
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        s.lane_cos[h] = loadv(p->lane_cos + ANCHOR_WIDTH * h);
        s.lane_sin[h] = loadv(p->lane_sin + ANCHOR_WIDTH * h);
    }
    return s;
}

/* Chunk h of block b, whose first angle has sine `sb` and cosine `cb` (in every lane). */
INLINE void spin_chunk(const spin_page *p, vf sb, vf cb, const float *restrict speeds, void *restrict matrices,
                       long b, int h, int valid, int scales, int perspective, int translates,
                       anchor_layout layout) {
    const vf s = MADD(cb, p->lane_sin[h], sb * p->lane_cos[h]), c = NMADD(sb, p->lane_sin[h], cb * p->lane_cos[h]);
    const vf cc = 1.0f - c, zero = {0};
    /* r12/r21, r13/r31 and r23/r32 share their products. */
    const vf xyc = p->xy * cc, xzc = p->xz * cc, yzc = p->yz * cc;
    chunk k;
    vf *v = k.v;
    v[0] = MADD(p->xx, cc, c), v[1] = MADD(p->z, s, xyc), v[2] = NMADD(p->y, s, xzc);
    v[4] = NMADD(p->z, s, xyc), v[5] = MADD(p->yy, cc, c), v[6] = MADD(p->x, s, yzc);
    v[8] = MADD(p->y, s, xzc), v[9] = NMADD(p->x, s, yzc), v[10] = MADD(p->zz, cc, c);
    if (scales) {
        for (int i = 0; i < 12; i += 4) v[i] *= p->scale, v[i + 1] *= p->scale;
    }
    for (int i = 0; i < 12; i += 4) v[i + 3] = perspective ? MADD(v[i + 2], p->m34, zero) : zero;
    const float *sp = speeds + 2 * ANCHOR_LANES * b + ANCHOR_WIDTH * h;
    v[12] = translates ? p->f * loadv(sp) + 0.0f : zero;
    v[13] = translates ? p->g * loadv(sp + ANCHOR_LANES) + 0.0f : zero;
    v[14] = zero, v[15] = splatv(1.0f), v[16] = p->alpha;
    /* Rows 1–3 are computed, their m·4 with a perspective; row 4's m41, m42 with a translation. */
    const unsigned computed = 0x0777u | (perspective ? 0x0888u : 0) | (translates ? 0x3000u : 0);
    put_rows(layout, &k, matrices, b, h, valid, computed);
}

INLINE void spin_block(const spin_page *p, float sin_b, float cos_b, const float *restrict speeds,
                       const uint8_t *restrict statics, void *restrict matrices, void *restrict alphas, long b,
                       int valid, int scales, int perspective, int translates, anchor_layout layout) {
    const vf sb = splatv(sin_b), cb = splatv(cos_b);
    /* Unrolled on purpose: clang counts the pinned shuffles' asm as costly and kept a loop. */
#pragma clang loop unroll(full)
    for (int h = 0; h < ANCHOR_CHUNKS; h++)
        spin_chunk(p, sb, cb, speeds, matrices, b, h, valid, scales, perspective, translates, layout);
    for (int h = 0; h < ANCHOR_CHUNKS; h++) put_alpha(layout, p->alpha, alphas, b, h, valid);
    patch_statics(layout, matrices, alphas, b, statics[b], 0);
}

INLINE void spin_run(const anchor_page *restrict page, const anchor_inputs *in, const anchor_outputs *out, long first,
                     long end, int scales, int perspective, int translates, anchor_layout layout) {
    const spin_page p = spin_constants(page);
    const double base = page->base, step = page->step;
    /* Arrays from block `first` on, indexed by b − first (see `skip_blocks`). */
    const float *restrict speeds = in->speeds + 2 * ANCHOR_LANES * first;
    const uint8_t *restrict statics = in->static_lanes + first;
    void *matrices = out->matrices, *alphas = out->alphas;
    skip_blocks(layout, &matrices, &alphas, first);
    const long full = full_blocks(layout, end, out->count) - first, blocks = end - first;
    const long last = out->count - first * ANCHOR_LANES;  /* subviews from block `first` on */
    /* 8b + 1 + 8j is exact in Double, so θ_b does not depend on where a group starts. */
    const d8 block_steps = {0, 8, 16, 24, 32, 40, 48, 56};
    float sines[ANCHOR_LANES], cosines[ANCHOR_LANES];
    for (long b = 0; b < full;) {
        const long n = full - b < ANCHOR_LANES ? full - b : ANCHOR_LANES;
        f8 s, c;
        sincos8(base + ((double)(ANCHOR_LANES * (first + b) + 1) + block_steps) * step, &s, &c);
        store8(sines, s);
        store8(cosines, c);
        for (long j = 0; j < n; j++, b++)
            spin_block(&p, sines[j], cosines[j], speeds, statics, matrices, alphas, b, ANCHOR_LANES, scales,
                       perspective, translates, layout);
    }
    for (long b = full > 0 ? full : 0; b < blocks; b++) {  /* a dense layout's partial last block */
        f8 s, c;
        sincos8(base + splat8d((double)(ANCHOR_LANES * (first + b) + 1)) * step, &s, &c);
        spin_block(&p, s[0], c[0], speeds, statics, matrices, alphas, b, (int)(last - b * ANCHOR_LANES), scales,
                   perspective, translates, layout);
    }
}

ANCHOR_KERNELS(spin000, spin_run, 0, 0, 0) ANCHOR_KERNELS(spin001, spin_run, 0, 0, 1)
ANCHOR_KERNELS(spin010, spin_run, 0, 1, 0) ANCHOR_KERNELS(spin011, spin_run, 0, 1, 1)
ANCHOR_KERNELS(spin100, spin_run, 1, 0, 0) ANCHOR_KERNELS(spin101, spin_run, 1, 0, 1)
ANCHOR_KERNELS(spin110, spin_run, 1, 1, 0) ANCHOR_KERNELS(spin111, spin_run, 1, 1, 1)

anchor_kernel *const anchor_spin_kernels[8][3] = {
    ANCHOR_ROW(spin000), ANCHOR_ROW(spin001), ANCHOR_ROW(spin010), ANCHOR_ROW(spin011),
    ANCHOR_ROW(spin100), ANCHOR_ROW(spin101), ANCHOR_ROW(spin110), ANCHOR_ROW(spin111),
};
