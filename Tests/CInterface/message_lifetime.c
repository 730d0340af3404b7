/* A message pointer stays valid, and its text unchanged, across later failed calls until
 * the next bww_evaluate or bww_evaluate_into, as the header's Ownership says; identical
 * messages are stored once, and past BWW_MAX_MESSAGES distinct ones the handle stops
 * storing new ones. Run against an ASan build of the library too, which poisons expired
 * messages: this program reads none (message_expiry.c does, on purpose). */
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

int main(void) {
    const char *json = "{ \"width\": 100, \"pages\": [ { \"subviewCount\": 3 } ] }";
    bww_walkthrough *w = NULL;
    char message[256], kept[256];
    CHECK(bww_create(json, strlen(json), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return check_report("message_lifetime");
    int64_t n = 0;
    double d = 0;

    bww_subview_count(w, 7, &n);
    const char *held = bww_error_message(w);
    snprintf(kept, sizeof kept, "%s", held);
    CHECK(strstr(kept, "page 7"), "first message: %s", kept);

    bww_alpha(w, 0, 9, &d);
    bww_page_count(w, NULL);
    bww_subview_count(w, 8, &n);
    CHECK(strcmp(held, kept) == 0, "held message after 3 other failures: \"%s\", was \"%s\"", held, kept);
    bww_subview_count(w, 7, &n);
    CHECK(bww_error_message(w) == held, "the same failure again gives the stored message, not a copy");

    /* Past the cap: new messages read as one fixed text, stored ones stay as they were. */
    for (int64_t page = 1000; page < 1000 + BWW_MAX_MESSAGES + 100; page++) bww_subview_count(w, page, &n);
    CHECK(strstr(bww_error_message(w), "too many"), "after %d distinct messages: %s", BWW_MAX_MESSAGES + 100,
          bww_error_message(w));
    CHECK(strcmp(held, kept) == 0, "held message past the cap: \"%s\", was \"%s\"", held, kept);
    bww_subview_count(w, 7, &n);
    CHECK(bww_error_message(w) == held, "a stored message is still handed out past the cap");

    /* bww_evaluate releases them (held must not be read from here on) and lifts the cap. */
    CHECK(bww_evaluate(w, 0) == BWW_OK && strcmp(bww_error_message(w), "") == 0, "after bww_evaluate: %s", bww_error_message(w));
    bww_subview_count(w, 5000, &n);
    CHECK(strstr(bww_error_message(w), "page 5000"), "a new message after bww_evaluate: %s", bww_error_message(w));

    /* bww_evaluate_into releases them just the same, failing or not. */
    size_t bytes = 0;
    CHECK(bww_frame_size(w, BWW_LAYOUT_FLOAT4X4, &bytes, NULL) == BWW_OK && bytes > 0, "frame size %zu", bytes);
    float frame[64];
    CHECK(bytes <= sizeof frame, "a frame of %zu bytes", bytes);
    bww_subview_count(w, 6000, &n);
    held = bww_error_message(w);
    snprintf(kept, sizeof kept, "%s", held);
    bww_alpha(w, 0, 9, &d);
    CHECK(strcmp(held, kept) == 0 && strstr(kept, "page 6000"), "held message before bww_evaluate_into: \"%s\", was \"%s\"", held, kept);
    CHECK(bww_evaluate_into(w, 0, BWW_LAYOUT_FLOAT4X4, frame, sizeof frame) == BWW_OK && strcmp(bww_error_message(w), "") == 0,
          "after bww_evaluate_into: %s", bww_error_message(w));
    CHECK(bww_evaluate_into(w, 0, BWW_LAYOUT_FLOAT4X4, frame, 1) == BWW_ERROR_BUFFER_TOO_SMALL
          && strstr(bww_error_message(w), "bww_evaluate_into"), "a failing bww_evaluate_into's own message: %s", bww_error_message(w));
    bww_subview_count(w, 6000, &n);
    CHECK(strstr(bww_error_message(w), "page 6000"), "the same failure after bww_evaluate_into: %s", bww_error_message(w));
    bww_destroy(w);
    return check_report("message_lifetime");
}
