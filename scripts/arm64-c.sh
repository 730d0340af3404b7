#!/usr/bin/env bash
# The package's C as an arm64 build compiles it, run under qemu-user (docs/DESIGN.md, "The arm64 C
# check"): every C file (CAnchor, CWalkthroughAPI) and every KernelTarget header compiled for
# aarch64-linux-gnu with -Wall -Wextra -Werror, then Tests/Arm64C/check.c run there and on this
# machine. Each run checks the headers' functions lane by lane and the C anchor's layouts against
# one another; the aarch64 run's frame hashes must equal, bit for bit, those of this machine's
# builds with fused multiply-add (the portable and the x86 AVX2 paths), where the CPU has FMA.
# The build without FMA (SSE2) rounds differently and runs its own checks only.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

cross=/usr/aarch64-linux-gnu/lib/crt1.o
if [ ! -e "$cross" ] || ! ls /usr/lib/gcc-cross/aarch64-linux-gnu/*/libgcc.a >/dev/null 2>&1; then
    echo "installing the aarch64 C library and libgcc from Debian's packages" >&2
    (apt-get update -qq && apt-get install -y -qq libc6-dev-arm64-cross libgcc-12-dev-arm64-cross) >/dev/null 2>&1 || {
        echo "cannot install libc6-dev-arm64-cross and libgcc-12-dev-arm64-cross" >&2
        exit 1
    }
fi
need qemu-aarch64 qemu-user

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
flags=(-std=c11 -O3 -Wall -Wextra -Werror -I Sources/CAnchor/include -I Sources/CAnchor -I Sources/KernelTarget)
sources=(Tests/Arm64C/check.c Sources/CAnchor/*.c)
arm=(clang --target=aarch64-linux-gnu)

"${arm[@]}" -std=c11 -O3 -Wall -Wextra -Werror -I Sources/CWalkthroughAPI/include -c \
    Sources/CWalkthroughAPI/bwwalkthrough.c -o "$out/bwwalkthrough.o"
"${arm[@]}" -fuse-ld=lld -static "${flags[@]}" "${sources[@]}" -lm -o "$out/arm64"
echo "aarch64: Sources/CAnchor, Sources/CWalkthroughAPI and Sources/KernelTarget compile with no warnings"

# run NAME COMMAND…: the checks' hash lines in $out/NAME.txt; a failed check fails the script.
run() {
    local name=$1
    shift
    "$@" > "$out/$name.txt" || { echo "FAIL: the checks failed on $name" >&2; exit 1; }
    grep -v '^target ' "$out/$name.txt" > "$out/$name.hashes"
}
run aarch64 qemu-aarch64 "$out/arm64"
cases=$(wc -l < "$out/aarch64.hashes")
[ "$cases" -gt 100 ] || { echo "FAIL: the aarch64 run printed $cases cases" >&2; exit 1; }

# -Wno-psabi: x86 warns that 8-Double vectors pass differently without AVX-512; the functions are inlined.
clang "${flags[@]}" -Wno-psabi "${sources[@]}" -lm -o "$out/sse2"
run x86-64 "$out/sse2"
if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo; then
    for build in portable avx2; do
        define=()
        [ "$build" = portable ] && define=(-DBWW_PORTABLE)
        clang -march=haswell "${flags[@]}" -Wno-psabi "${define[@]}" "${sources[@]}" -lm -o "$out/$build"
        run "$build" "$out/$build"
        diff "$out/aarch64.hashes" "$out/$build.hashes" > "$out/diff" || {
            echo "FAIL: aarch64 frames differ from the x86-64 $build build's (FMA) in:" >&2
            grep '^<' "$out/diff" | head -n 20 >&2
            exit 1
        }
    done
    echo "aarch64 under qemu: $cases cases pass their checks, bit for bit those of x86-64 with FMA (portable and AVX2 paths)"
else
    echo "aarch64 under qemu: $cases cases pass their checks (this CPU has no FMA: no bitwise comparison)"
fi
