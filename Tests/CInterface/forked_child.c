/* A handle whose frames split (70,003 subviews, so bww_create starts worker threads) used
 * in a child of fork, which has none of those threads: bww_evaluate computes the frame on
 * the child's one thread, right, and bww_destroy returns (it used to wait for ever in
 * pthread_cond_destroy, for workers the child does not have). The child ends itself with
 * SIGALRM after 60 s, so a hang is a failure, not a stuck test. The parent's handle works
 * on after the child is gone. Run plainly: TSan does not support a fork with threads. */
#define _POSIX_C_SOURCE 200809L /* fork, alarm under -std=c11 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bwwalkthrough.h"
#include "check.h"

enum { BIG = 70003 };

/* Evaluates `w` at `x` and checks the first and the last subview against `expected`. */
static int frame_matches(bww_walkthrough *w, double x, const double *expected, double *m) {
    if (bww_evaluate(w, x) != BWW_OK || bww_gather(w, 0, m, 16 * (size_t)BIG) != BWW_OK) return 0;
    return memcmp(m, expected, sizeof(double) * 16) == 0 && memcmp(m + 16 * (BIG - 1), expected, sizeof(double) * 16) == 0;
}

int main(void) {
    char json[160], message[256];
    snprintf(json, sizeof json, "{\"width\": 100, \"pages\": [{\"animateAlpha\": true, \"speed\": [1, 1], \"subviewCount\": %d}]}", BIG);
    bww_walkthrough *w = NULL, *one = NULL;
    CHECK(bww_create(json, strlen(json), &w, message, sizeof message) == BWW_OK, "%s", message);
    const char *small = "{\"width\": 100, \"pages\": [{\"animateAlpha\": true, \"speed\": [1, 1], \"subviewCount\": 1}]}";
    CHECK(bww_create(small, strlen(small), &one, message, sizeof message) == BWW_OK, "%s", message);
    double *m = malloc(sizeof(double) * 16 * BIG), expected[16];
    if (!w || !one || !m) return check_report("forked_child");
    /* Every subview moves alike: each equals the one subview of `one` at the same x. */
    CHECK(bww_evaluate(one, 35) == BWW_OK && bww_gather(one, 0, expected, 16) == BWW_OK, "%s", bww_error_message(one));
    CHECK(frame_matches(w, 35, expected, m), "the parent's split frame before the fork");

    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        alarm(60);
        int ok = frame_matches(w, 35, expected, m);
        bww_destroy(w);
        _exit(ok ? 0 : 1);
    }
    CHECK(pid > 0, "fork failed");
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    CHECK(pid <= 0 || (WIFEXITED(status) && WEXITSTATUS(status) == 0), "the child: %s %d (SIGALRM is %d: a hang)",
          WIFSIGNALED(status) ? "signal" : "exit status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), SIGALRM);
    CHECK(frame_matches(w, 35, expected, m), "the parent's split frame after the child");
    free(m);
    bww_destroy(w);
    bww_destroy(one);
    return check_report("forked_child");
}
