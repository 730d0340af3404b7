#!/usr/bin/env bash
# Builds the C interface (libBWWalkthroughC), compiles Tests/CInterface/c_api_test.c with
# the system C compiler against include/bwwalkthrough.h, and runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product BWWalkthroughC >&2
lib=.build/release
runtime="$(dirname "$(dirname "$(command -v swift)")")/lib/swift/linux"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -std=c11 -Wall -Wextra -Werror -O2 -I Sources/CWalkthroughAPI/include Tests/CInterface/c_api_test.c \
    -L "$lib" -lBWWalkthroughC -Wl,-rpath,"$PWD/$lib" -Wl,-rpath,"$runtime" -lm -o "$out/c_api_test"
"$out/c_api_test" Benchmarks/Scenarios/storyboard.json
