/* The walkthrough-wide keyframe limit as a file meets it: 32,768 subviews, each with its
 * own track of 64 keyframes, hold BWW_MAX_KEYFRAMES (2^21) and load; one subview more
 * with a single keyframe is refused with a message that names it, before its track is
 * read. A file of 40 MB: run by scripts/c-api-test.sh against the release library only,
 * not under the sanitizers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

enum { TRACK = 64, SUBVIEWS = BWW_MAX_KEYFRAMES / TRACK };

/* A walkthrough of SUBVIEWS subviews with a TRACK-keyframe rotation track each, then, with
 * `extra`, one more subview with a one-keyframe alpha track. The caller frees it. */
static char *file(int extra, size_t *length) {
    char track[TRACK * 32];
    size_t used = 0;
    for (int j = 0; j < TRACK; j++)
        used += (size_t)snprintf(track + used, sizeof track - used, "%s{\"at\":%d,\"value\":%d}", j ? "," : "", j, j);
    const char *head = "{\"width\":100,\"pages\":[{\"subviews\":[";
    const char *tail = extra ? ",{\"timeline\":{\"alpha\":[{\"at\":0,\"value\":1}]}}]}]}" : "]}]}";
    size_t per = used + 32;
    char *text = malloc(strlen(head) + (size_t)SUBVIEWS * per + strlen(tail) + 1);
    if (!text) return NULL;
    char *at = text + sprintf(text, "%s", head);
    for (int k = 0; k < SUBVIEWS; k++)
        at += sprintf(at, "%s{\"timeline\":{\"rotation\":[%s]}}", k ? "," : "", track);
    at += sprintf(at, "%s", tail);
    *length = (size_t)(at - text);
    return text;
}

int main(void) {
    char message[512];
    for (int extra = 0; extra < 2; extra++) {
        size_t length = 0;
        char *text = file(extra, &length);
        if (!text) {
            fprintf(stderr, "keyframe_limit: no memory for the file\n");
            return 1;
        }
        bww_walkthrough *w = NULL;
        bww_status status = bww_create(text, length, &w, message, sizeof message);
        if (!extra) {
            CHECK(status == BWW_OK && w, "%d subviews of %d keyframes (%zu bytes): status %d, %s", SUBVIEWS, TRACK, length,
                  status, message);
            CHECK(!w || bww_evaluate(w, 50) == BWW_OK, "bww_evaluate: %s", w ? bww_error_message(w) : "");
        } else {
            char expected[256];
            snprintf(expected, sizeof expected, "page 0, subview %d: key \"timeline.alpha\": 1 keyframe would exceed the "
                     "limit of %d per walkthrough (earlier tracks hold %d)", SUBVIEWS, BWW_MAX_KEYFRAMES, BWW_MAX_KEYFRAMES);
            CHECK(status == BWW_ERROR_INVALID_FILE && !w && strcmp(message, expected) == 0,
                  "one keyframe past the limit: status %d, \"%s\"", status, message);
        }
        bww_destroy(w);
        free(text);
    }
    return check_report("keyframe_limit");
}
