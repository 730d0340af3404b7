#ifndef KERNEL_TARGET_H
#define KERNEL_TARGET_H

/* The KernelTarget module: C inline functions the Clang importer compiles into the Swift code for
 * its target (`-Xswiftc -target-cpu`). Only this header reads the instruction set, at compile time
 * (KERNEL_TARGET_*) and at run time (kernel_cpu_features); BWW_PORTABLE drops every x86 path. */

/* KERNEL_X86: x86 code paths (intrinsics, non-temporal stores, CPUID, run-time AVX). */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(BWW_PORTABLE)
#define KERNEL_X86 1
#else
#define KERNEL_X86 0
#endif

/* KERNEL_TARGET_FMA: fused multiply-add in hardware. Without it a fused multiply-add is a
 * call to libm's fmaf per lane, so the kernels use it only where this says so. */
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define KERNEL_TARGET_FMA 1
#else
#define KERNEL_TARGET_FMA 0
#endif

/* KERNEL_TARGET_AVX: x86 with AVX, 16 registers of 8 Floats. */
#if KERNEL_X86 && defined(__AVX__)
#define KERNEL_TARGET_AVX 1
#else
#define KERNEL_TARGET_AVX 0
#endif

/* KERNEL_TARGET_AVX2 and KERNEL_TARGET_AVX512F: reported only (CPUFeatures.compiled). */
#if KERNEL_X86 && defined(__AVX2__)
#define KERNEL_TARGET_AVX2 1
#else
#define KERNEL_TARGET_AVX2 0
#endif
#if KERNEL_X86 && defined(__AVX512F__)
#define KERNEL_TARGET_AVX512F 1
#else
#define KERNEL_TARGET_AVX512F 0
#endif

/* KERNEL_TARGET_NARROW_VECTORS: x86-64 without AVX, where an 8-lane vector is a register
 * pair, so a kernel with many live values computes a block in two halves. */
#if KERNEL_X86 && defined(__x86_64__) && !defined(__AVX__)
#define KERNEL_TARGET_NARROW_VECTORS 1
#else
#define KERNEL_TARGET_NARROW_VECTORS 0
#endif

/* KERNEL_RUNTIME_AVX: functions with their own target("avx") attribute, called only where
 * the CPU has AVX (the default x86-64 build has none, and a library target takes no -march). */
#if KERNEL_X86 && (defined(__clang__) || defined(__GNUC__)) && !defined(_MSC_VER)
#define KERNEL_RUNTIME_AVX 1
#include <cpuid.h>
#else
#define KERNEL_RUNTIME_AVX 0
#endif

/* The bits of kernel_cpu_features (CPUFeatures in Swift). */
#define KERNEL_CPU_SSE2 1u
#define KERNEL_CPU_AVX 2u
#define KERNEL_CPU_AVX2 4u
#define KERNEL_CPU_FMA 8u
#define KERNEL_CPU_AVX512F 16u

/* The instruction-set features this CPU runs and the operating system keeps the registers
 * of (CPUID leaves 1 and 7, XCR0's state bits); 0 off x86 and in the portable build. */
static inline unsigned kernel_cpu_features(void) {
#if KERNEL_RUNTIME_AVX
    unsigned a, b, c, d, features = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (d & (1u << 26)) features |= KERNEL_CPU_SSE2;
    if (!(c & (1u << 27))) return features; /* no OSXSAVE: no AVX state */
    unsigned lo, hi;
    __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    const int avxState = (lo & 6u) == 6u, avx512State = (lo & 0xe6u) == 0xe6u;
    if (!avxState || !(c & (1u << 28))) return features;
    features |= KERNEL_CPU_AVX;
    if (c & (1u << 12)) features |= KERNEL_CPU_FMA;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        if (b & (1u << 5)) features |= KERNEL_CPU_AVX2;
        if (avx512State && (b & (1u << 16))) features |= KERNEL_CPU_AVX512F;
    }
    (void)hi;
    return features;
#else
    return 0;
#endif
}

/* The vector types of kernel_shuffles.h and kernel_lanes.h, declared once (Clang's
 * ext_vector_type, the layout of Swift's SIMDn of the same element). */
typedef float kernel_float2 __attribute__((ext_vector_type(2)));
typedef double kernel_double2 __attribute__((ext_vector_type(2)));
typedef float kernel_float4 __attribute__((ext_vector_type(4)));
typedef double kernel_double4 __attribute__((ext_vector_type(4)));
typedef float kernel_float8 __attribute__((ext_vector_type(8)));
typedef double kernel_double8 __attribute__((ext_vector_type(8)));

#endif
