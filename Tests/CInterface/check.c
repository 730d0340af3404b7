#include "check.h"

int check_failures = 0, check_count = 0;

int check_report(const char *program) {
    printf("%s: %d passed, %d failed\n", program, check_count - check_failures, check_failures);
    return check_failures == 0 ? 0 : 1;
}
