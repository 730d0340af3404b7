#!/usr/bin/env bash
# Prints a `swift test --filter` pattern that selects every suite and test tagged
# `.endToEnd` in Tests/ (the slow ones, which plain `swift test` skips unless
# BWW_SLOW_TESTS=1; see Tests/KernelTestSupport/SlowTests.swift). This toolchain's
# `swift test --filter` matches test names, not tags (`--filter tag:…` arrives with
# Swift Testing's ST-0025), so the names are read from the sources: the struct after a
# tagged `@Suite(`, or `Suite/function` after a tagged `@Test(`. Fails when a tag is
# found in any other place, so that no tagged test goes unrun.
#
#   BWW_SLOW_TESTS=1 swift test --filter "$(scripts/slow-tests.sh)"
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import glob, re, sys
names, problems = [], []
for path in sorted(glob.glob("Tests/**/*.swift", recursive=True)):
    if path.startswith("Tests/KernelTestSupport/"):
        continue
    text = open(path, encoding="utf-8").read()
    for match in re.finditer(r"\.tags\([^)]*\.endToEnd", text):
        start = text.rfind("\n", 0, match.start()) + 1
        line = text[start:text.find("\n", match.end())].strip()
        rest = text[start:]
        if line.startswith("@Suite("):
            found = re.search(r"\b(?:struct|final class|class|enum|actor)\s+(\w+)", rest)
            names.append(found.group(1) if found else None)
        elif line.startswith("@Test("):
            func = re.search(r"\bfunc\s+(\w+)", rest)
            suites = re.findall(r"@Suite[^\n]*?\b(?:struct|final class|class|enum|actor)\s+(\w+)", text[:start])
            names.append(f"{suites[-1]}/{func.group(1)}" if func and suites else None)
        else:
            names.append(None)
        if names[-1] is None:
            problems.append(f"{path}: .endToEnd outside a @Suite( or @Test( line: {line}")
if problems or not names:
    sys.exit("\n".join(problems) or "no test is tagged .endToEnd")
print("|".join(names))
PY
