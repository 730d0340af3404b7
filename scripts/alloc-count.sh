#!/usr/bin/env bash
# Counts heap allocations per steady-state frame with valgrind: runs `bench profile` for F
# and 2F frames and divides the difference of the two totals by F, so that set-up
# allocations cancel. Covers the fast path on every built-in scenario (the list comes from
# `bench run --list`), frames split across threads, the dense layouts' writers (uniform,
# spin and keyframe lanes), and every frame reader in every layout. Exits 1 when a frame allocates.
#
#   scripts/alloc-count.sh [SCENARIO ...]      (default: every built-in scenario)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need valgrind
bench=$(valgrind_bench)
frames=20
scenarios=("$@")
if [ ${#scenarios[@]} -eq 0 ]; then
    mapfile -t scenarios < <("$bench" run --list | awk '/^scenarios:/ {on = 1; next} /^[a-z]/ {on = 0} on {print $1}')
fi
[ ${#scenarios[@]} -gt 0 ] || { echo "alloc-count: bench run --list named no scenario" >&2; exit 1; }
allocs() {  # allocs SCENARIO IMPL LAYOUT FRAMES SIZE
    valgrind --tool=memcheck --leak-check=no "$bench" profile "$1" --size "$5" --frames "$4" --impl "$2" --layout "$3" 2>&1 >/dev/null |
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
status=0
check() {  # check SCENARIO IMPL LAYOUT [SIZE, default 2000 subviews]
    local a b per size=${4:-2000}
    a=$(allocs "$1" "$2" "$3" $frames "$size")
    b=$(allocs "$1" "$2" "$3" $((2 * frames)) "$size")
    per=$(( (b - a) / frames ))
    echo "$1, $2, $3, $size subviews: $a allocations for $frames frames, $b for $((2 * frames)): $per per frame"
    [ "$per" -eq 0 ] || status=1
}
for s in "${scenarios[@]}"; do check "$s" simd blocks; done
# Frames split across the animator's worker threads (simd-parallel splits every frame, on
# as many threads as processors: with one, there is nothing to split).
if [ "$(nproc)" -gt 1 ]; then
    for s in linear keyframes-own; do check "$s" simd-parallel blocks; done
else
    echo "split frames: not checked, one processor"
fi
for layout in float4x4 caTransform3D; do
    for s in linear rotate3d-spin keyframes-own; do check "$s" simd "$layout"; done
done
# The readers at 6,000 subviews.
for layout in blocks float4x4 caTransform3D; do
    for reader in read-transform read-gather read-alphas; do check linear "$reader" "$layout" 6000; done
done
[ $status -eq 0 ] && echo "alloc-count: no allocation in steady-state frames or reads" || echo "alloc-count: frames allocate"
exit $status
