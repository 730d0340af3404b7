#include "keyframe_state.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const double neutral[4] = {0, 1, 0, 1};

/* Never valid: the first frame finds every lane's segment. */
static void invalidate(kf_segments *s) {
    memset(s, 0, sizeof *s);
    for (int l = 0; l < 8; l++) s->lo[l] = INFINITY, s->hi[l] = -INFINITY;
}

/* The stagger split's tables (see `struct kf_state`), or split = 0 when the page's timed
 * lanes do not all read one timeline with shifts monotone in k. */
static int plan_split(kf_state *st, const kf_tables *t, long blocks) {
    const long slots = blocks * 8;
    int32_t source = -1;
    int up = 1, down = 1;
    double previous = 0;
    for (long k = 0; k < slots; k++) {
        const int32_t s = t->lane_source[k];
        if (s < 0) continue;
        if (source >= 0 && s != source) return 0;
        if (source >= 0) up &= t->shifts[k] >= previous, down &= t->shifts[k] <= previous;
        source = s, previous = t->shifts[k];
    }
    if (source < 0 || !(up || down)) return 0;
    st->shift_min = malloc(sizeof(double) * (size_t)blocks);
    st->shift_max = malloc(sizeof(double) * (size_t)blocks);
    if (!st->shift_min || !st->shift_max) return -1;
    st->rising = up;
    long timed = -1;  /* the first block with a timed lane */
    for (long b = 0; b < blocks; b++) {
        double lo = INFINITY, hi = -INFINITY;
        for (int l = 0; l < 8; l++)
            if (t->lane_source[8 * b + l] >= 0) lo = fmin(lo, t->shifts[8 * b + l]), hi = fmax(hi, t->shifts[8 * b + l]);
        if (lo > hi) {  /* no timed lane: any state will do; keep the order */
            if (b > 0) lo = hi = up ? st->shift_max[b - 1] : st->shift_min[b - 1];
        } else if (timed < 0) {
            timed = b;
        }
        st->shift_min[b] = lo, st->shift_max[b] = hi;
    }
    for (long b = 0; b < timed; b++) st->shift_min[b] = st->shift_max[b] = up ? st->shift_min[timed] : st->shift_max[timed];
    st->t_first = INFINITY, st->t_last = -INFINITY;
    for (int track = 0; track < 4; track++) {
        const int32_t start = t->track_ranges[8 * source + 2 * track], count = t->track_ranges[8 * source + 2 * track + 1];
        for (int i = 0; i < 2; i++) st->first[track][i] = st->last[track][i] = neutral[track];
        if (count == 0) continue;
        st->t_first = fmin(st->t_first, t->times[start]);
        st->t_last = fmax(st->t_last, t->times[start + count - 1]);
        for (int i = 0; i < 2; i++) {
            st->first[track][i] = t->values[2 * start + i];
            st->last[track][i] = t->values[2 * (start + count - 1) + i];
        }
    }
    for (int i = 0; i < 9; i++) st->axis[i] = t->axes[(timed * 9 + i) * 8];
    for (int l = 0; l < 8; l++)
        if (t->lane_source[8 * timed + l] >= 0)
            for (int i = 0; i < 9; i++) st->axis[i] = t->axes[(timed * 9 + i) * 8 + l];
    return 1;
}

kf_state *kf_state_create(const kf_tables *t, long blocks) {
    kf_state *st = calloc(1, sizeof *st);
    if (!st) return NULL;
    st->slots = __builtin_popcount((unsigned)t->tracks & 15);
    const size_t entries = (size_t)blocks * (size_t)st->slots;
    /* C11's aligned_alloc wants a size that is a multiple of the alignment (672-byte
     * entries are not; ASan's allocator returns NULL for such a request). */
    const size_t bytes = sizeof(kf_segments) * (entries ? entries : 1);
    st->segments = aligned_alloc(64, (bytes + 63) / 64 * 64);
    st->flags = calloc(entries ? entries : 1, 1);
    if (!st->segments || !st->flags) {
        kf_state_destroy(st);
        return NULL;
    }
    for (size_t i = 0; i < entries; i++) invalidate(&st->segments[i]);
    const int split = blocks > 0 ? plan_split(st, t, blocks) : 0;
    if (split < 0) {
        kf_state_destroy(st);
        return NULL;
    }
    st->split = split;
    return st;
}

void kf_state_destroy(kf_state *st) {
    if (!st) return;
    free(st->segments);
    free(st->flags);
    free(st->shift_min);
    free(st->shift_max);
    free(st);
}

/* Bit l set when lane l is not within lo ≤ τ < hi (NaN lanes included): cmppd and movmskpd
 * (KernelTarget's kernel_outside_mask8, which SegmentCache.findShared uses). */
static unsigned outside_mask(d8 tau, const kf_segments *s) {
    typedef _Bool bool8 __attribute__((ext_vector_type(8)));
    const bool8 inside = __builtin_convertvector((tau >= *(const d8_mem *)s->lo) & (tau < *(const d8_mem *)s->hi), bool8);
    return (unsigned char)~__builtin_bit_cast(unsigned char, inside);
}

void kf_refresh(const kf_tables *t, kf_segments *s, uint8_t *flags, int track, long b, d8 tau) {
    double times_of[8];  /* spilled once, not once a lane (tau[l] with a variable l) */
    *(d8_mem *)times_of = tau;
    for (unsigned outside = outside_mask(tau, s); outside; outside &= outside - 1) {
        const int l = __builtin_ctz(outside);
        const double time = times_of[l];
        const int32_t source = t->lane_source[8 * b + l];
        const int32_t start = source >= 0 ? t->track_ranges[8 * source + 2 * track] : 0;
        const int32_t count = source >= 0 ? t->track_ranges[8 * source + 2 * track + 1] : 0;
        double lo = -INFINITY, hi = INFINITY, inv_len = 0, v0x = neutral[track], v0y = neutral[track], dvx = 0, dvy = 0;
        static const float linear[6] = {0, 0, 1, 0, 0, 1};
        static const float linear_guess[6] = {1, 1, -1, 0, 1, 0};  /* u₀ = (√(p + 1))² − 1 = p */
        const float *easing = linear, *guess = linear_guess;
        if (count > 0) {
            const double *times = t->times, *v = t->values;
            const int32_t last = start + count - 1;
            if (isnan(time)) {
                lo = INFINITY, hi = -INFINITY, v0x = v0y = NAN;
            } else if (time < times[start]) {
                hi = times[start], v0x = v[2 * start], v0y = v[2 * start + 1];
            } else if (time >= times[last]) {
                lo = times[last], v0x = v[2 * last], v0y = v[2 * last + 1];
            } else {
                int32_t a = start, c = last;  /* times[a] ≤ τ < times[c] */
                while (c - a > 1) {
                    const int32_t mid = (a + c) / 2;
                    if (time < times[mid]) c = mid;
                    else a = mid;
                }
                lo = times[a], hi = times[c], inv_len = 1 / (hi - lo);
                if (hi - lo < 1e-30) {  /* as SegmentCache.tinyGap: p for this τ, found again next frame */
                    const double p = (time - lo) / (hi - lo);
                    lo = time - p, hi = -INFINITY, inv_len = 1;
                }
                v0x = v[2 * a], v0y = v[2 * a + 1], dvx = v[2 * c] - v0x, dvy = v[2 * c + 1] - v0y;
                easing = t->easings + 8 * a, guess = t->guesses + 8 * a;
            }
        }
        s->lo[l] = lo, s->hi[l] = hi, s->inv_len[l] = (float)inv_len;
        if (track == 2) {  /* the rotation: v0 as a Double split into two Floats */
            const float high = (float)v0x;
            s->v0x[l] = high, s->v0y[l] = (float)(v0x - (double)high);
        } else {
            s->v0x[l] = (float)v0x, s->v0y[l] = (float)v0y;
        }
        s->dvx[l] = (float)dvx, s->dvy[l] = (float)dvy;
        s->ax[l] = easing[0], s->bx[l] = easing[1], s->cx[l] = easing[2];
        s->ay[l] = easing[3], s->by[l] = easing[4], s->cy[l] = easing[5];
        s->ga[l] = guess[0], s->gb[l] = guess[1], s->g0[l] = guess[2];
        s->g1[l] = guess[3], s->g2[l] = guess[4], s->g3[l] = guess[5];
    }
    /* A lane moves when inv_len ≠ 0, dv ≠ 0 and B_y ≠ 0; it solves when it moves and its B_x
     * is not u. In lane masks, not a loop over lanes (it runs on every refresh). */
    typedef float f8_mem __attribute__((vector_size(32), aligned(32), may_alias));
#define KF_LANES(field) (*(const f8_mem *)s->field)
    const f8 zero = {0}, one = zero + 1;
    const u8 moving = (u8)(KF_LANES(inv_len) != zero) & ((u8)(KF_LANES(dvx) != zero) | (u8)(KF_LANES(dvy) != zero)) &
                      ((u8)(KF_LANES(ay) != zero) | (u8)(KF_LANES(by) != zero) | (u8)(KF_LANES(cy) != zero));
    const u8 curved = (u8)(KF_LANES(ax) != zero) | (u8)(KF_LANES(bx) != zero) | (u8)(KF_LANES(cx) != one);
#undef KF_LANES
    const int constant = __builtin_reduce_or(moving) == 0, solves = __builtin_reduce_or(moving & curved) != 0;
    *flags = (uint8_t)((constant ? KF_CONSTANT : 0) | (solves ? KF_SOLVES : 0));
}
