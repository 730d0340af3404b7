#!/usr/bin/env bash
# Builds the WalkthroughKernel module's documentation (Sources/Kernel/WalkthroughKernel.docc) with
# the toolchain's own docc, no package dependency: the compiler's symbol graph, then
# `docc convert` with warnings as errors, so that a broken symbol link or an undocumented
# topic fails CI.
#
#   scripts/docc.sh [OUTPUT]     (default: .build/docs/WalkthroughKernel.doccarchive; open its
#                                 index.html through `docc preview` or any static server)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs/WalkthroughKernel.doccarchive}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --target WalkthroughKernel -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
# Only the WalkthroughKernel module's own graph: the build emits its dependencies' too.
find "$graphs" -name '*.symbols.json' ! -name WalkthroughKernel.symbols.json ! -name "WalkthroughKernel@*.symbols.json" -delete
mkdir -p "$(dirname "$out")"
start=$(date +%s)
docc convert Sources/Kernel/WalkthroughKernel.docc --additional-symbol-graph-dir "$graphs" --fallback-display-name WalkthroughKernel \
    --fallback-bundle-identifier org.bwwalkthrough.kernel --warnings-as-errors --output-path "$out" >&2
echo "docc: $out, built in $(( $(date +%s) - start )) s with no warnings"
