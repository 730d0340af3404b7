/* A message pointer stays valid, and its text unchanged, across later failed calls until
 * the next bww_evaluate, as the header promises; identical messages are stored once, and
 * past BWW_MAX_MESSAGES distinct ones the handle stops storing new ones. Run against an
 * ASan build of the library too, which reports any read of a freed message. */
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
    bww_destroy(w);
    return check_report("message_lifetime");
}
