/* Known values of the small walkthrough, read through every output: offsets, gather,
 * alpha, the block layout; and a page that leaves the window keeping its frame. */
#include <string.h>

#include "c_api_test.h"

void known_values(void) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(small_walkthrough, strlen(small_walkthrough), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return;
    int64_t pages = 0, count = 0, current = -1;
    CHECK(bww_page_count(w, &pages) == BWW_OK && pages == 3, "pages %lld", (long long)pages);
    CHECK(bww_subview_count(w, 1, &count) == BWW_OK && count == 20, "count %lld", (long long)count);

    double offset = 0;
    int32_t animated = -1;
    CHECK(bww_page_offset(w, 1, &offset, &animated) == BWW_OK && isnan(offset) && animated == 0,
          "before the first frame: offset %g animated %d", offset, animated);
    CHECK(bww_current_page(w, &current) == BWW_OK && current == 0, "current before the first frame %lld", (long long)current);

    CHECK(bww_evaluate(w, 50) == BWW_OK, "%s", bww_error_message(w));
    CHECK(bww_current_page(w, &current) == BWW_OK && current == 0, "current %lld", (long long)current);
    const double expected[3] = {1.5, 0.5, -0.5};
    for (int64_t p = 0; p < 3; p++) {
        CHECK(bww_page_offset(w, p, &offset, &animated) == BWW_OK && offset == expected[p] && animated == 1,
              "page %lld offset %g animated %d", (long long)p, offset, animated);
    }

    /* Page 0, Linear at o = 1.5: subview 1 moves with s = (0, 1 + 2·2) by 100·(1 − 1.5)·5. */
    double m[48];
    CHECK(bww_gather(w, 0, m, 48) == BWW_OK, "%s", bww_error_message(w));
    CHECK(m[0] == 1 && m[5] == 1 && m[10] == 1 && m[15] == 1 && m[12] == 0 && m[13] == 0, "static subview 0 is the identity");
    CHECK(NEAR(m[16 + 13], -250, 1e-3) && m[16 + 12] == 0, "m42 %g", m[16 + 13]);
    CHECK(NEAR(m[32 + 13], -350, 1e-3), "m42 %g", m[32 + 13]);
    double alpha = 0;
    CHECK(bww_alpha(w, 0, 1, &alpha) == BWW_OK && NEAR(alpha, 0.5, 1e-6), "alpha %g", alpha);
    CHECK(bww_alpha(w, 0, 0, &alpha) == BWW_OK && alpha == 1, "static alpha %g", alpha);
    /* bww_transform gives each subview's 16 doubles of bww_gather. */
    for (int k = 0; k < 3; k++) {
        double one[16];
        CHECK(bww_transform(w, 0, k, one) == BWW_OK && memcmp(one, m + 16 * k, sizeof one) == 0,
              "bww_transform subview %d against bww_gather", k);
    }

    /* Page 1, Zoom at o = 0.5: m11 = m22 = 0.5, read through the block layout. */
    const float *blocks = NULL;
    int64_t block_count = 0, subviews = 0;
    CHECK(bww_page_blocks(w, 1, &blocks, &block_count, &subviews) == BWW_OK && blocks && block_count == 3 && subviews == 20,
          "blocks %lld subviews %lld", (long long)block_count, (long long)subviews);
    if (blocks) {
        int64_t k = 17;
        const float *block = blocks + (k / BWW_LANES) * BWW_BLOCK_FLOATS;
        CHECK(block[0 * BWW_LANES + k % BWW_LANES] == 0.5f && block[5 * BWW_LANES + k % BWW_LANES] == 0.5f &&
                  block[16 * BWW_LANES + k % BWW_LANES] == 1.0f,
              "zoom m11 %g", block[k % BWW_LANES]);
    }

    /* Scroll on: page 0 leaves the window and keeps its last frame. */
    CHECK(bww_evaluate(w, 250) == BWW_OK, "%s", bww_error_message(w));
    CHECK(bww_current_page(w, &current) == BWW_OK && current == 2, "current %lld", (long long)current);
    CHECK(bww_page_offset(w, 0, &offset, &animated) == BWW_OK && offset == 3.5, "offset %g", offset);
    CHECK(animated == 0, "page 0 must be outside the window at x = 250 (offset %g)", offset);
    double again[48];
    CHECK(bww_gather(w, 0, again, 48) == BWW_OK && memcmp(again, m, sizeof m) == 0, "page 0 kept its frame");
    bww_destroy(w);
}
