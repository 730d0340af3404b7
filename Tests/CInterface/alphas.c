/* bww_alphas reads a page's alphas in one call: the same values as bww_alpha one by one,
 * on a page of several blocks with a partial last block, and nothing written past the
 * subview count. */
#include <string.h>

#include "c_api_test.h"

void alphas(void) {
    const char *json = "{ \"width\": 100, \"pages\": [ { \"animateAlpha\": true, \"speed\": [1, 1], \"subviewCount\": 2 },"
                       "  { \"animateAlpha\": true, \"speedVariance\": [0.5, 1], \"subviewCount\": 21 } ] }";
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(json, strlen(json), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return;
    const double scrolls[3] = {0, 130, 70};
    int varied = 0; /* an alpha other than 1, or the comparison proves little */
    for (int s = 0; s < 3; s++) {
        bww_evaluate(w, scrolls[s]);
        for (int64_t page = 0; page < 2; page++) {
            int64_t count = 0;
            double bulk[24];
            bww_subview_count(w, page, &count);
            for (int i = 0; i < 24; i++) bulk[i] = -7;
            CHECK(bww_alphas(w, page, bulk, (size_t)count) == BWW_OK, "x %g page %lld: %s", scrolls[s], (long long)page,
                  bww_error_message(w));
            for (int64_t k = 0; k < count; k++) {
                double one = -1;
                bww_alpha(w, page, k, &one);
                varied |= one != 1;
                CHECK(bulk[k] == one, "x %g page %lld subview %lld: bulk %g, one by one %g", scrolls[s], (long long)page,
                      (long long)k, bulk[k], one);
            }
            CHECK(bulk[count] == -7, "x %g page %lld: written past %lld subviews", scrolls[s], (long long)page, (long long)count);
        }
    }
    CHECK(varied, "every alpha was 1 at x = 0, 130 and 70");
    bww_destroy(w);
}
