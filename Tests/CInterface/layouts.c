/* bww_evaluate_into writes the frame the handle would compute, in each layout, straight
 * into the caller's memory (here one byte off alignment on purpose): the same values as
 * bww_evaluate followed by bww_gather and bww_alphas, or bww_page_blocks' bytes; only the
 * pages in the window are written; sizes, offsets and every error are reported. */
#include <stdlib.h>
#include <string.h>

#include "c_api_test.h"

static const char *const json =
    "{ \"width\": 100, \"pages\": ["
    "  { \"animateAlpha\": true, \"speed\": [1, 2], \"speedVariance\": [0.5, 0.25], \"staticTags\": \"3\","
    "    \"subviews\": [ {}, {}, {\"tag\": 3}, {}, {}, {}, {}, {}, {}, {}, {} ] },"
    "  { \"animationType\": \"Zoom\", \"animateAlpha\": true, \"subviewCount\": 5,"
    "    \"rotation\": { \"axis\": [0, 1, 0], \"angle\": 1, \"angleVariance\": 0.25, \"perspective\": 400 } },"
    "  { }, { \"subviewCount\": 19 } ] }";

/* Page `page` of the frame at `frame` (layout `layout`) against the handle's own frame. */
static void compare_page(bww_walkthrough *w, bww_layout layout, const unsigned char *frame, int64_t page, double x) {
    int64_t count = 0;
    size_t matrices = 0, alphas = 0;
    bww_subview_count(w, page, &count);
    CHECK(bww_page_location(w, layout, page, &matrices, &alphas) == BWW_OK, "%s", bww_error_message(w));
    if (layout == BWW_LAYOUT_BLOCKS) {
        const float *blocks = NULL;
        int64_t block_count = 0;
        bww_page_blocks(w, page, &blocks, &block_count, NULL);
        CHECK(block_count == 0 || memcmp(frame + matrices, blocks, (size_t)block_count * BWW_BLOCK_FLOATS * sizeof(float)) == 0,
              "layout 0 x %g page %lld: blocks differ", x, (long long)page);
        return;
    }
    double gathered[16 * 19], alpha[19];
    bww_gather(w, page, gathered, 16 * 19);
    bww_alphas(w, page, alpha, 19);
    for (int64_t k = 0; k < count; k++) {
        for (int c = 0; c < 16; c++) {
            double value;
            if (layout == BWW_LAYOUT_FLOAT4X4) {
                float f;
                memcpy(&f, frame + matrices + (size_t)(16 * k + c) * sizeof f, sizeof f);
                value = f;
            } else {
                memcpy(&value, frame + matrices + (size_t)(16 * k + c) * sizeof value, sizeof value);
            }
            CHECK(value == gathered[16 * k + c], "layout %d x %g page %lld subview %lld field %d: %g vs %g", layout, x,
                  (long long)page, (long long)k, c, value, gathered[16 * k + c]);
        }
        double a;
        if (layout == BWW_LAYOUT_FLOAT4X4) {
            float f;
            memcpy(&f, frame + alphas + (size_t)k * sizeof f, sizeof f);
            a = f;
        } else {
            memcpy(&a, frame + alphas + (size_t)k * sizeof a, sizeof a);
        }
        CHECK(a == alpha[k], "layout %d x %g page %lld subview %lld alpha: %g vs %g", layout, x, (long long)page, (long long)k, a, alpha[k]);
    }
}

void layouts(void) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(json, strlen(json), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return;
    const size_t expected[3] = {(2 + 1 + 0 + 3) * BWW_BLOCK_FLOATS * sizeof(float), 35 * (64 + 4), 35 * (128 + 8)};
    for (bww_layout layout = 0; layout < 3; layout++) {
        size_t bytes = 0, alpha_offset = 0;
        CHECK(bww_frame_size(w, layout, &bytes, &alpha_offset) == BWW_OK && bytes == expected[layout],
              "layout %d: %zu bytes, expected %zu", layout, bytes, expected[layout]);
        CHECK(alpha_offset == (layout == BWW_LAYOUT_BLOCKS ? bytes : 35 * (layout == 1 ? 64u : 128u)),
              "layout %d alpha offset %zu", layout, alpha_offset);
        unsigned char *raw = malloc(bytes + 1), *frame = raw + 1;
        memset(frame, 0xA5, bytes);
        const double scrolls[4] = {50, 170, -30, 260};
        for (int s = 0; s < 4; s++) {
            CHECK(bww_evaluate_into(w, scrolls[s], layout, frame, bytes) == BWW_OK, "%s", bww_error_message(w));
            CHECK(bww_evaluate(w, scrolls[s]) == BWW_OK, "%s", bww_error_message(w));
            for (int64_t page = 0; page < 4; page++) {
                int32_t animated = 0;
                bww_page_offset(w, page, NULL, &animated);
                if (animated) compare_page(w, layout, frame, page, scrolls[s]);
            }
        }
        /* At x = −150 pages 2 and 3 are outside the window: their bytes stay as they were. */
        memset(frame, 0xA5, bytes);
        CHECK(bww_evaluate_into(w, -150, layout, frame, bytes) == BWW_OK, "%s", bww_error_message(w));
        size_t page3 = 0;
        bww_page_location(w, layout, 3, &page3, NULL);
        CHECK(frame[page3] == 0xA5 && frame[bytes - 1] == 0xA5, "layout %d: a page outside the window was written", layout);

        CHECK(bww_evaluate_into(w, 0, layout, frame, bytes - 1) == BWW_ERROR_BUFFER_TOO_SMALL, "layout %d short dst", layout);
        CHECK(bww_evaluate_into(w, 0, layout, NULL, bytes) == BWW_ERROR_NULL_ARGUMENT, "layout %d NULL dst", layout);
        CHECK(bww_evaluate_into(w, 0, layout, frame, SIZE_MAX) == BWW_OK, "layout %d SIZE_MAX bytes", layout);
        CHECK(bww_evaluate_into(w, 1.0 / 0.0, layout, frame, bytes) == BWW_ERROR_INVALID_VALUE, "layout %d infinite scroll", layout);
        free(raw);
    }
    size_t bytes = 0, offset = 0;
    CHECK(bww_evaluate_into(w, 0, 3, &bytes, sizeof bytes) == BWW_ERROR_INVALID_VALUE, "unknown layout 3");
    CHECK(strstr(bww_error_message(w), "unknown layout") != NULL, "%s", bww_error_message(w));
    CHECK(bww_frame_size(w, -1, &bytes, NULL) == BWW_ERROR_INVALID_VALUE, "unknown layout -1");
    CHECK(bww_frame_size(w, 0, NULL, NULL) == BWW_ERROR_NULL_ARGUMENT, "NULL bytes");
    CHECK(bww_page_location(w, 1, 4, &offset, NULL) == BWW_ERROR_OUT_OF_RANGE, "page 4");
    CHECK(bww_page_location(w, 1, 3, &offset, NULL) == BWW_OK && offset == 16 * 64, "page 3 starts at subview 16: %zu", offset);
    CHECK(bww_evaluate_into(NULL, 0, 0, &bytes, 8) == BWW_ERROR_NULL_ARGUMENT, "NULL handle");
    bww_destroy(w);
}
