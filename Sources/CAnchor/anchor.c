#include "anchor.h"

/* Sanitizer builds cannot vectorize the loop the pragma below asks for; that is expected
 * there and not worth a warning. */
#pragma clang diagnostic ignored "-Wpass-failed"

/* Same reduction and polynomials as VectorTrig.swift (see there for the derivation). */
static inline void sincos_lane(double theta, float *s_out, float *c_out) {
    const double magic = 6755399441055744.0;
    double n = (theta * 0.63661977236758134308 + magic) - magic;
    double r = ((theta - n * 1.5707963705062866) - n * -4.371138828673793e-08) - n * -1.7151244994428829e-15;
    double q = n - 4 * ((n * 0.25 + magic) - magic);
    float x = (float)r, quadrant = (float)q;
    float z = x * x;
    float sin_r = x + x * z * (-1.6666654611e-1f + z * (8.3321608736e-3f + z * -1.9515295891e-4f));
    float cos_r = 1.0f - 0.5f * z + z * z * (4.166664568298827e-2f + z * (-1.388731625493765e-3f + z * 2.443315711809948e-5f));
    int odd = quadrant == 1.0f || quadrant == -1.0f;
    int sin_neg = quadrant == 2.0f || quadrant == -2.0f || quadrant == -1.0f;
    int cos_neg = quadrant == 1.0f || quadrant == 2.0f || quadrant == -2.0f;
    float s = odd ? cos_r : sin_r, c = odd ? sin_r : cos_r;
    *s_out = sin_neg ? -s : s;
    *c_out = cos_neg ? -c : c;
}

#define L ANCHOR_LANES
static const float ident[17] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1};

/* Static lanes get the identity and alpha 1 after the block is written (they are rare). */
static inline void patch_statics(float *restrict o, unsigned mask) {
    while (mask) {
        int l = __builtin_ctz(mask);
        for (int f = 0; f < 17; f++) o[f * L + l] = ident[f];
        mask &= mask - 1;
    }
}

static void uniform(const anchor_page *p, const anchor_inputs *in, float *restrict out, long first, long end) {
    float matrix[16];
    for (int c = 0; c < 16; c++) matrix[c] = p->matrix[c];
    const float f = p->f, g = p->g, alpha = p->alpha;
    const int translates = p->translates;
    for (long b = first; b < end; b++) {
        float *restrict o = out + b * ANCHOR_BLOCK_FLOATS;
        const float *restrict sx = in->speeds + b * 2 * L, *restrict sy = sx + L;
        for (int c = 0; c < 16; c++)
            for (int l = 0; l < L; l++) o[c * L + l] = matrix[c];
        if (translates)
            for (int l = 0; l < L; l++) {
                o[12 * L + l] = f * sx[l] + 0.0f;
                o[13 * L + l] = g * sy[l] + 0.0f;
            }
        for (int l = 0; l < L; l++) o[16 * L + l] = alpha;
        patch_statics(o, in->static_lanes[b]);
    }
}

/* Per block: one sine and cosine of the block's first angle, then the addition formulas
 * per lane (the scheme of FrameKernel+Spin.swift). */
static void spinning(const anchor_page *p, const anchor_inputs *in, float *restrict out, long first, long end) {
    const float xx = p->xx, yy = p->yy, zz = p->zz, xy = p->xy, xz = p->xz, yz = p->yz;
    const float x = p->x, y = p->y, z = p->z, m = p->scale, pm = p->m34, f = p->f, g = p->g, alpha = p->alpha;
    const int translates = p->translates, perspective = p->perspective;
    float lane_cos[L], lane_sin[L];
    for (int l = 0; l < L; l++) lane_cos[l] = p->lane_cos[l], lane_sin[l] = p->lane_sin[l];
    for (long b = first; b < end; b++) {
        float sb, cb;
        sincos_lane(p->base + (double)(b * L + 1) * p->step, &sb, &cb);
        float *restrict o = out + b * ANCHOR_BLOCK_FLOATS;
        const float *restrict sx = in->speeds + b * 2 * L, *restrict sy = sx + L;
#pragma clang loop vectorize(enable)
        for (int l = 0; l < L; l++) {
            float s = sb * lane_cos[l] + cb * lane_sin[l];
            float c = cb * lane_cos[l] - sb * lane_sin[l];
            float cc = 1.0f - c;
            float xyc = xy * cc, xzc = xz * cc, yzc = yz * cc, xs = x * s, ys = y * s, zs = z * s;
            float r13 = xzc - ys, r23 = yzc + xs, r33 = c + zz * cc;
            o[0 * L + l] = (c + xx * cc) * m;
            o[1 * L + l] = (xyc + zs) * m;
            o[2 * L + l] = r13;
            o[3 * L + l] = perspective ? r13 * pm + 0.0f : 0.0f;
            o[4 * L + l] = (xyc - zs) * m;
            o[5 * L + l] = (c + yy * cc) * m;
            o[6 * L + l] = r23;
            o[7 * L + l] = perspective ? r23 * pm + 0.0f : 0.0f;
            o[8 * L + l] = (xzc + ys) * m;
            o[9 * L + l] = (yzc - xs) * m;
            o[10 * L + l] = r33;
            o[11 * L + l] = perspective ? r33 * pm + 0.0f : 0.0f;
            o[12 * L + l] = translates ? f * sx[l] + 0.0f : 0.0f;
            o[13 * L + l] = translates ? g * sy[l] + 0.0f : 0.0f;
            o[14 * L + l] = 0.0f;
            o[15 * L + l] = 1.0f;
            o[16 * L + l] = alpha;
        }
        patch_statics(o, in->static_lanes[b]);
    }
}

void anchor_page_frame(const anchor_page *page, const anchor_inputs *in, float *out, long first, long end) {
    if (page->spins) spinning(page, in, out, first, end);
    else uniform(page, in, out, first, end);
}

void anchor_store_limit(float *out, long blocks, float value) {
    for (long i = 0; i < blocks * ANCHOR_BLOCK_FLOATS; i++) out[i] = value;
}
const char *anchor_target_features(void) {
#if defined(__AVX512F__)
    return "avx512f";
#elif defined(__AVX2__)
    return "avx2";
#elif defined(__AVX__)
    return "avx";
#elif defined(__SSE4_1__)
    return "sse4.1";
#elif defined(__x86_64__)
    return "sse2";
#elif defined(__aarch64__)
    return "neon";
#else
    return "generic";
#endif
}

const char *anchor_compiler_version(void) {
#ifdef __clang_version__
    return "clang " __clang_version__;
#else
    return "cc " __VERSION__;
#endif
}
