#!/usr/bin/env bash
# bww_create under every address-space limit (ulimit -v) from 50 MB up in 2 MB steps, on
# walkthroughs whose memory goes beyond the limits: 8,192 pages of 64 subviews with a
# staggered timeline (2.7 MB of text, its keyframe segments one 168 MiB buffer) and one page
# of 200,000 subviews with timelines of their own, all distinct (their sets and tables).
# At every limit bww_create must return a status (BWW_OK or BWW_ERROR_OUT_OF_MEMORY, with
# its message), never end the process; each sweep goes on until 20 limits in a row load.
# Prints, per file, the limits at which each step ran out and from which it loads.
#
#   scripts/c-api-ulimit-sweep.sh [LIBRARY_FOLDER]   (default: scripts/c-library.sh's build)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need pkg-config pkgconf
lib=${1:-$(scripts/c-library.sh)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tests=Tests/CInterface
PKG_CONFIG_PATH=$lib cc -std=c11 -Wall -Wextra -Werror -O2 -I "$tests" "$tests/create_under_limit.c" \
    $(PKG_CONFIG_PATH=$lib pkg-config --cflags --libs bwwalkthrough) -o "$out/create_under_limit"

# sweep NAME ARGUMENTS…: runs create_under_limit ARGUMENTS… from 50 MB up.
sweep() {
    local name=$1
    shift
    local mb=50 loaded=0 runs=0 summary="" last="" from=0
    while [ $loaded -lt 20 ]; do
        [ $mb -le 16384 ] || { echo "FAIL: $name does not load under 16 GB" >&2; exit 1; }
        local log="$out/run.log" status=0
        (ulimit -v $((mb * 1024)) && SWIFT_BACKTRACE=enable=no exec "$out/create_under_limit" "$@") >"$log" 2>&1 || status=$?
        runs=$((runs + 1))
        local line
        line=$(head -n 1 "$log")
        if [ $status -ne 0 ] || ! [[ $line =~ ^(0|6)\  ]]; then
            cat "$log" >&2
            echo "FAIL: $name under ulimit -v $((mb * 1024)) ($mb MB): exit status $status, not a status from bww_create" >&2
            exit 1
        fi
        # What ran out, without the numbers: one entry per step, with its range of limits.
        local what
        what=$(sed -E 's/^0 .*/loads/; s/^6 bww_create: //; s/[0-9]+/N/g; s/page N, subview N: key "timeline[^"]*": //' <<<"$line")
        if [ "$what" != "$last" ]; then
            [ -z "$last" ] || summary+="$(printf '\n    %s–%s MB: %s' "$from" $((mb - 2)) "$last")"
            last=$what from=$mb
        fi
        if [ "${line%% *}" = 0 ]; then loaded=$((loaded + 1)); else loaded=0; fi
        mb=$((mb + 2))
    done
    summary+="$(printf '\n    %s–%s MB: %s' "$from" $((mb - 2)) "$last")"
    echo "$name: $runs limits from 50 to $((mb - 2)) MB, a status at every one (no abort):$summary"
}

sweep "8,192 staggered pages" staggered 8192
sweep "200,000 distinct timelines" distinct 200000
