#include "bwwalkthrough.h"

/* The status strings live in C: they are constants, and C code may want them before any
 * handle exists. Everything else is implemented in Swift (Sources/WalkthroughC). */
const char *bww_status_string(bww_status status) {
    switch (status) {
    case BWW_OK: return "ok";
    case BWW_ERROR_NULL_ARGUMENT: return "null argument";
    case BWW_ERROR_INVALID_FILE: return "invalid walkthrough file";
    case BWW_ERROR_OUT_OF_RANGE: return "page or subview out of range";
    case BWW_ERROR_BUFFER_TOO_SMALL: return "buffer too small";
    case BWW_ERROR_INVALID_VALUE: return "invalid value";
    }
    return "unknown status";
}
