/* Runs one function on several threads released together, for the C tests of the header's
 * thread rules. A start flag releases every thread's body at once; each body's start and end
 * times are kept, so a test can check that the bodies really overlapped (all started
 * before any finished) instead of running one after the other. The start flag is the only
 * synchronisation the runner adds: the bodies' calls are ordered by nothing else, so
 * ThreadSanitizer sees any conflicting accesses between them as a race. */
#ifndef CONCURRENT_H
#define CONCURRENT_H

enum { CONCURRENT_MAX_THREADS = 16 };

/* What one thread does: `id` is 0 … count−1, `context` is run_concurrently's. */
typedef void (*concurrent_body)(int id, void *context);

/* Runs body on `count` threads (2 … CONCURRENT_MAX_THREADS) and joins them. Returns 1
 * when every body started before any ended, 0 when they did not overlap or a thread could
 * not be started (printed; the others then run nothing). */
int run_concurrently(int count, concurrent_body body, void *context);

#endif
