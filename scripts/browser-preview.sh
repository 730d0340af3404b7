#!/usr/bin/env bash
# `bench render --format html` in a real browser: for each README example, headless Chromium
# opens the page, which scrolls its container to K positions (`#x=…`; its scroll handler shows
# the frame); each screenshot of the viewport is compared pixel by pixel with the filmstrip
# panel `bench render` draws at the same position, rasterised by rsvg-convert. Also checks
# that the page logs nothing to the console and shows the page and offsets `bench eval` gives
# (scripts/browser_preview.py does the driving and comparing).
#
# Usage: scripts/browser-preview.sh [SCREENSHOT.png]   (the keyframes page as it opens, for
# the README). MAX_SHARE (default 0.01) is the largest share of pixels that may differ.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

need chromium-headless-shell || exit 1
need rsvg-convert librsvg2-bin || exit 1
# Debian's Python with Debian's Pillow, whatever python3 comes first on PATH.
python=/usr/bin/python3
"$python" -c 'import PIL' 2>/dev/null || install_packages python3-pil || exit 1
chromium=$(command -v chromium-headless-shell || true)
# The package may keep the binary out of PATH.
[ -n "$chromium" ] || chromium=$(dpkg -L chromium-headless-shell | grep -m1 '/chromium-headless-shell$' || true)
[ -x "$chromium" ] || { echo "no chromium-headless-shell binary"; exit 1; }

swift build --product bench >&2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
worst=0
for example in parallax rotation keyframes; do
    shot=()
    [ "$example" = keyframes ] && [ -n "${1:-}" ] && shot=("$1")
    "$python" scripts/browser_preview.py .build/debug/bench "$chromium" "Benchmarks/Scenarios/readme-$example.json" \
        "$tmp" 2 "${MAX_SHARE:-0.01}" "${shot[@]}" | tee "$tmp/out"
    share=$(sed -n 's/^worst //p' "$tmp/out")
    worst=$("$python" -c "print(max($worst, $share))")
done
echo "worst share of differing pixels over the three examples: $worst (at most ${MAX_SHARE:-0.01})"
