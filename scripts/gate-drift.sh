#!/usr/bin/env bash
# How far the gate's metrics move with no code change, to choose the ratio threshold from
# (docs/REGRESSION-GATE.md). Records a baseline, then runs `bench baseline
# check` against it RUNS times and prints, per metric kind, the largest rise and fall seen
# and the metric that rose most, and how many checks exited 2 (false alarms).
#
#   scripts/gate-drift.sh RUNS [HOGS] [-- CHECK-OPTIONS…]
#
# HOGS > 0 runs that many busy loops and one memory-streaming loop (`dd`, 32 MB blocks)
# beside the checks, niced and spread over the CPUs: the load of a shared machine. Pass
# `-- --ratio-threshold 100` (percent) to see the first measurement of every ratio (no re-measuring,
# which only happens above the threshold); by default the checks are the gate as CI runs
# it. $BENCH names a release bench to use (default: built here); $BASELINE a baseline to
# check against instead of recording one; $KEEP a folder to keep every check's table in.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
runs=${1:?usage: scripts/gate-drift.sh RUNS [HOGS] [-- CHECK-OPTIONS…]}
hogs=${2:-0}
shift $(( $# < 2 ? $# : 2 ))
[ "${1:-}" = "--" ] && shift
tmp=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${BENCH:-}" ]; then
    swift build -c release --product bench >&2
    BENCH=.build/release/bench
fi
baseline=${BASELINE:-$tmp/baseline.json}
[ -n "${BASELINE:-}" ] || "$BENCH" baseline update --path "$baseline" >&2

cpus=$(nproc)
for ((h = 0; h < hogs; h++)); do
    taskset -c $((h % cpus)) nice -n 5 sh -c 'while :; do :; done' &
    pids+=($!)
done
if [ "$hogs" -gt 0 ]; then
    nice -n 5 sh -c 'while :; do dd if=/dev/zero of=/dev/null bs=32M count=32 2>/dev/null; done' &
    pids+=($!)
fi

alarms=0
for ((run = 1; run <= runs; run++)); do
    set +e
    "$BENCH" baseline check --path "$baseline" "$@" > "$tmp/run-$run.txt"
    status=$?
    set -e
    [ "$status" -le 2 ] || { cat "$tmp/run-$run.txt"; echo "run $run: exit $status" >&2; exit 1; }
    [ "$status" -eq 0 ] || alarms=$((alarms + 1))
    echo "run $run/$runs: exit $status ($(tail -n 1 "$tmp/run-$run.txt"))"
done

# Rows are "metric baseline current change threshold verdict"; the kind is the name's prefix.
# Per kind: the largest rise and fall; then the ten metrics that rose most, with how often
# they passed their threshold (first measurements with `--ratio-threshold 100`).
cat "$tmp"/run-*.txt | awk '
    NF == 6 && $4 ~ /%$/ {
        kind = $1; sub(/\/.*/, "", kind)
        if (kind == "simd") kind = "ratio"
        change = $4; sub(/%/, "", change); change += 0
        limit = $5; gsub(/[^0-9.]/, "", limit)
        if (!(kind in rise) || change > rise[kind]) { rise[kind] = change; worst[kind] = $1 }
        if (!(kind in fall) || change < fall[kind]) fall[kind] = change
        if (!($1 in top) || change > top[$1]) top[$1] = change
        if (change > limit + 0) over[$1]++
    }
    END {
        for (k in rise) printf "%-22s largest rise %+6.1f%% (%s), largest fall %+6.1f%%\n", k, rise[k], worst[k], fall[k] | "sort"
        close("sort")
        print "metrics that rose most (largest rise, runs above their threshold):"
        for (m in top) printf "  %-36s %+6.1f%% %d\n", m, top[m], over[m] | "sort -k2 -g -r | head -n 10"
    }'
[ -z "${KEEP:-}" ] || cp "$tmp"/run-*.txt "$KEEP"/
echo "false alarms: $alarms of $runs checks (HOGS=$hogs)"
