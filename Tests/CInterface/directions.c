/* Paging directions through the C interface: the direction, width and height of a file,
 * the scroll position that shows each page, and a right-to-left frame mirrored. */
#include <string.h>

#include "c_api_test.h"

static bww_walkthrough *open_text(const char *text) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(text, strlen(text), &w, message, sizeof message) == BWW_OK, "%s", message);
    return w;
}

void directions(void) {
    /* The small walkthrough, left to right: page 0 at 0, page 2 at 200; no height. */
    bww_walkthrough *ltr = open_text(small_walkthrough);
    const char *rtl_text =
        "{ \"direction\": \"rightToLeft\", \"width\": 100, \"height\": 250, \"pages\": ["
        "  { \"speed\": [0, 1], \"speedVariance\": [0, 2], \"staticTags\": \"5\", \"animateAlpha\": true,"
        "    \"subviews\": [ {\"tag\": 5}, {}, {} ] },"
        "  { \"animationType\": \"Zoom\", \"subviewCount\": 20 },"
        "  { } ] }";
    bww_walkthrough *rtl = open_text(rtl_text);
    bww_walkthrough *ttb = open_text("{ \"direction\": \"topToBottom\", \"width\": 100, \"height\": 250, \"pages\": [ {}, {} ] }");
    if (!ltr || !rtl || !ttb) return;

    bww_direction direction = -1;
    double width = 0, height = -1, scroll = -1;
    CHECK(bww_paging(ltr, &direction, &width, &height) == BWW_OK && direction == BWW_DIRECTION_LEFT_TO_RIGHT &&
              width == 100 && height == 0, "ltr: direction %d width %g height %g", direction, width, height);
    CHECK(bww_paging(rtl, &direction, NULL, &height) == BWW_OK && direction == BWW_DIRECTION_RIGHT_TO_LEFT && height == 250,
          "rtl: direction %d height %g", direction, height);
    CHECK(bww_paging(ttb, &direction, NULL, NULL) == BWW_OK && direction == BWW_DIRECTION_TOP_TO_BOTTOM, "ttb %d", direction);
    CHECK(bww_scroll_position(ltr, 2, &scroll) == BWW_OK && scroll == 200, "ltr page 2 at %g", scroll);
    CHECK(bww_scroll_position(rtl, 0, &scroll) == BWW_OK && scroll == 200, "rtl page 0 at %g", scroll);
    CHECK(bww_scroll_position(rtl, 2, &scroll) == BWW_OK && scroll == 0, "rtl page 2 at %g", scroll);
    CHECK(bww_scroll_position(ttb, 1, &scroll) == BWW_OK && scroll == 250, "ttb page 1 at %g", scroll);
    CHECK(bww_scroll_position(rtl, 3, &scroll) == BWW_ERROR_OUT_OF_RANGE, "page 3 is out of range");
    CHECK(bww_scroll_position(rtl, 0, NULL) == BWW_ERROR_NULL_ARGUMENT, "NULL scroll");
    CHECK(bww_paging(NULL, &direction, NULL, NULL) == BWW_ERROR_NULL_ARGUMENT, "NULL handle");

    /* Right to left at x is left to right at (n - 1)*W - x, mirrored: m41 negated, m42 kept. */
    CHECK(bww_evaluate(ltr, 50) == BWW_OK && bww_evaluate(rtl, 150) == BWW_OK, "evaluate");
    double a[48], b[48];
    CHECK(bww_gather(ltr, 0, a, 48) == BWW_OK && bww_gather(rtl, 0, b, 48) == BWW_OK, "gather");
    for (int k = 0; k < 3; k++) {
        CHECK(b[16 * k + 12] == -a[16 * k + 12] && b[16 * k + 13] == a[16 * k + 13], "subview %d: m41 %g, %g; m42 %g, %g", k,
              a[16 * k + 12], b[16 * k + 12], a[16 * k + 13], b[16 * k + 13]);
    }
    int64_t current = -1;
    CHECK(bww_current_page(rtl, &current) == BWW_OK && current == 0, "rtl current %lld", (long long)current);
    bww_destroy(ltr);
    bww_destroy(rtl);
    bww_destroy(ttb);
}
