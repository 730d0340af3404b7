/* The edges of the integer types: size_t lengths and capacities up to SIZE_MAX are read
 * unsigned, int64_t indices at both ends are out of range, the documented maxima hold,
 * and a message truncated into a short buffer ends on a whole UTF-8 character. */
#include <stdint.h>
#include <string.h>

#include "c_api_test.h"

static void lengths(void) {
    bww_walkthrough *w = (bww_walkthrough *)0x1;
    char message[256];
    const size_t too_long[2] = {SIZE_MAX, BWW_MAX_JSON_LENGTH + 1};
    for (int i = 0; i < 2; i++) {
        bww_status status = bww_create(small_walkthrough, too_long[i], &w, message, sizeof message);
        CHECK(status == BWW_ERROR_INVALID_VALUE && w == NULL && strstr(message, "BWW_MAX_JSON_LENGTH"),
              "length %zu: status %d, %s", too_long[i], status, message);
    }
    char subviews[128];
    snprintf(subviews, sizeof subviews, "{\"width\": 1, \"pages\": [{\"subviewCount\": %d}]}", BWW_MAX_SUBVIEWS + 1);
    bww_status status = bww_create(subviews, strlen(subviews), &w, message, SIZE_MAX);
    CHECK(status == BWW_ERROR_INVALID_FILE && strstr(message, "4194304"),
          "BWW_MAX_SUBVIEWS + 1 subviews (error capacity SIZE_MAX): status %d, %s", status, message);
}

static void capacities_and_indices(void) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(small_walkthrough, strlen(small_walkthrough), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return;
    bww_evaluate(w, 50);
    double exact[48], huge[48], alphas[3];
    bww_gather(w, 0, exact, 48);
    bww_status status = bww_gather(w, 0, huge, SIZE_MAX);
    CHECK(status == BWW_OK && memcmp(exact, huge, sizeof exact) == 0, "bww_gather capacity SIZE_MAX: status %d, %s",
          status, bww_error_message(w));
    status = bww_alphas(w, 0, alphas, SIZE_MAX);
    CHECK(status == BWW_OK && alphas[0] == 1 && NEAR(alphas[1], 0.5, 1e-6), "bww_alphas capacity SIZE_MAX: status %d, %s",
          status, bww_error_message(w));

    int64_t n = 0;
    double d = 0;
    const int64_t pages[3] = {INT64_MIN, -1, INT64_MAX};
    for (int i = 0; i < 3; i++) {
        status = bww_subview_count(w, pages[i], &n);
        CHECK(status == BWW_ERROR_OUT_OF_RANGE, "page %lld: status %d", (long long)pages[i], status);
        char expected[64];
        snprintf(expected, sizeof expected, "page %lld", (long long)pages[i]);
        CHECK(strstr(bww_error_message(w), expected), "page %lld: %s", (long long)pages[i], bww_error_message(w));
        status = bww_alpha(w, 0, pages[i], &d);
        CHECK(status == BWW_ERROR_OUT_OF_RANGE, "subview %lld: status %d", (long long)pages[i], status);
    }
    bww_destroy(w);
}

/* Where a message cut into `capacity` bytes must end: the last character boundary that
 * leaves room for the terminator. */
static size_t boundary(const char *full, size_t capacity) {
    size_t length = strlen(full), end = capacity - 1 < length ? capacity - 1 : length;
    while (end > 0 && end < length && ((unsigned char)full[end] & 0xC0) == 0x80) end--;
    return end;
}

static void utf8_truncation(void) {
    /* The message says "m34 = −1/d": "−" is 3 bytes, so some capacities cut into it. */
    const char *tiny = "{\"width\": 1, \"pages\": [{\"rotation\": {\"axis\": [0, 0, 1], \"perspective\": 1e-320}}]}";
    bww_walkthrough *w = NULL;
    char full[256], cut[256];
    bww_create(tiny, strlen(tiny), &w, full, sizeof full);
    int multibyte = 0;
    for (const char *c = full; *c; c++) multibyte |= (unsigned char)*c >= 0x80;
    CHECK(multibyte, "the message has no multi-byte character to cut: %s", full);
    for (size_t capacity = 1; capacity <= strlen(full) + 1; capacity++) {
        memset(cut, 'x', sizeof cut);
        bww_create(tiny, strlen(tiny), &w, cut, capacity);
        size_t end = boundary(full, capacity);
        CHECK(strlen(cut) == end && memcmp(cut, full, end) == 0, "capacity %zu: got \"%s\" (%zu bytes), want %zu bytes of \"%s\"",
              capacity, cut, strlen(cut), end, full);
    }
}

void limits(void) {
    lengths();
    capacities_and_indices();
    utf8_truncation();
}
