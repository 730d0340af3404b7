#ifndef ANCHOR_KEYFRAME_STATE_H
#define ANCHOR_KEYFRAME_STATE_H

#include "keyframes.h"
#include "simd.h"

/* One present track of one block as lane vectors (TrackLanes.swift's layout): while lo ≤ τ < hi
 * lane l's value is v0 + dv·E, E = B_y(u), B_x(u) = Float(τ − lo)·inv_len solved from the fitted
 * start ga … g3; outside its keyframes lo = −∞ or hi = +∞ and inv_len = dv = 0. A rotation's v0
 * is v0x + v0y, a Double split into two Floats, since angles reach 1e6 rad. */
typedef struct {
    double lo[8], hi[8];
    float inv_len[8], v0x[8], v0y[8], dvx[8], dvy[8], ax[8], bx[8], cx[8], ay[8], by[8], cy[8];
    float ga[8], gb[8], g0[8], g1[8], g2[8], g3[8];
} kf_segments;

/* Block flags: every lane's value is v0 (outside its keyframes, dv = 0, or "hold"), so
 * skip the easing; some lane needs the Bézier solve (its B_x is not u). */
enum { KF_CONSTANT = 1, KF_SOLVES = 2 };

struct kf_state {
    kf_segments *segments;  /* per block, one per present track (in track order) */
    uint8_t *flags;         /* one byte per entry of `segments` */
    int slots;              /* present tracks */
    /* The stagger split (docs/DESIGN.md, "Stagger as runs"): block b's timed lanes have shifts in
     * [shift_min[b], shift_max[b]], monotone in b; every track is at its first value where
     * τ < t_first, at its last where τ ≥ t_last. */
    int split, rising;
    double t_first, t_last;
    double *shift_min, *shift_max;
    double first[4][2], last[4][2];  /* per track: its first and last value (the neutral one if absent) */
    float axis[9];                   /* the timeline's axis products xx yy zz xy xz yz x y z */
};

/* Finds the segment of every lane of block `b`'s track `track` whose τ left its cached one,
 * and the block's flags again. The lanes that left are found with one vector compare (a bit
 * mask), then visited one by one, scalar: it runs when a lane crosses a keyframe, not every
 * frame. */
void kf_refresh(const kf_tables *t, kf_segments *s, uint8_t *flags, int track, long b, d8 tau);

#endif
