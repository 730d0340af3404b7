/* Different handles are independent (the header's Threads): four threads each create,
 * evaluate, read, fail calls on and destroy handles of their own, all at once, with no
 * lock between them. Each thread's walkthrough differs (widths, subview counts, rotation),
 * and its every frame is compared, bit for bit, with the same sequence run by the main
 * thread alone beforehand; each failure's message must name the thread's own case. A
 * shared scratch buffer or cache in the library would show as a wrong value here, and as a
 * race report when scripts/c-api-sanitizers.sh runs it against a TSan build. */
#include <stdint.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"
#include "concurrent.h"

enum { THREADS = 4, ROUNDS = 120, ROUNDS_PER_HANDLE = 30, MAX_SUBVIEWS = 32 };

/* One round's frame as a thread reads it: the current page and one page's matrices and alphas. */
typedef struct {
    int64_t current_page;
    double matrices[16 * MAX_SUBVIEWS], alphas[MAX_SUBVIEWS];
} frame_read;

typedef struct {
    frame_read expected[THREADS][ROUNDS];
    int failures[THREADS];
} handles_run;

/* Thread `id`'s walkthrough: page 0 has 5 + 6·id rotating subviews, page 1 3 + id. */
static int walkthrough_text(int id, char *text, size_t capacity) {
    return snprintf(text, capacity,
                    "{ \"width\": %d, \"pages\": [ { \"animateAlpha\": true, \"speed\": [%d, 1], \"speedVariance\": [0.5, %d],"
                    " \"rotation\": { \"axis\": [0, 1, %d], \"angle\": 1.25, \"angleVariance\": 0.05, \"perspective\": 400 },"
                    " \"subviewCount\": %d }, { \"animationType\": \"Zoom\", \"animateAlpha\": true, \"subviewCount\": %d },"
                    " { } ] }",
                    100 + 10 * id, id, id + 1, id, 5 + 6 * id, 3 + id);
}

static void wrong(handles_run *run, int id, int round, const char *what, const char *detail) {
    if (run->failures[id]++ < 5) fprintf(stderr, "FAIL thread %d round %d: %s (%s)\n", id, round, what, detail);
}

/* Thread `id`'s whole sequence. `record` stores its frames in run->expected (the main
 * thread, alone); otherwise they are compared with what is stored there. */
static void handle_sequence(int id, handles_run *run, int record) {
    char text[512], message[256];
    walkthrough_text(id, text, sizeof text);
    bww_walkthrough *w = NULL;
    for (int round = 0; round < ROUNDS; round++) {
        if (round % ROUNDS_PER_HANDLE == 0) {
            bww_destroy(w);
            w = NULL;
            if (bww_create(text, strlen(text), &w, message, sizeof message) != BWW_OK) {
                wrong(run, id, round, "bww_create", message);
                return;
            }
        }
        double x = 2.5 + 17.75 * (round % 16) + 3 * id; /* over all three pages */
        int64_t page = round % 2, count = -1;
        frame_read now = {.current_page = -1};
        bww_status s = bww_evaluate(w, x);
        if (s != BWW_OK) wrong(run, id, round, "bww_evaluate", bww_error_message(w));
        s = bww_current_page(w, &now.current_page);
        bww_subview_count(w, page, &count);
        if (s != BWW_OK || count != (page == 0 ? 5 + 6 * id : 3 + id)) wrong(run, id, round, "current page or subview count", "");
        if (bww_gather(w, page, now.matrices, 16 * MAX_SUBVIEWS) != BWW_OK || bww_alphas(w, page, now.alphas, MAX_SUBVIEWS) != BWW_OK)
            wrong(run, id, round, "bww_gather or bww_alphas", bww_error_message(w));

        /* A failure of this thread's own: the message names its page, not another thread's. */
        int64_t missing = 1000 * (id + 1) + round;
        char own[32];
        snprintf(own, sizeof own, "page %lld ", (long long)missing);
        if (bww_subview_count(w, missing, &count) != BWW_ERROR_OUT_OF_RANGE || !strstr(bww_error_message(w), own))
            wrong(run, id, round, "the handle's message is not its own failure's", bww_error_message(w));

        frame_read *expected = &run->expected[id][round];
        if (record) {
            *expected = now;
        } else if (memcmp(&now, expected, sizeof now) != 0) {
            snprintf(message, sizeof message, "x %g page %lld", x, (long long)page);
            wrong(run, id, round, "the frame differs from the one computed alone", message);
        }
    }
    bww_destroy(w);
}

static void checking_thread(int id, void *context) {
    handle_sequence(id, context, 0);
}

static handles_run run; /* 2 MB: static, not on the stack */

int main(void) {
    for (int id = 0; id < THREADS; id++) handle_sequence(id, &run, 1);
    for (int id = 0; id < THREADS; id++) {
        CHECK(run.failures[id] == 0, "thread %d's sequence alone: %d wrong results", id, run.failures[id]);
        /* The frames move: a stale or another round's frame would not match. */
        CHECK(memcmp(&run.expected[id][2], &run.expected[id][0], sizeof(frame_read)) != 0, "thread %d: rounds 0 and 2 agree", id);
    }
    CHECK(memcmp(&run.expected[0][0], &run.expected[1][0], sizeof(frame_read)) != 0, "threads 0 and 1 have the same frames");

    CHECK(run_concurrently(THREADS, checking_thread, &run), "the %d threads did not overlap", THREADS);
    for (int id = 0; id < THREADS; id++) {
        CHECK(run.failures[id] == 0, "thread %d: %d wrong results of %d rounds", id, run.failures[id], ROUNDS);
    }
    return check_report("independent_handles");
}
