#include "bwwalkthrough.h"

/* The constants live in C: C code may want them before any handle exists, and the version
 * functions return the macros of the header the library was compiled with, so a program
 * that compares them with its own BWW_VERSION_NUMBER learns whether the two agree.
 * Everything else is implemented in Swift (Sources/WalkthroughC). */

#define BWW_STRINGIFY(x) #x
#define BWW_VERSION_TEXT(major, minor, patch) BWW_STRINGIFY(major) "." BWW_STRINGIFY(minor) "." BWW_STRINGIFY(patch)

uint32_t bww_version_number(void) { return BWW_VERSION_NUMBER; }

const char *bww_version_string(void) {
    return BWW_VERSION_TEXT(BWW_VERSION_MAJOR, BWW_VERSION_MINOR, BWW_VERSION_PATCH);
}

const char *bww_status_string(bww_status status) {
    switch (status) {
    case BWW_OK: return "ok";
    case BWW_ERROR_NULL_ARGUMENT: return "null argument";
    case BWW_ERROR_INVALID_FILE: return "invalid walkthrough file";
    case BWW_ERROR_OUT_OF_RANGE: return "page or subview out of range";
    case BWW_ERROR_BUFFER_TOO_SMALL: return "buffer too small";
    case BWW_ERROR_INVALID_VALUE: return "invalid value";
    case BWW_ERROR_OUT_OF_MEMORY: return "out of memory";
    }
    return "unknown status";
}
