/* A call on a `const bww_walkthrough *` writes nothing in the handle:
 *   1. on success, no byte of the page that holds the handle object is written: the page
 *      is made read-only around each call, and a write would fault (the SIGSEGV handler
 *      records it, makes the page writable again and lets the call go on);
 *   2. succeeding or failing, no reference count is touched: this program defines the Swift
 *      runtime's retain and release entry points (linked with -rdynamic, so the library's
 *      calls bind to these), which count while `counting` is set and forward to the
 *      runtime's own (dlsym RTLD_NEXT). A retain writes the object's count, and threads
 *      reading one handle would contend for it. scripts/c-api-test.sh checks that these
 *      are all the library imports (on x86-64 Linux they take the C calling convention).
 * A failing call records its message in the handle's message storage, under its lock, as
 * the header says; that is the one write a read may make, and it is not to the handle's
 * own page or a count. Run by scripts/c-api-test.sh against the release library with the
 * Swift runtime linked dynamically (the self-contained build binds these calls inside); the
 * promise is the optimized library's: a debug build retains what the handle holds. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bwwalkthrough.h"
#include "check.h"

/* ---- reference counts ---- */

static volatile int counting;
static long counted;

typedef void *(*one_fn)(void *);
typedef void *(*n_fn)(void *, uint32_t);
static one_fn real_retain, real_release, real_bridge_retain, real_bridge_release;
static n_fn real_retain_n, real_release_n, real_bridge_retain_n, real_bridge_release_n;

static void *runtime(const char *name);

/* Each forwarder finds the runtime's own entry on its first call, wherever that is. */
#define FORWARD_ONE(name, real)                                   \
    void *name(void *object) {                                    \
        if (!real) real = (one_fn)runtime(#name);                 \
        if (counting) counted++;                                  \
        return real(object);                                      \
    }
#define FORWARD_N(name, real)                                     \
    void *name(void *object, uint32_t n) {                        \
        if (!real) real = (n_fn)runtime(#name);                   \
        if (counting) counted++;                                  \
        return real(object, n);                                   \
    }
FORWARD_ONE(swift_retain, real_retain)
FORWARD_ONE(swift_release, real_release)
FORWARD_ONE(swift_bridgeObjectRetain, real_bridge_retain)
FORWARD_ONE(swift_bridgeObjectRelease, real_bridge_release)
FORWARD_N(swift_retain_n, real_retain_n)
FORWARD_N(swift_release_n, real_release_n)
FORWARD_N(swift_bridgeObjectRetain_n, real_bridge_retain_n)
FORWARD_N(swift_bridgeObjectRelease_n, real_bridge_release_n)

static void *runtime(const char *name) {
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "const_reads: the Swift runtime has no %s\n", name);
        _exit(1);
    }
    return f;
}

/* ---- writes to the handle's page ---- */

static uintptr_t page_start;
static long page_size;
static volatile sig_atomic_t faults;
static volatile uintptr_t fault_address;

static void on_segv(int signal, siginfo_t *info, void *context) {
    (void)signal, (void)context;
    uintptr_t at = (uintptr_t)info->si_addr;
    if (at >= page_start && at < page_start + (uintptr_t)page_size) {
        if (!faults) fault_address = at;
        faults++;
        mprotect((void *)page_start, (size_t)page_size, PROT_READ | PROT_WRITE);
        return;
    }
    static const char text[] = "const_reads: a fault outside the handle's page\n";
    write(2, text, sizeof text - 1);
    _exit(1);
}

/* Runs `call` with the handle's page read-only (`protect`) and the counts counted; checks
 * its status, no count, and with `protect` no write to the page. */
#define READ(w, protect, expected, call)                                                         \
    do {                                                                                         \
        faults = 0, counted = 0;                                                                 \
        if (protect) mprotect((void *)page_start, (size_t)page_size, PROT_READ);                 \
        counting = 1;                                                                            \
        bww_status status_ = (call);                                                             \
        counting = 0;                                                                            \
        if (protect) mprotect((void *)page_start, (size_t)page_size, PROT_READ | PROT_WRITE);    \
        CHECK(status_ == (expected), "%s: status %d, expected %d", #call, status_, expected);    \
        CHECK(counted == 0, "%s: %ld retains or releases", #call, counted);                      \
        CHECK(faults == 0, "%s: wrote the handle's page at handle%+ld", #call,                   \
              (long)(fault_address - (uintptr_t)(w)));                                           \
    } while (0)

int main(void) {
    /* A page of each kind the reads serve: plain with alphas, Zoom, and staggered keyframes. */
    const char *json =
        "{ \"width\": 100, \"pages\": ["
        "  { \"speed\": [1, 2], \"animateAlpha\": true, \"subviewCount\": 21 },"
        "  { \"animationType\": \"Zoom\", \"subviewCount\": 9 },"
        "  { \"subviewCount\": 10, \"timeline\": { \"stagger\": 0.1,"
        "      \"translation\": [ {\"at\": 0, \"value\": [0, 200]}, {\"at\": 1, \"value\": [0, 0]} ] } } ] }";
    bww_walkthrough *w = NULL;
    char message[256];
    if (bww_create(json, strlen(json), &w, message, sizeof message) != BWW_OK) {
        fprintf(stderr, "const_reads: bww_create: %s\n", message);
        return 1;
    }
    CHECK(bww_evaluate(w, 60) == BWW_OK, "bww_evaluate(60)");
    const bww_walkthrough *c = w;

    page_size = sysconf(_SC_PAGESIZE);
    page_start = (uintptr_t)w & ~(uintptr_t)(page_size - 1);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_segv;
    action.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &action, NULL);

    /* Outputs on the stack, never on the handle's page. */
    int64_t n = 0;
    double d = 0, matrices[16 * 21], alphas[21];
    int32_t animated = 0;
    const float *blocks = NULL;
    size_t bytes = 0, offset = 0;
    /* Unprotected first: anything a first call does once (the runtime's lazy work, the
     * allocator) is done before the page is made read-only. */
    for (int protect = 0; protect <= 1; protect++) {
        for (int64_t page = 0; page < 3; page++) {
            READ(w, protect, BWW_OK, bww_page_count(c, &n));
            READ(w, protect, BWW_OK, bww_subview_count(c, page, &n));
            READ(w, protect, BWW_OK, bww_current_page(c, &n));
            READ(w, protect, BWW_OK, bww_page_offset(c, page, &d, &animated));
            READ(w, protect, BWW_OK, bww_page_blocks(c, page, &blocks, &n, NULL));
            READ(w, protect, BWW_OK, bww_gather(c, page, matrices, 16 * 21));
            READ(w, protect, BWW_OK, bww_alphas(c, page, alphas, 21));
            READ(w, protect, BWW_OK, bww_alpha(c, page, 3, &d));
            READ(w, protect, BWW_OK, bww_transform(c, page, 8, matrices));
            for (bww_layout layout = 0; layout < 3; layout++) {
                READ(w, protect, BWW_OK, bww_frame_size(c, layout, &bytes, &offset));
                READ(w, protect, BWW_OK, bww_page_location(c, layout, page, &bytes, &offset));
            }
        }
    }
    /* Failures write their message (not on the handle's page, but the allocator may have
     * put the message storage there), so only the counts are checked. */
    READ(w, 0, BWW_ERROR_NULL_ARGUMENT, bww_page_count(c, NULL));
    READ(w, 0, BWW_ERROR_OUT_OF_RANGE, bww_subview_count(c, 3, &n));
    READ(w, 0, BWW_ERROR_NULL_ARGUMENT, bww_current_page(c, NULL));
    READ(w, 0, BWW_ERROR_OUT_OF_RANGE, bww_page_offset(c, -1, &d, &animated));
    READ(w, 0, BWW_ERROR_NULL_ARGUMENT, bww_page_blocks(c, 0, NULL, NULL, NULL));
    READ(w, 0, BWW_ERROR_BUFFER_TOO_SMALL, bww_gather(c, 0, matrices, 16));
    READ(w, 0, BWW_ERROR_OUT_OF_RANGE, bww_gather(c, 7, matrices, 16 * 21));
    READ(w, 0, BWW_ERROR_NULL_ARGUMENT, bww_alphas(c, 0, NULL, 21));
    READ(w, 0, BWW_ERROR_OUT_OF_RANGE, bww_alpha(c, 0, 21, &d));
    READ(w, 0, BWW_ERROR_NULL_ARGUMENT, bww_transform(c, 0, 0, NULL));
    READ(w, 0, BWW_ERROR_INVALID_VALUE, bww_frame_size(c, 3, &bytes, NULL));
    READ(w, 0, BWW_ERROR_OUT_OF_RANGE, bww_page_location(c, 0, 3, &bytes, NULL));
    counted = 0, counting = 1;
    const char *latest = bww_error_message(c);
    counting = 0;
    CHECK(counted == 0, "bww_error_message: %ld retains or releases", counted);
    CHECK(latest && strstr(latest, "bww_page_location") == NULL && strstr(latest, "page 3") != NULL,
          "bww_error_message: \"%s\"", latest ? latest : "(null)");

    /* The counter counts: a call that may retain (bww_evaluate keeps no such promise) is
     * seen, so a zero above is not the interposition failing to bind. */
    counted = 0, counting = 1;
    bww_walkthrough *other = NULL;
    bww_status made = bww_create(json, strlen(json), &other, message, sizeof message);
    counting = 0;
    CHECK(made == BWW_OK && counted > 0, "bww_create: status %d, %ld retains or releases counted", made, counted);
    bww_destroy(other);
    bww_destroy(w);
    return check_report("const_reads");
}
