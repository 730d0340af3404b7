/* bww_create on a generated walkthrough, for scripts/c-api-ulimit-sweep.sh, which runs it
 * under a range of address-space limits (ulimit -v): whatever the limit, bww_create must
 * return a status (BWW_OK or BWW_ERROR_OUT_OF_MEMORY), never end the process. Prints the
 * status and the message on one line and exits 0; a crash or abort is the failure.
 *
 *   create_under_limit staggered PAGES      PAGES pages of 64 subviews, each with a staggered
 *                                           timeline of four tracks (8,192 pages: 2.7 MB)
 *   create_under_limit distinct TIMELINES   one page of TIMELINES subviews, each with a
 *                                           timeline of its own, all distinct */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bwwalkthrough.h"

static const char staggered_page[] =
    "{\"animateAlpha\": true, \"subviewCount\": 64, \"timeline\": {\"stagger\": 0.001, \"translation\": "
    "[{\"at\": 0, \"value\": [0, 40]}, {\"at\": 1, \"value\": [0, 0], \"easing\": \"easeOut\"}], \"scale\": "
    "[{\"at\": 0.5, \"value\": [0.5, 0.5]}], \"rotation\": [{\"at\": 0, \"value\": 0}, {\"at\": 1, \"value\": 1}], "
    "\"alpha\": [{\"at\": 0, \"value\": 0, \"easing\": [0.3, 0, 0.2, 1]}, {\"at\": 1, \"value\": 1}]}}";

int main(int argc, char **argv) {
    long count = argc == 3 ? strtol(argv[2], NULL, 10) : 0;
    int staggered = argc == 3 && strcmp(argv[1], "staggered") == 0;
    if (count < 1 || (!staggered && strcmp(argv[1], "distinct") != 0)) {
        fprintf(stderr, "usage: create_under_limit staggered PAGES | distinct TIMELINES\n");
        return 2;
    }
    size_t capacity = 64 + (size_t)count * (staggered ? sizeof staggered_page + 2 : 96), length = 0;
    char *json = malloc(capacity);
    if (!json) {
        printf("no memory for the text\n");
        return 3;
    }
    length += (size_t)snprintf(json, capacity, "{\"width\": 100, \"pages\": [%s", staggered ? "" : "{\"subviews\": [");
    for (long i = 0; i < count; i++) {
        const char *comma = i > 0 ? ", " : "";
        if (staggered)
            length += (size_t)snprintf(json + length, capacity - length, "%s%s", comma, staggered_page);
        else
            length += (size_t)snprintf(json + length, capacity - length,
                                       "%s{\"timeline\": {\"rotation\": [{\"at\": 0, \"value\": %ld}, {\"at\": 1, \"value\": 0}]}}",
                                       comma, i);
    }
    length += (size_t)snprintf(json + length, capacity - length, staggered ? "]}" : "]}]}");
    bww_walkthrough *w = NULL;
    char message[256] = "";
    bww_status status = bww_create(json, length, &w, message, sizeof message);
    if (status == BWW_OK) {
        bww_status evaluated = bww_evaluate(w, 50);
        snprintf(message, sizeof message, "evaluated: %s", bww_status_string(evaluated));
        bww_destroy(w);
    }
    printf("%d %s\n", status, message);
    free(json);
    return 0;
}
