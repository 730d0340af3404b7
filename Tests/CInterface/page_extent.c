/* bww_page_extent: W, the unit of scroll positions, in every direction (the width, or the
 * height top to bottom), whatever else the file gives, and the positions it predicts. */
#include <string.h>

#include "c_api_test.h"

static bww_walkthrough *open_text(const char *text) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(text, strlen(text), &w, message, sizeof message) == BWW_OK, "%s", message);
    return w;
}

void page_extent(void) {
    static const struct { const char *json; double extent; } cases[] = {
        { "{ \"width\": 375, \"pages\": [ {}, {}, {} ] }", 375 },
        { "{ \"width\": 375, \"height\": 667, \"pages\": [ {}, {}, {} ] }", 375 },
        { "{ \"direction\": \"rightToLeft\", \"width\": 320.5, \"height\": 90, \"pages\": [ {}, {}, {} ] }", 320.5 },
        { "{ \"direction\": \"topToBottom\", \"width\": 375, \"height\": 667, \"pages\": [ {}, {}, {} ] }", 667 },
        { "{ \"width\": 1e-3, \"pages\": [] }", 1e-3 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bww_walkthrough *w = open_text(cases[i].json);
        if (!w) continue;
        double extent = -1;
        CHECK(bww_page_extent(w, &extent) == BWW_OK && extent == cases[i].extent, "case %zu: extent %g, expected %g", i,
              extent, cases[i].extent);
        int64_t pages = 0;
        CHECK(bww_page_count(w, &pages) == BWW_OK, "case %zu: page count", i);
        bww_direction direction = -1;
        CHECK(bww_paging(w, &direction, NULL, NULL) == BWW_OK, "case %zu: paging", i);
        /* Page p rests at p*W, or (n - 1 - p)*W right to left; that position shows page p. */
        for (int64_t p = 0; p < pages; p++) {
            double scroll = -1, expected = (double)(direction == BWW_DIRECTION_RIGHT_TO_LEFT ? pages - 1 - p : p) * extent;
            int64_t current = -1;
            CHECK(bww_scroll_position(w, p, &scroll) == BWW_OK && scroll == expected, "case %zu page %lld: %g, expected %g",
                  i, (long long)p, scroll, expected);
            CHECK(bww_evaluate(w, scroll) == BWW_OK && bww_current_page(w, &current) == BWW_OK && current == p,
                  "case %zu: at %g the current page is %lld, expected %lld", i, scroll, (long long)current, (long long)p);
        }
        CHECK(bww_page_extent(w, NULL) == BWW_ERROR_NULL_ARGUMENT, "case %zu: NULL extent", i);
        CHECK(strcmp(bww_error_message(w), "bww_page_extent: extent must not be NULL") == 0, "case %zu: message \"%s\"", i,
              bww_error_message(w));
        bww_destroy(w);
    }
    double extent = 7;
    CHECK(bww_page_extent(NULL, &extent) == BWW_ERROR_NULL_ARGUMENT && extent == 7, "NULL handle");
}
