/* 60 frames of the storyboard scenario (6 pages): every page gathered every frame, every
 * field finite, the last row of each transform (m43, m44) untouched. */
#include <stdlib.h>

#include "c_api_test.h"

static char *read_file(const char *path, size_t *length) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    *length = text ? fread(text, 1, (size_t)size, f) : 0;
    fclose(f);
    return text;
}

void scenario(const char *path) {
    size_t length = 0;
    char *text = read_file(path, &length);
    CHECK(text != NULL, "cannot read %s", path);
    if (!text) return;
    bww_walkthrough *w = NULL;
    char message[512];
    CHECK(bww_create(text, length, &w, message, sizeof message) == BWW_OK, "%s: %s", path, message);
    free(text);
    if (!w) return;
    int64_t pages = 0;
    bww_page_count(w, &pages);
    CHECK(pages == 6, "storyboard has %lld pages", (long long)pages);
    for (int frame = 0; frame < 60; frame++) {
        double x = -200 + frame * 40.0;
        CHECK(bww_evaluate(w, x) == BWW_OK, "frame at %g: %s", x, bww_error_message(w));
        for (int64_t p = 0; p < pages; p++) {
            int64_t count = 0;
            bww_subview_count(w, p, &count);
            double *m = malloc(sizeof(double) * 16 * (size_t)(count ? count : 1));
            CHECK(bww_gather(w, p, m, 16 * (size_t)count) == BWW_OK, "x %g page %lld: %s", x, (long long)p, bww_error_message(w));
            for (int64_t i = 0; i < 16 * count; i++) {
                CHECK(isfinite(m[i]), "x %g page %lld field %lld", x, (long long)p, (long long)i);
            }
            for (int64_t k = 0; k < count; k++) {
                CHECK(m[16 * k + 15] == 1 && m[16 * k + 14] == 0, "m43 m44 of x %g page %lld subview %lld", x, (long long)p, (long long)k);
            }
            free(m);
        }
    }
    bww_destroy(w);
}
