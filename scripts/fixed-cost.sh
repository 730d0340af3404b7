#!/usr/bin/env bash
# The fixed cost of a frame: the instructions of one `WalkthroughAnimator.update(scroll:)`
# that do not grow with the subviews (docs/PERFORMANCE.md and docs/DESIGN.md, "Fixed cost per frame").
#
# Method (callgrind, instructions only inside `update`, `--toggle-collect`):
#   I(N)  = instructions per frame at N subviews, I(2N) at 2N, the same frames;
#   slope = (I(2N) − I(N)) / N               instructions a subview;
#   fixed = I(N) − N·slope = 2·I(N) − I(2N)  instructions a frame with no subviews.
# On a one-page scenario with blocks of 8 (N a multiple of 8) the per-subview work is
# exactly linear, so `fixed` is everything else: the current page, the page offsets, the
# page's constants, the driver's loop and the kernel's set-up before its block loop.
# It also prints, at N, each function's own instructions per frame (the split) and
# `I(N)` minus the kernel loop function's inclusive count (what lies outside that function).
#
#   scripts/fixed-cost.sh [SCENARIO [N [FRAMES]]]   (default: linear 1000 800)
# Environment: BENCH_FLAGS / BENCH_BUILD as in lib.sh (e.g. an AVX2 build), IMPL (default simd),
# FIXED_COST_MAX: exit 1 when the fixed cost is above it (CI: 500, issue 15's goal).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need valgrind
need callgrind_annotate valgrind
scenario=${1:-linear}
n=${2:-1000}
frames=${3:-800}
impl=${IMPL:-simd}
bench=$(valgrind_bench)
out=$(dirname "$bench")

count() {  # count SIZE → total instructions inside update over FRAMES frames
    valgrind --tool=callgrind --callgrind-out-file="$out/callgrind.$1" \
        --toggle-collect='*WalkthroughKernel0A8AnimatorV6update*' \
        "$bench" profile "$scenario" --size "$1" --frames "$frames" --impl "$impl" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
one=$(count "$n")
two=$(count $((2 * n)))
[ -n "$one" ] && [ -n "$two" ] || { echo "fixed-cost: callgrind gave no count" >&2; exit 1; }

# Each function's own (exclusive) instructions per frame at N, demangled, largest first;
# and the inclusive count of the kernel's block loop (FrameKernel's uniform, uniformScale
# or spinning, whichever the scenario runs).
demangle() { if command -v swift-demangle >/dev/null; then swift-demangle --simplified --compact; else swift demangle --simplified --compact; fi; }
split=$(callgrind_annotate --inclusive=no --threshold=100 "$out/callgrind.$n" 2>/dev/null |
    awk -v f="$frames" '/^ *[0-9,]+ +\([ 0-9.]+%\) +/ && !/PROGRAM TOTALS/ {
        c = $1; gsub(",", "", c); s = $0; sub(/^[^)]*\) +/, "", s); sub(/^\?\?\?:/, "", s); sub(/ \[.*$/, "", s)
        if (c / f >= 0.5) printf "%8.1f  %s\n", c / f, s }')
loop=$(callgrind_annotate --inclusive=yes --threshold=100 "$out/callgrind.$n" 2>/dev/null |
    awk -v f="$frames" '/FrameA0O(7uniform|12uniformScale|8spinning)/ && !/ < | > / {
        c = $1; gsub(",", "", c); sum += c } END { printf "%.1f", sum / f }')

awk -v a="$one" -v b="$two" -v n="$n" -v f="$frames" -v loop="$loop" -v s="$scenario" -v impl="$impl" 'BEGIN {
    i1 = a / f; i2 = b / f; slope = (i2 - i1) / n
    printf "%s, %s, %d frames: %.1f instructions a frame at %d subviews, %.1f at %d\n", s, impl, f, i1, n, i2, 2 * n
    printf "per subview: %.3f\n", slope
    printf "fixed cost a frame: %.1f instructions (2·I(N) − I(2N))\n", 2 * i1 - i2
    if (loop > 0) {
        printf "outside the kernel loop function: %.1f (its inclusive count %.1f a frame)\n", i1 - loop, loop
        printf "the kernel set-up inside it: %.1f (its count minus N·slope)\n", loop - n * slope
    }
}'
echo "own instructions a frame at $n subviews, by function:"
echo "$split" | demangle | cut -c1-160
if [ -n "${FIXED_COST_MAX:-}" ]; then
    fixed=$(awk -v a="$one" -v b="$two" -v f="$frames" 'BEGIN { printf "%.1f", (2 * a - b) / f }')
    if awk -v x="$fixed" -v m="$FIXED_COST_MAX" 'BEGIN { exit !(x > m) }'; then
        echo "fixed-cost: $fixed instructions a frame, above $FIXED_COST_MAX"
        exit 1
    fi
    echo "fixed-cost: $fixed instructions a frame, at most $FIXED_COST_MAX"
fi
