#ifndef KERNEL_ATOMICS_H
#define KERNEL_ATOMICS_H

#include <stdint.h>

#include "kernel_target.h"

/* Sequentially consistent operations on a word, for WorkerPool's lock-free hand-out and
 * join (the mutex is only for sleeping); Swift's Atomic needs macOS 15 on Darwin. */

static inline __attribute__((always_inline)) uintptr_t kernel_atomic_load(const uintptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

static inline __attribute__((always_inline)) void kernel_atomic_store(uintptr_t *word, uintptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

/* Adds `value` and returns what the word held before. */
static inline __attribute__((always_inline)) uintptr_t kernel_atomic_fetch_add(uintptr_t *word, uintptr_t value) {
    return __atomic_fetch_add(word, value, __ATOMIC_SEQ_CST);
}

/* Subtracts `value` and returns what the word held before. */
static inline __attribute__((always_inline)) uintptr_t kernel_atomic_fetch_sub(uintptr_t *word, uintptr_t value) {
    return __atomic_fetch_sub(word, value, __ATOMIC_SEQ_CST);
}

/* Sets the word to `desired` if it holds `expected`; whether it did. */
static inline __attribute__((always_inline)) int kernel_atomic_exchange_if(uintptr_t *word, uintptr_t expected,
                                                                           uintptr_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

/* One step of a spin-wait: `pause` on x86 (spares the other hyperthread and the memory
 * order buffer), `yield` on ARM. */
static inline __attribute__((always_inline)) void kernel_spin_pause(void) {
#if KERNEL_X86
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
