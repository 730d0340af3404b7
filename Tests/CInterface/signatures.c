/* Compile-only (scripts/c-api-test.sh, with -Werror, as C99 and as C++11): every function
 * of bwwalkthrough.h assigned to a pointer of the type written here, and the values of its
 * constants. It pins the ABI: a header change that alters a signature or a value fails here
 * until this file and the version follow. That the Swift implementation matches the header
 * is checked by the Swift compiler (Sources/WalkthroughC/HeaderSignatures.swift); that the
 * library exports exactly these names, by the script (nm -D). */
#include "bwwalkthrough.h"

struct bww_api {
    uint32_t (*version_number)(void);
    const char *(*version_string)(void);
    const char *(*status_string)(bww_status);
    bww_status (*create)(const char *, size_t, bww_walkthrough **, char *, size_t);
    void (*destroy)(bww_walkthrough *);
    const char *(*error_message)(const bww_walkthrough *);
    bww_status (*page_count)(const bww_walkthrough *, int64_t *);
    bww_status (*subview_count)(const bww_walkthrough *, int64_t, int64_t *);
    bww_status (*evaluate)(bww_walkthrough *, double);
    bww_status (*current_page)(const bww_walkthrough *, int64_t *);
    bww_status (*page_offset)(const bww_walkthrough *, int64_t, double *, int32_t *);
    bww_status (*page_blocks)(const bww_walkthrough *, int64_t, const float **, int64_t *, int64_t *);
    bww_status (*gather)(const bww_walkthrough *, int64_t, double *, size_t);
    bww_status (*alphas)(const bww_walkthrough *, int64_t, double *, size_t);
    bww_status (*alpha)(const bww_walkthrough *, int64_t, int64_t, double *);
    bww_status (*evaluate_into)(bww_walkthrough *, double, bww_layout, void *, size_t);
    bww_status (*frame_size)(const bww_walkthrough *, bww_layout, size_t *, size_t *);
    bww_status (*page_location)(const bww_walkthrough *, bww_layout, int64_t, size_t *, size_t *);
    bww_status (*paging)(const bww_walkthrough *, bww_direction *, double *, double *);
    bww_status (*scroll_position)(const bww_walkthrough *, int64_t, double *);
    bww_status (*page_extent)(const bww_walkthrough *, double *);
};

extern const struct bww_api bww_api_pinned;
const struct bww_api bww_api_pinned = {
    bww_version_number, bww_version_string, bww_status_string, bww_create, bww_destroy,
    bww_error_message, bww_page_count, bww_subview_count, bww_evaluate, bww_current_page,
    bww_page_offset, bww_page_blocks, bww_gather, bww_alphas, bww_alpha, bww_evaluate_into,
    bww_frame_size, bww_page_location, bww_paging, bww_scroll_position, bww_page_extent,
};

/* The status type's size does not depend on the compiler. */
typedef char bww_status_is_32_bits[sizeof(bww_status) == 4 ? 1 : -1];

/* Every constant but the version's (Tests/CInterface/versions.c checks those against the
 * library) expands, in C and in C++ under -Wold-style-cast, to its documented value: a change
 * to one fails here, as a changed signature does above. */
typedef char bww_constants_hold[
    BWW_LANES == 8 && BWW_FIELDS == 17 && BWW_BLOCK_FLOATS == 136
    && BWW_MAX_SUBVIEWS == 4194304 && BWW_MAX_KEYFRAMES == 2097152 && BWW_MAX_JSON_LENGTH == 1073741824u
    && BWW_MAX_MESSAGES == 1024
    && BWW_OK == 0 && BWW_ERROR_NULL_ARGUMENT == 1 && BWW_ERROR_INVALID_FILE == 2 && BWW_ERROR_OUT_OF_RANGE == 3
    && BWW_ERROR_BUFFER_TOO_SMALL == 4 && BWW_ERROR_INVALID_VALUE == 5 && BWW_ERROR_OUT_OF_MEMORY == 6
    && BWW_DIRECTION_LEFT_TO_RIGHT == 0 && BWW_DIRECTION_RIGHT_TO_LEFT == 1 && BWW_DIRECTION_TOP_TO_BOTTOM == 2
    && BWW_LAYOUT_BLOCKS == 0 && BWW_LAYOUT_FLOAT4X4 == 1 && BWW_LAYOUT_CATRANSFORM3D == 2 ? 1 : -1];
