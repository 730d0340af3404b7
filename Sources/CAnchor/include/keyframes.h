#ifndef BWWALKTHROUGH_KEYFRAMES_H
#define BWWALKTHROUGH_KEYFRAMES_H

/* The benchmark's C anchor for keyframe timelines (issue 18), beside anchor.c: the same
 * blocks of 8 subviews and the same plan tables as the Swift kernel (LaneTimelines.swift),
 * written the way a C programmer would: a page timeline without stagger is one pose per
 * page (folded into the page matrix by the frame driver, as in Swift), so only its
 * translation row differs from anchor.c's uniform loop; for stagger and subview timelines
 * every lane chooses its segment by binary search over its track's times and gathers that
 * segment's constants, then the 8 lanes of a block run the easing (the same fixed-step
 * Bézier solve as BezierLanes.swift, branch-free so that the compiler vectorizes it) and
 * the composition M = K·B. */

#include <stdint.h>

#define KF_LANES 8
#define KF_BLOCK_FLOATS (17 * KF_LANES)

typedef struct {
    const float *speeds;          /* per block: 8 x speeds, then 8 y speeds */
    const uint8_t *static_lanes;  /* per block: bit l set when lane l is static */
} kf_inputs;

typedef struct {
    float matrix[16];  /* the page's R·A·P (rows 1-3) and, for a shared pose, K·(R·A·P) */
    float f, g, alpha; /* translation factors (0 for Zoom) and the page's alpha */
    double offset;     /* the page offset o */
    int planar;        /* no page rotation, every lane's axis is z */
    int spins;         /* per-subview page angles: theta_k = base + (k + 1) * step */
    double base, step;
    float xx, yy, zz, xy, xz, yz, x, y, z, scale, m34;  /* the page rotation's axis products, Zoom's m, -1/d */
} kf_page;

typedef struct {
    const int32_t *lane_source;   /* per slot: source index or -1 */
    const double *shifts;         /* per slot: k * stagger or 0 */
    const float *axes;            /* per block: 9 x 8 axis products (xx yy zz xy xz yz x y z) */
    const int32_t *track_ranges;  /* per source: 4 x (start, count) */
    const double *times;
    const double *values;         /* pairs */
    const float *easings;         /* per keyframe: ax bx cx ay by cy _ _ */
    int tracks;                   /* bit t set when some lane has track t (translation, scale, rotation, alpha) */
} kf_tables;

/* Blocks [first, end) of a page with a shared pose: the uniform loop with row 4's own m41, m42. */
void kf_uniform_frame(const kf_page *page, const kf_inputs *in, float *out, long first, long end);

/* Blocks [first, end) of a page whose lanes read timelines at different times. */
void kf_lanes_frame(const kf_page *page, const kf_tables *tables, const kf_inputs *in, float *out, long first, long end);

#endif
