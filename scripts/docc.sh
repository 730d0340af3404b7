#!/usr/bin/env bash
# Builds the WalkthroughKernel module's documentation (Sources/Kernel/WalkthroughKernel.docc) with
# the toolchain's own docc, no package dependency: the compiler's symbol graph, then
# `docc convert` with warnings as errors, so that a broken symbol link or an undocumented
# topic fails CI.
#
#   scripts/docc.sh [OUTPUT]     (default: .build/docs/WalkthroughKernel.doccarchive; serve it
#                                 with any static server)
#   scripts/docc.sh --preview    (the same pages served by `docc preview` at
#                                 http://localhost:8080/documentation/walkthroughkernel until ^C)
set -euo pipefail
cd "$(dirname "$0")/.."
preview=0
if [[ ${1:-} == --preview ]]; then preview=1; shift; fi
out=${1:-.build/docs/WalkthroughKernel.doccarchive}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
trap 'exit 130' INT TERM  # ^C on --preview: through the EXIT trap
swift build --target WalkthroughKernel -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
# Only the WalkthroughKernel module's own graph: the build emits its dependencies' too.
find "$graphs" -name '*.symbols.json' ! -name WalkthroughKernel.symbols.json ! -name "WalkthroughKernel@*.symbols.json" -delete
options=(--additional-symbol-graph-dir "$graphs" --fallback-display-name WalkthroughKernel
         --fallback-bundle-identifier org.bwwalkthrough.kernel)
if (( preview )); then
    docc preview Sources/Kernel/WalkthroughKernel.docc "${options[@]}" --output-dir "$graphs/site"  # not in the catalog
    exit
fi
mkdir -p "$(dirname "$out")"
start=$(date +%s)
docc convert Sources/Kernel/WalkthroughKernel.docc "${options[@]}" --warnings-as-errors --output-path "$out" >&2
echo "docc: $out, built in $(( $(date +%s) - start )) s with no warnings"
