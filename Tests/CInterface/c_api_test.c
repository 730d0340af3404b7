/* The C interface from C: load walkthroughs, evaluate frames, check known values, walk
 * every error path. Built and run by scripts/c-api-test.sh (and so by CI). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bwwalkthrough.h"

static int failures = 0, checks = 0;

#define CHECK(cond, ...)                                                      \
    do {                                                                      \
        checks++;                                                             \
        if (!(cond)) {                                                        \
            failures++;                                                       \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);   \
            fprintf(stderr, __VA_ARGS__);                                     \
            fprintf(stderr, "\n");                                            \
        }                                                                     \
    } while (0)

#define NEAR(a, b, tol) (fabs((double)(a) - (double)(b)) <= (tol))

static const char *small =
    "{ \"width\": 100, \"pages\": ["
    "  { \"speed\": [0, 1], \"speedVariance\": [0, 2], \"staticTags\": \"5\", \"animateAlpha\": true,"
    "    \"subviews\": [ {\"tag\": 5}, {}, {} ] },"
    "  { \"animationType\": \"Zoom\", \"subviewCount\": 20 },"
    "  { } ] }";

static void known_values(void) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(small, strlen(small), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return;
    long pages = 0, count = 0, current = -1;
    CHECK(bww_page_count(w, &pages) == BWW_OK && pages == 3, "pages %ld", pages);
    CHECK(bww_subview_count(w, 1, &count) == BWW_OK && count == 20, "count %ld", count);

    CHECK(bww_evaluate(w, 50) == BWW_OK, "%s", bww_error_message(w));
    CHECK(bww_current_page(w, &current) == BWW_OK && current == 0, "current %ld", current);
    double offset = 0;
    int animated = 0;
    const double expected[3] = {1.5, 0.5, -0.5};
    for (long p = 0; p < 3; p++) {
        CHECK(bww_page_offset(w, p, &offset, &animated) == BWW_OK && offset == expected[p] && animated == 1,
              "page %ld offset %g animated %d", p, offset, animated);
    }

    /* Page 0, Linear at o = 1.5: subview 1 moves with s = (0, 1 + 2·2) by 100·(1 − 1.5)·5. */
    double m[48];
    CHECK(bww_gather(w, 0, m, 48) == BWW_OK, "%s", bww_error_message(w));
    CHECK(m[0] == 1 && m[5] == 1 && m[10] == 1 && m[15] == 1 && m[12] == 0 && m[13] == 0, "static subview 0 is the identity");
    CHECK(NEAR(m[16 + 13], -250, 1e-3) && m[16 + 12] == 0, "m42 %g", m[16 + 13]);
    CHECK(NEAR(m[32 + 13], -350, 1e-3), "m42 %g", m[32 + 13]);
    double alpha = 0;
    CHECK(bww_alpha(w, 0, 1, &alpha) == BWW_OK && NEAR(alpha, 0.5, 1e-6), "alpha %g", alpha);
    CHECK(bww_alpha(w, 0, 0, &alpha) == BWW_OK && alpha == 1, "static alpha %g", alpha);

    /* Page 1, Zoom at o = 0.5: m11 = m22 = 0.5, read through the block layout. */
    const float *blocks = NULL;
    long block_count = 0, subviews = 0;
    CHECK(bww_page_blocks(w, 1, &blocks, &block_count, &subviews) == BWW_OK && blocks && block_count == 3 && subviews == 20,
          "blocks %ld subviews %ld", block_count, subviews);
    if (blocks) {
        long k = 17;
        const float *block = blocks + (k / BWW_LANES) * BWW_BLOCK_FLOATS;
        CHECK(block[0 * BWW_LANES + k % BWW_LANES] == 0.5f && block[5 * BWW_LANES + k % BWW_LANES] == 0.5f &&
                  block[16 * BWW_LANES + k % BWW_LANES] == 1.0f,
              "zoom m11 %g", block[k % BWW_LANES]);
    }

    /* Scroll on: page 0 leaves the window and keeps its last frame. */
    CHECK(bww_evaluate(w, 250) == BWW_OK, "%s", bww_error_message(w));
    CHECK(bww_current_page(w, &current) == BWW_OK && current == 2, "current %ld", current);
    CHECK(bww_page_offset(w, 0, &offset, &animated) == BWW_OK && offset == 3.5, "offset %g", offset);
    CHECK(animated == 0, "page 0 must be outside the window at x = 250 (offset %g)", offset);
    double again[48];
    CHECK(bww_gather(w, 0, again, 48) == BWW_OK && memcmp(again, m, sizeof m) == 0, "page 0 kept its frame");
    bww_destroy(w);
}

static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    *length = fread(text, 1, (size_t)size, f);
    fclose(f);
    return text;
}

static void scenario(const char *path) {
    size_t length = 0;
    char *text = read_file(path, &length);
    CHECK(text != NULL, "cannot read %s", path);
    if (!text) return;
    bww_walkthrough *w = NULL;
    char message[512];
    CHECK(bww_create(text, length, &w, message, sizeof message) == BWW_OK, "%s", message);
    free(text);
    if (!w) return;
    long pages = 0;
    bww_page_count(w, &pages);
    CHECK(pages == 6, "storyboard has %ld pages", pages);
    for (int frame = 0; frame < 60; frame++) {
        double x = -200 + frame * 40.0;
        CHECK(bww_evaluate(w, x) == BWW_OK, "frame at %g: %s", x, bww_error_message(w));
        for (long p = 0; p < pages; p++) {
            long count = 0;
            int animated = 0;
            bww_subview_count(w, p, &count);
            bww_page_offset(w, p, NULL, &animated);
            double *m = malloc(sizeof(double) * 16 * (size_t)(count ? count : 1));
            CHECK(bww_gather(w, p, m, 16 * (size_t)count) == BWW_OK, "%s", bww_error_message(w));
            for (long i = 0; i < 16 * count; i++) CHECK(isfinite(m[i]), "page %ld field %ld", p, i);
            for (long k = 0; k < count; k++) CHECK(m[16 * k + 15] == 1 && m[16 * k + 14] == 0, "m43 m44 of page %ld", p);
            free(m);
        }
    }
    bww_destroy(w);
}

static void errors(void) {
    char message[256] = "untouched";
    bww_walkthrough *w = (bww_walkthrough *)0x1;
    CHECK(bww_create(NULL, 0, &w, message, sizeof message) == BWW_ERROR_NULL_ARGUMENT && w == NULL, "null json");
    CHECK(strstr(message, "NULL") != NULL, "%s", message);
    CHECK(bww_create(small, strlen(small), NULL, NULL, 0) == BWW_ERROR_NULL_ARGUMENT, "null out");

    const char *bad = "{\"width\": 100, \"pages\": [";
    CHECK(bww_create(bad, strlen(bad), &w, message, sizeof message) == BWW_ERROR_INVALID_FILE && w == NULL, "truncated");
    CHECK(strstr(message, "invalid JSON") != NULL, "%s", message);
    const char *type = "{\"width\": 100, \"pages\": [{\"animationType\": \"linear\"}]}";
    CHECK(bww_create(type, strlen(type), &w, message, sizeof message) == BWW_ERROR_INVALID_FILE, "bad type");
    CHECK(strstr(message, "page 0") && strstr(message, "animationType"), "%s", message);
    char tiny[8];
    CHECK(bww_create(type, strlen(type), &w, tiny, sizeof tiny) == BWW_ERROR_INVALID_FILE && strlen(tiny) == 7, "truncated message");
    CHECK(bww_create(type, 5, &w, NULL, 0) == BWW_ERROR_INVALID_FILE, "a prefix of the text is not JSON");

    long n = 0;
    double d = 0;
    const float *blocks = NULL;
    CHECK(bww_page_count(NULL, &n) == BWW_ERROR_NULL_ARGUMENT, "null handle");
    CHECK(bww_evaluate(NULL, 0) == BWW_ERROR_NULL_ARGUMENT, "null handle");
    CHECK(strlen(bww_error_message(NULL)) > 0, "message for a null handle");
    bww_destroy(NULL);

    CHECK(bww_create(small, strlen(small), &w, message, sizeof message) == BWW_OK, "%s", message);
    CHECK(strcmp(bww_error_message(w), "") == 0, "no error yet");
    CHECK(bww_page_count(w, NULL) == BWW_ERROR_NULL_ARGUMENT, "null count");
    CHECK(bww_subview_count(w, 3, &n) == BWW_ERROR_OUT_OF_RANGE, "page 3");
    CHECK(strstr(bww_error_message(w), "page 3") != NULL, "%s", bww_error_message(w));
    CHECK(bww_subview_count(w, -1, &n) == BWW_ERROR_OUT_OF_RANGE, "page -1");
    CHECK(bww_page_offset(w, 99, &d, NULL) == BWW_ERROR_OUT_OF_RANGE, "page 99");
    CHECK(bww_page_blocks(w, 7, &blocks, NULL, NULL) == BWW_ERROR_OUT_OF_RANGE, "page 7");
    CHECK(bww_page_blocks(w, 0, NULL, NULL, NULL) == BWW_ERROR_NULL_ARGUMENT, "null blocks");
    CHECK(bww_evaluate(w, NAN) == BWW_ERROR_INVALID_VALUE, "NaN scroll");
    CHECK(bww_evaluate(w, INFINITY) == BWW_ERROR_INVALID_VALUE, "infinite scroll");
    CHECK(strstr(bww_error_message(w), "finite") != NULL, "%s", bww_error_message(w));
    double m[48];
    CHECK(bww_gather(w, 0, m, 47) == BWW_ERROR_BUFFER_TOO_SMALL, "short buffer");
    CHECK(strstr(bww_error_message(w), "48") != NULL, "%s", bww_error_message(w));
    CHECK(bww_gather(w, 0, NULL, 48) == BWW_ERROR_NULL_ARGUMENT, "null buffer");
    CHECK(bww_gather(w, 2, NULL, 0) == BWW_OK, "an empty page needs no buffer");
    CHECK(bww_gather(w, 5, m, 48) == BWW_ERROR_OUT_OF_RANGE, "page 5");
    CHECK(bww_alpha(w, 0, 3, &d) == BWW_ERROR_OUT_OF_RANGE, "subview 3");
    CHECK(bww_alpha(w, 0, 0, NULL) == BWW_ERROR_NULL_ARGUMENT, "null alpha");
    CHECK(strcmp(bww_status_string(BWW_ERROR_BUFFER_TOO_SMALL), "buffer too small") == 0, "status string");
    bww_destroy(w);
}

int main(int argc, char **argv) {
    known_values();
    errors();
    scenario(argc > 1 ? argv[1] : "Benchmarks/Scenarios/storyboard.json");
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures == 0 ? 0 : 1;
}
