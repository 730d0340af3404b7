#!/usr/bin/env bash
# Counts the WalkthroughKernel module's public declarations that have no doc comment, from the
# compiler's own symbol graph (swift-symbolgraph-extract), and fails when there is one.
# Members the compiler synthesizes (Equatable's ==, Hashable's hash(into:), …) are left out:
# they have no source to document.
#
#   scripts/public-api-docs.sh [--list]     (--list prints every public declaration)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --target WalkthroughKernel >&2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
swift-symbolgraph-extract -module-name WalkthroughKernel -I "$(swift build --show-bin-path)/Modules" -I Sources/KernelTarget -target "$triple" \
    -minimum-access-level public -output-dir "$out" >&2
python3 - "$out" "${1:-}" <<'PY'
import glob, json, sys
out, list_all = sys.argv[1], sys.argv[2] == "--list"
symbols = {}
for path in glob.glob(out + "/*.symbols.json"):
    for s in json.load(open(path))["symbols"]:
        if "::SYNTHESIZED::" in s["identifier"]["precise"]:
            continue
        symbols[s["identifier"]["precise"]] = s
types = [s for s in symbols.values() if s["kind"]["identifier"] in ("swift.struct", "swift.enum", "swift.class", "swift.protocol")]
missing = sorted(".".join(s["pathComponents"]) + " (" + s["kind"]["displayName"].lower() + ")"
                 for s in symbols.values() if not s.get("docComment"))
if list_all:
    for s in sorted(".".join(s["pathComponents"]) for s in symbols.values()):
        print(s)
print(f"public API of WalkthroughKernel: {len(types)} types, {len(symbols)} declarations, {len(missing)} without a doc comment")
for m in missing:
    print("  undocumented: " + m)
sys.exit(1 if missing else 0)
PY
