/* The C that an arm64 build compiles, run on every target it is built for (scripts/arm64-c.sh):
 * the KernelTarget headers' functions, which the Swift kernel inlines, against their documented
 * results lane by lane; the C anchor's frames (anchor.h, keyframes.h) checked across their three
 * layouts, then printed as one hash a case (the blocks layout's) for the script to compare between
 * targets. Seeded; the checks are Tests/CInterface's (check.h): a failure prints its case and the
 * seed, and the run ends with "TARGET: N passed, M failed". */

/* The inputs are the same bits on every target only if nothing here is fused (the anchor decides
 * its own fusing, simd.h). */
#pragma STDC FP_CONTRACT OFF

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "anchor.h"
#include "check.h"
#include "keyframes.h"
#include "kernel_atomics.h"
#include "kernel_gather_phased.h"
#include "kernel_gather_template.h"
#include "kernel_gather_template_phased.h"
#include "kernel_lanes.h"
#include "kernel_segments.h"
#include "kernel_spin.h"

/* SplitMix64, as the Swift tests' seeded inputs. */
static uint64_t seed_state = 0x41a64c;
static uint64_t random_bits(void) {
    uint64_t z = (seed_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double unit(void) { return (double)(random_bits() >> 11) * 0x1p-53; }
static float uniform(float lo, float hi) { return lo + (hi - lo) * (float)unit(); }

/* Values that exercise the lane operations' edge cases, then seeded ones. */
static float special(int i) {
    static const float s[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 1e-40f, -3.5f, INFINITY, -INFINITY, NAN, 1e30f};
    return i < (int)(sizeof s / sizeof *s) ? s[i] : uniform(-4, 4);
}
static int same(float a, float b) { return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0; }
static int same_d(double a, double b) { return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0; }

/* FNV-1a over the bytes of `n` Floats, every NaN as one pattern (targets differ in
 * the sign of the NaN an invalid operation makes). */
static uint64_t hash_floats(const float *v, long n, uint64_t h) {
    for (long i = 0; i < n; i++) {
        float x = isnan(v[i]) ? NAN : v[i];
        unsigned char b[4];
        memcpy(b, &x, 4);
        for (int k = 0; k < 4; k++) h = (h ^ b[k]) * 0x100000001b3ull;
    }
    return h;
}
#define FNV 0xcbf29ce484222325ull

/* kernel_min8's and kernel_max8's documented results: a NaN in either lane gives a's, so does a tie
 * (+0 and −0 compare equal). */
static float smaller(float a, float b) { return isnan(a) || isnan(b) || a == b ? a : fminf(a, b); }
static float larger(float a, float b) { return isnan(a) || isnan(b) || a == b ? a : fmaxf(a, b); }

static void lane_operations(void) {
    for (int round = 0; round < 64; round++) {
        kernel_float8 a, b;
        kernel_double8 d, lo, hi;
        for (int l = 0; l < 8; l++) {
            a[l] = special((round * 8 + l) % 16);
            b[l] = special((round * 3 + 5 * l) % 13);
            if (round % 4 == 3) a[l] = round % 8 == 7 && l == 2 ? NAN : uniform(-4, 0.5f);  /* every lane ≤ 0.5 */
            d[l] = (double)uniform(-3, 3) + unit() * 1e-9;
            lo[l] = round % 5 == 0 && l == 3 ? -INFINITY : d[l] + (double)uniform(-1, 1);
            hi[l] = round % 7 == 0 && l == 5 ? NAN : lo[l] + (double)uniform(0, 2);
        }
        const kernel_float8 mn = kernel_min8(a, b), mx = kernel_max8(a, b), q = kernel_div8(a, b);
        const kernel_float8 r = kernel_sqrt8(a), c = kernel_clamp_unit8(a), n = kernel_narrow8(d);
        const kernel_double8 w = kernel_widen8(a);
        for (int l = 0; l < 8; l++) {
            CHECK(same(mn[l], smaller(a[l], b[l])), "kernel_min8 round %d lane %d", round, l);
            CHECK(same(mx[l], larger(a[l], b[l])), "kernel_max8 round %d lane %d", round, l);
            CHECK(same(q[l], a[l] / b[l]), "kernel_div8 round %d lane %d", round, l);
            CHECK(same(r[l], sqrtf(a[l])), "kernel_sqrt8 round %d lane %d", round, l);
            const float clamped = isnan(a[l]) ? a[l] : a[l] < 0 ? 0.0f : a[l] > 1 ? 1.0f : a[l];
            CHECK(same(c[l], clamped), "kernel_clamp_unit8 round %d lane %d", round, l);
            CHECK(same(n[l], (float)d[l]), "kernel_narrow8 round %d lane %d", round, l);
            CHECK(same_d(w[l], (double)a[l]), "kernel_widen8 round %d lane %d", round, l);
        }
        int all = 1;
        for (int l = 0; l < 8; l++) all &= a[l] <= 0.5f;
        CHECK(kernel_all_at_most8(a, 0.5f) == all, "kernel_all_at_most8 round %d", round);
        unsigned outside = 0;
        for (int l = 0; l < 8; l++) outside |= (unsigned)!(d[l] >= lo[l] && d[l] < hi[l]) << l;
        CHECK(kernel_outside_mask8(d, lo, hi) == outside, "kernel_outside_mask8 round %d", round);
        const kernel_float4 a4 = a.lo, b4 = b.hi;
        const kernel_float4 mn4 = kernel_min4(a4, b4), mx4 = kernel_max4(a4, b4), q4 = kernel_div4(a4, b4);
        const kernel_float4 r4 = kernel_sqrt4(a4), n4 = kernel_narrow4(d.hi);
        for (int l = 0; l < 4; l++) {
            CHECK(same(mn4[l], smaller(a4[l], b4[l])), "kernel_min4 round %d lane %d", round, l);
            CHECK(same(mx4[l], larger(a4[l], b4[l])), "kernel_max4 round %d lane %d", round, l);
            CHECK(same(q4[l], a4[l] / b4[l]), "kernel_div4 round %d lane %d", round, l);
            CHECK(same(r4[l], sqrtf(a4[l])), "kernel_sqrt4 round %d lane %d", round, l);
            CHECK(same(n4[l], (float)d[4 + l]), "kernel_narrow4 round %d lane %d", round, l);
        }
        int all4 = 1;
        for (int l = 0; l < 4; l++) all4 &= a4[l] <= 0.5f;
        CHECK(kernel_all_at_most4(a4, 0.5f) == all4, "kernel_all_at_most4 round %d", round);
    }
}

/* 17 fields of 8 lanes, seeded. */
static void fill_block(float *block) {
    for (int i = 0; i < 136; i++) block[i] = uniform(-100, 100);
}

static void transposes(void) {
    for (int round = 0; round < 16; round++) {
        float f[136];
        fill_block(f);
        kernel_float4 v[4];
        for (int i = 0; i < 4; i++) memcpy(&v[i], f + 4 * i, sizeof v[i]);
        const kernel_rows4 rows = kernel_transpose4(v[0], v[1], v[2], v[3], (unsigned)round & 15);
        const kernel_float4 got[4] = {rows.r0, rows.r1, rows.r2, rows.r3};
        for (int l = 0; l < 4; l++)
            for (int i = 0; i < 4; i++) CHECK(same(got[l][i], v[i][l]), "kernel_transpose4 round %d row %d", round, l);
        kernel_float8 t[4];
        kernel_transpose4x2(kernel_field8(f, 0, 0), kernel_field8(f, 1, 1u << 1), kernel_field8(f, 2, 0),
                            kernel_field8(f, 3, 1u << 3), t);
        for (int l = 0; l < 4; l++)
            for (int i = 0; i < 4; i++) {
                CHECK(same(t[l][i], f[8 * i + l]), "kernel_transpose4x2 round %d lane %d", round, l);
                CHECK(same(t[l][4 + i], f[8 * i + l + 4]), "kernel_transpose4x2 round %d lane %d", round, l + 4);
            }
        /* The dense layouts from a block's 16 fields, every lane count. */
        const long lanes = 1 + round % 8;
        float rows16[128];
        double wide[128], widened[8], gathered[128], row[16];
        memset(rows16, 0, sizeof rows16);
        memset(wide, 0, sizeof wide);
        kernel_store_float4x4(rows16, lanes, f, (unsigned)round * 0x1111u);
        kernel_store_catransform3d(wide, lanes, f, (unsigned)round * 0x0f0fu);
        kernel_store_widened8(widened, f + 8 * (round % 17));
        kernel_gather_block_to(f, gathered, 0);
        kernel_widen_row16(f + 3 * round, row, 0);
        for (int l = 0; l < 8; l++) {
            CHECK(same_d(widened[l], (double)f[8 * (round % 17) + l]), "kernel_store_widened8 round %d lane %d", round, l);
            for (int c = 0; c < 16; c++) {
                const float want = l < lanes ? f[8 * c + l] : 0.0f;
                CHECK(same(rows16[16 * l + c], want), "kernel_store_float4x4 round %d lane %d field %d", round, l, c);
                CHECK(same_d(wide[16 * l + c], (double)want), "kernel_store_catransform3d round %d lane %d field %d", round, l, c);
                CHECK(same_d(gathered[16 * l + c], (double)f[8 * c + l]), "kernel_gather_block_to round %d lane %d", round, l);
            }
        }
        for (int c = 0; c < 16; c++) CHECK(same_d(row[c], (double)f[3 * round + c]), "kernel_widen_row16 round %d", round);
    }
}

static void spreads_and_templates(void) {
    for (int round = 0; round < 16; round++) {
        float m[16], xs[8], ys[8], block[136];
        for (int i = 0; i < 16; i++) m[i] = uniform(-2, 2);
        for (int l = 0; l < 8; l++) xs[l] = uniform(-300, 300), ys[l] = uniform(-300, 300);
        kernel_float4 r[4], x[2], y[2];
        for (int q = 0; q < 4; q++) memcpy(&r[q], m + 4 * q, 16);
        memcpy(x, xs, 32);
        memcpy(y, ys, 32);
        const int translated = round & 1;
        const float alpha = uniform(0, 1);
        kernel_store_spread_block4(block, r[0], r[1], r[2], r[3], alpha, x[0], x[1], y[0], y[1], translated);
        for (int l = 0; l < 8; l++) {
            for (int c = 0; c < 16; c++) {
                float want = m[c];
                if (translated && c == 12) want = xs[l];
                if (translated && c == 13) want = ys[l];
                CHECK(same(block[8 * c + l], want), "kernel_store_spread_block4 round %d lane %d field %d", round, l, c);
            }
            CHECK(same(block[128 + l], alpha), "kernel_store_spread_block4 round %d alpha lane %d", round, l);
        }
        /* The template gather over 3 blocks, some lanes static. */
        float source[3 * 136];
        double template16[16], out[3 * 128];
        _Alignas(32) double phased[3 * 128 + 2];
        unsigned char statics[3] = {0, (unsigned char)random_bits(), 0xff};
        for (int b = 0; b < 3; b++) fill_block(source + 136 * b);
        for (int c = 0; c < 16; c++) template16[c] = (double)uniform(-2, 2);
        kernel_gather_template_blocks(source, 3, out, statics, template16, round & 2);
        for (int b = 0; b < 3; b++)
            for (int l = 0; l < 8; l++)
                for (int c = 0; c < 16; c++) {
                    const int identity = statics[b] >> l & 1;
                    double want = identity ? (c == 0 || c == 5 || c == 10 || c == 15) : template16[c];
                    if (c == 12 || c == 13) want = (double)source[136 * b + 8 * c + l];
                    CHECK(same_d(out[128 * b + 16 * l + c], want), "kernel_gather_template_blocks round %d block %d lane %d field %d",
                          round, b, l, c);
                }
        /* The template gather in phase (AVX at run time; off x86 it declines, and the Swift caller
         * takes the plain one) writes what the plain one does, at either phase of 32 bytes. */
        if (!KERNEL_X86 || (kernel_cpu_features() & KERNEL_CPU_AVX)) {
            for (int at = 0; at <= 2; at += 2) {
                const int ran = kernel_gather_template_blocks_phased(source, 3, phased + at, statics, template16);
                CHECK(ran == KERNEL_X86, "kernel_gather_template_blocks_phased round %d at %d: ran %d", round, at, ran);
                for (int i = 0; ran && i < 3 * 128; i++)
                    CHECK(same_d(phased[at + i], out[i]), "kernel_gather_template_blocks_phased round %d at %d: double %d",
                          round, at, i);
            }
        }
    }
}

static void segments(void) {
    /* 12 records of the layout KERNEL_SEGMENT_STRIDE describes: 16 Floats, then lo, hi, flags. */
    _Alignas(64) char records[12 * KERNEL_SEGMENT_STRIDE];
    for (int i = 0; i < 12 * KERNEL_SEGMENT_STRIDE / 4; i++) {
        const float v = uniform(-10, 10);
        memcpy(records + 4 * i, &v, 4);
    }
    for (int round = 0; round < 32; round++) {
        kernel_int8 index;
        for (int l = 0; l < 8; l++) index[l] = round % 4 == 0 ? 5 : (int)(random_bits() % 12);
        kernel_segment_rows rows = kernel_segment_rows8(records, index);
        float out[64], splat[64];
        for (int part = 0; part < 2; part++) {
            kernel_segment_transpose(&rows, part, out);
            kernel_segment_splat(rows.r[0], part, splat);
            for (int k = 0; k < 8; k++)
                for (int l = 0; l < 8; l++) {
                    float want, first;
                    memcpy(&want, records + index[l] * KERNEL_SEGMENT_STRIDE + 32 * part + 4 * k, 4);
                    memcpy(&first, records + index[0] * KERNEL_SEGMENT_STRIDE + 32 * part + 4 * k, 4);
                    CHECK(same(out[8 * k + l], want), "kernel_segment_transpose round %d part %d field %d lane %d", round, part, k, l);
                    CHECK(same(splat[8 * k + l], first), "kernel_segment_splat round %d part %d field %d lane %d", round, part, k, l);
                }
        }
        int one = 1;
        for (int l = 0; l < 8; l++) one &= index[l] == index[0];
        CHECK(kernel_segment_one_record(index) == (one ? KERNEL_SEGMENT_ONE_RECORD : 0u), "kernel_segment_one_record round %d", round);
        kernel_double8 tau, lo, hi;
        for (int l = 0; l < 8; l++) tau[l] = unit(), lo[l] = unit(), hi[l] = lo[l] + unit();
        kernel_prefetch_records8(records, index, tau, lo, hi);  /* a hint: only that it compiles and runs */
    }
}

static void atomics(void) {
    uintptr_t word = 7;
    CHECK(!kernel_atomic_exchange_if(&word, 6, 9) && word == 7, "kernel_atomic_exchange_if took a wrong expected value");
    CHECK(kernel_atomic_exchange_if(&word, 7, 9) && word == 9, "kernel_atomic_exchange_if did not exchange");
    kernel_spin_pause();
    CHECK(KERNEL_X86 || kernel_cpu_features() == 0, "kernel_cpu_features reports x86 features off x86");
}

/* One page for anchor_page_frame, `kind` choosing translation, speeds as a line, per-subview
 * spin, Zoom's scale and a perspective. */
static anchor_page make_page(int kind) {
    anchor_page p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < 16; i++) p.matrix[i] = uniform(-1.5f, 1.5f);
    if (kind & 8) for (int i = 0; i < 16; i++) p.matrix[i] = (i % 5 == 0) ? uniform(0.5f, 2) : 0;  /* diagonal */
    p.translates = kind & 1;
    p.f = uniform(-1, 1), p.g = uniform(-1, 1), p.alpha = uniform(0, 1);
    p.line = (kind & 2) != 0;
    p.line_speed[0] = uniform(-2, 2), p.line_speed[1] = uniform(-2, 2);
    p.line_variance[0] = uniform(-0.1f, 0.1f), p.line_variance[1] = uniform(-0.1f, 0.1f);
    p.spins = (kind & 4) != 0;
    p.base = unit() * 6 - 3, p.step = (unit() - 0.5) * 0.02;
    for (int l = 0; l < ANCHOR_LANES; l++) {  /* Taylor series, not libm: the same inputs with any C library */
        const double x = l * p.step, x2 = x * x;
        p.lane_cos[l] = (float)(1 - x2 / 2 * (1 - x2 / 12 * (1 - x2 / 30)));
        p.lane_sin[l] = (float)(x * (1 - x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42))));
    }
    double axis[3] = {unit() - 0.5, unit() - 0.5, unit() + 0.2}, n = 0;
    for (int i = 0; i < 3; i++) n += axis[i] * axis[i];
    for (int i = 0; i < 3; i++) axis[i] /= sqrt(n);
    p.xx = (float)(axis[0] * axis[0]), p.yy = (float)(axis[1] * axis[1]), p.zz = (float)(axis[2] * axis[2]);
    p.xy = (float)(axis[0] * axis[1]), p.xz = (float)(axis[0] * axis[2]), p.yz = (float)(axis[1] * axis[2]);
    p.x = (float)axis[0], p.y = (float)axis[1], p.z = (float)axis[2];
    p.scale = kind & 16 ? uniform(0.5f, 1.5f) : 1.0f;
    p.perspective = (kind & 32) != 0;
    p.m34 = -1.0f / 500;
    return p;
}

/* Each layout filled with a value of its own (no NaN, which `same` takes for any NaN), so that a lane
 * a layout leaves unwritten cannot match the others. */
static void prefill(float *b, float *f44, float *fa, double *ca, double *caa, long blocks, long count) {
    for (long i = 0; i < blocks * 136; i++) b[i] = 1234.5f;
    for (long i = 0; i < count * 16; i++) f44[i] = -777.25f, ca[i] = 4242.125;
    for (long i = 0; i < count; i++) fa[i] = -777.25f, caa[i] = 4242.125;
}

/* Subviews [first, end) of the dense layouts hold the blocks layout's 17 fields (Doubles of them in
 * caTransform3D), bit for bit, but for m41 and m42 within 1e-5 relative where `loose`; then the
 * blocks layout's hash. */
static void layouts_agree(const char *name, const float *b, const float *f44, const float *fa, const double *ca,
                          const double *caa, long first, long end, int loose) {
    for (long k = first; k < end; k++)
        for (int c = 0; c < 17; c++) {
            const float v = b[(k / 8) * 136 + 8 * c + k % 8];
            const float dense = c < 16 ? f44[16 * k + c] : fa[k];
            const double wide = c < 16 ? ca[16 * k + c] : caa[k];
            if (loose && (c == 12 || c == 13)) {
                const double tolerance = 1e-5 * (1 + fabsf(v));
                CHECK(NEAR(dense, v, tolerance), "%s: float4x4 subview %ld field %d: %a against %a", name, k, c, dense, v);
                CHECK(NEAR(wide, v, tolerance), "%s: caTransform3D subview %ld field %d: %a against %a", name, k, c, wide, v);
                continue;
            }
            CHECK(same(dense, v), "%s: float4x4 subview %ld field %d differs from blocks", name, k, c);
            CHECK(same_d(wide, (double)v), "%s: caTransform3D subview %ld field %d differs from blocks", name, k, c);
        }
    printf("%s %016llx\n", name, (unsigned long long)hash_floats(b, (end + 7) / 8 * 136, FNV));
}

/* The page's frame in every layout over blocks [first, end), the layouts checked and hashed
 * (layouts_agree). */
static void page_frames(const char *name, const anchor_page *page, const anchor_inputs *in, long count, long first,
                        long end, int limit) {
    const long blocks = (count + 7) / 8;
    float *b = malloc(sizeof *b * (size_t)blocks * 136), *f44 = malloc(sizeof *f44 * (size_t)count * 16);
    float *fa = malloc(sizeof *fa * (size_t)count);
    double *ca = malloc(sizeof *ca * (size_t)count * 16), *caa = malloc(sizeof *caa * (size_t)count);
    if (!b || !f44 || !fa || !ca || !caa) { fprintf(stderr, "out of memory\n"); exit(2); }
    prefill(b, f44, fa, ca, caa, blocks, count);
    const anchor_outputs ob = {ANCHOR_LAYOUT_BLOCKS, b, NULL, count};
    const anchor_outputs of = {ANCHOR_LAYOUT_FLOAT4X4, f44, fa, count};
    const anchor_outputs oc = {ANCHOR_LAYOUT_CATRANSFORM3D, ca, caa, count};
    if (limit) {
        anchor_store_limit(&ob, first, end), anchor_store_limit(&of, first, end), anchor_store_limit(&oc, first, end);
    } else {
        anchor_page_frame(page, in, &ob, first, end), anchor_page_frame(page, in, &of, first, end);
        anchor_page_frame(page, in, &oc, first, end);
    }
    /* The blocks layout works a line's speeds out in the lanes on every target, the dense layouts
     * only with AVX (anchor.h), so m41 and m42 may differ there by a rounding. */
    layouts_agree(name, b, f44, fa, ca, caa, first * 8, end * 8 < count ? end * 8 : count,
                  page && page->line && page->translates);
    free(b), free(f44), free(fa), free(ca), free(caa);
}

static void anchor_frames(void) {
    const long count = 203, blocks = (count + 7) / 8;
    float *speeds = malloc(sizeof(float) * (size_t)blocks * 16);
    uint8_t *statics = malloc((size_t)blocks);
    for (long b = 0; b < blocks; b++) statics[b] = b % 3 == 0 ? (uint8_t)random_bits() : 0;
    const anchor_inputs in = {speeds, statics};
    char name[64];
    for (int kind = 0; kind < 64; kind++) {
        const anchor_page page = make_page(kind);
        /* A line's page has the speeds the line gives (s_k = speed + (k + 1)·variance). */
        for (long k = 0; k < blocks * 8; k++)
            for (int i = 0; i < 2; i++)
                speeds[16 * (k / 8) + 8 * i + k % 8] =
                    page.line ? (float)((double)page.line_speed[i] + (double)(k + 1) * page.line_variance[i]) : uniform(-3, 3);
        snprintf(name, sizeof name, "anchor_page_frame.%02d", kind);
        page_frames(name, &page, &in, count, 0, blocks, 0);
        snprintf(name, sizeof name, "anchor_page_frame.%02d.part", kind);
        page_frames(name, &page, &in, count, 3, 9, 0);
    }
    page_frames("anchor_store_limit", NULL, &in, count, 0, blocks, 1);
    /* The read limit writes meaningless values: only that it runs and stays within its 128 bytes a
     * subview (a guard after them). */
    float *matrices = malloc(sizeof(float) * (size_t)blocks * 136);
    double *out = malloc(sizeof(double) * ((size_t)blocks * 128 + 16)), template16[16] = {0};
    for (long i = 0; i < blocks * 136; i++) matrices[i] = uniform(-1, 1);
    for (int i = 0; i < 16; i++) out[blocks * 128 + i] = 99.5;
    anchor_read_limit(ANCHOR_LAYOUT_BLOCKS, matrices, blocks * 8, out, NULL);
    anchor_read_limit(ANCHOR_LAYOUT_BLOCKS, matrices, blocks * 8, out, template16);
    anchor_read_limit(ANCHOR_LAYOUT_FLOAT4X4, matrices, blocks * 8, out, NULL);
    for (int i = 0; i < 16; i++) CHECK(out[blocks * 128 + i] == 99.5, "anchor_read_limit wrote past its subviews");
    free(speeds), free(statics), free(matrices), free(out);
}

/* A Bézier's cubics (ax bx cx ay by cy) as the plan lays them out (EasingPolynomial.swift). */
static void bezier(float *e, double x1, double y1, double x2, double y2) {
    const double cx = 3 * x1, bx = 3 * (x2 - x1) - cx, cy = 3 * y1, by = 3 * (y2 - y1) - cy;
    const float v[8] = {(float)(1 - cx - bx), (float)bx, (float)cx, (float)(1 - cy - by), (float)by, (float)cy, 0, 0};
    memcpy(e, v, sizeof v);
}

/* Own timelines on one page (keyframes.h): 40 slots, 9 sources, random tracks and easings, the
 * Newton start at u = 1/2; a frame at 24 offsets across the keyframes, in every layout. */
static void keyframe_frames(void) {
    enum { SLOTS = 40, BLOCKS = SLOTS / 8, SOURCES = 9, KEYS = 6 };
    int32_t lane_source[SLOTS], ranges[8 * SOURCES];
    double shifts[SLOTS], times[SOURCES * 4 * KEYS], values[2 * SOURCES * 4 * KEYS];
    float axes[BLOCKS * 72], easings[8 * SOURCES * 4 * KEYS], guesses[8 * SOURCES * 4 * KEYS];
    int used = 0, tracks = 0;
    for (int s = 0; s < SOURCES; s++)
        for (int track = 0; track < 4; track++) {
            const int n = (s + track) % 3 == 0 ? 0 : 2 + (int)(random_bits() % (KEYS - 1));
            ranges[8 * s + 2 * track] = used, ranges[8 * s + 2 * track + 1] = n;
            if (n) tracks |= 1 << track;
            double t = -2;
            for (int k = 0; k < n; k++, used++) {
                times[used] = t += 0.1 + unit() * 0.7;
                values[2 * used] = track == 1 ? 0.5 + unit() : (unit() - 0.5) * (track == 2 ? 6 : 200);
                values[2 * used + 1] = track == 1 ? 0.5 + unit() : (unit() - 0.5) * 200;
                if (track == 3) values[2 * used] = unit();
                const int curve = (int)(random_bits() % 4);  /* linear, a random Bézier, easeInOut, hold */
                static const float linear[8] = {0, 0, 1, 0, 0, 1, 0, 0}, hold[8] = {0, 0, 1, 0, 0, 0, 0, 0};
                if (curve == 0) memcpy(easings + 8 * used, linear, sizeof linear);
                else if (curve == 1) bezier(easings + 8 * used, unit(), unit() * 3 - 1, unit(), unit() * 3 - 1);
                else if (curve == 2) bezier(easings + 8 * used, 0.42, 0, 0.58, 1);
                else memcpy(easings + 8 * used, hold, sizeof hold);
                static const float half[8] = {1, 1, 0.5f, 0, 0, 0, 0, 0};
                memcpy(guesses + 8 * used, half, sizeof half);
            }
        }
    for (int k = 0; k < SLOTS; k++) lane_source[k] = k % 11 == 10 ? -1 : k % SOURCES, shifts[k] = 0;
    for (int i = 0; i < BLOCKS * 72; i++) axes[i] = (i / 8) % 9 == 2 || (i / 8) % 9 == 8 ? 1.0f : 0.0f;  /* about z */
    const kf_tables tables = {lane_source, shifts, axes, ranges, times, values, easings, guesses, tracks};
    kf_state *st = kf_state_create(&tables, BLOCKS);
    if (!st) { fprintf(stderr, "out of memory\n"); exit(2); }
    float speeds[BLOCKS * 16];
    uint8_t statics[BLOCKS] = {0, 0x81, 0, 0, 0x10};
    for (int i = 0; i < BLOCKS * 16; i++) speeds[i] = uniform(-3, 3);
    const anchor_inputs in = {speeds, statics};
    float b[BLOCKS * 136], f44[SLOTS * 16], fa[SLOTS];
    double ca[SLOTS * 16], caa[SLOTS];
    char name[64];
    for (int frame = 0; frame < 24; frame++) {
        kf_page page;
        memset(&page, 0, sizeof page);
        page.page = make_page(frame % 2 ? 9 : 1);  /* a full or a diagonal page matrix, translating */
        page.offset = -2.5 + frame * 0.25;
        page.planar = frame % 3 != 0;
        prefill(b, f44, fa, ca, caa, BLOCKS, SLOTS);
        const anchor_outputs ob = {ANCHOR_LAYOUT_BLOCKS, b, NULL, SLOTS};
        const anchor_outputs of = {ANCHOR_LAYOUT_FLOAT4X4, f44, fa, SLOTS};
        const anchor_outputs oc = {ANCHOR_LAYOUT_CATRANSFORM3D, ca, caa, SLOTS};
        kf_lanes_frame(&page, &tables, st, &in, &ob, 0, BLOCKS);
        kf_lanes_frame(&page, &tables, st, &in, &of, 0, 2);
        kf_lanes_frame(&page, &tables, st, &in, &of, 2, BLOCKS);
        kf_lanes_frame(&page, &tables, st, &in, &oc, 0, BLOCKS);
        snprintf(name, sizeof name, "kf_lanes_frame.%02d", frame);
        layouts_agree(name, b, f44, fa, ca, caa, 0, SLOTS, 0);
    }
    kf_state_destroy(st);
}

int main(void) {
    lane_operations();
    transposes();
    spreads_and_templates();
    segments();
    atomics();
    anchor_frames();
    keyframe_frames();
    printf("target %s\n", anchor_target_features());
    if (check_failures) fprintf(stderr, "seed 0x41a64c\n");
    return check_report(anchor_target_features());
}
