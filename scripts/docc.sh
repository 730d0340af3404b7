#!/usr/bin/env bash
# Builds the Kernel module's documentation (Sources/Kernel/Kernel.docc) with the toolchain's
# own docc, no package dependency: the compiler's symbol graph, then `docc convert` with
# warnings as errors, so that a broken symbol link or an undocumented topic fails CI.
#
#   scripts/docc.sh [OUTPUT]     (default: .build/docs/Kernel.doccarchive; open its
#                                 index.html through `docc preview` or any static server)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs/Kernel.doccarchive}
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --target Kernel -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >&2
# Only the Kernel module's own graph: the build emits its dependencies' too.
find "$graphs" -name '*.symbols.json' ! -name 'Kernel.symbols.json' ! -name 'Kernel@*.symbols.json' -delete
mkdir -p "$(dirname "$out")"
start=$(date +%s)
docc convert Sources/Kernel/Kernel.docc --additional-symbol-graph-dir "$graphs" --fallback-display-name Kernel \
    --fallback-bundle-identifier org.bwwalkthrough.kernel --warnings-as-errors --output-path "$out" >&2
echo "docc: $out, built in $(( $(date +%s) - start )) s with no warnings"
