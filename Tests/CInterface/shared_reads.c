/* The read-only calls shared_handle.c leaves out, overlapping on one handle as the header
 * allows ("failing or not"): bww_page_blocks (and the frame's floats it points at),
 * bww_current_page, bww_frame_size and bww_page_location succeed on every page and layout
 * while the same threads fail bww_frame_size and bww_page_location with unknown layouts
 * (each failure records its message under the handle's lock) and read the latest message.
 * Every value is compared with what the main thread read alone before the threads started.
 * scripts/c-api-sanitizers.sh runs it against ASan and TSan builds of the library, where
 * any report fails the run. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"
#include "concurrent.h"

enum { THREADS = 4, ROUNDS = 4000, PAGES = 3, LAYOUTS = 3, BAD_LAYOUTS = 40 };

/* What the main thread read alone: the answers every thread must get. */
typedef struct {
    bww_walkthrough *w;
    const float *blocks[PAGES];
    float *copies[PAGES];
    int64_t block_counts[PAGES], subview_counts[PAGES], current_page;
    size_t frame_bytes[LAYOUTS], frame_alphas[LAYOUTS];
    size_t page_matrices[LAYOUTS][PAGES], page_alphas[LAYOUTS][PAGES];
    int failures[THREADS];
} expected_reads;

/* The unknown layouts the threads ask for: 3 … 22 and −1 … −20. */
static bww_layout bad_layout(int n) {
    return n % 2 ? 3 + n / 2 : -1 - n / 2;
}

/* 1 when `message` is the text of an unknown layout of ours, from one of the two calls. */
static int is_unknown_layout_message(const char *message) {
    char function[32];
    int layout = 0;
    if (sscanf(message, "%31[a-z_]: unknown layout %d;", function, &layout) != 2) return 0;
    if (strcmp(function, "bww_frame_size") != 0 && strcmp(function, "bww_page_location") != 0) return 0;
    return (layout >= 3 && layout < 3 + BAD_LAYOUTS / 2) || (layout <= -1 && layout > -1 - BAD_LAYOUTS / 2);
}

static void wrong(expected_reads *e, int id, int round, const char *what) {
    if (e->failures[id]++ < 5) fprintf(stderr, "FAIL thread %d round %d: %s\n", id, round, what);
}

static void reader(int id, void *context) {
    expected_reads *e = context;
    for (int round = 0; round < ROUNDS; round++) {
        int page = (round + id) % PAGES, layout = (round / PAGES + id) % LAYOUTS;
        const float *blocks = NULL;
        int64_t block_count = -1, subview_count = -1, current = -1;
        bww_status s = bww_page_blocks(e->w, page, &blocks, &block_count, &subview_count);
        if (s != BWW_OK || blocks != e->blocks[page] || block_count != e->block_counts[page] ||
            subview_count != e->subview_counts[page])
            wrong(e, id, round, "bww_page_blocks: another status, pointer or count than read alone");
        else if (block_count > 0 && memcmp(blocks, e->copies[page], (size_t)block_count * BWW_BLOCK_FLOATS * sizeof(float)) != 0)
            wrong(e, id, round, "bww_page_blocks: the frame's floats differ from those read alone");
        s = bww_current_page(e->w, &current);
        if (s != BWW_OK || current != e->current_page) wrong(e, id, round, "bww_current_page");

        size_t bytes = 0, alphas = 0, matrices = 0;
        s = bww_frame_size(e->w, layout, &bytes, &alphas);
        if (s != BWW_OK || bytes != e->frame_bytes[layout] || alphas != e->frame_alphas[layout])
            wrong(e, id, round, "bww_frame_size of a known layout");
        s = bww_page_location(e->w, layout, page, &matrices, &alphas);
        if (s != BWW_OK || matrices != e->page_matrices[layout][page] || alphas != e->page_alphas[layout][page])
            wrong(e, id, round, "bww_page_location of a known layout");

        bww_layout bad = bad_layout((round + id) % BAD_LAYOUTS);
        if (bww_frame_size(e->w, bad, &bytes, NULL) != BWW_ERROR_INVALID_VALUE)
            wrong(e, id, round, "bww_frame_size of an unknown layout is not BWW_ERROR_INVALID_VALUE");
        if (bww_page_location(e->w, bad, page, &matrices, NULL) != BWW_ERROR_INVALID_VALUE)
            wrong(e, id, round, "bww_page_location of an unknown layout is not BWW_ERROR_INVALID_VALUE");
        if (!is_unknown_layout_message(bww_error_message(e->w)))
            wrong(e, id, round, "bww_error_message is not one of the unknown-layout messages");
    }
}

int main(void) {
    const char *json = "{ \"width\": 100, \"pages\": [ { \"animateAlpha\": true, \"speed\": [0, 1], \"speedVariance\": [0.5, 1],"
                       " \"rotation\": { \"axis\": [1, 1, 1], \"angle\": 1.5, \"angleVariance\": 0.01, \"perspective\": 500 },"
                       " \"subviewCount\": 19 }, { \"animateAlpha\": true, \"subviewCount\": 3 }, { } ] }";
    expected_reads e = {0};
    char message[256];
    CHECK(bww_create(json, strlen(json), &e.w, message, sizeof message) == BWW_OK, "%s", message);
    if (!e.w) return check_report("shared_reads");
    CHECK(bww_evaluate(e.w, 130) == BWW_OK, "%s", bww_error_message(e.w));

    CHECK(bww_current_page(e.w, &e.current_page) == BWW_OK && e.current_page == 1, "current page %lld at x 130",
          (long long)e.current_page);
    for (int page = 0; page < PAGES; page++) {
        CHECK(bww_page_blocks(e.w, page, &e.blocks[page], &e.block_counts[page], &e.subview_counts[page]) == BWW_OK,
              "page %d: %s", page, bww_error_message(e.w));
        size_t bytes = (size_t)e.block_counts[page] * BWW_BLOCK_FLOATS * sizeof(float);
        e.copies[page] = malloc(bytes ? bytes : 1);
        CHECK(e.copies[page] != NULL, "page %d: no memory for a copy of %zu bytes", page, bytes);
        if (!e.copies[page]) return check_report("shared_reads");
        if (bytes) memcpy(e.copies[page], e.blocks[page], bytes); /* page 2 has no blocks */
    }
    CHECK(e.subview_counts[0] == 19 && e.block_counts[0] == 3 && e.subview_counts[2] == 0, "pages 0 and 2: %lld subviews in %lld blocks, %lld",
          (long long)e.subview_counts[0], (long long)e.block_counts[0], (long long)e.subview_counts[2]);
    for (int layout = 0; layout < LAYOUTS; layout++) {
        CHECK(bww_frame_size(e.w, layout, &e.frame_bytes[layout], &e.frame_alphas[layout]) == BWW_OK, "layout %d", layout);
        for (int page = 0; page < PAGES; page++) {
            CHECK(bww_page_location(e.w, layout, page, &e.page_matrices[layout][page], &e.page_alphas[layout][page]) == BWW_OK,
                  "layout %d page %d", layout, page);
        }
    }
    /* The pages sit at different offsets, so a thread given another page's answer fails. */
    CHECK(e.page_matrices[1][1] != e.page_matrices[1][0] && e.frame_bytes[1] != e.frame_bytes[2], "layout tables differ");

    CHECK(run_concurrently(THREADS, reader, &e), "the %d readers did not overlap", THREADS);
    for (int i = 0; i < THREADS; i++) {
        CHECK(e.failures[i] == 0, "thread %d: %d wrong results of %d rounds", i, e.failures[i], ROUNDS);
    }
    CHECK(is_unknown_layout_message(bww_error_message(e.w)), "latest message: %s", bww_error_message(e.w));
    for (int page = 0; page < PAGES; page++) free(e.copies[page]);
    bww_destroy(e.w);
    return check_report("shared_reads");
}
