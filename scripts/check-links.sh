#!/usr/bin/env bash
# Every relative link in README.md and docs/*.md resolves: the file exists, and an anchor
# (#section) names a heading of that file (GitHub's slugs: lower case, punctuation dropped,
# spaces as hyphens). Links to other sites are not followed (the docs name none).
#
#   scripts/check-links.sh
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - README.md docs/*.md Sources/Kernel/WalkthroughKernel.docc/*.md <<'PY'
import os, re, sys
def slug(heading):
    s = heading.strip().lower()
    s = re.sub(r"[`*_]", "", s)
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")
def anchors(path):
    found, counts, fenced = set(), {}, False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"): fenced = not fenced
        if fenced: continue
        m = re.match(r"#{1,6} (.*)", line)
        if m:
            base = slug(m.group(1)); n = counts.get(base, 0); counts[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    return found
bad = 0
files = [f for f in sys.argv[1:] if os.path.exists(f)]
for path in files:
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target): continue
        file, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
        if not os.path.exists(dest):
            print(f"{path}: link to {target}: no such file"); bad += 1; continue
        if anchor and dest.endswith(".md") and anchor not in anchors(dest):
            print(f"{path}: link to {target}: no heading #{anchor} in {dest}"); bad += 1
print(f"links: {bad} broken in {len(files)} files")
sys.exit(1 if bad else 0)
PY
