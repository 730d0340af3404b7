/* Runs one function on several threads at once, for the C tests of the header's thread
 * rules. A start flag releases the threads when all wait at it, and a thread that finishes
 * its body runs it again until every thread has finished it once: so the bodies overlap
 * even when the scheduler runs a short one to its end before waking the next thread. The
 * start flag is the only synchronisation the runner adds (the pass counters are relaxed
 * atomics): the bodies' calls are ordered by nothing else, so ThreadSanitizer sees any
 * conflicting accesses between them as a race. Each thread's start and end times are kept
 * to check the overlap. A body must give the same results when run again. */
#ifndef CONCURRENT_H
#define CONCURRENT_H

enum { CONCURRENT_MAX_THREADS = 16 };

/* What one thread does: `id` is 0 … count−1, `context` is run_concurrently's. */
typedef void (*concurrent_body)(int id, void *context);

/* Runs body on `count` threads (2 … CONCURRENT_MAX_THREADS), each at least once, and
 * joins them. Returns 1 when every thread started before any ended, 0 when they did not
 * overlap or a thread could not be started (printed; the others then run nothing). */
int run_concurrently(int count, concurrent_body body, void *context);

#endif
