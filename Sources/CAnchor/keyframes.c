#include "keyframes.h"
#include <math.h>

#pragma clang diagnostic ignored "-Wpass-failed"

#define L KF_LANES

static const float ident[17] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1};

static inline void patch_statics(float *restrict o, unsigned mask) {
    while (mask) {
        int l = __builtin_ctz(mask);
        for (int f = 0; f < 17; f++) o[f * L + l] = ident[f];
        mask &= mask - 1;
    }
}

void kf_uniform_frame(const kf_page *p, const kf_inputs *in, float *out, long first, long end) {
    float matrix[16];
    for (int c = 0; c < 16; c++) matrix[c] = p->matrix[c];
    const float f = p->f, g = p->g, alpha = p->alpha, m41 = matrix[12], m42 = matrix[13];
    for (long b = first; b < end; b++) {
        float *restrict o = out + b * KF_BLOCK_FLOATS;
        const float *restrict sx = in->speeds + b * 2 * L, *restrict sy = sx + L;
        for (int c = 0; c < 16; c++)
            for (int l = 0; l < L; l++) o[c * L + l] = matrix[c];
        for (int l = 0; l < L; l++) {
            o[12 * L + l] = f * sx[l] + m41;
            o[13 * L + l] = g * sy[l] + m42;
            o[16 * L + l] = alpha;
        }
        patch_statics(o, in->static_lanes[b]);
    }
}

/* The same reduction and polynomials as VectorTrig.swift, one lane. */
static inline void sincos_lane(double theta, float *s_out, float *c_out) {
    const double magic = 6755399441055744.0;
    double n = (theta * 0.63661977236758134308 + magic) - magic;
    double r = ((theta - n * 1.5707963705062866) - n * -4.371138828673793e-08) - n * -1.7151244994428829e-15;
    double q = n - 4 * ((n * 0.25 + magic) - magic);
    float x = (float)r, quadrant = (float)q;
    float z = x * x;
    float sin_r = x + x * z * (-1.6666654611e-1f + z * (8.3321608736e-3f + z * -1.9515295891e-4f));
    float cos_r = 1.0f - 0.5f * z + z * z * (4.166664568298827e-2f + z * (-1.388731625493765e-3f + z * 2.443315711809948e-5f));
    float q2 = quadrant * quadrant;
    float a = (6 - 7 * q2 + q2 * q2) / 6, bq = quadrant * (4 - q2) / 3;
    *s_out = a * sin_r + bq * cos_r;
    *c_out = a * cos_r - bq * sin_r;
}

/* Double Newton with a bisection bracket, for the rare lane the Float solve leaves uncertified. */
static double solve_double(double ax, double bx, double cx, double p) {
    if (!(p > 0)) return 0;
    if (!(p < 1)) return 1;
    double lo = 0, hi = 1, u = p;
    for (int i = 0; i < 100; i++) {
        double f = ((ax * u + bx) * u + cx) * u - p;
        if (f == 0) return u;
        if (f < 0) lo = u; else hi = u;
        double next = u - f / ((3 * ax * u + 2 * bx) * u + cx);
        if (!(next > lo && next < hi)) next = (lo + hi) / 2;
        if (fabs(next - u) <= 1e-13 || hi - lo <= 1e-12) return next;
        u = next;
    }
    return u;
}

/* One track of one block: each lane's segment (binary search), then E in 8 lanes. */
static void track_values(const kf_tables *t, int track, long b, const double *tau, float vx[L], float vy[L], double v0[L]) {
    float p[L], ax[L], bx[L], cx[L], ay[L], by[L], cy[L], dx[L], dy[L];
    int solve = 0;
    static const float neutral[4] = {0, 1, 0, 1};
    for (int l = 0; l < L; l++) {
        int32_t s = t->lane_source[b * L + l];
        int32_t start = s >= 0 ? t->track_ranges[s * 8 + 2 * track] : 0;
        int32_t count = s >= 0 ? t->track_ranges[s * 8 + 2 * track + 1] : 0;
        p[l] = 0; ax[l] = 0; bx[l] = 0; cx[l] = 1; ay[l] = 0; by[l] = 0; cy[l] = 1; dx[l] = 0; dy[l] = 0;
        if (count == 0) { v0[l] = neutral[track]; vx[l] = neutral[track]; vy[l] = neutral[track]; continue; }
        const double *times = t->times + start;
        double time = tau[l];
        int j;
        if (time < times[0]) j = 0;
        else if (time >= times[count - 1]) j = count - 1;
        else {
            int a = 0, c = count - 1;
            while (c - a > 1) { int mid = (a + c) / 2; if (time < times[mid]) c = mid; else a = mid; }
            j = a;
            const double *v = t->values + 2 * (start + a);
            const float *e = t->easings + 8 * (start + a);
            p[l] = (float)(time - times[a]) * (float)(1 / (times[a + 1] - times[a]));
            dx[l] = (float)(v[2] - v[0]); dy[l] = (float)(v[3] - v[1]);
            ax[l] = e[0]; bx[l] = e[1]; cx[l] = e[2]; ay[l] = e[3]; by[l] = e[4]; cy[l] = e[5];
            solve |= (e[0] != 0) | (e[1] != 0) | (e[2] != 1);
        }
        const double *v = t->values + 2 * (start + j);
        v0[l] = v[0]; vx[l] = (float)v[0]; vy[l] = (float)v[1];
    }
    float u[L];
    for (int l = 0; l < L; l++) u[l] = p[l];
    if (solve) {
        float worst = 0;
        for (int l = 0; l < L; l++) {
            float x = 0.5f, step = 0.25f;
            for (int i = 0; i < 6; i++) {
                float f = ((ax[l] * x + bx[l]) * x + cx[l]) * x - p[l];
                x -= copysignf(step, f);
                step *= 0.5f;
            }
            for (int i = 0; i < 3; i++) {
                float f = ((ax[l] * x + bx[l]) * x + cx[l]) * x - p[l];
                float d = (3 * ax[l] * x + 2 * bx[l]) * x + cx[l];
                x = fminf(fmaxf(x - f / fmaxf(d, 1e-7f), 0), 1);
            }
            float r = fabsf(((ax[l] * x + bx[l]) * x + cx[l]) * x - p[l]);
            worst = fmaxf(worst, r);
            u[l] = x;
        }
        if (!(worst <= 6e-7f))
            for (int l = 0; l < L; l++) {
                float r = fabsf(((ax[l] * u[l] + bx[l]) * u[l] + cx[l]) * u[l] - p[l]);
                if (!(r <= 6e-7f)) u[l] = (float)solve_double(ax[l], bx[l], cx[l], p[l]);
            }
    }
    for (int l = 0; l < L; l++) {
        float e = ((ay[l] * u[l] + by[l]) * u[l] + cy[l]) * u[l];
        if (track == 2) v0[l] += (double)(dx[l] * e);
        vx[l] += dx[l] * e;
        vy[l] += dy[l] * e;
    }
}

void kf_lanes_frame(const kf_page *p, const kf_tables *t, const kf_inputs *in, float *out, long first, long end) {
    const float f = p->f, g = p->g, m = p->matrix[0];
    for (long b = first; b < end; b++) {
        double tau[L], theta[L];
        float tx[L], ty[L], sx[L], sy[L], sn[L], cs[L], alpha[L], unused[L];
        for (int l = 0; l < L; l++) tau[l] = p->offset - t->shifts[b * L + l];
        for (int l = 0; l < L; l++) { tx[l] = 0; ty[l] = 0; sx[l] = 1; sy[l] = 1; sn[l] = 0; cs[l] = 1; alpha[l] = p->alpha; }
        if (t->tracks & 1) track_values(t, 0, b, tau, tx, ty, theta);
        if (t->tracks & 2) track_values(t, 1, b, tau, sx, sy, theta);
        if (t->tracks & 4) {
            track_values(t, 2, b, tau, unused, unused, theta);
            for (int l = 0; l < L; l++) sincos_lane(theta[l], &sn[l], &cs[l]);
        }
        if (t->tracks & 8) {
            float a[L];
            track_values(t, 3, b, tau, a, unused, theta);
            for (int l = 0; l < L; l++) alpha[l] = p->alpha * fminf(fmaxf(a[l], 0), 1);
        }
        float *restrict o = out + b * KF_BLOCK_FLOATS;
        const float *restrict spx = in->speeds + b * 2 * L, *restrict spy = spx + L;
        if (p->planar) {
            for (int l = 0; l < L; l++) {
                float sxm = sx[l] * m, sym = sy[l] * m;
                o[0 * L + l] = sxm * cs[l] + 0.0f; o[1 * L + l] = sxm * sn[l] + 0.0f; o[2 * L + l] = 0; o[3 * L + l] = 0;
                o[4 * L + l] = 0.0f - sym * sn[l]; o[5 * L + l] = sym * cs[l] + 0.0f; o[6 * L + l] = 0; o[7 * L + l] = 0;
                o[8 * L + l] = 0; o[9 * L + l] = 0; o[10 * L + l] = 1; o[11 * L + l] = 0;
                o[12 * L + l] = tx[l] * m + f * spx[l] + 0.0f; o[13 * L + l] = ty[l] * m + g * spy[l] + 0.0f;
                o[14 * L + l] = 0; o[15 * L + l] = 1; o[16 * L + l] = alpha[l];
            }
        } else {
            const float *ax = t->axes + b * 9 * L;
            for (int l = 0; l < L; l++) {
                float bm[12];
                if (p->spins) {
                    float s, c;
                    sincos_lane(p->base + (double)(b * L + l + 1) * p->step, &s, &c);
                    float cc = 1 - c, r13 = p->xz * cc - p->y * s, r23 = p->yz * cc + p->x * s, r33 = c + p->zz * cc;
                    float rows[12] = {(c + p->xx * cc) * p->scale, (p->xy * cc + p->z * s) * p->scale, r13, r13 * p->m34,
                                      (p->xy * cc - p->z * s) * p->scale, (c + p->yy * cc) * p->scale, r23, r23 * p->m34,
                                      (p->xz * cc + p->y * s) * p->scale, (p->yz * cc - p->x * s) * p->scale, r33, r33 * p->m34};
                    for (int i = 0; i < 12; i++) bm[i] = rows[i];
                } else {
                    for (int i = 0; i < 12; i++) bm[i] = p->matrix[i];
                }
                float c = cs[l], s = sn[l], cc = 1 - c;
                float xx = ax[0 * L + l], yy = ax[1 * L + l], zz = ax[2 * L + l], xy = ax[3 * L + l], xz = ax[4 * L + l];
                float yz = ax[5 * L + l], xs = ax[6 * L + l] * s, ys = ax[7 * L + l] * s, zs = ax[8 * L + l] * s;
                float k[9] = {sx[l] * (c + xx * cc), sx[l] * (xy * cc + zs), sx[l] * (xz * cc - ys),
                              sy[l] * (xy * cc - zs), sy[l] * (c + yy * cc), sy[l] * (yz * cc + xs),
                              xz * cc + ys, yz * cc - xs, c + zz * cc};
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 4; j++)
                        o[(4 * i + j) * L + l] = k[3 * i] * bm[j] + k[3 * i + 1] * bm[4 + j] + k[3 * i + 2] * bm[8 + j] + 0.0f;
                o[12 * L + l] = tx[l] * bm[0] + ty[l] * bm[4] + f * spx[l] + 0.0f;
                o[13 * L + l] = tx[l] * bm[1] + ty[l] * bm[5] + g * spy[l] + 0.0f;
                o[14 * L + l] = tx[l] * bm[2] + ty[l] * bm[6] + 0.0f;
                o[15 * L + l] = tx[l] * bm[3] + ty[l] * bm[7] + 1;
                o[16 * L + l] = alpha[l];
            }
        }
        patch_statics(o, in->static_lanes[b]);
    }
}
