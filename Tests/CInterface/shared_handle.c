/* Eight threads share one handle and make read-only calls at once, as the header allows:
 * most of them fail (each failure records a message), some read the frame, and every round
 * reads the latest message. scripts/c-api-sanitizers.sh runs it against ASan and TSan
 * builds of the library, where any report fails the run; statuses and values are checked
 * here. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

enum { THREADS = 8, ROUNDS = 3000 };

static bww_walkthrough *shared;

typedef struct {
    int id, failures;
} worker_result;

/* Counts a wrong result of one call and prints the first few with their case. */
static void expect(worker_result *result, int ok, int round, const char *call, bww_status status) {
    if (ok) return;
    if (result->failures++ < 5) {
        fprintf(stderr, "FAIL thread %d round %d: %s gave status %d\n", result->id, round, call, status);
    }
}

static void *worker(void *argument) {
    worker_result *result = argument;
    int64_t n = 0;
    double d = 0, m[48];
    for (int round = 0; round < ROUNDS; round++) {
        int64_t bad = 3 + (round + result->id) % 40; /* 40 distinct messages, shared by the threads */
        bww_status s = bww_alpha(shared, bad, 0, &d);
        expect(result, s == BWW_ERROR_OUT_OF_RANGE, round, "bww_alpha on a missing page", s);
        s = bww_subview_count(shared, -bad, &n);
        expect(result, s == BWW_ERROR_OUT_OF_RANGE, round, "bww_subview_count on a negative page", s);
        s = bww_gather(shared, 0, m, 47);
        expect(result, s == BWW_ERROR_BUFFER_TOO_SMALL, round, "bww_gather into 47 doubles", s);
        s = bww_page_count(shared, NULL);
        expect(result, s == BWW_ERROR_NULL_ARGUMENT, round, "bww_page_count into NULL", s);
        s = bww_alpha(shared, 0, 1, &d);
        expect(result, s == BWW_OK && d > 0.49 && d < 0.51, round, "bww_alpha of subview 1", s);
        s = bww_gather(shared, 0, m, 48);
        expect(result, s == BWW_OK && m[15] == 1, round, "bww_gather into 48 doubles", s);
        double t[16];
        s = bww_transform(shared, 0, 2, t);
        expect(result, s == BWW_OK && memcmp(t, m + 32, sizeof t) == 0, round, "bww_transform of subview 2 against bww_gather", s);
        s = bww_transform(shared, 0, 3 + bad, t);
        expect(result, s == BWW_ERROR_OUT_OF_RANGE, round, "bww_transform of a missing subview", s);
        s = bww_page_offset(shared, 1, &d, NULL);
        expect(result, s == BWW_OK && d == 0.5, round, "bww_page_offset of page 1", s);
        const char *message = bww_error_message(shared);
        expect(result, message != NULL && strlen(message) > 10, round, "bww_error_message", 0);
    }
    return NULL;
}

int main(void) {
    const char *json = "{ \"width\": 100, \"pages\": [ { \"animateAlpha\": true, \"speed\": [0, 1],"
                       " \"subviewCount\": 3 }, { \"subviewCount\": 20 }, { } ] }";
    char message[256];
    CHECK(bww_create(json, strlen(json), &shared, message, sizeof message) == BWW_OK, "%s", message);
    if (!shared) return check_report("shared_handle");
    CHECK(bww_evaluate(shared, 50) == BWW_OK, "%s", bww_error_message(shared));

    pthread_t threads[THREADS];
    worker_result results[THREADS];
    int started = 0;
    for (int i = 0; i < THREADS; i++) {
        results[i] = (worker_result){.id = i, .failures = 0};
        int error = pthread_create(&threads[i], NULL, worker, &results[i]);
        CHECK(error == 0, "starting thread %d: error %d", i, error);
        if (error) break;
        started++;
    }
    for (int i = 0; i < started; i++) {
        pthread_join(threads[i], NULL);
        CHECK(results[i].failures == 0, "thread %d: %d wrong results of %d rounds", i, results[i].failures, ROUNDS);
    }
    bww_destroy(shared);
    return check_report("shared_handle");
}
