/* What the header says about the Swift runtime's crash handlers: with the default build
 * loaded, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP have a handler
 * (`crash_handlers installed`); with SWIFT_BACKTRACE=enable=no in the environment, or the
 * --static-runtime build, they keep the default action (`crash_handlers default`). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, sigaction, getrlimit under -std=c11 */
#include <signal.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

int main(int argc, char **argv) {
    int installed = argc > 1 && strcmp(argv[1], "installed") == 0;
    CHECK(argc > 1 && (installed || strcmp(argv[1], "default") == 0), "usage: crash_handlers installed|default");
    /* A call into the library, so that it is linked and loaded. */
    CHECK(bww_version_number() == BWW_VERSION_NUMBER, "library %u", bww_version_number());
    const int signals[6] = {SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP};
    for (int i = 0; i < 6; i++) {
        struct sigaction action;
        sigaction(signals[i], NULL, &action);
        int has_handler = !(action.sa_flags & SA_SIGINFO) ? action.sa_handler != SIG_DFL : action.sa_sigaction != NULL;
        CHECK(has_handler == installed, "%s: handler %s, expected %s", strsignal(signals[i]), has_handler ? "installed" : "default",
              installed ? "installed" : "default");
    }
    return check_report(installed ? "crash_handlers installed" : "crash_handlers default");
}
