#ifndef BWWALKTHROUGH_ANCHOR_H
#define BWWALKTHROUGH_ANCHOR_H

/* The benchmark's anchors, in plain C compiled with -O3 for the same target CPU as the Swift
 * code: `anchor_page_frame` is the fast path's math written the way a C programmer would
 * (one subview per iteration of an inner lane loop; the compiler vectorizes), and
 * `anchor_store_limit` stores the same bytes with no math at all. Layouts are the Swift
 * ones (Lanes.swift): blocks of ANCHOR_LANES subviews; a frame block holds 17 fields of 8
 * Floats (field c of lane l at block[c * 8 + l]); a speed block holds 8 x then 8 y. */

#define ANCHOR_LANES 8
#define ANCHOR_BLOCK_FLOATS (17 * ANCHOR_LANES)

#include <stdint.h>

typedef struct {
    const float *speeds;          /* per block: 8 x speeds, then 8 y speeds */
    const uint8_t *static_lanes;  /* per block: bit l set when lane l is static (identity, alpha 1) */
} anchor_inputs;

typedef struct {
    float matrix[16];  /* a non-static subview's fields when the page has one angle */
    int translates;    /* add f * speed_x to m41 and g * speed_y to m42 */
    float f, g, alpha;
    int spins;         /* per-subview angles: theta_k = base + (k + 1) * step */
    double base, step;
    float lane_cos[ANCHOR_LANES], lane_sin[ANCHOR_LANES];  /* cos(l * step), sin(l * step) */
    float xx, yy, zz, xy, xz, yz, x, y, z;  /* products of the unit axis */
    float scale;       /* Zoom's m(o) when spinning, else 1 */
    int perspective;
    float m34;
} anchor_page;

/* Blocks [first, end) of one page; `in` and `out` point at the page's first block. */
void anchor_page_frame(const anchor_page *page, const anchor_inputs *in, float *out, long first, long end);

/* Stores `blocks` frame blocks, the frame's bytes, with no math. */
void anchor_store_limit(float *out, long blocks, float value);

/* What this C was compiled for: "avx512f", "avx2", "avx", "sse4.1" or "sse2". */
const char *anchor_target_features(void);
/* The C compiler's version string. */
const char *anchor_compiler_version(void);

/* What Swift code that imports this header was compiled for. The Swift compiler parses
 * C headers with its own target settings: `-Xswiftc -target-cpu haswell` defines __AVX2__
 * here (and so do `-Xcc` flags, which reach the importer too), while anchor.c sees only the
 * C flags. `bench` reports both, so a build with only one of them set shows it. */
#if defined(__AVX512F__)
#define ANCHOR_IMPORTER_TARGET_FEATURES "avx512f"
#elif defined(__AVX2__)
#define ANCHOR_IMPORTER_TARGET_FEATURES "avx2"
#elif defined(__AVX__)
#define ANCHOR_IMPORTER_TARGET_FEATURES "avx"
#elif defined(__SSE4_1__)
#define ANCHOR_IMPORTER_TARGET_FEATURES "sse4.1"
#elif defined(__x86_64__)
#define ANCHOR_IMPORTER_TARGET_FEATURES "sse2"
#elif defined(__aarch64__)
#define ANCHOR_IMPORTER_TARGET_FEATURES "neon"
#else
#define ANCHOR_IMPORTER_TARGET_FEATURES "generic"
#endif

#endif
