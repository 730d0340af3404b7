/* Reads a message after it expired (the header's Ownership: at the next bww_evaluate or
 * bww_evaluate_into), on purpose. scripts/c-api-sanitizers.sh runs it against the ASan
 * build of the library, once for each call named by argv[1] ("evaluate" or
 * "evaluate_into"), and expects AddressSanitizer's report of a read of poisoned memory
 * here: without the poison, the old pointer's text silently became a later message. */
#include <stdio.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

int main(int argc, char **argv) {
    const char *call = argc > 1 ? argv[1] : "";
    int into = strcmp(call, "evaluate_into") == 0;
    CHECK(into || strcmp(call, "evaluate") == 0, "argv[1] must be evaluate or evaluate_into, got \"%s\"", call);
    const char *json = "{ \"width\": 100, \"pages\": [ { \"subviewCount\": 3 } ] }";
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(json, strlen(json), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w || check_failures) return check_report("message_expiry");
    int64_t n = 0;
    bww_subview_count(w, 7, &n);
    const char *expired = bww_error_message(w);
    float frame[64];
    bww_status status = into ? bww_evaluate_into(w, 0, BWW_LAYOUT_FLOAT4X4, frame, sizeof frame) : bww_evaluate(w, 0);
    CHECK(status == BWW_OK, "bww_%s: %s", call, bww_status_string(status));
    /* The read under test: AddressSanitizer stops the program here. */
    volatile char first = expired[0];
    CHECK(0, "read the expired message after bww_%s without a report (first byte %d)", call, first);
    bww_destroy(w);
    return check_report("message_expiry");
}
