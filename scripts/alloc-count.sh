#!/usr/bin/env bash
# Counts heap allocations per steady-state frame of the fast path, with valgrind: runs
# `bench profile` for F and 2F frames and divides the difference of the two totals by F,
# so that set-up allocations cancel. Exits 1 when a frame allocates.
#
#   scripts/alloc-count.sh [SCENARIO ...]      (default: every built-in scenario)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need valgrind
bench=$(valgrind_bench)
frames=50
scenarios=("$@")
[ ${#scenarios[@]} -gt 0 ] || scenarios=(linear curve zoom inout rotate3d rotate3d-spin storyboard keyframes keyframes-stagger keyframes-own)
allocs() {  # allocs SCENARIO FRAMES
    valgrind --tool=memcheck --leak-check=no "$bench" profile "$1" --size 5000 --frames "$2" --impl simd 2>&1 >/dev/null |
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
status=0
for s in "${scenarios[@]}"; do
    a=$(allocs "$s" $frames)
    b=$(allocs "$s" $((2 * frames)))
    per=$(( (b - a) / frames ))
    echo "$s: $a allocations for $frames frames, $b for $((2 * frames)): $per per frame"
    [ "$per" -eq 0 ] || status=1
done
[ $status -eq 0 ] && echo "alloc-count: no allocation in steady-state frames" || echo "alloc-count: frames allocate"
exit $status
