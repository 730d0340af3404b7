#include <stdint.h>
#include <string.h>

#include "anchor.h"
#include "simd.h"

/* Four floats' bytes stored over doubles: may_alias, so that no type-based alias rule lets
 * the compiler reorder these stores against the doubles' readers. */
typedef float f4_over_doubles __attribute__((vector_size(16), may_alias));

/* One 32-byte piece moved, with no conversion, as two 16-byte halves stored in address
 * order, non-temporal with `streaming` (x86; `to` then 16-byte aligned). Order matters:
 * Intel cores since Ice Lake commit two stores a cycle to one cache line but one when they
 * alternate between lines, and a destination 16 bytes off a 32-byte boundary (a Swift
 * array's elements start at 48 mod 64) puts a piece's halves on two lines. Written as one
 * 32-byte move, SSE2 code stored the upper half first and ran 8.2 against 4.3 ns a subview
 * at 1k; AVX code made it one 32-byte store that crossed a line every other time (5.4
 * against 4.1 ns). With `wide` (what FrameReader.widensWhole says: AVX on AMD's Zen 3 and
 * later, where the gather stores 32 bytes at a time), one 32-byte store: there it took 2.2
 * against 2.7–3.4 ns a subview at 1k and 2.6–3.1 against 2.8–3.5 at 10k (a C loop, AVX2,
 * destinations 0 and 32 mod 64), faster than the gather, as a limit must be. Only with
 * AVX: an SSE2 build would store the copy's upper half first, as above. */
INLINE void move32(double *restrict to, const float *restrict from, int streaming, int wide) {
#if defined(__AVX__)
    if (wide && !streaming) {
        f8 v;
        memcpy(&v, from, sizeof v);
        memcpy(to, &v, sizeof v);
        return;
    }
#else
    (void)wide;
#endif
    f4 lo, hi;
    memcpy(&lo, from, sizeof lo);
    memcpy(&hi, from + 4, sizeof hi);
#if defined(__x86_64__) || defined(__i386__)
    if (streaming) {
        __builtin_nontemporal_store((f4_over_doubles)lo, (f4_over_doubles *)to);
        __builtin_nontemporal_store((f4_over_doubles)hi, (f4_over_doubles *)(to + 2));
        return;
    }
#endif
    memcpy(to, &lo, sizeof lo);
    __asm__("" ::: "memory"); /* keeps the two stores in this order */
    memcpy(to + 2, &hi, sizeof hi);
}

/* Block b of `blocks`' 16 matrix fields, each field's 8 lanes (32 bytes) read once and
 * stored twice, in address order (the compiler keeps the piece in registers for its second
 * store: `restrict`): the 8 subviews' 1,024 bytes. Blocks are ANCHOR_BLOCK_FLOATS (17
 * fields of 8 lanes) apart; alpha, the 17th, is not read. With a `template16` (16 Doubles),
 * only m41 and m42 (fields 12 and 13) are read, as the gather of a page that shares a
 * template reads them; every other field's two pieces are the template's row c / 4. */
INLINE void limit_block(const float *restrict blocks, double *restrict out, long b, int streaming, int wide,
                        const double *restrict template16) {
    const float *block = blocks + b * ANCHOR_BLOCK_FLOATS;
    double *to = out + b * (16 * ANCHOR_LANES);
    for (int c = 0; c < 16; c++) {
        const float *from = template16 && c != 12 && c != 13 ? (const float *)(template16 + 4 * (c / 4))
                                                             : block + ANCHOR_LANES * c;
        move32(to + 8 * c, from, streaming, wide);
        move32(to + 8 * c + 4, from, streaming, wide);
    }
}

#if defined(__x86_64__) || defined(__i386__)
/* The 32 bytes `hi`'s upper half then `lo`'s lower half: what an aligned store holds where a
 * destination is 16 bytes off a 32-byte boundary (vperm2f128, or vinsertf128 of constants). */
__attribute__((target("avx"), always_inline)) static inline f8 straddle(f8 hi, f8 lo) {
    return __builtin_shufflevector(hi, lo, 4, 5, 6, 7, 8, 9, 10, 11);
}

__attribute__((target("avx"), always_inline)) static inline void store_aligned(double *to, f8 v) {
    memcpy(to, &v, sizeof v);
}

/* limit_block's bytes for a page that shares a template (fields 12 and 13 read, the others
 * the template's row c / 4, each 32-byte piece twice), stored 32 bytes at a time aligned to
 * 32, as the gather in phase stores (kernel_gather_template_blocks_phased): with `out` at 0
 * mod 32 each piece is one store; at 16 mod 32 each store holds the upper half of one piece
 * and the lower half of the next (the next block's field 0, the template's row 0, after
 * field 15; the last block stops at its end), and row 0's lower half goes after the walk. 32 stores
 * and 2 loads a block. AVX at run time: `out` at 0 or 16 mod 32. */
__attribute__((target("avx"))) static void limit_template_phased(const float *restrict blocks, long full,
                                                                 double *restrict out, int backward,
                                                                 const double *restrict template16) {
    f8 rows[4];
    memcpy(rows, template16, sizeof rows);
    const int offset = ((uintptr_t)out & 31) != 0;
    for (long i = 0; i < full; i++) {
        const long b = backward ? full - 1 - i : i;
        const float *block = blocks + b * ANCHOR_BLOCK_FLOATS;
        double *to = out + b * (16 * ANCHOR_LANES);
        f8 pieces[17];
        for (int c = 0; c < 17; c++) pieces[c] = rows[c / 4 & 3];
        memcpy(&pieces[12], block + ANCHOR_LANES * 12, sizeof pieces[12]);
        memcpy(&pieces[13], block + ANCHOR_LANES * 13, sizeof pieces[13]);
        if (!offset) {
            for (int c = 0; c < 16; c++) {
                store_aligned(to + 8 * c, pieces[c]);
                store_aligned(to + 8 * c + 4, pieces[c]);
            }
            continue;
        }
        for (int c = 0; c < 15; c++) {
            store_aligned(to + 8 * c + 2, straddle(pieces[c], pieces[c]));
            store_aligned(to + 8 * c + 6, straddle(pieces[c], pieces[c + 1]));
        }
        store_aligned(to + 122, straddle(pieces[15], pieces[15]));
        if (b + 1 < full) store_aligned(to + 126, straddle(pieces[15], pieces[16]));
        else memcpy(to + 126, (const char *)&pieces[15] + 16, 16);
    }
    if (offset && full > 0) memcpy(out, &rows[0], 16);
}
#endif

/* The whole blocks through limit_template_phased where `phased` asks for it and the page has
 * a template and `out` is 16-byte aligned (x86); whether they went that way. */
static int limit_blocks_phased(const float *restrict blocks, long full, double *restrict out, int backward,
                               const double *restrict template16, int phased) {
#if defined(__x86_64__) || defined(__i386__)
    if (!phased || !template16 || ((uintptr_t)out & 15) != 0) return 0;
    limit_template_phased(blocks, full, out, backward, template16);
    return 1;
#else
    (void)blocks, (void)full, (void)out, (void)backward, (void)template16, (void)phased;
    return 0;
#endif
}

void anchor_read_limit(anchor_layout layout, const void *restrict matrices, long count, double *restrict out,
                       int streaming, int wide, int backward, const double *restrict template16, int phased) {
    if (count <= 0) return;
    switch (layout) {
    case ANCHOR_LAYOUT_BLOCKS: {
        const float *restrict blocks = matrices;
        const long full = count / ANCHOR_LANES;
        if (!limit_blocks_phased(blocks, full, out, backward, template16, phased && !streaming)) {
            if (backward)
                for (long b = full - 1; b >= 0; b--) limit_block(blocks, out, b, streaming, wide, template16);
            else
                for (long b = 0; b < full; b++) limit_block(blocks, out, b, streaming, wide, template16);
        }
        for (long k = full * ANCHOR_LANES; k < count; k++)
            for (int c = 0; c < 16; c++)
                out[16 * k + c] = blocks[k / ANCHOR_LANES * ANCHOR_BLOCK_FLOATS + ANCHOR_LANES * c + k % ANCHOR_LANES];
        break;
    }
    case ANCHOR_LAYOUT_FLOAT4X4: {
        /* A subview's 64 bytes read as two halves, each stored twice. */
        const float *restrict rows = matrices;
        for (long k = 0; k < count; k++) {
            move32(out + 16 * k, rows + 16 * k, streaming, wide);
            move32(out + 16 * k + 4, rows + 16 * k, streaming, wide);
            move32(out + 16 * k + 8, rows + 16 * k + 8, streaming, wide);
            move32(out + 16 * k + 12, rows + 16 * k + 8, streaming, wide);
        }
        break;
    }
    case ANCHOR_LAYOUT_CATRANSFORM3D:
        memcpy(out, matrices, (size_t)count * 128);
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    if (streaming) __builtin_ia32_sfence();
#endif
}
