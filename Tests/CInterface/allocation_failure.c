/* Allocation failure is a status, never a crash. This program's malloc, calloc, realloc,
 * posix_memalign, aligned_alloc and memalign take the place of the C library's for the
 * whole process (the library and the Swift runtime call them through the dynamic linker),
 * and fail on demand:
 *
 * (a) every kind of failing call on a handle (null outputs, out-of-range pages and
 *     subviews, unknown layouts, short buffers, non-finite scroll positions, more than
 *     BWW_MAX_MESSAGES distinct failures) with every allocation failing: the call returns
 *     its status, bww_error_message gives its usual text, and no allocation was even tried;
 *     nor by bww_evaluate, bww_evaluate_into and the reads that succeed, frames split
 *     across the handle's worker threads included;
 * (b) bww_create with every allocation of at least BIG bytes failing: a file whose counts
 *     ask for more (BWW_MAX_SUBVIEWS subviews, 224 MiB while reading it; 262144 subviews,
 *     whose frame is past BIG; 229376 subviews on a staggered timeline, whose keyframe
 *     segment state is past BIG though the frame is not; a bad text of ill-formed UTF-8
 *     whose repaired copy is past BIG) returns BWW_ERROR_OUT_OF_MEMORY, and smaller files,
 *     with and without keyframes (229376 subviews without the timeline included), and a
 *     text longer than BIG (parsed where it is, never copied), still load and evaluate.
 *
 * Each case runs in a child process (fork), so a crash is reported as that case's
 * failure and the other cases still run. Linux (glibc's __libc_* allocator entries). */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bwwalkthrough.h"
#include "check.h"

/* ---- the allocator ---- */

enum mode { PASS, FAIL_ALL, FAIL_BIG };
static volatile enum mode mode = PASS;
static volatile long attempts; /* allocations asked for while failing */
#define BIG ((size_t)16 << 20)

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static int refuse(size_t bytes) {
    if (mode == PASS) return 0;
    attempts++;
    return mode == FAIL_ALL || bytes >= BIG;
}
void *malloc(size_t n) { return refuse(n) ? NULL : __libc_malloc(n); }
void *calloc(size_t a, size_t b) { return refuse(b && a > SIZE_MAX / b ? SIZE_MAX : a * b) ? NULL : __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { return refuse(n) ? NULL : __libc_realloc(p, n); }
void *memalign(size_t al, size_t n) { return refuse(n) ? NULL : __libc_memalign(al, n); }
void *aligned_alloc(size_t al, size_t n) { return refuse(n) ? NULL : __libc_memalign(al, n); }
int posix_memalign(void **p, size_t al, size_t n) {
    if (refuse(n)) return ENOMEM;
    *p = __libc_memalign(al, n);
    return *p ? 0 : ENOMEM;
}

/* Runs `child` in a child process; its exit status 0 is a pass. Returns whether it passed,
 * after saying why not (a signal, or the child's own report on stderr). */
static int in_child(const char *name, int (*child)(int), int arg) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
        int failed = child(arg);
        fflush(stdout);
        _exit(failed);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    int passed = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    CHECK(passed, "%s: %s %d", name, WIFSIGNALED(status) ? "crashed with signal" : "failed, exit status",
          WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    return passed;
}

/* ---- (a) failing calls on a handle, every allocation failing ---- */

/* 3 pages of 3, 2 and 0 subviews: 5 subviews, 340 bytes a frame in BWW_LAYOUT_FLOAT4X4. */
static const char *const walkthrough =
    "{\"width\": 100, \"pages\": [{\"animateAlpha\": true, \"subviewCount\": 3}, {\"subviewCount\": 2}, {}]}";
static double out[48];
static unsigned char frame[2048]; /* 1088 bytes in BWW_LAYOUT_BLOCKS */
static int64_t n;
static double d;
static size_t size;
static const float *blocks;

#define LAYOUTS "; the layouts are 0 (blocks), 1 (float4x4), 2 (CATransform3D)"
/* name, expected status, expected message, the call */
#define FAILING_CALLS(X)                                                                                                  \
    X("bww_page_count count NULL", BWW_ERROR_NULL_ARGUMENT, "bww_page_count: count must not be NULL",                   \
      bww_page_count(w, NULL))                                                                                            \
    X("bww_subview_count page 3", BWW_ERROR_OUT_OF_RANGE, "page 3 is out of range; the walkthrough has 3 pages",         \
      bww_subview_count(w, 3, &n))                                                                                        \
    X("bww_subview_count count NULL", BWW_ERROR_NULL_ARGUMENT, "bww_subview_count: count must not be NULL",             \
      bww_subview_count(w, 0, NULL))                                                                                      \
    X("bww_current_page page NULL", BWW_ERROR_NULL_ARGUMENT, "bww_current_page: page must not be NULL",                 \
      bww_current_page(w, NULL))                                                                                          \
    X("bww_page_extent extent NULL", BWW_ERROR_NULL_ARGUMENT, "bww_page_extent: extent must not be NULL",               \
      bww_page_extent(w, NULL))                                                                                         \
    X("bww_page_offset page -1", BWW_ERROR_OUT_OF_RANGE, "page -1 is out of range; the walkthrough has 3 pages",        \
      bww_page_offset(w, -1, &d, NULL))                                                                                   \
    X("bww_page_blocks blocks NULL", BWW_ERROR_NULL_ARGUMENT, "bww_page_blocks: blocks must not be NULL",               \
      bww_page_blocks(w, 0, NULL, NULL, NULL))                                                                            \
    X("bww_page_blocks page 7", BWW_ERROR_OUT_OF_RANGE, "page 7 is out of range; the walkthrough has 3 pages",          \
      bww_page_blocks(w, 7, &blocks, NULL, NULL))                                                                         \
    X("bww_gather short buffer", BWW_ERROR_BUFFER_TOO_SMALL, "bww_gather: page 0 needs 48 doubles, the buffer holds 47", \
      bww_gather(w, 0, out, 47))                                                                                          \
    X("bww_gather out NULL", BWW_ERROR_NULL_ARGUMENT,                                                                     \
      "bww_gather: out must not be NULL for page 1, which has subviews", bww_gather(w, 1, NULL, 48))                      \
    X("bww_gather page INT64_MIN", BWW_ERROR_OUT_OF_RANGE,                                                                \
      "page -9223372036854775808 is out of range; the walkthrough has 3 pages", bww_gather(w, INT64_MIN, out, 48))        \
    X("bww_alphas short buffer", BWW_ERROR_BUFFER_TOO_SMALL, "bww_alphas: page 0 needs 3 doubles, the buffer holds 2",  \
      bww_alphas(w, 0, out, 2))                                                                                           \
    X("bww_alphas capacity SIZE_MAX, out NULL", BWW_ERROR_NULL_ARGUMENT,                                                  \
      "bww_alphas: out must not be NULL for page 0, which has subviews", bww_alphas(w, 0, NULL, SIZE_MAX))                \
    X("bww_alphas page 3", BWW_ERROR_OUT_OF_RANGE, "page 3 is out of range; the walkthrough has 3 pages",               \
      bww_alphas(w, 3, out, 48))                                                                                          \
    X("bww_alpha subview 3", BWW_ERROR_OUT_OF_RANGE, "subview 3 is out of range; page 0 has 3", bww_alpha(w, 0, 3, &d)) \
    X("bww_alpha subview INT64_MAX", BWW_ERROR_OUT_OF_RANGE,                                                              \
      "subview 9223372036854775807 is out of range; page 1 has 2", bww_alpha(w, 1, INT64_MAX, &d))                        \
    X("bww_alpha page 9", BWW_ERROR_OUT_OF_RANGE, "page 9 is out of range; the walkthrough has 3 pages",                \
      bww_alpha(w, 9, 0, &d))                                                                                             \
    X("bww_alpha alpha NULL", BWW_ERROR_NULL_ARGUMENT, "bww_alpha: alpha must not be NULL", bww_alpha(w, 0, 0, NULL))   \
    X("bww_transform subview 3", BWW_ERROR_OUT_OF_RANGE, "subview 3 is out of range; page 0 has 3",                       \
      bww_transform(w, 0, 3, out))                                                                                          \
    X("bww_transform out NULL", BWW_ERROR_NULL_ARGUMENT, "bww_transform: out must not be NULL",                           \
      bww_transform(w, 0, 0, NULL))                                                                                       \
    X("bww_evaluate NaN", BWW_ERROR_INVALID_VALUE, "scroll position must be finite, got nan", bww_evaluate(w, NAN))      \
    X("bww_evaluate -infinity", BWW_ERROR_INVALID_VALUE, "scroll position must be finite, got -inf",                    \
      bww_evaluate(w, -INFINITY))                                                                                         \
    X("bww_evaluate_into layout 7", BWW_ERROR_INVALID_VALUE, "bww_evaluate_into: unknown layout 7" LAYOUTS,             \
      bww_evaluate_into(w, 0, 7, frame, sizeof frame))                                                                    \
    X("bww_evaluate_into short dst", BWW_ERROR_BUFFER_TOO_SMALL,                                                          \
      "bww_evaluate_into: the frame needs 340 bytes in layout 1, dst holds 339",                                         \
      bww_evaluate_into(w, 0, BWW_LAYOUT_FLOAT4X4, frame, 339))                                                           \
    X("bww_evaluate_into dst NULL", BWW_ERROR_NULL_ARGUMENT, "bww_evaluate_into: dst must not be NULL",                 \
      bww_evaluate_into(w, 0, BWW_LAYOUT_FLOAT4X4, NULL, 340))                                                            \
    X("bww_evaluate_into infinity", BWW_ERROR_INVALID_VALUE, "scroll position must be finite, got inf",                 \
      bww_evaluate_into(w, INFINITY, BWW_LAYOUT_BLOCKS, frame, sizeof frame))                                             \
    X("bww_frame_size bytes NULL", BWW_ERROR_NULL_ARGUMENT, "bww_frame_size: bytes must not be NULL",                   \
      bww_frame_size(w, 0, NULL, NULL))                                                                                   \
    X("bww_frame_size layout INT32_MIN", BWW_ERROR_INVALID_VALUE,                                                         \
      "bww_frame_size: unknown layout -2147483648" LAYOUTS, bww_frame_size(w, INT32_MIN, &size, NULL))                    \
    X("bww_page_location matrix_offset NULL", BWW_ERROR_NULL_ARGUMENT,                                                    \
      "bww_page_location: matrix_offset must not be NULL", bww_page_location(w, 0, 0, NULL, NULL))                        \
    X("bww_page_location layout 3", BWW_ERROR_INVALID_VALUE, "bww_page_location: unknown layout 3" LAYOUTS,             \
      bww_page_location(w, 3, 0, &size, NULL))                                                                            \
    X("bww_page_location page 3", BWW_ERROR_OUT_OF_RANGE, "page 3 is out of range; the walkthrough has 3 pages",        \
      bww_page_location(w, BWW_LAYOUT_CATRANSFORM3D, 3, &size, NULL))

struct failing_call {
    const char *name;
    bww_status status;
    const char *message;
};
#define ENTRY(name, status, message, call) {name, status, message},
static const struct failing_call failing_calls[] = {FAILING_CALLS(ENTRY)};
enum { FAILING_CALL_COUNT = sizeof failing_calls / sizeof failing_calls[0] };

static bww_status call(int i, bww_walkthrough *w) {
    int k = 0;
#define CALL(name, status, message, expr) \
    if (i == k++) return (expr);
    FAILING_CALLS(CALL)
    return -1;
}

/* A handle made and evaluated while allocation works, its messages cleared; NULL after
 * saying why not. */
static bww_walkthrough *handle(void) {
    bww_walkthrough *w = NULL;
    char message[256];
    bww_status status = bww_create(walkthrough, strlen(walkthrough), &w, message, sizeof message);
    size_t bytes = 0;
    if (status != BWW_OK || bww_evaluate(w, 50) != BWW_OK ||
        bww_frame_size(w, BWW_LAYOUT_FLOAT4X4, &bytes, NULL) != BWW_OK || bytes != 340) {
        fprintf(stderr, "  the handle: status %d (%s), float4x4 frame %zu bytes, expected 340\n", status, message, bytes);
        return NULL;
    }
    return w;
}

/* Case i of FAILING_CALLS, twice in a row (the second finds the stored message, but after
 * bww_evaluate and bww_evaluate_into, which release the first's: the header's Ownership). */
static int failing_call_child(int i) {
    const struct failing_call *c = &failing_calls[i];
    const int releases = strncmp(c->name, "bww_evaluate", strlen("bww_evaluate")) == 0;
    bww_walkthrough *w = handle();
    if (!w) return 1;
    attempts = 0;
    mode = FAIL_ALL;
    bww_status first = call(i, w);
    const char *first_message = bww_error_message(w);
    const int first_text = strcmp(first_message, c->message) == 0;
    bww_status second = call(i, w);
    const char *second_message = bww_error_message(w);
    mode = PASS;
    int ok = first == c->status && second == c->status && first_text && strcmp(second_message, c->message) == 0 &&
             (releases || second_message == first_message) && attempts == 0;
    if (!ok)
        fprintf(stderr, "  %s, every allocation failing: status %d then %d (expected %d), %ld allocations tried,\n"
                        "  first message %s, second \"%s\" (expected \"%s\"), the second %s\n",
                c->name, first, second, c->status, attempts, first_text ? "as expected" : "not as expected",
                second_message, c->message, second_message == first_message ? "stored once" : "stored again");
    bww_destroy(w);
    return !ok;
}

/* BWW_MAX_MESSAGES distinct failures fill the handle's slots; the next one gets the fixed
 * text; every earlier message is still readable; bww_evaluate clears them all. */
static int many_messages_child(int unused) {
    (void)unused;
    static const char *kept[BWW_MAX_MESSAGES];
    char expected[128];
    bww_walkthrough *w = handle();
    if (!w) return 1;
    attempts = 0;
    mode = FAIL_ALL;
    int failures = 0;
    for (int64_t k = 0; k <= BWW_MAX_MESSAGES; k++) {
        failures += bww_alpha(w, 0, 3 + k, &d) != BWW_ERROR_OUT_OF_RANGE;
        if (k < BWW_MAX_MESSAGES) kept[k] = bww_error_message(w);
    }
    const char *last = bww_error_message(w);
    long tried = attempts;
    mode = PASS;
    for (int64_t k = 0; k < BWW_MAX_MESSAGES; k++) {
        snprintf(expected, sizeof expected, "subview %lld is out of range; page 0 has 3", (long long)(3 + k));
        if (strcmp(kept[k], expected) != 0) {
            fprintf(stderr, "  message %lld: \"%s\", expected \"%s\"\n", (long long)k, kept[k], expected);
            failures++;
        }
    }
    if (!strstr(last, "too many distinct errors") || tried != 0 || failures) {
        fprintf(stderr, "  %d distinct failures: %d wrong, %ld allocations tried, last message \"%s\"\n",
                BWW_MAX_MESSAGES + 1, failures, tried, last);
        return 1;
    }
    mode = FAIL_ALL;
    bww_status evaluated = bww_evaluate(w, 0);
    int cleared = strcmp(bww_error_message(w), "") == 0;
    bww_status again = bww_alpha(w, 0, 3, &d);
    int stored = strcmp(bww_error_message(w), "subview 3 is out of range; page 0 has 3") == 0;
    mode = PASS;
    if (evaluated != BWW_OK || !cleared || again != BWW_ERROR_OUT_OF_RANGE || !stored) {
        fprintf(stderr, "  after bww_evaluate: status %d, messages %s, a new failure %d \"%s\"\n", evaluated,
                cleared ? "cleared" : "kept", again, bww_error_message(w));
        return 1;
    }
    bww_destroy(w);
    return 0;
}

/* The calls that succeed, with every allocation failing: the header's Memory says that
 * frames below the worker threads' size and the reads allocate nothing. */
static int succeeding_calls_child(int unused) {
    (void)unused;
    bww_walkthrough *w = handle();
    if (!w) return 1;
    bww_status s[10];
    attempts = 0;
    mode = FAIL_ALL;
    s[0] = bww_evaluate(w, 130);
    s[1] = bww_evaluate_into(w, 70, BWW_LAYOUT_CATRANSFORM3D, frame, sizeof frame);
    s[2] = bww_gather(w, 1, out, 48);
    s[3] = bww_alphas(w, 0, out, 3);
    s[4] = bww_alpha(w, 1, 1, &d);
    s[5] = bww_page_blocks(w, 0, &blocks, &n, NULL);
    s[6] = bww_page_location(w, BWW_LAYOUT_FLOAT4X4, 2, &size, NULL);
    s[7] = bww_page_offset(w, 1, &d, NULL);
    s[8] = bww_current_page(w, &n);
    s[9] = bww_transform(w, 0, 2, out);
    long tried = attempts;
    mode = PASS;
    int failed = tried != 0;
    for (int i = 0; i < 10; i++) failed |= s[i] != BWW_OK;
    if (failed)
        fprintf(stderr, "  succeeding calls, every allocation failing: %ld allocations tried, statuses %d %d %d %d %d %d %d %d %d %d\n",
                tried, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]);
    bww_destroy(w);
    return failed;
}

/* Frames split across the handle's worker threads (70,003 subviews), with every allocation
 * failing: the header's Memory says bww_create starts the workers and frames allocate
 * nothing. */
static int split_frames_child(int unused) {
    (void)unused;
    enum { SUBVIEWS = 70003 };
    char json[160], message[256];
    snprintf(json, sizeof json, "{\"width\": 100, \"pages\": [{\"animateAlpha\": true, \"speed\": [1, 1], \"subviewCount\": %d}]}",
             SUBVIEWS);
    bww_walkthrough *w = NULL;
    size_t bytes = 0;
    if (bww_create(json, strlen(json), &w, message, sizeof message) != BWW_OK ||
        bww_frame_size(w, BWW_LAYOUT_FLOAT4X4, &bytes, NULL) != BWW_OK) {
        fprintf(stderr, "  split frames: bww_create or bww_frame_size failed: %s\n", message);
        return 1;
    }
    double *matrices = malloc(sizeof(double) * 16 * SUBVIEWS);
    void *into = malloc(bytes);
    if (!matrices || !into) return 1;
    attempts = 0;
    mode = FAIL_ALL;
    bww_status s[4];
    s[0] = bww_evaluate(w, 20);
    s[1] = bww_evaluate(w, 45);
    s[2] = bww_evaluate_into(w, 70, BWW_LAYOUT_FLOAT4X4, into, bytes);
    s[3] = bww_gather(w, 0, matrices, 16 * (size_t)SUBVIEWS);
    long tried = attempts;
    mode = PASS;
    /* Every subview moves alike: the last (in the partial last block) equals the first. */
    int failed = tried != 0 || memcmp(matrices, matrices + 16 * (SUBVIEWS - 1), sizeof(double) * 16) != 0 ||
                 matrices[12] == 0;
    for (int i = 0; i < 4; i++) failed |= s[i] != BWW_OK;
    if (failed)
        fprintf(stderr, "  split frames, every allocation failing: %ld allocations tried, statuses %d %d %d %d, m41 %g and %g\n",
                tried, s[0], s[1], s[2], s[3], matrices[12], matrices[16 * (SUBVIEWS - 1) + 12]);
    free(matrices);
    free(into);
    bww_destroy(w);
    return failed;
}

/* ---- (b) bww_create, big allocations failing ---- */

struct big_file {
    const char *name;
    int subviews;      /* the file's one page; or, when 0, a text of more than BIG bytes; -1, 10 MiB of 0xFF */
    bww_status status; /* expected */
    int staggered;     /* the page has `staggered_timeline` (its keyframes in tables a subview) */
};
/* Four tracks read at different times: per block of BWW_LANES subviews, 4 × 176 bytes of
 * segment state (a record index, bounds and flags a lane and track), one allocation: 20 MB at
 * 229376 subviews, past BIG, beside a frame of 15 MB, under it. */
static const char *const staggered_timeline =
    ", \"timeline\": {\"stagger\": 0.001, \"translation\": [{\"at\": 0, \"value\": [0, 40]}, {\"at\": 1, "
    "\"value\": [0, 0], \"easing\": \"easeOut\"}], \"scale\": [{\"at\": 0.5, \"value\": [0.5, 0.5]}], "
    "\"rotation\": [{\"at\": 0, \"value\": 0}, {\"at\": 1, \"value\": 1}], \"alpha\": [{\"at\": 0, \"value\": 0, "
    "\"easing\": [0.3, 0, 0.2, 1]}, {\"at\": 1, \"value\": 1}]}";
static const struct big_file big_files[] = {
    {"subviewCount 4194304 (224 MiB while reading)", BWW_MAX_SUBVIEWS, BWW_ERROR_OUT_OF_MEMORY, 0},
    {"subviewCount 262144 (14 MiB read, 17 MiB frame)", 262144, BWW_ERROR_OUT_OF_MEMORY, 0},
    {"a text of 17 MiB (parsed where it is)", 0, BWW_OK, 0},
    /* Ill-formed UTF-8 is repaired with U+FFFD, 3 bytes a byte: a 10 MiB copy becomes 30. */
    {"a text of 10 MiB of ill-formed UTF-8", -1, BWW_ERROR_OUT_OF_MEMORY, 0},
    {"subviewCount 229376 on a staggered timeline (15 MB frame, 20 MB keyframe segment state)", 229376,
     BWW_ERROR_OUT_OF_MEMORY, 1},
    {"subviewCount 229376 (15 MB frame)", 229376, BWW_OK, 0},
    {"subviewCount 3", 3, BWW_OK, 0},
    {"subviewCount 45 on a staggered timeline", 45, BWW_OK, 1},
};
enum { BIG_FILE_COUNT = sizeof big_files / sizeof big_files[0] };

static int big_file_child(int i) {
    const struct big_file *f = &big_files[i];
    const int ill_formed = f->subviews < 0;
    size_t length = f->subviews > 0 ? 512 : ill_formed ? (size_t)10 << 20 : BIG + ((size_t)1 << 20);
    char *json = malloc(length + 1);
    if (!json) return 1;
    memset(json, ill_formed ? 0xFF : ' ', length);
    int prefix = snprintf(json, 512, "{\"width\": 100, \"pages\": [{\"animateAlpha\": true, \"subviewCount\": %d%s}]}",
                          f->subviews > 0 ? f->subviews : 1, f->staggered ? staggered_timeline : "");
    if (f->subviews > 0) length = (size_t)prefix;
    else json[prefix] = ' ';  /* the terminator snprintf wrote: the text goes on in spaces */
    bww_walkthrough *w = (bww_walkthrough *)0x1;
    char message[256] = "";
    mode = FAIL_BIG;
    bww_status status = bww_create(json, length, &w, message, sizeof message);
    bww_status evaluated = status == BWW_OK ? bww_evaluate(w, 50) : BWW_OK;
    mode = PASS;
    int ok = status == f->status && (status == BWW_OK ? w != NULL && evaluated == BWW_OK : w == NULL) &&
             (status != BWW_ERROR_OUT_OF_MEMORY || strstr(message, "allocate") != NULL);
    if (!ok)
        fprintf(stderr, "  %s, allocations of %zu bytes or more failing: status %d (expected %d), handle %s, "
                        "evaluate %d, message \"%s\"\n",
                f->name, BIG, status, f->status, w ? "set" : "NULL", evaluated, message);
    else
        printf("  %s: status %d, \"%s\"\n", f->name, status, message);
    if (status == BWW_OK) bww_destroy(w);
    free(json);
    return !ok;
}

int main(void) {
    int passed = 0;
    for (int i = 0; i < FAILING_CALL_COUNT; i++) passed += in_child(failing_calls[i].name, failing_call_child, i);
    passed += in_child("BWW_MAX_MESSAGES + 1 distinct failures", many_messages_child, 0);
    printf("allocation_failure: %d of %d failing calls return their status and message with every allocation failing\n",
           passed, FAILING_CALL_COUNT + 1);
    in_child("bww_evaluate, bww_evaluate_into and the reads", succeeding_calls_child, 0);
    in_child("frames split across the worker threads", split_frames_child, 0);
    for (int i = 0; i < BIG_FILE_COUNT; i++) in_child(big_files[i].name, big_file_child, i);
    return check_report("allocation_failure");
}
