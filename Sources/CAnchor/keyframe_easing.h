#ifndef ANCHOR_KEYFRAME_EASING_H
#define ANCHOR_KEYFRAME_EASING_H

#include "keyframe_state.h"

/* A track's eased fraction E in a chunk's lanes by BezierLanes.swift's solve: the fitted start,
 * 2 Newton steps, a certificate, a third step and then Double only where it fails, so that E
 * stays within 2e-6·max(1, S) (docs/DESIGN.md, "Easing in lanes" and "Error bound"). */

#if ANCHOR_WIDTH == 8
typedef d8 vd;
typedef u8 vu;
#else
typedef d4 vd;
typedef uint32_t vu __attribute__((vector_size(16)));
#endif
typedef double vd_mem __attribute__((vector_size(8 * ANCHOR_WIDTH), aligned(8), may_alias));

INLINE vd loadvd(const double *p) { return *(const vd_mem *)p; }
INLINE d8 load8d(const double *p) { return *(const d8_mem *)p; }
INLINE vf vmin(vf a, vf b) { return (vf)(((vu)(b < a) & (vu)b) | (~(vu)(b < a) & (vu)a)); }
INLINE vf vmax(vf a, vf b) { return (vf)(((vu)(b > a) & (vu)b) | (~(vu)(b > a) & (vu)a)); }
INLINE vf to_float(vd d) { return __builtin_convertvector(d, vf); }
INLINE vd to_double(vf f) { return __builtin_convertvector(f, vd); }

#define KF_CERTIFIED 6e-7f

/* B_x(u) in Double with a safeguarded Newton iteration (ScalarEasing.swift's), for a lane
 * the Float solve leaves uncertified. */
__attribute__((noinline)) static double kf_solve_double(double ax, double bx, double cx, double p) {
    if (!(p > 0)) return 0;
    if (!(p < 1)) return 1;
    double lo = 0, hi = 1, u = p;
    for (int i = 0; i < 100; i++) {
        const double f = ((ax * u + bx) * u + cx) * u - p;
        if (f == 0) return u;
        if (f < 0) lo = u;
        else hi = u;
        double next = u - f / ((3 * ax * u + 2 * bx) * u + cx);
        if (!(next > lo && next < hi)) next = (lo + hi) / 2;
        if (__builtin_fabs(next - u) <= 1e-13 || hi - lo <= 1e-12) return next;
        u = next;
    }
    return u;
}

/* The lanes whose residual is too large (or NaN), solved again in Double. */
__attribute__((noinline)) static vf kf_refine(vf u, vf p, vf ax, vf bx, vf cx, vf residual) {
    for (int l = 0; l < ANCHOR_WIDTH; l++)
        if (!(residual[l] <= KF_CERTIFIED) && p[l] == p[l]) u[l] = (float)kf_solve_double(ax[l], bx[l], cx[l], p[l]);
    return u;
}

INLINE vf bezier_x(vf u, vf ax, vf bx, vf cx) { return MADD(MADD(ax, u, bx), u, cx) * u; }

/* u₀ = c0 + c1·s + c2·s² + c3·s³, s = √max(a·p + b, 0) (the bound keeps 1 − p from going
 * negative where Float rounding leaves p just above 1). */
INLINE vf bezier_start(vf p, const kf_segments *s, int o) {
    const vf r = __builtin_elementwise_sqrt(vmax(MADD(loadv(s->ga + o), p, loadv(s->gb + o)), splatv(0)));
    return MADD(MADD(MADD(loadv(s->g3 + o), r, loadv(s->g2 + o)), r, loadv(s->g1 + o)), r, loadv(s->g0 + o));
}

/* One Newton step u − f / max(B_x'(u), 1e-7), f = B_x(u) − p. */
INLINE vf newton_step(vf u, vf f, vf ax3, vf bx2, vf cx) {
    return u - f / vmax(MADD(MADD(ax3, u, bx2), u, cx), splatv(1e-7f));
}

INLINE vf clamp_unit(vf u) { return vmin(vmax(u, splatv(0)), splatv(1)); }

INLINE vf magnitude(vf v) { return (vf)((vu)v & ((vu){0} + 0x7fffffffu)); }

/* The lanes whose residual is certified: ≤ KF_CERTIFIED (not NaN). */
INLINE vu certified(vf residual) { return (vu)(residual <= KF_CERTIFIED); }

/* B_x(u) = p in every chunk of a block (one certificate a block, as BezierLanes.swift's
 * over its 8 lanes): the fitted start, 2 Newton steps, u clamped; a block with an
 * uncertified lane takes the third step (from the clamped u, whose residual is its f), and
 * the lanes still uncertified after it are solved in Double. */
INLINE void bezier_solve(const kf_segments *s, const vf p[ANCHOR_CHUNKS], vf u[ANCHOR_CHUNKS]) {
    vf f[ANCHOR_CHUNKS];
    vu ok = (vu){0} - 1;
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        const int o = ANCHOR_WIDTH * h;
        const vf ax = loadv(s->ax + o), bx = loadv(s->bx + o), cx = loadv(s->cx + o), ax3 = 3 * ax, bx2 = 2 * bx;
        vf v = bezier_start(p[h], s, o);
        for (int i = 0; i < 2; i++) v = newton_step(v, bezier_x(v, ax, bx, cx) - p[h], ax3, bx2, cx);
        u[h] = clamp_unit(v);
        f[h] = bezier_x(u[h], ax, bx, cx) - p[h];
        ok &= certified(magnitude(f[h]));
    }
    if (__builtin_expect(__builtin_reduce_and(ok) != 0, 1)) return;
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        const int o = ANCHOR_WIDTH * h;
        const vf ax = loadv(s->ax + o), bx = loadv(s->bx + o), cx = loadv(s->cx + o);
        u[h] = clamp_unit(newton_step(u[h], f[h], 3 * ax, 2 * bx, cx));
        const vf residual = magnitude(bezier_x(u[h], ax, bx, cx) - p[h]);
        if (__builtin_reduce_and(certified(residual)) == 0) u[h] = kf_refine(u[h], p[h], ax, bx, cx, residual);
    }
}

/* E in every chunk of the block, from the segments `s` at times `tau`. The bound keeps p
 * finite where lo = −∞ (and inv_len = 0): Float(τ − lo) is +∞ there. Bounded after the
 * conversion, as Floats (one minps a register, where a Double select took four). The flags
 * are tested once a block, not once a chunk. */
INLINE void eased(const kf_segments *s, d8 tau, int flags, vf e[ANCHOR_CHUNKS]) {
    vf p[ANCHOR_CHUNKS], u[ANCHOR_CHUNKS];
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        const int o = ANCHOR_WIDTH * h;
        p[h] = u[h] = vmin(to_float(ANCHOR_CHUNK(tau, h) - loadvd(s->lo + o)), splatv(1e30f)) * loadv(s->inv_len + o);
    }
    if (flags & KF_SOLVES) bezier_solve(s, p, u);
    for (int h = 0; h < ANCHOR_CHUNKS; h++) {
        const int o = ANCHOR_WIDTH * h;
        e[h] = MADD(MADD(loadv(s->ay + o), u[h], loadv(s->by + o)), u[h], loadv(s->cy + o)) * u[h];
    }
}

/* Whether every lane's τ is inside its cached segment: lo ≤ τ < hi (false for NaN). */
INLINE int holds(const kf_segments *s, d8 tau) {
    return __builtin_reduce_and((ul8)(tau >= load8d(s->lo)) & (ul8)(tau < load8d(s->hi))) != 0;
}

#endif
