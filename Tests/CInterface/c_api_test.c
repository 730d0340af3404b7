/* The C interface from C: load walkthroughs, evaluate frames, check known values, walk
 * every error path and limit. Built and run by scripts/c-api-test.sh (and so by CI); the
 * groups are in the files named after them. */
#include "c_api_test.h"

const char *const small_walkthrough =
    "{ \"width\": 100, \"pages\": ["
    "  { \"speed\": [0, 1], \"speedVariance\": [0, 2], \"staticTags\": \"5\", \"animateAlpha\": true,"
    "    \"subviews\": [ {\"tag\": 5}, {}, {} ] },"
    "  { \"animationType\": \"Zoom\", \"subviewCount\": 20 },"
    "  { } ] }";

int main(int argc, char **argv) {
    versions();
    known_values();
    alphas();
    layouts();
    directions();
    page_extent();
    errors();
    limits();
    scenario(argc > 1 ? argv[1] : "Benchmarks/Scenarios/storyboard.json");
    return check_report("c_api_test");
}
