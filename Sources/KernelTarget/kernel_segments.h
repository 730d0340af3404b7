#ifndef KERNEL_SEGMENTS_H
#define KERNEL_SEGMENTS_H

#include "kernel_shuffles.h"

/* Segment records (SegmentRecord.swift) transposed into lane vectors (TrackLanes.swift), since scalar stores read
 * back as a vector stall on store forwarding (docs/DESIGN.md, "Keyframe scenarios and working set"). */

#define KERNEL_SEGMENTS_INLINE static inline __attribute__((always_inline))

typedef int kernel_int8 __attribute__((ext_vector_type(8)));

/* Record layout (SegmentRecord): 16 Floats (invLen v0x v0y dvx dvy ax bx cx | ay by cy gk g0 g1
 * g2 g3), then lo, hi (Doubles) and the flags word. */
enum { KERNEL_SEGMENT_STRIDE = 96 };

/* KERNEL_SEGMENT_ONE_RECORD where the 8 lanes hold one record (a block flag beside the
 * records' ORed flags, SegmentRecord.oneRecord), else 0. */
enum { KERNEL_SEGMENT_ONE_RECORD = 8 };
KERNEL_SEGMENTS_INLINE unsigned kernel_segment_one_record(kernel_int8 index) {
    return __builtin_reduce_and(index == index[0]) ? KERNEL_SEGMENT_ONE_RECORD : 0;
}

/* A hint: the two lines of the record each lane will likely read next, its cached one or the one after (τ ≥ hi)
 * or before (τ < lo) it, asked for into L2 (locality 2: prefetcht1, PLDL2KEEP), which measured faster than into
 * L1 where the records are beyond L2 (docs/DESIGN.md, "Own timelines distinct per subview"). Addresses in
 * integers, as one may lie before the table; a prefetch never faults. */
KERNEL_SEGMENTS_INLINE void kernel_prefetch_records8(const void *records, kernel_int8 index, kernel_double8 tau,
                                                     kernel_double8 lo, kernel_double8 hi) {
    /* The steps in vectors (−1 where true): τ < lo back, τ ≥ hi forward; the addresses lane by lane. */
    const kernel_int8 next = index + __builtin_convertvector((tau < lo) - (tau >= hi), kernel_int8);
    int i[8];
    __builtin_memcpy(i, &next, sizeof i);
    for (int l = 0; l < 8; l++) {
        const unsigned long at = (unsigned long)records + (unsigned long)((long)i[l] * KERNEL_SEGMENT_STRIDE);
        __builtin_prefetch((const void *)at, 0, 2);
        __builtin_prefetch((const void *)(at + 64), 0, 2);
    }
}

/* The 8 lanes' records, found once a block and track. */
typedef struct { const char *r[8]; } kernel_segment_rows;

KERNEL_SEGMENTS_INLINE kernel_segment_rows kernel_segment_rows8(const void *records, kernel_int8 index) {
    kernel_segment_rows rows;
    for (int l = 0; l < 8; l++) rows.r[l] = (const char *)records + (long)index[l] * KERNEL_SEGMENT_STRIDE;
    return rows;
}

KERNEL_SEGMENTS_INLINE kernel_float8 kernel_segment_row(const char *r, int part) {
    kernel_float8 v;
    __builtin_memcpy(&v, r + 32 * part, sizeof v);
    return v;
}

/* Row `part` (0: Floats 0-7, 1: Floats 8-15) of the 8 records, transposed: Float k of lane
 * l to out[8k + l], for k in 0..7. */
KERNEL_SEGMENTS_INLINE void kernel_segment_transpose(const kernel_segment_rows *rows, int part, float *out) {
    const kernel_float8 r0 = kernel_segment_row(rows->r[0], part), r1 = kernel_segment_row(rows->r[1], part);
    const kernel_float8 r2 = kernel_segment_row(rows->r[2], part), r3 = kernel_segment_row(rows->r[3], part);
    const kernel_float8 r4 = kernel_segment_row(rows->r[4], part), r5 = kernel_segment_row(rows->r[5], part);
    const kernel_float8 r6 = kernel_segment_row(rows->r[6], part), r7 = kernel_segment_row(rows->r[7], part);
    kernel_float8 u[8];
    kernel_transpose4x2(r0, r1, r2, r3, u);
    kernel_transpose4x2(r4, r5, r6, r7, u + 4);
    const kernel_float8 c[8] = {
        __builtin_shufflevector(u[0], u[4], 0, 1, 2, 3, 8, 9, 10, 11), __builtin_shufflevector(u[1], u[5], 0, 1, 2, 3, 8, 9, 10, 11),
        __builtin_shufflevector(u[2], u[6], 0, 1, 2, 3, 8, 9, 10, 11), __builtin_shufflevector(u[3], u[7], 0, 1, 2, 3, 8, 9, 10, 11),
        __builtin_shufflevector(u[0], u[4], 4, 5, 6, 7, 12, 13, 14, 15), __builtin_shufflevector(u[1], u[5], 4, 5, 6, 7, 12, 13, 14, 15),
        __builtin_shufflevector(u[2], u[6], 4, 5, 6, 7, 12, 13, 14, 15), __builtin_shufflevector(u[3], u[7], 4, 5, 6, 7, 12, 13, 14, 15),
    };
    __builtin_memcpy(out, c, sizeof c);
}

/* Row `part` of one record in all 8 lanes (a block whose lanes hold one record), as
 * kernel_segment_transpose writes 8 equal rows. */
KERNEL_SEGMENTS_INLINE void kernel_segment_splat(const char *r, int part, float *out) {
    for (int k = 0; k < 8; k++) {
        float v;
        __builtin_memcpy(&v, r + 32 * part + 4 * k, sizeof v);
        const kernel_float8 s = v;
        __builtin_memcpy(out + 8 * k, &s, sizeof s);
    }
}

#endif
