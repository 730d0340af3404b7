/* Every error path: null pointers, bad JSON, out-of-range pages and subviews, non-finite
 * scroll positions, short buffers; each with its status and, where there is one, the
 * message that names the case. */
#include <string.h>

#include "c_api_test.h"

static void create_errors(void) {
    char message[256] = "untouched";
    bww_walkthrough *w = (bww_walkthrough *)0x1;
    CHECK(bww_create(NULL, 0, &w, message, sizeof message) == BWW_ERROR_NULL_ARGUMENT && w == NULL, "null json");
    CHECK(strcmp(message, "bww_create: json must not be NULL") == 0, "%s", message);
    CHECK(bww_create(small_walkthrough, strlen(small_walkthrough), NULL, NULL, 0) == BWW_ERROR_NULL_ARGUMENT, "null out");
    CHECK(bww_create(small_walkthrough, strlen(small_walkthrough), NULL, message, sizeof message) == BWW_ERROR_NULL_ARGUMENT
          && strcmp(message, "bww_create: out must not be NULL") == 0, "%s", message);
    CHECK(bww_create(NULL, 0, NULL, message, sizeof message) == BWW_ERROR_NULL_ARGUMENT
          && strcmp(message, "bww_create: json and out must not be NULL") == 0, "%s", message);
    /* sizeof a literal counts its terminator: the message says so. */
    const char literal[] = "{\"width\": 1, \"pages\": []}";
    CHECK(bww_create(literal, sizeof literal, &w, message, sizeof message) == BWW_ERROR_INVALID_FILE
          && strstr(message, "unexpected text after the JSON document (a NUL byte: does the length count the string's terminator?)"),
          "%s", message);

    const char *bad = "{\"width\": 100, \"pages\": [";
    CHECK(bww_create(bad, strlen(bad), &w, message, sizeof message) == BWW_ERROR_INVALID_FILE && w == NULL, "truncated");
    CHECK(strstr(message, "invalid JSON") != NULL, "%s", message);
    const char *type = "{\"width\": 100, \"pages\": [{\"animationType\": \"linear\"}]}";
    CHECK(bww_create(type, strlen(type), &w, message, sizeof message) == BWW_ERROR_INVALID_FILE, "bad type");
    CHECK(strstr(message, "page 0") && strstr(message, "animationType"), "%s", message);
    char tiny[8];
    CHECK(bww_create(type, strlen(type), &w, tiny, sizeof tiny) == BWW_ERROR_INVALID_FILE && strlen(tiny) == 7, "truncated message");
    CHECK(bww_create(type, 5, &w, NULL, 0) == BWW_ERROR_INVALID_FILE, "a prefix of the text is not JSON");
}

static void null_handles(void) {
    int64_t n = 0;
    CHECK(bww_page_count(NULL, &n) == BWW_ERROR_NULL_ARGUMENT, "null handle");
    CHECK(bww_evaluate(NULL, 0) == BWW_ERROR_NULL_ARGUMENT, "null handle");
    CHECK(strlen(bww_error_message(NULL)) > 0, "message for a null handle");
    bww_destroy(NULL);
}

static void handle_errors(void) {
    bww_walkthrough *w = NULL;
    char message[256];
    CHECK(bww_create(small_walkthrough, strlen(small_walkthrough), &w, message, sizeof message) == BWW_OK, "%s", message);
    if (!w) return;
    int64_t n = 0;
    double d = 0, m[48];
    const float *blocks = NULL;
    CHECK(strcmp(bww_error_message(w), "") == 0, "no error yet: %s", bww_error_message(w));
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
    CHECK(bww_gather(w, 0, m, 47) == BWW_ERROR_BUFFER_TOO_SMALL, "short buffer");
    CHECK(strstr(bww_error_message(w), "48") != NULL, "%s", bww_error_message(w));
    CHECK(bww_gather(w, 0, NULL, 48) == BWW_ERROR_NULL_ARGUMENT, "null buffer");
    CHECK(bww_gather(w, 2, NULL, 0) == BWW_OK, "an empty page needs no buffer");
    CHECK(bww_gather(w, 5, m, 48) == BWW_ERROR_OUT_OF_RANGE, "page 5");
    CHECK(bww_alphas(w, 0, m, 2) == BWW_ERROR_BUFFER_TOO_SMALL, "short alpha buffer");
    CHECK(bww_alphas(w, 0, NULL, 3) == BWW_ERROR_NULL_ARGUMENT, "null alpha buffer");
    CHECK(bww_alphas(w, 2, NULL, 0) == BWW_OK, "an empty page needs no alpha buffer");
    CHECK(bww_alphas(w, 3, m, 48) == BWW_ERROR_OUT_OF_RANGE, "page 3 of bww_alphas");
    CHECK(bww_alpha(w, 0, 3, &d) == BWW_ERROR_OUT_OF_RANGE, "subview 3");
    CHECK(bww_alpha(w, 0, 0, NULL) == BWW_ERROR_NULL_ARGUMENT, "null alpha");
    CHECK(bww_transform(w, 0, 3, m) == BWW_ERROR_OUT_OF_RANGE, "bww_transform subview 3");
    CHECK(bww_transform(w, 0, -1, m) == BWW_ERROR_OUT_OF_RANGE, "bww_transform subview -1");
    CHECK(bww_transform(w, 7, 0, m) == BWW_ERROR_OUT_OF_RANGE, "bww_transform page 7");
    CHECK(bww_transform(w, 0, 0, NULL) == BWW_ERROR_NULL_ARGUMENT &&
              strcmp(bww_error_message(w), "bww_transform: out must not be NULL") == 0,
          "null transform: %s", bww_error_message(w));
    CHECK(bww_transform(NULL, 0, 0, m) == BWW_ERROR_NULL_ARGUMENT, "bww_transform without a handle");
    CHECK(bww_current_page(w, NULL) == BWW_ERROR_NULL_ARGUMENT, "null page");
    CHECK(strcmp(bww_status_string(BWW_ERROR_BUFFER_TOO_SMALL), "buffer too small") == 0, "status string");
    CHECK(strcmp(bww_status_string(BWW_ERROR_OUT_OF_MEMORY), "out of memory") == 0, "status string");
    CHECK(bww_evaluate(w, 0) == BWW_OK && strcmp(bww_error_message(w), "") == 0,
          "bww_evaluate releases the messages: %s", bww_error_message(w));
    bww_destroy(w);
}

void errors(void) {
    create_errors();
    null_handles();
    handle_errors();
}
