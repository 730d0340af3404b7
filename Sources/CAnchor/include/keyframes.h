#ifndef BWWALKTHROUGH_KEYFRAMES_H
#define BWWALKTHROUGH_KEYFRAMES_H

/* The benchmark's C anchor for keyframe timelines (issue 18), beside anchor.h, on the Swift
 * kernel's blocks and plan tables (LaneTimelines.swift): a page timeline without stagger is one
 * pose folded into the page matrix for `anchor_page_frame`; lanes that read timelines at
 * different times go through `kf_lanes_frame` (docs/DESIGN.md, "The C anchor's keyframes"). */

#include "anchor.h"
#include <stdint.h>

typedef struct {
    anchor_page page;  /* the page's constants as `anchor_page_frame` takes them (matrix: R·A·P) */
    double offset;     /* the page offset o: lane k reads its timeline at o − shift_k */
    int planar;        /* no page rotation, and every lane's timeline turns about z */
} kf_page;

/* The plan's tables of one page (LaneTimelines.swift), read only. */
typedef struct {
    const int32_t *lane_source;   /* per slot: source index or -1 (static, padding, no timeline) */
    const double *shifts;         /* per slot: k * stagger or 0 */
    const float *axes;            /* per block: 9 x 8 axis products (xx yy zz xy xz yz x y z) */
    const int32_t *track_ranges;  /* per source: 4 x (start, count) */
    const double *times;
    const double *values;         /* pairs */
    const float *easings;         /* per keyframe: ax bx cx ay by cy _ _ */
    const float *guesses;         /* per keyframe: its easing's fitted Newton start a b c0 c1 c2 c3 _ _ (EasingGuess.swift) */
    int tracks;                   /* bit t set when some lane has track t (translation, scale, rotation, alpha) */
} kf_tables;

/* What the anchor keeps of one page between frames: each lane's segment per present track
 * (only a starting point: every frame checks it, so a frame does not depend on the ones
 * before, and a frame split across threads, which own disjoint blocks, is bitwise the
 * single-thread one), and what the stagger split needs, worked out once. */
typedef struct kf_state kf_state;

/* For a page of `blocks` blocks with these tables (which must outlive it); NULL when out
 * of memory. */
kf_state *kf_state_create(const kf_tables *tables, long blocks);
void kf_state_destroy(kf_state *state);

/* Blocks [first, end) of a page whose lanes read timelines at different times, in any
 * layout (`out`, as for `anchor_page_frame`). */
void kf_lanes_frame(const kf_page *page, const kf_tables *tables, kf_state *state, const anchor_inputs *in,
                    const anchor_outputs *out, long first, long end);

#endif
