/* A message pointer stays valid, its text unchanged, while other threads' calls fail (the
 * header's Errors and Threads; message_lifetime.c checks it on one thread). The main thread
 * records one message per thread and keeps the pointers; then four threads fail calls on
 * the shared handle at once, 8,000 distinct failures in all, past BWW_MAX_MESSAGES, each
 * re-reading every kept pointer and the latest message it was handed, which must keep
 * their text; a text met again must come back at its first pointer (stored once).
 * scripts/c-api-sanitizers.sh runs it against ASan (a freed message read is a report)
 * and TSan builds of the library. */
#include <stdint.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"
#include "concurrent.h"

enum { THREADS = 4, ROUNDS = 2000, TEXT = 160 };

typedef struct {
    bww_walkthrough *w;
    const char *held[THREADS];
    char kept[THREADS][TEXT];
    int failures[THREADS];
} shared_messages;

static void wrong(shared_messages *m, int id, int round, const char *what, const char *text) {
    if (m->failures[id]++ < 5) fprintf(stderr, "FAIL thread %d round %d: %s: \"%s\"\n", id, round, what, text);
}

/* 1 when `text` is a message this program's failures can leave. */
static int is_ours(const char *text) {
    return strstr(text, "is out of range") != NULL || strstr(text, "too many distinct errors") != NULL;
}

static void failing_thread(int id, void *context) {
    shared_messages *m = context;
    int64_t n = 0;
    for (int round = 0; round < ROUNDS; round++) {
        /* A new distinct failure of this thread's, then the latest message, whoever's. */
        int64_t page = 10000 * (id + 1) + round;
        if (bww_subview_count(m->w, page, &n) != BWW_ERROR_OUT_OF_RANGE) wrong(m, id, round, "status of a missing page", "");
        const char *latest = bww_error_message(m->w);
        char copy[TEXT];
        snprintf(copy, sizeof copy, "%s", latest);
        if (!is_ours(copy)) wrong(m, id, round, "the latest message is none of ours", copy);

        /* This thread's kept failure again: its text is stored once, under the kept pointer. */
        if (bww_subview_count(m->w, 7 + id, &n) != BWW_ERROR_OUT_OF_RANGE) wrong(m, id, round, "status of a kept page", "");
        const char *again = bww_error_message(m->w);
        for (int j = 0; j < THREADS; j++) {
            if (strcmp(m->held[j], m->kept[j]) != 0) wrong(m, id, round, "a kept message changed", m->held[j]);
            if (strcmp(again, m->kept[j]) == 0 && again != m->held[j]) wrong(m, id, round, "a kept text under a new pointer", again);
        }
        /* The latest message read above, after the other threads' failures since. */
        if (strcmp(latest, copy) != 0) wrong(m, id, round, "a message handed out changed", latest);
    }
}

int main(void) {
    const char *json = "{ \"width\": 100, \"pages\": [ { \"subviewCount\": 3 }, { } ] }";
    shared_messages m = {0};
    char message[256];
    int64_t n = 0;
    CHECK(bww_create(json, strlen(json), &m.w, message, sizeof message) == BWW_OK, "%s", message);
    if (!m.w) return check_report("shared_messages");
    CHECK(bww_evaluate(m.w, 50) == BWW_OK, "%s", bww_error_message(m.w));
    for (int id = 0; id < THREADS; id++) {
        bww_subview_count(m.w, 7 + id, &n);
        m.held[id] = bww_error_message(m.w);
        snprintf(m.kept[id], TEXT, "%s", m.held[id]);
        char page[16];
        snprintf(page, sizeof page, "page %d ", 7 + id);
        CHECK(strstr(m.kept[id], page) != NULL, "thread %d's kept message: %s", id, m.kept[id]);
    }

    CHECK(run_concurrently(THREADS, failing_thread, &m), "the %d threads did not overlap", THREADS);
    for (int id = 0; id < THREADS; id++) {
        CHECK(m.failures[id] == 0, "thread %d: %d wrong results of %d rounds", id, m.failures[id], ROUNDS);
        CHECK(strcmp(m.held[id], m.kept[id]) == 0, "kept message %d after the threads: \"%s\", was \"%s\"", id, m.held[id], m.kept[id]);
    }
    /* 4 + 8,000 distinct failures: the cap was reached, so a new one reads as the fixed text. */
    bww_subview_count(m.w, 99999, &n);
    CHECK(strstr(bww_error_message(m.w), "too many distinct errors"), "after %d distinct failures: %s", THREADS * (ROUNDS + 1),
          bww_error_message(m.w));
    /* bww_evaluate releases them all (the kept pointers must not be read from here on). */
    CHECK(bww_evaluate(m.w, 0) == BWW_OK && strcmp(bww_error_message(m.w), "") == 0, "after bww_evaluate: %s", bww_error_message(m.w));
    bww_destroy(m.w);
    return check_report("shared_messages");
}
