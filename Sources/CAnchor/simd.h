#ifndef ANCHOR_SIMD_H
#define ANCHOR_SIMD_H

/* The anchor's vector vocabulary: clang/GCC vector extensions, one source for every target
 * (x86-64 SSE2 or AVX, AArch64 NEON), no intrinsics headers.
 *
 * The kernels compute in `vf`, the target's native Float vector: 8 lanes (one ymm register)
 * with AVX, 4 lanes (xmm, NEON q) otherwise, so an 8-subview block is one or two chunks.
 * With SSE2, 8-lane vectors would be register pairs, twice as many live registers as the
 * machine has for the spin's constants and temporaries (callgrind, rotate3d-spin: 184
 * instructions a block in 8 lanes, 163 in two 4-lane chunks; `-Xcc -DANCHOR_WIDTH=8`
 * builds the former). The per-block angles go 8 at a time in `d8`/`f8`.
 *
 * The only target macros are AVX's (the width) and FMA's, which changes rounding and so
 * is chosen on purpose. */

#include <stdint.h>

/* ANCHOR_X86: x86-specific asm; none in the portable build (-DBWW_PORTABLE), as on arm64. */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(BWW_PORTABLE)
#define ANCHOR_X86 1
#else
#define ANCHOR_X86 0
#endif

/* No silent contraction: a*b + c is two roundings unless MADD says otherwise, exactly as
 * in Swift, so the anchor and the Swift kernel compute the same expressions. */
#pragma STDC FP_CONTRACT OFF

#define INLINE static inline __attribute__((always_inline))
/* Clang warns that passing 256-bit vectors without AVX changes the calling convention;
 * every function here is `INLINE` and file-local, so no call crosses an ABI boundary. */
#pragma clang diagnostic ignored "-Wpsabi"

typedef float f8 __attribute__((vector_size(32)));
typedef float f4 __attribute__((vector_size(16)));
typedef double d4 __attribute__((vector_size(32)));
typedef double d8 __attribute__((vector_size(64)));
typedef uint32_t u8 __attribute__((vector_size(32)));
typedef uint64_t ul8 __attribute__((vector_size(64)));

#ifndef ANCHOR_WIDTH
#if defined(__AVX__)
#define ANCHOR_WIDTH 8
#else
#define ANCHOR_WIDTH 4
#endif
#endif
#if ANCHOR_WIDTH == 8
typedef f8 vf;
#else
typedef f4 vf;
#endif
#define ANCHOR_CHUNKS (8 / ANCHOR_WIDTH) /* chunks in a block */

/* Memory views: any alignment (callers' destinations need not be aligned; on aligned data
 * unaligned moves cost the same on every x86 since Nehalem), and allowed to alias float
 * and double. */
typedef float vf_mem __attribute__((vector_size(4 * ANCHOR_WIDTH), aligned(4), may_alias));
typedef float f8_mem __attribute__((vector_size(32), aligned(4), may_alias));
typedef float f4_mem __attribute__((vector_size(16), aligned(4), may_alias));
typedef double d4_mem __attribute__((vector_size(32), aligned(8), may_alias));

/* With ANCHOR_ORDERED_STORES defined before this file (anchor.c: the store limit), every
 * store is volatile, so it goes out in program order, which is address order: clang's
 * scheduler otherwise swapped neighbours and interleaved unrolled blocks, and stores out
 * of address order commit slower (docs/DESIGN.md, "Store order and the static patch").
 * The kernels keep plain stores (volatile ones cost them more in lost scheduling than the
 * order gained). */
#if defined(ANCHOR_ORDERED_STORES)
#define ANCHOR_STORE_QUALIFIER volatile
#else
#define ANCHOR_STORE_QUALIFIER
#endif

INLINE vf loadv(const float *p) { return *(const vf_mem *)p; }
INLINE void storev(float *p, vf v) { *(ANCHOR_STORE_QUALIFIER vf_mem *)p = v; }
#if ANCHOR_WIDTH == 8
INLINE vf splatv(float x) { return (vf){x, x, x, x, x, x, x, x}; }
#else
INLINE vf splatv(float x) { return (vf){x, x, x, x}; }
#endif
INLINE void store8(float *p, f8 v) { *(ANCHOR_STORE_QUALIFIER f8_mem *)p = v; }
INLINE void store4(float *p, f4 v) { *(ANCHOR_STORE_QUALIFIER f4_mem *)p = v; }
INLINE void store4d(double *p, d4 v) { *(ANCHOR_STORE_QUALIFIER d4_mem *)p = v; }
INLINE f8 splat8(float x) { return (f8){x, x, x, x, x, x, x, x}; }
INLINE d8 splat8d(double x) { return (d8){x, x, x, x, x, x, x, x}; }
INLINE d4 widen4(f4 v) { return __builtin_convertvector(v, d4); }
/* Lanes 4i … 4i + 3 of a native vector. */
#if ANCHOR_WIDTH == 8
INLINE f4 quarter(vf v, int i) {
    return i == 0 ? __builtin_shufflevector(v, v, 0, 1, 2, 3) : __builtin_shufflevector(v, v, 4, 5, 6, 7);
}
#else
INLINE f4 quarter(vf v, int i) { return (void)i, v; }
#endif

/* a·b + c for any vector type: one fused rounding where the target has FMA (x86 with
 * -mfma or -march=haswell, every AArch64), else a product and a sum. The Swift kernel makes
 * the same choice. NMADD is c − a·b the same way (negating a is exact). */
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define MADD(a, b, c) __builtin_elementwise_fma((a), (b), (c))
#else
#define MADD(a, b, c) ((a) * (b) + (c))
#endif
#define NMADD(a, b, c) MADD(-(a), (b), (c))

#endif
