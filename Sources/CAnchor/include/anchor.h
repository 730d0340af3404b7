#ifndef BWWALKTHROUGH_ANCHOR_H
#define BWWALKTHROUGH_ANCHOR_H

/* The benchmark's anchors, in plain C (-O3, the Swift code's target CPU): `anchor_page_frame`
 * is the fast path's math as a strong C programmer writes it; `anchor_store_limit` stores
 * the same bytes with no math. Inputs are the Swift plan's (Lanes.swift). */

#define ANCHOR_LANES 8
#define ANCHOR_FIELDS 17 /* m11 … m44 (Core Animation order), then alpha */
#define ANCHOR_BLOCK_FLOATS (ANCHOR_FIELDS * ANCHOR_LANES)

#include <stdint.h>

typedef struct {
    const float *speeds;          /* per block: 8 x speeds, then 8 y speeds */
    const uint8_t *static_lanes;  /* per block: bit l set when lane l is static (identity, alpha 1) */
} anchor_inputs;

typedef struct {
    float matrix[16];  /* a non-static subview's fields when the page has one angle */
    int translates;    /* add f * speed_x to m41 and g * speed_y to m42 (0 but for a keyframed pose) */
    float f, g, alpha;
    int line;          /* the page's speeds as a line, s_k = line_speed + (k + 1) * line_variance (the Swift
                          kernel's SpeedLine, set when it has one): worked out in the lanes of every page in
                          the blocks layout, and with AVX in every layout */
    float line_speed[2], line_variance[2];
    int spins;         /* per-subview angles: theta_k = base + (k + 1) * step */
    double base, step;
    float lane_cos[ANCHOR_LANES], lane_sin[ANCHOR_LANES];  /* cos(l * step), sin(l * step) */
    float xx, yy, zz, xy, xz, yz, x, y, z;  /* products of the unit axis */
    float scale;       /* Zoom's m(o) when spinning, else 1 */
    int perspective;
    float m34;
} anchor_page;

/* What the run writes: one layout for every implementation of a run (issue 14). */
typedef enum { ANCHOR_LAYOUT_BLOCKS = 0, ANCHOR_LAYOUT_FLOAT4X4 = 1, ANCHOR_LAYOUT_CATRANSFORM3D = 2 } anchor_layout;

typedef struct {
    anchor_layout layout;
    void *matrices;  /* blocks: the page's first frame block (17 fields x 8 lanes of float per block, field c of
                        lane l at block[c*8+l]);
                        float4x4: the page's first subview's 16 floats (m11..m44, 64 bytes per subview, dense:
                        subview k at matrices + 16k);
                        catransform3d: the page's first subview's 16 doubles (m11..m44, 128 bytes per subview,
                        dense) */
    void *alphas;    /* float4x4: one float per subview; catransform3d: one double per subview; blocks: unused
                        (alpha is field 16) */
    long count;      /* subviews on the page; in the dense layouts the page's last block writes only its
                        count - 8*block valid lanes (blocks: unused, whole blocks are written) */
} anchor_outputs;

/* Blocks [first, end) of one page (page-relative); `in` and `out` point at the page's first
 * block or subview. In the dense layouts a static subview gets the identity and alpha 1,
 * like its lane in blocks. Destinations need only their elements' alignment (4 bytes for
 * float, 8 for double), none for vectors. */
void anchor_page_frame(const anchor_page *page, const anchor_inputs *in, const anchor_outputs *out, long first,
                       long end);

/* The same bytes as `anchor_page_frame` for blocks [first, end) (the identity and alpha 1),
 * with no math. */
void anchor_store_limit(const anchor_outputs *out, long first, long end);

/* The memory traffic of the library's `gather` with no arithmetic, in one fixed loop (the
 * bench's `read-limit`; docs/DESIGN.md, "Fixed yardsticks."): the matrix bytes of a page of
 * `count` subviews in `layout` read once, in order, and 128 bytes a subview written at `out`
 * in address order, with meaningless values. With a `template16` (16 Doubles) only m41, m42
 * are read in blocks. `out` needs 8-byte alignment and must not overlap the matrices. */
void anchor_read_limit(anchor_layout layout, const void *restrict matrices, long count, double *restrict out,
                       const double *restrict template16);

/* What this C was compiled for: "avx512f", "avx2", "avx", "sse4.1" or "sse2" (x86), "neon". */
const char *anchor_target_features(void);
/* The C compiler's version string. */
const char *anchor_compiler_version(void);

/* What Swift code that imports this header was compiled for: the importer uses the Swift
 * target settings, anchor.c only the C flags; `bench` reports both. */
#if defined(BWW_PORTABLE)
#define ANCHOR_IMPORTER_TARGET_FEATURES "portable"
#elif defined(__AVX512F__)
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
