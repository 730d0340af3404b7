#ifndef KERNEL_TARGET_H
#define KERNEL_TARGET_H

/* The KernelTarget module: this header, kernel_shuffles.h (the register transposes the
 * dense layouts and the readers store through), kernel_lanes.h (lane operations Swift's
 * SIMD types compile badly) and kernel_atomics.h (the words WorkerPool's threads share), C
 * inline functions that the Clang importer compiles into the Swift code, for its target.
 * No library of its own.
 *
 * What the CPU the Swift code is compiled for can do, as the C preprocessor sees it. Swift
 * has no `#if` on CPU features, but its Clang importer is given the same target CPU as the
 * Swift code (`-Xswiftc -target-cpu haswell` defines __FMA__ here), so the Kernel reads
 * these constants and the optimizer folds every test of them away.
 *
 * KERNEL_TARGET_FMA: fused multiply-add in hardware. Without it, a fused multiply-add is a
 * call to libm's fmaf per lane, so the kernels use it only where this says so. Give the
 * Swift compiler the target CPU (`-Xswiftc -target-cpu`), not only the C compiler (`-Xcc
 * -march`): the importer then sees the features the Swift code is compiled for. */
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define KERNEL_TARGET_FMA 1
#else
#define KERNEL_TARGET_FMA 0
#endif

/* KERNEL_TARGET_NARROW_VECTORS: x86-64 without AVX (SSE2 … SSE4.2), 16 registers of 4
 * Floats, where an 8-lane vector is a register pair: a kernel with many constants and
 * temporaries per lane then runs out of registers, and computes a block in two halves. */
#if defined(__x86_64__) && !defined(__AVX__)
#define KERNEL_TARGET_NARROW_VECTORS 1
#else
#define KERNEL_TARGET_NARROW_VECTORS 0
#endif

/* KERNEL_TARGET_AVX: x86 with AVX, 16 registers of 8 Floats. */
#if defined(__AVX__)
#define KERNEL_TARGET_AVX 1
#else
#define KERNEL_TARGET_AVX 0
#endif

/* CPUID, on x86 with GCC or Clang (MSVC's intrinsics clash with <cpuid.h>). */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(_MSC_VER)
#include <cpuid.h>
#define KERNEL_HAS_CPUID 1
#else
#define KERNEL_HAS_CPUID 0
#endif

/* Whether this CPU is AMD's ("AuthenticAMD", CPUID leaf 0), and then its family and model
 * from CPUID leaf 1, extended fields included. */
static inline int kernel_cpu_amd_family(unsigned *family, unsigned *model) {
#if KERNEL_HAS_CPUID
    unsigned a, b, c, d;
    if (!__get_cpuid(0, &a, &b, &c, &d)) return 0;
    if (!(b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u)) return 0; /* "Auth" "enti" "cAMD" */
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned base = (a >> 8) & 0xf;
    *family = base == 0xf ? base + ((a >> 20) & 0xff) : base;
    *model = ((a >> 4) & 0xf) | (base == 0xf ? ((a >> 16) & 0xf) << 4 : 0);
    return 1;
#else
    (void)family; (void)model;
    return 0;
#endif
}

/* Whether this CPU is an AMD Zen 3 or later (family 0x19 or above: Zen 3, Zen 4, Zen 5),
 * where the readers take their wide kernels (FrameReader.widensWhole: measured faster on
 * Zen 3; Zen 4 and 5 keep its full-width 256-bit units, unmeasured here). Every other CPU,
 * every target off x86, and MSVC targets answer 0. */
static inline int kernel_cpu_is_amd_zen3_or_later(void) {
    unsigned family, model;
    return kernel_cpu_amd_family(&family, &model) && family >= 0x19;
}

/* Whether this CPU is an AMD Zen 2 or later: family 0x17 from model 0x30 (Zen 1 and Zen+
 * are the models below, and run 256-bit operations as two halves), or family 0x19 and
 * above. On these the gather from `blocks` writes in phase with its destination
 * (kernel_gather.h), and takes turns only where its L2 holds 1 MiB or more (GatherTurns),
 * as measured on Zen 2, 3 and 5 EPYCs. 0 for every other CPU, off x86, and on MSVC. */
static inline int kernel_cpu_is_amd_zen2_or_later(void) {
    unsigned family, model;
    return kernel_cpu_amd_family(&family, &model) && (family > 0x17 || (family == 0x17 && model >= 0x30));
}

/* The size in bytes of this core's L2 cache, from CPUID leaf 0x80000006 (ECX bits 31-16,
 * in KiB: AMD and Intel alike); 0 where CPUID is missing, does not have the leaf, or says
 * nothing. GatherTurns keys its sizes on it on AMD's Zen 2 and later. */
static inline long kernel_cpu_l2_bytes(void) {
#if KERNEL_HAS_CPUID
    unsigned a, b, c, d;
    if (!__get_cpuid(0x80000000u, &a, &b, &c, &d) || a < 0x80000006u) return 0;
    if (!__get_cpuid(0x80000006u, &a, &b, &c, &d)) return 0;
    return (long)(c >> 16) * 1024;
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
