#include "keyframes.h"
#include "keyframe_easing.h"
#include "layout.h"
#include "statics.h"
#include "trig.h"

/* The lanes kernel (keyframes.h; KeyframeComposition.swift's M = K·B): one loop per combination of
 * present tracks, planar or not, and layout (`kernels` below), since 0·x + y is not y and a missing
 * track's neutral value would not fold away (docs/DESIGN.md, "The C anchor's keyframes"). */

#define W ANCHOR_WIDTH
#define CHUNKS ANCHOR_CHUNKS

enum { TRANSLATION = 1, SCALE = 2, ROTATION = 4, ALPHA = 8 };

/* 8 angles from the block's chunks of Double. */
INLINE d8 whole(const vd *theta) {
#if W == 8
    return theta[0];
#else
    return __builtin_shufflevector(theta[0], theta[1], 0, 1, 2, 3, 4, 5, 6, 7);
#endif
}

/* A two-value track's x (and y) in every chunk: v0 + dv·E. */
INLINE void track_values(const kf_segments *s, uint8_t flags, d8 tau, vf x[CHUNKS], vf y[CHUNKS]) {
    vf e[CHUNKS];
    if (!(flags & KF_CONSTANT)) eased(s, tau, flags, e);
    for (int h = 0; h < CHUNKS; h++) {
        const int o = W * h;
        x[h] = loadv(s->v0x + o);
        if (y) y[h] = loadv(s->v0y + o);
        if (flags & KF_CONSTANT) continue;
        x[h] = MADD(loadv(s->dvx + o), e[h], x[h]);
        if (y) y[h] = MADD(loadv(s->dvy + o), e[h], y[h]);
    }
}

/* The rotation θ in every chunk, in Double: v0x + v0y + dv·E. */
INLINE void track_angles(const kf_segments *s, uint8_t flags, d8 tau, vd theta[CHUNKS]) {
    vf e[CHUNKS];
    if (!(flags & KF_CONSTANT)) eased(s, tau, flags, e);
    for (int h = 0; h < CHUNKS; h++) {
        const int o = W * h;
        theta[h] = to_double(loadv(s->v0x + o)) + to_double(loadv(s->v0y + o));
        if (!(flags & KF_CONSTANT)) theta[h] += to_double(loadv(s->dvx + o) * e[h]);
    }
}

/* The pose of one chunk's lanes. */
typedef struct {
    vf tx, ty, sx, sy, sin, cos, alpha;
} pose;

/* No page rotation, every lane turning about z (B = diag(m, m, 1, 1) plus the page's
 * translation): M = [sx·c·m, sx·s·m, 0, 0; −sy·s·m, sy·c·m, 0, 0; 0, 0, 1, 0;
 * tx·m + f·s.x, ty·m + g·s.y, 0, 1]. `+ 0` turns −0 into +0, as the reference's sums do. */
INLINE void compose_planar(chunk *k, const pose *q, vf m, vf f, vf g, vf spx, vf spy, int tracks) {
    const vf zero = {0}, one = splatv(1);
    const vf sxm = tracks & SCALE ? q->sx * m : m, sym = tracks & SCALE ? q->sy * m : m;
    vf *v = k->v;
    if (tracks & ROTATION) {
        v[0] = sxm * q->cos + 0.0f, v[1] = sxm * q->sin + 0.0f;
        v[4] = zero - sym * q->sin, v[5] = sym * q->cos + 0.0f;
    } else {
        v[0] = sxm + 0.0f, v[1] = zero, v[4] = zero, v[5] = sym + 0.0f;
    }
    v[2] = v[3] = v[6] = v[7] = v[8] = v[9] = v[11] = v[14] = zero;
    v[10] = v[15] = one;
    if (tracks & TRANSLATION) {
        v[12] = MADD(q->tx, m, f * spx) + 0.0f, v[13] = MADD(q->ty, m, g * spy) + 0.0f;
    } else {
        v[12] = f * spx + 0.0f, v[13] = g * spy + 0.0f;
    }
    v[16] = q->alpha;
}

/* Any page and axis: K's rows 1–3 from each lane's axis products (the fourth column is 0),
 * B's rows 1–3 in `b` (the page's matrix, or each lane's when the page spins), then
 * Mᵢ = Kᵢ₁·B₁ + Kᵢ₂·B₂ + Kᵢ₃·B₃ and M₄ = tx·B₁ + ty·B₂ + (f·s.x, g·s.y, 0, 1). */
INLINE void compose_general(chunk *k, const pose *q, const float *axes, int h, const vf b[3][4], vf f, vf g, vf spx,
                            vf spy, int tracks) {
    vf r[3][3];
    if (tracks & ROTATION) {
        const int o = W * h;
        const vf c = q->cos, s = q->sin, cc = 1.0f - c;
        const vf xyc = loadv(axes + 3 * 8 + o) * cc, xzc = loadv(axes + 4 * 8 + o) * cc, yzc = loadv(axes + 5 * 8 + o) * cc;
        const vf xs = loadv(axes + 6 * 8 + o) * s, ys = loadv(axes + 7 * 8 + o) * s, zs = loadv(axes + 8 * 8 + o) * s;
        r[0][0] = MADD(loadv(axes + 0 * 8 + o), cc, c), r[0][1] = xyc + zs, r[0][2] = xzc - ys;
        r[1][0] = xyc - zs, r[1][1] = MADD(loadv(axes + 1 * 8 + o), cc, c), r[1][2] = yzc + xs;
        r[2][0] = xzc + ys, r[2][1] = yzc - xs, r[2][2] = MADD(loadv(axes + 2 * 8 + o), cc, c);
        if (tracks & SCALE)
            for (int j = 0; j < 3; j++) r[0][j] *= q->sx, r[1][j] *= q->sy;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 4; j++) k->v[4 * i + j] = MADD(r[i][0], b[0][j], MADD(r[i][1], b[1][j], r[i][2] * b[2][j])) + 0.0f;
    } else {  /* K = diag(sx, sy, 1) */
        for (int j = 0; j < 4; j++) {
            k->v[j] = tracks & SCALE ? q->sx * b[0][j] + 0.0f : b[0][j] + 0.0f;
            k->v[4 + j] = tracks & SCALE ? q->sy * b[1][j] + 0.0f : b[1][j] + 0.0f;
            k->v[8 + j] = b[2][j] + 0.0f;
        }
    }
    const vf zero = {0}, row4[4] = {f * spx, g * spy, zero, splatv(1)};
    for (int j = 0; j < 4; j++)
        k->v[12 + j] = tracks & TRANSLATION ? MADD(q->tx, b[0][j], MADD(q->ty, b[1][j], row4[j])) + 0.0f : row4[j] + 0.0f;
    k->v[16] = q->alpha;
}

/* B's rows 1–3 per lane of block b when every subview spins: (r_i1·m, r_i2·m, r_i3,
 * r_i3·m34) with θ_k = base + (k + 1)·step (the spin kernel's reduced base and step). */
INLINE void spin_rows(const anchor_page *p, long b, vf rows[CHUNKS][3][4]) {
    const d8 lanes = {0, 1, 2, 3, 4, 5, 6, 7};
    f8 s8, c8;
    sincos8(p->base + ((double)(8 * b + 1) + lanes) * p->step, &s8, &c8);
    for (int h = 0; h < CHUNKS; h++) {
        const vf s = ANCHOR_CHUNK(s8, h), c = ANCHOR_CHUNK(c8, h), cc = 1.0f - c, m = splatv(p->scale), d = splatv(p->m34);
        const vf xyc = p->xy * cc, xzc = p->xz * cc, yzc = p->yz * cc, xs = p->x * s, ys = p->y * s, zs = p->z * s;
        const vf r13 = xzc - ys, r23 = yzc + xs, r33 = c + p->zz * cc;
        const vf r[3][4] = {{(c + p->xx * cc) * m, (xyc + zs) * m, r13, r13 * d},
                            {(xyc - zs) * m, (c + p->yy * cc) * m, r23, r23 * d},
                            {(xzc + ys) * m, (yzc - xs) * m, r33, r33 * d}};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 4; j++) rows[h][i][j] = r[i][j];
    }
}

/* The cached segments of block b's present tracks, checked and refreshed; their flags. */
INLINE void segments_of(const kf_tables *t, kf_state *st, long b, d8 tau, int tracks, const kf_segments *seg[4],
                        uint8_t flags[4]) {
    const int slots = __builtin_popcount((unsigned)tracks);
    kf_segments *s = st->segments + b * slots;
    uint8_t *f = st->flags + b * slots;
    int slot = 0;
    for (int track = 0; track < 4; track++) {
        if (!(tracks & (1 << track))) continue;
        if (__builtin_expect(!holds(s + slot, tau), 0)) kf_refresh(t, s + slot, f + slot, track, b, tau);
        seg[track] = s + slot, flags[track] = f[slot];
        slot++;
    }
}

INLINE void lanes_block(const kf_page *p, const kf_tables *t, kf_state *st, const anchor_inputs *in,
                        const anchor_outputs *out, long b, int valid, int tracks, int planar, anchor_layout layout) {
    const d8 tau = splat8d(p->offset) - load8d(t->shifts + 8 * b);
    const kf_segments *seg[4] = {0};
    uint8_t flags[4] = {0};
    segments_of(t, st, b, tau, tracks, seg, flags);
    pose q[CHUNKS];
    vf tx[CHUNKS], ty[CHUNKS], sx[CHUNKS], sy[CHUNKS], a[CHUNKS];
    if (tracks & TRANSLATION) track_values(seg[0], flags[0], tau, tx, ty);
    if (tracks & SCALE) track_values(seg[1], flags[1], tau, sx, sy);
    if (tracks & ALPHA) track_values(seg[3], flags[3], tau, a, 0);
    for (int h = 0; h < CHUNKS; h++) {
        if (tracks & TRANSLATION) q[h].tx = tx[h], q[h].ty = ty[h];
        if (tracks & SCALE) q[h].sx = sx[h], q[h].sy = sy[h];
        q[h].alpha = splatv(p->page.alpha);
        if (tracks & ALPHA) q[h].alpha *= vmin(vmax(a[h], splatv(0)), splatv(1));
    }
    if (tracks & ROTATION) {
        vd theta[CHUNKS];
        track_angles(seg[2], flags[2], tau, theta);
        f8 s8, c8;
        sincos8(whole(theta), &s8, &c8);
        for (int h = 0; h < CHUNKS; h++) q[h].sin = ANCHOR_CHUNK(s8, h), q[h].cos = ANCHOR_CHUNK(c8, h);
    }
    const vf f = splatv(p->page.f), g = splatv(p->page.g);
    const float *speeds = in->speeds + 16 * b;
    vf spun[CHUNKS][3][4], alpha[CHUNKS];
    if (!planar && p->page.spins) spin_rows(&p->page, b, spun);
    for (int h = 0; h < CHUNKS; h++) {
        chunk k;
        const vf spx = loadv(speeds + W * h), spy = loadv(speeds + 8 + W * h);
        if (planar) {
            compose_planar(&k, &q[h], splatv(p->page.matrix[0]), f, g, spx, spy, tracks);
        } else if (p->page.spins) {
            compose_general(&k, &q[h], t->axes + 72 * b, h, (const vf(*)[4])spun[h], f, g, spx, spy, tracks);
        } else {
            vf rows[3][4];
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 4; j++) rows[i][j] = splatv(p->page.matrix[4 * i + j]);
            compose_general(&k, &q[h], t->axes + 72 * b, h, (const vf(*)[4])rows, f, g, spx, spy, tracks);
        }
        put_rows(layout, &k, out->matrices, b, h, valid, 0);
        alpha[h] = k.v[16];
    }
    for (int h = 0; h < CHUNKS; h++) put_alpha(layout, alpha[h], out->alphas, b, h, valid);
    patch_statics(layout, out->matrices, out->alphas, b, in->static_lanes[b], 0);
}

INLINE void lanes_run(const kf_page *p, const kf_tables *t, kf_state *st, const anchor_inputs *in,
                      const anchor_outputs *out, long first, long end, int tracks, int planar, anchor_layout layout) {
    const long full = full_blocks(layout, end, out->count);
    for (long b = first; b < full; b++) lanes_block(p, t, st, in, out, b, ANCHOR_LANES, tracks, planar, layout);
    for (long b = full > first ? full : first; b < end; b++)  /* a dense layout's partial last block */
        lanes_block(p, t, st, in, out, b, (int)(out->count - b * ANCHOR_LANES), tracks, planar, layout);
}

typedef void kf_kernel(const kf_page *p, const kf_tables *t, kf_state *st, const anchor_inputs *in,
                       const anchor_outputs *out, long first, long end);

#define KF_KERNEL(T, P, L)                                                                                         \
    static void kf_##T##_##P##_##L(const kf_page *p, const kf_tables *t, kf_state *st, const anchor_inputs *in,   \
                                   const anchor_outputs *out, long first, long end) {                               \
        lanes_run(p, t, st, in, out, first, end, T, P, (anchor_layout)L);                                           \
    }
#define KF_KERNELS(T) KF_KERNEL(T, 0, 0) KF_KERNEL(T, 0, 1) KF_KERNEL(T, 0, 2) KF_KERNEL(T, 1, 0) KF_KERNEL(T, 1, 1) KF_KERNEL(T, 1, 2)
#define KF_ROW(T) {{kf_##T##_0_0, kf_##T##_0_1, kf_##T##_0_2}, {kf_##T##_1_0, kf_##T##_1_1, kf_##T##_1_2}}

KF_KERNELS(0) KF_KERNELS(1) KF_KERNELS(2) KF_KERNELS(3) KF_KERNELS(4) KF_KERNELS(5) KF_KERNELS(6) KF_KERNELS(7)
KF_KERNELS(8) KF_KERNELS(9) KF_KERNELS(10) KF_KERNELS(11) KF_KERNELS(12) KF_KERNELS(13) KF_KERNELS(14) KF_KERNELS(15)

/* By [present tracks][planar][layout]. */
static kf_kernel *const kernels[16][2][3] = {
    KF_ROW(0), KF_ROW(1), KF_ROW(2),   KF_ROW(3),   KF_ROW(4),   KF_ROW(5),   KF_ROW(6),   KF_ROW(7),
    KF_ROW(8), KF_ROW(9), KF_ROW(10), KF_ROW(11), KF_ROW(12), KF_ROW(13), KF_ROW(14), KF_ROW(15),
};

/* The page with one pose for all its lanes (values v, per track) folded into its matrix:
 * K·B with B = R·A·P, row 4 tx·B₁ + ty·B₂ + (0, 0, 0, 1), to which the uniform loop adds
 * f·s.x, g·s.y; alpha = alpha_page · clamp(alpha_track, 0, 1). Once per run and frame. */
static void run_pose(const kf_page *p, const kf_state *st, const double v[4][2], const anchor_inputs *in,
                     const anchor_outputs *out, long first, long end) {
    if (first >= end) return;
    anchor_page page = p->page;
    const float tx = (float)v[0][0], ty = (float)v[0][1], sx = (float)v[1][0], sy = (float)v[1][1];
    f8 s8, c8;
    sincos8(splat8d(v[2][0]), &s8, &c8);
    const float s = s8[0], c = c8[0], cc = 1 - c, *a = st->axis;
    const float k[3][3] = {{sx * (c + a[0] * cc), sx * (a[3] * cc + a[8] * s), sx * (a[4] * cc - a[7] * s)},
                           {sy * (a[3] * cc - a[8] * s), sy * (c + a[1] * cc), sy * (a[5] * cc + a[6] * s)},
                           {a[4] * cc + a[7] * s, a[5] * cc - a[6] * s, c + a[2] * cc}};
    const float *bm = p->page.matrix;
    for (int j = 0; j < 4; j++) {
        for (int i = 0; i < 3; i++) page.matrix[4 * i + j] = k[i][0] * bm[j] + k[i][1] * bm[4 + j] + k[i][2] * bm[8 + j] + 0.0f;
        page.matrix[12 + j] = tx * bm[j] + ty * bm[4 + j] + (j == 3 ? 1.0f : 0.0f);
    }
    const float alpha = (float)v[3][0];
    page.alpha = p->page.alpha * (alpha > 1 ? 1 : alpha > 0 ? alpha : 0);
    anchor_page_frame(&page, in, out, first, end);
}

/* The first block in [lo, hi) where `o − shift[b] ≥ bound` (after = 1) or `o − shift[b] <
 * bound` (after = 0) is `holds`, given that it is so on a prefix only (the shifts are
 * monotone). */
static long partition(const double *shift, double o, double bound, int after, int holds, long lo, long hi) {
    while (lo < hi) {
        const long mid = lo + (hi - lo) / 2;
        const double tau = o - shift[mid];
        if ((after ? tau >= bound : tau < bound) == holds) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

void kf_lanes_frame(const kf_page *p, const kf_tables *t, kf_state *st, const anchor_inputs *in,
                    const anchor_outputs *out, long first, long end) {
    if (first >= end || (unsigned)out->layout > ANCHOR_LAYOUT_CATRANSFORM3D) return;
    kf_kernel *const lanes = kernels[t->tracks & 15][p->planar != 0][out->layout];
    if (!st->split || p->page.spins) {
        lanes(p, t, st, in, out, first, end);
        return;
    }
    /* Every lane of block b is after the last keyframe when o − shift_max[b] ≥ t_last, before
     * the first when o − shift_min[b] < t_first. Rising shifts (stagger > 0): the blocks
     * after come first, then those in transition, then those before; falling, the reverse. */
    const double o = p->offset;
    long a, c;
    if (st->rising) {
        a = partition(st->shift_max, o, st->t_last, 1, 1, first, end);
        c = partition(st->shift_min, o, st->t_first, 0, 0, a, end);
        run_pose(p, st, st->last, in, out, first, a);
        lanes(p, t, st, in, out, a, c);
        run_pose(p, st, st->first, in, out, c, end);
    } else {
        a = partition(st->shift_min, o, st->t_first, 0, 1, first, end);
        c = partition(st->shift_max, o, st->t_last, 1, 0, a, end);
        run_pose(p, st, st->first, in, out, first, a);
        lanes(p, t, st, in, out, a, c);
        run_pose(p, st, st->last, in, out, c, end);
    }
}
