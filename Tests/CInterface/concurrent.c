#define _POSIX_C_SOURCE 200809L /* clock_gettime under -std=c11 */
#include "concurrent.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

/* The start flag: 0 until every thread exists and waits, then 1 (run) or −1 (a start
 * failed). `waiting` counts the threads at the flag. */
typedef struct {
    pthread_mutex_t mutex;
    pthread_cond_t changed;
    int go, waiting;
    /* Each thread's completed passes of its body. Relaxed: TSan orders nothing by them. */
    atomic_int passes[CONCURRENT_MAX_THREADS];
    int count;
} start_flag;

/* 1 when every thread has completed a pass. */
static int all_passed(start_flag *start) {
    for (int i = 0; i < start->count; i++) {
        if (atomic_load_explicit(&start->passes[i], memory_order_relaxed) == 0) return 0;
    }
    return 1;
}

typedef struct {
    int id;
    concurrent_body body;
    void *context;
    start_flag *start;
    struct timespec began, ended;
} concurrent_thread;

static void *run_one(void *argument) {
    concurrent_thread *thread = argument;
    pthread_mutex_lock(&thread->start->mutex);
    thread->start->waiting++;
    pthread_cond_broadcast(&thread->start->changed);
    while (thread->start->go == 0) pthread_cond_wait(&thread->start->changed, &thread->start->mutex);
    int go = thread->start->go;
    pthread_mutex_unlock(&thread->start->mutex);
    if (go < 0) return NULL;
    clock_gettime(CLOCK_MONOTONIC, &thread->began);
    int passes = 0;
    do {
        thread->body(thread->id, thread->context);
        atomic_store_explicit(&thread->start->passes[thread->id], ++passes, memory_order_relaxed);
    } while (!all_passed(thread->start));
    clock_gettime(CLOCK_MONOTONIC, &thread->ended);
    return NULL;
}

static int before(struct timespec a, struct timespec b) {
    return a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec);
}

int run_concurrently(int count, concurrent_body body, void *context) {
    if (count < 2 || count > CONCURRENT_MAX_THREADS) return 0;
    pthread_t handles[CONCURRENT_MAX_THREADS];
    concurrent_thread threads[CONCURRENT_MAX_THREADS];
    start_flag start = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 0, 0, {0}, count};
    int started = 0;
    for (int i = 0; i < count; i++) {
        threads[i] = (concurrent_thread){.id = i, .body = body, .context = context, .start = &start};
        int error = pthread_create(&handles[i], NULL, run_one, &threads[i]);
        if (error) {
            fprintf(stderr, "FAIL starting thread %d of %d: error %d\n", i, count, error);
            break;
        }
        started++;
    }
    pthread_mutex_lock(&start.mutex);
    while (start.waiting < started) pthread_cond_wait(&start.changed, &start.mutex);
    start.go = started == count ? 1 : -1;
    pthread_cond_broadcast(&start.changed);
    pthread_mutex_unlock(&start.mutex);
    for (int i = 0; i < started; i++) pthread_join(handles[i], NULL);
    if (started < count) return 0;
    struct timespec last_start = threads[0].began, first_end = threads[0].ended;
    for (int i = 1; i < count; i++) {
        if (before(last_start, threads[i].began)) last_start = threads[i].began;
        if (before(threads[i].ended, first_end)) first_end = threads[i].ended;
    }
    return before(last_start, first_end);
}
