/* The checks of the C test programs: CHECK counts a condition and, when it fails, prints
 * where, the condition and the case (a printf format and arguments). Not thread-safe:
 * threads collect their own results and the main thread checks them. */
#ifndef CHECK_H
#define CHECK_H

#include <math.h>
#include <stdio.h>

extern int check_failures, check_count;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        check_count++;                                                        \
        if (!(cond)) {                                                        \
            check_failures++;                                                 \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                     \
            fprintf(stderr, "\n");                                            \
        }                                                                     \
    } while (0)

#define NEAR(a, b, tol) (fabs((double)(a) - (double)(b)) <= (tol))

/* Prints "<program>: N passed, M failed" and returns main's exit status. */
int check_report(const char *program);

#endif
