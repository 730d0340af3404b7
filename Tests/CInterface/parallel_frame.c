/* The handle's own worker threads (the header's Threads): a frame of at least 65,536
 * animated subviews is split across workers, and bww_evaluate returns only when they are
 * done. Page 0 has 70,003 subviews (the last block partial) that all move alike, so each
 * must equal subview 0 of a 3-subview walkthrough evaluated at the same position on one
 * thread. The main thread evaluates three frames (the second with bww_evaluate_into into
 * memory of its own) under the caller's lock and hands each to a reader thread through
 * that lock, which checks every subview: through bww_page_blocks' floats (read by this C
 * code), bww_gather and bww_alphas, or the caller's buffer. A worker still running after
 * bww_evaluate returned is a wrong value here (seen: 1.9 million of them with the workers
 * left running); TSan reports it only for the animator's own state, in the release build
 * (scripts/c-api-sanitizers.sh), as it does not see the kernel's frame stores. On Linux
 * (/proc/self/task) with more than one processor, it also counts the process's threads:
 * more once the big handle is made, no more after each frame, as many as at the start
 * after bww_destroy (and none added by the 3-subview handle). */
#define _GNU_SOURCE /* sysconf, nanosleep, syscall(SYS_gettid) under -std=c11 */
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bwwalkthrough.h"
#include "check.h"

enum { BIG = 70003, FRAMES = 3, INTO = 1 /* the frame written by bww_evaluate_into */ };
static const double scrolls[FRAMES] = {20, 45, 70};

/* Subview 0 of page 0 at each scroll: 16 matrix fields and alpha (field 16). */
static double expected[FRAMES][BWW_FIELDS];

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int published = -1, consumed = -1; /* frames handed over and checked, under `lock` */
static bww_walkthrough *big;
static float *into;                       /* bww_evaluate_into's frame (BWW_LAYOUT_FLOAT4X4) */
static size_t into_bytes, into_alphas;
static int reader_failures;

static const char *walkthrough_text(int subviews, char *text, size_t capacity) {
    snprintf(text, capacity,
             "{ \"width\": 100, \"pages\": [ { \"animateAlpha\": true, \"speed\": [0.5, 1],"
             " \"rotation\": { \"axis\": [1, 1, 1], \"angle\": 1.5, \"perspective\": 500 }, \"subviewCount\": %d },"
             " { \"animationType\": \"Zoom\", \"subviewCount\": 5 } ] }",
             subviews);
    return text;
}

static int near_value(double got, double want) {
    return fabs(got - want) <= 1e-5 * (fabs(want) > 1 ? fabs(want) : 1);
}

static void wrong(int frame, int64_t subview, const char *source, int field, double got) {
    if (reader_failures++ < 5) {
        fprintf(stderr, "FAIL frame %d (x %g) subview %lld, %s field %d: %g, expected %g\n", frame, scrolls[frame],
                (long long)subview, source, field, got, expected[frame][field]);
    }
}

/* Every subview of page 0 in the handle's blocks (frame `frame`'s values), read directly. */
static void check_blocks(int frame) {
    const float *blocks = NULL;
    int64_t block_count = 0, count = 0;
    if (bww_page_blocks(big, 0, &blocks, &block_count, &count) != BWW_OK || count != BIG) {
        wrong(frame, -1, "bww_page_blocks status or count", 0, (double)count);
        return;
    }
    for (int64_t k = 0; k < count; k++) {
        const float *block = blocks + k / BWW_LANES * BWW_BLOCK_FLOATS;
        for (int f = 0; f < BWW_FIELDS; f++) {
            float got = block[f * BWW_LANES + k % BWW_LANES];
            if (!near_value(got, expected[frame][f])) wrong(frame, k, "blocks", f, got);
        }
    }
}

/* Frame `frame` through bww_gather and bww_alphas, into buffers of exactly its size. */
static void check_gathered(int frame) {
    double *m = malloc(sizeof(double) * 16 * BIG), *a = malloc(sizeof(double) * BIG);
    if (!m || !a || bww_gather(big, 0, m, 16 * (size_t)BIG) != BWW_OK || bww_alphas(big, 0, a, BIG) != BWW_OK) {
        wrong(frame, -1, "bww_gather or bww_alphas", 0, 0);
    } else {
        for (int64_t k = 0; k < BIG; k++) {
            for (int f = 0; f < 16; f++) {
                if (!near_value(m[16 * k + f], expected[frame][f])) wrong(frame, k, "bww_gather", f, m[16 * k + f]);
            }
            if (!near_value(a[k], expected[frame][16])) wrong(frame, k, "bww_alphas", 16, a[k]);
        }
    }
    free(m);
    free(a);
}

/* bww_evaluate_into's frame in the caller's buffer: 16 floats a subview, then the alphas. */
static void check_into(int frame) {
    size_t matrices = 0, alphas = 0;
    if (bww_page_location(big, BWW_LAYOUT_FLOAT4X4, 0, &matrices, &alphas) != BWW_OK) {
        wrong(frame, -1, "bww_page_location", 0, 0);
        return;
    }
    const float *m = (const float *)((const char *)into + matrices), *a = (const float *)((const char *)into + alphas);
    for (int64_t k = 0; k < BIG; k++) {
        for (int f = 0; f < 16; f++) {
            if (!near_value(m[16 * k + f], expected[frame][f])) wrong(frame, k, "bww_evaluate_into's buffer", f, m[16 * k + f]);
        }
        if (!near_value(a[k], expected[frame][16])) wrong(frame, k, "bww_evaluate_into's alphas", 16, a[k]);
    }
}

static void *reader(void *argument) {
    (void)argument;
    for (int frame = 0; frame < FRAMES; frame++) {
        pthread_mutex_lock(&lock);
        while (published < frame) pthread_cond_wait(&changed, &lock);
        if (frame == INTO) {
            check_into(frame);
            check_blocks(frame - 1); /* the handle's own frame keeps the last bww_evaluate's */
        } else {
            check_blocks(frame);
            check_gathered(frame);
        }
        consumed = frame;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

static volatile long first_tid;
static void *nothing(void *unused) {
    first_tid = syscall(SYS_gettid);
    return unused;
}

/* The process's threads, from /proc/self/task; −1 where there is no /proc. */
static int thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    for (struct dirent *entry; (entry = readdir(tasks));) count += entry->d_name[0] != '.';
    closedir(tasks);
    return count;
}

/* The thread count once it is `expected`, or the last one read after about 1 s: a thread
 * just joined can stay listed in /proc for a moment (17 in 20,000 joins on a busy machine). */
static int thread_count_settled(int expected) {
    int count = thread_count();
    for (int i = 0; i < 1000 && count != expected; i++) {
        nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
        count = thread_count();
    }
    return count;
}

int main(void) {
    char text[512], message[256];
    bww_walkthrough *small = NULL;
    /* The header: bww_create starts the workers of a walkthrough whose frames split, and
     * bww_destroy ends them; a small walkthrough has none. */
    /* A thread started and joined first: TSan's runtime starts a thread of its own with
     * the process's first pthread_create, which would otherwise count as a worker. */
    pthread_t first;
    if (pthread_create(&first, NULL, nothing, NULL) == 0) pthread_join(first, NULL);
    char first_task[64];
    snprintf(first_task, sizeof first_task, "/proc/self/task/%ld", first_tid);
    for (int i = 0; i < 1000 && access(first_task, F_OK) == 0; i++) nanosleep(&(struct timespec){.tv_nsec = 1000000}, NULL);
    const int splits = sysconf(_SC_NPROCESSORS_ONLN) > 1, threads_at_start = thread_count();
    walkthrough_text(3, text, sizeof text);
    CHECK(bww_create(text, strlen(text), &small, message, sizeof message) == BWW_OK, "%s", message);
    CHECK(thread_count_settled(threads_at_start) == threads_at_start, "%d threads after creating a 3-subview handle, %d before",
          thread_count(), threads_at_start);
    walkthrough_text(BIG, text, sizeof text);
    CHECK(bww_create(text, strlen(text), &big, message, sizeof message) == BWW_OK, "%d subviews: %s", BIG, message);
    if (!small || !big) return check_report("parallel_frame");
    const int threads_with_big = thread_count();
    CHECK(threads_at_start < 0 || !splits || threads_with_big > threads_at_start,
          "no worker threads: %d threads before creating the %d-subview handle, %d after", threads_at_start, BIG, threads_with_big);
    for (int frame = 0; frame < FRAMES; frame++) {
        double m[16 * 3], a[3];
        CHECK(bww_evaluate(small, scrolls[frame]) == BWW_OK && bww_gather(small, 0, m, 48) == BWW_OK && bww_alphas(small, 0, a, 3) == BWW_OK,
              "reference at x %g: %s", scrolls[frame], bww_error_message(small));
        memcpy(expected[frame], m, sizeof(double) * 16);
        expected[frame][16] = a[0];
        /* Every frame moves every field that moves, so a stale subview shows. */
        CHECK(frame == 0 || (expected[frame][12] != expected[frame - 1][12] && expected[frame][16] != expected[frame - 1][16]),
              "frames %d and %d agree (m41 %g, alpha %g)", frame - 1, frame, expected[frame][12], expected[frame][16]);
    }
    bww_destroy(small);
    CHECK(bww_frame_size(big, BWW_LAYOUT_FLOAT4X4, &into_bytes, &into_alphas) == BWW_OK, "%s", bww_error_message(big));
    into = malloc(into_bytes);
    CHECK(into != NULL, "%zu bytes for bww_evaluate_into", into_bytes);
    if (!into) return check_report("parallel_frame");

    pthread_t thread;
    int error = pthread_create(&thread, NULL, reader, NULL);
    CHECK(error == 0, "starting the reader: error %d", error);
    for (int frame = 0; frame < FRAMES && !error; frame++) {
        pthread_mutex_lock(&lock);
        while (consumed < frame - 1) pthread_cond_wait(&changed, &lock);
        bww_status s = frame == INTO ? bww_evaluate_into(big, scrolls[frame], BWW_LAYOUT_FLOAT4X4, into, into_bytes)
                                     : bww_evaluate(big, scrolls[frame]);
        CHECK(s == BWW_OK, "frame %d at x %g: status %d, %s", frame, scrolls[frame], s, bww_error_message(big));
        published = frame;
        pthread_cond_broadcast(&changed);
        pthread_mutex_unlock(&lock);
        /* The frame's parts ran on the handle's workers: no thread is started per frame
         * (checked while the reader, which waits for the last frame, is sure to live). */
        CHECK(threads_at_start < 0 || frame == FRAMES - 1 || thread_count_settled(threads_with_big + !error) == threads_with_big + !error,
              "%d threads after frame %d, %d before it (and the reader)", thread_count(), frame, threads_with_big);
    }
    if (!error) pthread_join(thread, NULL);
    CHECK(reader_failures == 0, "the reader found %d wrong values in %d frames of %d subviews", reader_failures, FRAMES, BIG);
    free(into);
    bww_destroy(big);
    CHECK(thread_count_settled(threads_at_start) == threads_at_start, "%d threads after bww_destroy, %d before bww_create",
          thread_count(), threads_at_start);
    return check_report("parallel_frame");
}
