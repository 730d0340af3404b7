#ifndef BWWALKTHROUGH_H
#define BWWALKTHROUGH_H

/*
 * BWWalkthrough's animation engine for C, C++ and Objective-C.
 *
 * Link: the library product BWWalkthroughC (libBWWalkthroughC.so on Linux, built by
 * `swift build -c release --product BWWalkthroughC`), plus the Swift runtime it needs
 * (-L<toolchain>/usr/lib/swift/linux -Wl,-rpath,…). See scripts/c-api-test.sh.
 *
 * Ownership. bww_create makes a handle; the caller owns it and releases it with
 * bww_destroy, exactly once. Strings and buffers passed in are only read during the call.
 * Pointers handed out (bww_page_blocks, bww_error_message) belong to the handle: they
 * stay valid until the next bww_evaluate or bww_destroy on that handle, and must not be
 * freed or written to.
 *
 * Threads. A handle is not locked. Calls on one handle must not overlap with
 * bww_evaluate or bww_destroy on it (guard them with your own lock if several threads
 * share it); the read-only calls may overlap with each other. Different handles are
 * independent and may be used from different threads at the same time. bww_evaluate may
 * use worker threads of its own for large frames; it returns only when they are done.
 *
 * Errors. Every function returns a bww_status; BWW_OK is 0. Nothing crashes on bad input:
 * null pointers, short buffers, bad JSON, out-of-range pages and non-finite numbers are
 * all reported. bww_error_message(handle) describes the last failed call on a handle;
 * bww_create writes its message into the caller's buffer instead (it has no handle yet).
 *
 * Layouts. A frame is computed in Float. bww_gather writes 16 doubles per subview in Core
 * Animation field order (m11 m12 m13 m14 m21 … m44), ready for CATransform3D.
 * bww_page_blocks exposes the engine's own layout: blocks of BWW_LANES subviews, each
 * block BWW_BLOCK_FLOATS floats, field f (0–15 as above, 16 = alpha) of lane l at
 * block[f * BWW_LANES + l]; subview k is lane k % BWW_LANES of block k / BWW_LANES.
 */

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BWW_LANES 8
#define BWW_FIELDS 17
#define BWW_BLOCK_FLOATS (BWW_FIELDS * BWW_LANES)

typedef struct bww_walkthrough bww_walkthrough;

typedef enum {
    BWW_OK = 0,
    BWW_ERROR_NULL_ARGUMENT = 1,  /* a required pointer was NULL */
    BWW_ERROR_INVALID_FILE = 2,   /* the walkthrough JSON is malformed or breaks the format */
    BWW_ERROR_OUT_OF_RANGE = 3,   /* a page index outside 0 … page count − 1 */
    BWW_ERROR_BUFFER_TOO_SMALL = 4,
    BWW_ERROR_INVALID_VALUE = 5   /* a non-finite scroll position */
} bww_status;

/* A short fixed description of a status ("buffer too small"); never NULL. */
const char *bww_status_string(bww_status status);

/* Loads a walkthrough file's JSON text (`length` bytes, no terminator needed). On success
 * *out is a new handle whose frame is the identity everywhere until bww_evaluate. On
 * failure *out is NULL and, when `error` is not NULL, a NUL-terminated message is written
 * to it (truncated to error_capacity bytes). */
bww_status bww_create(const char *json, size_t length, bww_walkthrough **out,
                      char *error, size_t error_capacity);

/* Releases a handle. NULL is allowed and does nothing. */
void bww_destroy(bww_walkthrough *walkthrough);

/* The message of the last failed call on this handle ("" if none). Owned by the handle. */
const char *bww_error_message(const bww_walkthrough *walkthrough);

bww_status bww_page_count(const bww_walkthrough *walkthrough, long *count);
bww_status bww_subview_count(const bww_walkthrough *walkthrough, long page, long *count);

/* Computes the frame at scroll position `scroll` (points, the scroll view's
 * contentOffset.x): pages with offset strictly between −2 and 2 are animated, the others
 * keep what they had. */
bww_status bww_evaluate(bww_walkthrough *walkthrough, double scroll);

/* floor(scroll / width) clamped to the pages, at the last bww_evaluate (0 before). */
bww_status bww_current_page(const bww_walkthrough *walkthrough, long *page);

/* The page's normalised offset and whether it was animated, at the last bww_evaluate.
 * Either output may be NULL. */
bww_status bww_page_offset(const bww_walkthrough *walkthrough, long page, double *offset, int *animated);

/* The page's frame blocks (see Layouts): *blocks points at *block_count blocks holding
 * *subview_count subviews; lanes after the last subview are padding. */
bww_status bww_page_blocks(const bww_walkthrough *walkthrough, long page, const float **blocks,
                           long *block_count, long *subview_count);

/* Writes the page's transforms as 16 doubles per subview into `out`, which holds
 * `capacity` doubles (at least 16 × subview count). */
bww_status bww_gather(const bww_walkthrough *walkthrough, long page, double *out, size_t capacity);

/* One subview's alpha. */
bww_status bww_alpha(const bww_walkthrough *walkthrough, long page, long subview, double *alpha);

#ifdef __cplusplus
}
#endif

#endif
