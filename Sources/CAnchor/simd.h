#ifndef ANCHOR_SIMD_H
#define ANCHOR_SIMD_H

/* The anchor's vector vocabulary: clang/GCC vector extensions, one source for every target,
 * no intrinsics headers. `vf` is the native Float vector: 8 lanes with AVX, else 4, since
 * 8-lane pairs on SSE2 run out of registers (docs/DESIGN.md, "SIMD width"). The only target
 * macros are AVX's (the width) and FMA's, which changes rounding and so is chosen on purpose. */

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
/* Lanes h·ANCHOR_WIDTH … of an 8-lane vector `v` (a variable: it is read twice). */
#if ANCHOR_WIDTH == 8
#define ANCHOR_CHUNK(v, h) ((void)(h), (v))
#else
#define ANCHOR_CHUNK(v, h) ((h) ? __builtin_shufflevector(v, v, 4, 5, 6, 7) : __builtin_shufflevector(v, v, 0, 1, 2, 3))
#endif

/* Memory views: any alignment (callers' destinations need not be aligned), and allowed to
 * alias float and double. */
typedef float vf_mem __attribute__((vector_size(4 * ANCHOR_WIDTH), aligned(4), may_alias));
typedef float f8_mem __attribute__((vector_size(32), aligned(4), may_alias));
typedef float f4_mem __attribute__((vector_size(16), aligned(4), may_alias));
typedef double d4_mem __attribute__((vector_size(32), aligned(8), may_alias));
typedef double d8_mem __attribute__((vector_size(64), aligned(8), may_alias));

/* With ANCHOR_ORDERED_STORES (anchor.c: the store limit), every store is volatile, so it
 * goes out in program order, which is address order (docs/DESIGN.md, "Store order and the
 * static patch"); the kernels keep plain stores, which schedule better. */
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

/* a·b + c: one fused rounding where the target has FMA, else a product and a sum, the same
 * choice as the Swift kernel's. NMADD is c − a·b the same way (negating a is exact). */
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define MADD(a, b, c) __builtin_elementwise_fma((a), (b), (c))
#else
#define MADD(a, b, c) ((a) * (b) + (c))
#endif
#define NMADD(a, b, c) MADD(-(a), (b), (c))

#endif
