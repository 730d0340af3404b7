#!/usr/bin/env bash
# Fuzzes walkthrough parsing plus one frame of both implementations with libFuzzer and
# AddressSanitizer, with a parity oracle (Sources/FuzzWalkthrough). Seeds: the scenarios in
# Benchmarks/Scenarios and Benchmarks/Fuzz; dictionary: Benchmarks/Fuzz/walkthrough.dict.
# A finding (crash or disagreement) is saved to fuzz-artifacts/ and makes the script exit 1;
# replay it with `swift run fuzz-walkthrough fuzz-artifacts/crash-…`.
#
#   scripts/fuzz.sh [SECONDS]        (default 60; FUZZ_SEED=N fixes libFuzzer's seed, as CI does)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
# lld: gold fails on this toolchain's DWARF when linking the sanitizer runtimes. The
# linker's "Cannot export local symbol" notes about ASan's own symbols are filtered out.
set +e
swift build --product fuzz-walkthrough --build-path .build-fuzz \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
    -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld 2>&1 | grep -v "Cannot export local symbol" >&2
built=${PIPESTATUS[0]}
set -e
[ "$built" -eq 0 ] || { echo "fuzz build failed" >&2; exit 1; }
fuzzer=.build-fuzz/debug/fuzz-walkthrough
corpus=.build-fuzz/corpus
mkdir -p "$corpus" fuzz-artifacts
cp Benchmarks/Scenarios/*.json Benchmarks/Fuzz/*.json "$corpus"/
echo "fuzzing for ${seconds}s (corpus: $(ls "$corpus" | wc -l) inputs)"
set +e
# The Swift runtime's backtracer reads the crashed stack, which ASan reports as an underflow.
SWIFT_BACKTRACE=enable=no "$fuzzer" "$corpus" -dict=Benchmarks/Fuzz/walkthrough.dict -max_len=8192 -max_total_time="$seconds" -seed="${FUZZ_SEED:-0}" \
    -artifact_prefix=fuzz-artifacts/ -print_final_stats=1 2> .build-fuzz/fuzz.log
status=$?
set -e
grep -E "^(Done|stat::number_of_executed_units|stat::new_units_added)|finding:|ERROR" .build-fuzz/fuzz.log || true
if [ $status -ne 0 ]; then
    tail -n 30 .build-fuzz/fuzz.log
    echo "fuzz: finding saved in fuzz-artifacts/" >&2
    exit 1
fi
echo "fuzz: no finding in ${seconds}s"
