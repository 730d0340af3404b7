#ifndef KERNEL_SHUFFLES_H
#define KERNEL_SHUFFLES_H

/* Register transposes as LLVM shuffles. Swift has no shuffle of two vectors: a transpose
 * written with SIMD4 initialisers becomes chains of element extracts and inserts, through
 * which LLVM scalarises the arithmetic that feeds them (the half-block spin in the dense
 * layouts went to mulss/addss per lane, 2x slower than through a scratch block). Written
 * here with __builtin_shufflevector, the Clang importer hands the Swift code real shuffles
 * (ext_vector_type(4) float is SIMD4<Float> in Swift), inlined like Swift code. No flags:
 * the importer compiles this for the Swift code's target. */

typedef float kernel_float4 __attribute__((ext_vector_type(4)));

/* Rows r0 … r3: row l is (a[l], b[l], c[l], d[l]). */
typedef struct {
    kernel_float4 r0, r1, r2, r3;
} kernel_rows4;

/* The 4×4 transpose: unpcklps/unpckhps, then movlhps/movhlps (8 shuffles). */
static inline __attribute__((always_inline)) kernel_rows4 kernel_transpose4(kernel_float4 a, kernel_float4 b,
                                                                            kernel_float4 c, kernel_float4 d) {
    const kernel_float4 t0 = __builtin_shufflevector(a, b, 0, 4, 1, 5), t1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
    const kernel_float4 t2 = __builtin_shufflevector(c, d, 0, 4, 1, 5), t3 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    kernel_rows4 rows = {
        __builtin_shufflevector(t0, t2, 0, 1, 4, 5), __builtin_shufflevector(t0, t2, 2, 3, 6, 7),
        __builtin_shufflevector(t1, t3, 0, 1, 4, 5), __builtin_shufflevector(t1, t3, 2, 3, 6, 7),
    };
    return rows;
}

typedef double kernel_double4 __attribute__((ext_vector_type(4)));

/* Four Floats widened to Doubles (two cvtps2pd on SSE2, one vcvtps2pd on AVX): the Swift
 * initialiser SIMD4<Double>(SIMD4<Float>) converts lane by lane, which the optimizer does
 * not always merge back (cvtss2sd per lane beside the half-block spin). */
static inline __attribute__((always_inline)) kernel_double4 kernel_widen4(kernel_float4 v) {
    return __builtin_convertvector(v, kernel_double4);
}

typedef float kernel_float2 __attribute__((ext_vector_type(2)));
typedef double kernel_double2 __attribute__((ext_vector_type(2)));

/* One block of the blocks layout (16 fields of 8 lanes, field c of lane l at
 * block[8c + l]) as 8 rows of 16 doubles at `out`. Lanes l, l+1 of field c sit side by
 * side: one 8-byte load widens them (cvtps2pd from memory); fields c, c+1 of those lanes
 * are then interleaved (unpcklpd/unpckhpd) into 16-byte pieces of lane l's and lane l+1's
 * rows. Per subview 8 conversions, 8 shuffles, 8 stores. */
static inline __attribute__((always_inline)) void kernel_gather_block(const float *block, double *out) {
    for (int l = 0; l < 8; l += 2) {
        for (int c = 0; c < 16; c += 2) {
            kernel_float2 fa, fb;
            __builtin_memcpy(&fa, block + 8 * c + l, sizeof fa);
            __builtin_memcpy(&fb, block + 8 * (c + 1) + l, sizeof fb);
            const kernel_double2 a = __builtin_convertvector(fa, kernel_double2);
            const kernel_double2 b = __builtin_convertvector(fb, kernel_double2);
            const kernel_double2 r0 = __builtin_shufflevector(a, b, 0, 2), r1 = __builtin_shufflevector(a, b, 1, 3);
            __builtin_memcpy(out + 16 * l + c, &r0, sizeof r0);
            __builtin_memcpy(out + 16 * (l + 1) + c, &r1, sizeof r1);
        }
    }
}

#endif
