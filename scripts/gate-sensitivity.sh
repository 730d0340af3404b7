#!/usr/bin/env bash
# The regression gate's own test: builds made slower on purpose must make `bench baseline
# check` exit 2, and on the metric meant to catch them (a ratio's false alarm would not
# prove that). Each slowdown is a few lines in the kernel that only a build with
# `-Xswiftc -DGATE_MUTATION_NAME` compiles (in a build folder of its own):
#   EXTRA_STORE  one field of every block stored twice (BlockWriter.store)     → writes/…
#   FRAME_COST   100 scalar operations a frame (WalkthroughAnimator.advance)   → instructions-per-frame/…
#   MISALIGNED_FRAME  the frame 4 bytes past a 64-byte boundary (FrameStorage)  → simd/limit/…
#                (the counts do not move; every kernel that writes the frame slows, and only
#                `limit`'s memory of its own keeps the yardstick where it was)
#   SUBVIEW_MULTIPLY  one multiply a subview: alpha × 1 a block (BlockWriter)   → writes-per-frame/…,
#                and on a user's 10-subview file (Benchmarks/Gate/onboarding.json, its own
#                baseline of counts) → instructions-per-frame/ and writes-per-frame/onboarding.json
# The frame cost is invisible to the ratios (the anchors run through the same frame driver);
# the double store shows in them too, but the step asks for the count that must catch it
# (docs/REGRESSION-GATE.md). The baseline is recorded from the default build
# in the same run.
# If a rewrite drops a mutation, its build is the default one, and this fails.
#
#   scripts/gate-sensitivity.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
gate_setup
.build/release/bench baseline update --path "$tmp/baseline.json"
file=Benchmarks/Gate/onboarding.json
.build/release/bench baseline update "$file" --path "$tmp/file.json" --metrics instructions

failed=0
for mutation in EXTRA_STORE:writes/ FRAME_COST:instructions-per-frame/ MISALIGNED_FRAME:simd/limit/ SUBVIEW_MULTIPLY:writes-per-frame/; do
    name=${mutation%%:*} expected=${mutation#*:}
    echo "== GATE_MUTATION_$name: check must exit 2 with a regression of $expected"
    build=.build-gate-mutation-$name
    swift build -c release --product bench --build-path "$build" -Xswiftc "-DGATE_MUTATION_$name"
    status=$(check_status "$build/release/bench" "$tmp/baseline.json" "$tmp/$name.txt")
    grep REGRESSION "$tmp/$name.txt" || true
    tail -n 1 "$tmp/$name.txt"
    if [ "$status" -ne 2 ] || ! grep -q "^$expected.*REGRESSION" "$tmp/$name.txt"; then
        cat "$tmp/$name.txt"
        echo "GATE_MUTATION_$name: expected exit 2 with a regression of $expected, got exit $status"
        failed=1
    fi
done

# The same slowdown on a user's own walkthrough: its counts only (a few seconds).
echo "== GATE_MUTATION_SUBVIEW_MULTIPLY on $file: check must exit 2 with a regression of both per-frame counts"
status=0
.build-gate-mutation-SUBVIEW_MULTIPLY/release/bench baseline check "$file" --path "$tmp/file.json" --metrics instructions \
    > "$tmp/file.txt" || status=$?
cat "$tmp/file.txt"
if [ "$status" -ne 2 ] || ! grep -q "^instructions-per-frame/onboarding.json.*REGRESSION" "$tmp/file.txt" \
        || ! grep -q "^writes-per-frame/onboarding.json.*REGRESSION" "$tmp/file.txt"; then
    echo "GATE_MUTATION_SUBVIEW_MULTIPLY on $file: expected exit 2 with both per-frame counts regressed, got exit $status"
    failed=1
fi
[ "$failed" -ne 0 ] || echo "gate sensitivity: ok"
exit "$failed"
