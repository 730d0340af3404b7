/* The hand-off the header's thread rules allow: one thread evaluates (bww_evaluate, and
 * bww_evaluate_into in the dense layouts) while it holds the caller's write lock, four
 * threads read the frame (bww_gather, bww_alphas, bww_alpha) under read locks. The
 * library keeps a view of the last frame that its readers load without a lock of their
 * own; scripts/c-api-sanitizers.sh runs this against ASan and TSan builds, where any
 * report fails the run. Page 0 has 19 spinning subviews, so whole blocks of 8 and a tail
 * are gathered; every buffer is malloc'd to its exact size, so an overrun is an ASan
 * report. Values are checked for agreement between the three readers. */
#define _POSIX_C_SOURCE 200809L /* pthread_rwlock_t under -std=c11 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

enum { READERS = 4, ROUNDS = 300, SPINNING = 19, PLAIN = 3 };

static bww_walkthrough *shared;
static pthread_rwlock_t lock = PTHREAD_RWLOCK_INITIALIZER;

typedef struct {
    int id, failures;
} reader_result;

static void *reader(void *argument) {
    reader_result *result = argument;
    for (int round = 0; round < 4 * ROUNDS; round++) {
        int64_t page = (round + result->id) % 2;
        int count = page == 0 ? SPINNING : PLAIN;
        double *m = malloc(sizeof(double) * 16 * (size_t)count), *a = malloc(sizeof(double) * (size_t)count);
        if (!m || !a) { result->failures++; free(m); free(a); break; }
        pthread_rwlock_rdlock(&lock);
        bww_status g = bww_gather(shared, page, m, 16 * (size_t)count);
        bww_status s = bww_alphas(shared, page, a, (size_t)count);
        int wrong = g != BWW_OK || s != BWW_OK;
        for (int k = 0; k < count && !wrong; k++) {
            double one = -1;
            wrong = bww_alpha(shared, page, k, &one) != BWW_OK || one != a[k] || m[16 * k + 15] != 1;
        }
        pthread_rwlock_unlock(&lock);
        if (wrong && result->failures++ < 5) {
            fprintf(stderr, "FAIL reader %d round %d page %lld: gather %d, alphas %d, or readers disagree\n",
                    result->id, round, (long long)page, g, s);
        }
        free(m);
        free(a);
    }
    return NULL;
}

int main(void) {
    const char *json = "{ \"width\": 100, \"pages\": [ { \"animateAlpha\": true, \"speed\": [0, 1], \"speedVariance\": [0.5, 1],"
                       " \"rotation\": { \"axis\": [1, 1, 1], \"angle\": 1.5, \"angleVariance\": 0.01, \"perspective\": 500 },"
                       " \"subviewCount\": 19 }, { \"animateAlpha\": true, \"subviewCount\": 3 }, { } ] }";
    char message[256];
    CHECK(bww_create(json, strlen(json), &shared, message, sizeof message) == BWW_OK, "%s", message);
    if (!shared) return check_report("evaluate_handoff");
    CHECK(bww_evaluate(shared, 30) == BWW_OK, "%s", bww_error_message(shared));

    pthread_t threads[READERS];
    reader_result results[READERS];
    int started = 0;
    for (int i = 0; i < READERS; i++) {
        results[i] = (reader_result){.id = i, .failures = 0};
        int error = pthread_create(&threads[i], NULL, reader, &results[i]);
        CHECK(error == 0, "starting reader %d: error %d", i, error);
        if (error) break;
        started++;
    }
    for (int round = 0; round < ROUNDS; round++) {
        double scroll = round * 0.7;
        pthread_rwlock_wrlock(&lock);
        if (round % 3 == 2) {
            bww_layout layout = (round / 3) % 2 ? BWW_LAYOUT_FLOAT4X4 : BWW_LAYOUT_CATRANSFORM3D;
            size_t bytes = 0;
            bww_status s = bww_frame_size(shared, layout, &bytes, NULL);
            void *destination = s == BWW_OK ? malloc(bytes) : NULL;
            CHECK(destination != NULL, "round %d: frame size status %d", round, s);
            if (destination) {
                s = bww_evaluate_into(shared, scroll, layout, destination, bytes);
                CHECK(s == BWW_OK, "round %d: bww_evaluate_into gave %d: %s", round, s, bww_error_message(shared));
                free(destination);
            }
        } else {
            bww_status s = bww_evaluate(shared, scroll);
            CHECK(s == BWW_OK, "round %d: bww_evaluate gave %d: %s", round, s, bww_error_message(shared));
        }
        pthread_rwlock_unlock(&lock);
    }
    for (int i = 0; i < started; i++) {
        pthread_join(threads[i], NULL);
        CHECK(results[i].failures == 0, "reader %d: %d wrong results of %d rounds", i, results[i].failures, 4 * ROUNDS);
    }
    bww_destroy(shared);
    return check_report("evaluate_handoff");
}
