/* The walkthrough-wide keyframe limit as a file meets it: a page timeline of 28 keyframes
 * and 30,840 subviews, each with its own track of 64, count BWW_MAX_KEYFRAMES (2^21;
 * every timeline counts 4 besides its keyframes) and load; one subview more with a
 * timeline is refused with a message that names it, before its tracks are read. A file
 * of 38 MB: run by scripts/c-api-test.sh against the release library only, not under the
 * sanitizers. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bwwalkthrough.h"
#include "check.h"

/* What a timeline counts besides its keyframes (Walkthrough.keyframesPerTimeline). */
enum { TIMELINE = 4, TRACK = 64, SUBVIEWS = BWW_MAX_KEYFRAMES / (TIMELINE + TRACK) };
enum { PAGE_TRACK = BWW_MAX_KEYFRAMES - SUBVIEWS * (TIMELINE + TRACK) - TIMELINE };

/* `count` keyframes of a scalar track, at 0, 1, …, into `out`. */
static size_t track_of(char *out, size_t capacity, int count) {
    size_t used = 0;
    for (int j = 0; j < count; j++)
        used += (size_t)snprintf(out + used, capacity - used, "%s{\"at\":%d,\"value\":%d}", j ? "," : "", j, j);
    return used;
}

/* A page whose timeline has a PAGE_TRACK-keyframe track, with SUBVIEWS subviews with a
 * TRACK-keyframe rotation track each, then, with `extra`, one more subview with a
 * one-keyframe alpha track. The caller frees it. */
static char *file(int extra, size_t *length) {
    char track[TRACK * 32], page_track[TRACK * 32], head[TRACK * 32 + 128];
    size_t used = track_of(track, sizeof track, TRACK);
    track_of(page_track, sizeof page_track, PAGE_TRACK);
    snprintf(head, sizeof head, "{\"width\":100,\"pages\":[{\"timeline\":{\"alpha\":[%s]},\"subviews\":[", page_track);
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
            CHECK(status == BWW_OK && w, "%d subviews of %d keyframes, a page's %d (%zu bytes): status %d, %s", SUBVIEWS,
                  TRACK, PAGE_TRACK, length, status, message);
            CHECK(!w || bww_evaluate(w, 50) == BWW_OK, "bww_evaluate: %s", w ? bww_error_message(w) : "");
        } else {
            char expected[256];
            snprintf(expected, sizeof expected, "page 0, subview %d: key \"timeline\": a timeline would exceed the limit of "
                     "%d keyframes per walkthrough (a timeline counts as %d besides its keyframes; earlier timelines and "
                     "tracks hold %d)", SUBVIEWS, BWW_MAX_KEYFRAMES, TIMELINE, BWW_MAX_KEYFRAMES);
            CHECK(status == BWW_ERROR_INVALID_FILE && !w && strcmp(message, expected) == 0,
                  "one keyframe past the limit: status %d, \"%s\"", status, message);
        }
        bww_destroy(w);
        free(text);
    }
    return check_report("keyframe_limit");
}
