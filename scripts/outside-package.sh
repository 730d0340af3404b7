#!/usr/bin/env bash
# A package outside this repository that depends on it by path builds and runs the README's
# Swift example (the first ```swift block after "## Quick start"), as a user's would.
#
#   scripts/outside-package.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
app=$(mktemp -d)
trap 'rm -rf "$app"' EXIT
mkdir -p "$app/Sources/App"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(path: "$root")],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "WalkthroughKernel", package: "$(basename "$root")")])]
)
SWIFT
awk '/^## Quick start/ {on = 1} on && /^```swift$/ {copy = 1; next} copy && /^```$/ {exit} copy' "$root/README.md" > "$app/Sources/App/main.swift"
echo 'print("page 0, subview 2: m42 \(t.m42); gathered \(matrices.count) doubles; reference pages \(expected.pages.count)")' >> "$app/Sources/App/main.swift"
out=$(cd "$app" && swift build -c release >&2 && .build/release/App) || { echo "the README's Swift example did not build or run"; exit 1; }
# Its own print gives what its comment says.
said=$(awk '/^## Quick start/ {on = 1} on && /^print\(/ {sub(/.*\/\/ /, ""); sub(/:.*/, ""); print; exit}' "$root/README.md")
grep -qxF -- "$said" <<<"$out" || { echo "the README's Swift example printed \"$(head -1 <<<"$out")\", its comment says \"$said\""; exit 1; }
grep -q "^page 0, subview 2: m42 " <<<"$out" || { echo "the README's Swift example did not run to its end"; exit 1; }
echo "README Swift example: built and ran in a package outside the repository (by path)"
