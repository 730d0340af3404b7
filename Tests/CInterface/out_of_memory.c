/* Run under a small address-space limit (scripts/c-api-test.sh: ulimit -v 400000 in a
 * subshell): a walkthrough at the maximum of BWW_MAX_SUBVIEWS subviews cannot get its
 * buffers, so bww_create returns BWW_ERROR_OUT_OF_MEMORY, and the program goes on to load
 * and evaluate walkthroughs that fit. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigaction, getrlimit under -std=c11 */
#include <string.h>
#include <sys/resource.h>

#include "bwwalkthrough.h"
#include "check.h"

static bww_status create(int subviews, bww_walkthrough **w, char *message, size_t capacity) {
    char json[128];
    snprintf(json, sizeof json, "{\"width\": 1, \"pages\": [{\"animateAlpha\": true, \"subviewCount\": %d}]}", subviews);
    return bww_create(json, strlen(json), w, message, capacity);
}

int main(void) {
    struct rlimit limit;
    getrlimit(RLIMIT_AS, &limit);
    CHECK(limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= (rlim_t)512 << 20,
          "needs an address-space limit of at most 512 MiB (ulimit -v), has %llu bytes", (unsigned long long)limit.rlim_cur);
    if (check_failures) return check_report("out_of_memory");

    bww_walkthrough *w = (bww_walkthrough *)0x1;
    char message[256];
    bww_status status = create(BWW_MAX_SUBVIEWS, &w, message, sizeof message);
    CHECK(status == BWW_ERROR_OUT_OF_MEMORY && w == NULL && strstr(message, "allocate"),
          "%d subviews under %llu bytes: status %d, %s", BWW_MAX_SUBVIEWS, (unsigned long long)limit.rlim_cur, status, message);

    const int fitting[2] = {3, BWW_MAX_SUBVIEWS / 8};
    for (int i = 0; i < 2; i++) {
        status = create(fitting[i], &w, message, sizeof message);
        CHECK(status == BWW_OK, "%d subviews after the failure: status %d, %s", fitting[i], status, message);
        if (status != BWW_OK) continue;
        double alpha = 0;
        CHECK(bww_evaluate(w, 0.5) == BWW_OK && bww_alpha(w, 0, fitting[i] - 1, &alpha) == BWW_OK && alpha > 0 && alpha < 1,
              "%d subviews: a frame, last alpha %g (%s)", fitting[i], alpha, bww_error_message(w));
        bww_destroy(w);
    }
    return check_report("out_of_memory");
}
