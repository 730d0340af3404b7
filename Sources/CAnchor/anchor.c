/* The store limit's stores go out in address order (simd.h). */
#define ANCHOR_ORDERED_STORES 1
#include "anchor.h"
#include "kernels.h"
#include "layout.h"

void anchor_page_frame(const anchor_page *page, const anchor_inputs *in, const anchor_outputs *out, long first,
                       long end) {
    const unsigned layout = (unsigned)out->layout;
    if (first >= end || layout > ANCHOR_LAYOUT_CATRANSFORM3D) return;
    if (page->spins) {
        const int flags = (page->scale != 1.0f) * 4 + (page->perspective != 0) * 2 + (page->translates != 0);
        anchor_spin_kernels[flags][layout](page, in, out, first, end);
    } else {
        const int diagonal = anchor_is_diagonal(page->matrix);
        anchor_uniform_kernels[diagonal][page->translates != 0][layout](page, in, out, first, end);
    }
}

/* The identity and alpha 1 through `put_block`: the same stores in the same order as a
 * kernel's, and the dense layouts' transposes fold away, since the chunks are constants. */
INLINE void store_limit(const anchor_outputs *out, long first, long end, anchor_layout layout) {
    chunk k[ANCHOR_CHUNKS];
    for (int h = 0; h < ANCHOR_CHUNKS; h++)
        for (int c = 0; c < ANCHOR_FIELDS; c++) k[h].v[c] = splatv(c == 0 || c == 5 || c == 10 || c >= 15 ? 1.0f : 0.0f);
    void *restrict matrices = out->matrices, *restrict alphas = out->alphas;
    const long full = full_blocks(layout, end, out->count);
    for (long b = first; b < full; b++) put_block(layout, k, matrices, alphas, b, ANCHOR_LANES);
    for (long b = full > first ? full : first; b < end; b++)
        put_block(layout, k, matrices, alphas, b, (int)(out->count - b * ANCHOR_LANES));
}

void anchor_store_limit(const anchor_outputs *out, long first, long end) {
    switch (out->layout) {
    case ANCHOR_LAYOUT_BLOCKS: store_limit(out, first, end, ANCHOR_LAYOUT_BLOCKS); break;
    case ANCHOR_LAYOUT_FLOAT4X4: store_limit(out, first, end, ANCHOR_LAYOUT_FLOAT4X4); break;
    case ANCHOR_LAYOUT_CATRANSFORM3D: store_limit(out, first, end, ANCHOR_LAYOUT_CATRANSFORM3D); break;
    }
}

/* The importer's macro, expanded here under anchor.c's own C flags: the anchor's features. */
const char *anchor_target_features(void) { return ANCHOR_IMPORTER_TARGET_FEATURES; }

const char *anchor_compiler_version(void) {
#ifdef __clang_version__
    return "clang " __clang_version__;
#else
    return "cc " __VERSION__;
#endif
}
