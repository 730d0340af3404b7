/* What reading a frame costs at 10,000 subviews (one page, release build), the best of 50
 * rounds: bww_alpha once per subview against one bww_alphas for the page, in ns per
 * subview, and bww_gather against bww_evaluate itself. A measurement, printed by
 * scripts/c-api-test.sh; it gates nothing (the machine is shared), but fails if the two
 * alpha reads disagree. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigaction, getrlimit under -std=c11 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bwwalkthrough.h"
#include "check.h"

enum { SUBVIEWS = 10000, ROUNDS = 50 };

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

int main(void) {
    char json[128], message[256];
    snprintf(json, sizeof json, "{\"width\": 100, \"pages\": [{\"animateAlpha\": true, \"speed\": [1, 1], \"subviewCount\": %d}]}",
             SUBVIEWS);
    bww_walkthrough *w = NULL;
    CHECK(bww_create(json, strlen(json), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return check_report("alpha_cost");
    bww_evaluate(w, 50);
    double *one = malloc(SUBVIEWS * sizeof(double)), *bulk = malloc(SUBVIEWS * sizeof(double));
    double *matrices = malloc(16 * SUBVIEWS * sizeof(double));
    double best_one = 1e300, best_bulk = 1e300, best_frame = 1e300, best_gather = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double start = now_ns();
        for (int64_t k = 0; k < SUBVIEWS; k++) bww_alpha(w, 0, k, &one[k]);
        double middle = now_ns();
        bww_alphas(w, 0, bulk, SUBVIEWS);
        double end = now_ns();
        if (middle - start < best_one) best_one = middle - start;
        if (end - middle < best_bulk) best_bulk = end - middle;
        start = now_ns();
        bww_evaluate(w, 50);
        middle = now_ns();
        bww_gather(w, 0, matrices, 16 * SUBVIEWS);
        end = now_ns();
        if (middle - start < best_frame) best_frame = middle - start;
        if (end - middle < best_gather) best_gather = end - middle;
    }
    CHECK(memcmp(one, bulk, SUBVIEWS * sizeof(double)) == 0, "bww_alphas and bww_alpha disagree at %d subviews", SUBVIEWS);
    printf("alphas of %d subviews: bww_alpha %.2f ns a call, bww_alphas %.3f ns a subview (%.1f us a page)\n", SUBVIEWS,
           best_one / SUBVIEWS, best_bulk / SUBVIEWS, best_bulk / 1e3);
    printf("frame of %d subviews: bww_evaluate %.3f ns a subview, bww_gather %.3f ns a subview (%.2fx the frame)\n", SUBVIEWS,
           best_frame / SUBVIEWS, best_gather / SUBVIEWS, best_gather / best_frame);
    free(matrices);
    free(one);
    free(bulk);
    bww_destroy(w);
    return check_report("alpha_cost");
}
