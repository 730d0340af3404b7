/* The header's version macros and the library's version functions agree. */
#include <stdio.h>
#include <string.h>

#include "c_api_test.h"

void versions(void) {
    CHECK(bww_version_number() == BWW_VERSION_NUMBER, "library %u, header %d", bww_version_number(), BWW_VERSION_NUMBER);
    CHECK(BWW_VERSION_NUMBER == BWW_VERSION_MAJOR * 10000 + BWW_VERSION_MINOR * 100 + BWW_VERSION_PATCH,
          "BWW_VERSION_NUMBER %d", BWW_VERSION_NUMBER);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", BWW_VERSION_MAJOR, BWW_VERSION_MINOR, BWW_VERSION_PATCH);
    CHECK(strcmp(bww_version_string(), expected) == 0, "library \"%s\", header \"%s\"", bww_version_string(), expected);
}
