#!/usr/bin/env bash
# The performance regression gate, as CI runs it:
#   1. the default release build against the committed baseline (Benchmarks/baseline.json)
#      must pass (exit 0);
#   2. evidence that the gate bites: a baseline recorded from a faster build (AVX2, haswell)
#      must make the default build's check exit 2, and a baseline recorded from the default
#      build itself must pass.
# Installs valgrind and binutils from Debian's packages when they are missing.
#
#   scripts/baseline-gate.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
gate_setup
bench=.build/release/bench

echo "== check against the committed baseline"
$bench baseline check

echo "== a baseline from the same build passes"
$bench baseline update --path "$tmp/same.json"
# On a failure the whole table, so that the log says which metric moved and by how much.
expect_check 0 $bench "$tmp/same.json" "$tmp/same.txt"

if grep -qw avx2 /proc/cpuinfo; then
    echo "== a baseline from a faster (AVX2) build makes this build's check exit 2"
    swift build -c release --product bench --build-path .build-haswell \
        -Xswiftc -target-cpu -Xswiftc haswell -Xcc -march=haswell
    .build-haswell/release/bench baseline update --path "$tmp/haswell.json"
    expect_check 2 $bench "$tmp/haswell.json" "$tmp/bite.txt"
else
    echo "== no AVX2 on this CPU: the faster-build check is skipped"
fi
echo "baseline gate: ok"
