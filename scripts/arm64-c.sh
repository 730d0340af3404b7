#!/usr/bin/env bash
# The package's C as an arm64 build compiles it (docs/DESIGN.md, "The arm64 C check"): every C file
# of CAnchor and CWalkthroughAPI and every KernelTarget header compiled for aarch64-linux-gnu with
# -Wall -Wextra -Werror, and Tests/Arm64C/check.c run there under qemu-user and on this x86-64
# machine in three builds: SSE2 (the default), and where the CPU has AVX2 and FMA, `-mavx2 -mfma`
# with -DBWW_PORTABLE (x86 paths compiled out) and without it (the x86 AVX paths). Every run checks
# the headers' functions lane by lane and the C anchor's layouts against one another; the aarch64
# run's frame hashes must equal the two FMA builds' bit for bit. The SSE2 build does not fuse
# multiply-adds, so it rounds differently and runs its own checks only. Clang and ld.lld come from
# the PATH (the Swift toolchain's); the aarch64 C library from Debian's cross packages.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

command -v ld.lld >/dev/null || { echo "ld.lld not found: it comes with the Swift toolchain" >&2; exit 1; }
if [ ! -e /usr/aarch64-linux-gnu/lib/crt1.o ] || ! ls /usr/lib/gcc-cross/aarch64-linux-gnu/*/libgcc.a >/dev/null 2>&1; then
    install_packages libc6-dev-arm64-cross libgcc-12-dev-arm64-cross
fi
need qemu-aarch64 qemu-user

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
warnings=(-std=c11 -O3 -Wall -Wextra -Werror)
includes=(-I Sources/CAnchor/include -I Sources/CAnchor -I Sources/KernelTarget -I Tests/CInterface)
sources=(Tests/Arm64C/check.c Tests/CInterface/check.c Sources/CAnchor/*.c)
arm=(clang --target=aarch64-linux-gnu "${warnings[@]}")

"${arm[@]}" -I Sources/CWalkthroughAPI/include -c Sources/CWalkthroughAPI/bwwalkthrough.c -o "$out/bwwalkthrough.o"
"${arm[@]}" -fuse-ld=lld -static "${includes[@]}" "${sources[@]}" -lm -o "$out/aarch64"
echo "aarch64: Sources/CAnchor, Sources/CWalkthroughAPI and Sources/KernelTarget compile with no warnings"

# run NAME COMMAND…: the hash lines in $out/NAME.hashes (not the target, nor the count of checks,
# which has the AVX-only ones on x86); a failed check fails the script.
run() {
    local name=$1
    shift
    "$@" > "$out/$name.txt" || { echo "FAIL: the checks failed on $name" >&2; exit 1; }
    grep -v -e '^target ' -e ' passed, [0-9]* failed$' "$out/$name.txt" > "$out/$name.hashes" || true
}
run aarch64 qemu-aarch64 "$out/aarch64"
cases=$(wc -l < "$out/aarch64.hashes")
[ "$cases" -gt 100 ] || { echo "FAIL: the aarch64 run printed $cases cases" >&2; exit 1; }

# x86: -Wno-psabi, since 8-Double vectors pass differently without AVX-512 (the functions are inlined).
x86=(clang "${warnings[@]}" -Wno-psabi "${includes[@]}")
"${x86[@]}" "${sources[@]}" -lm -o "$out/sse2"
run sse2 "$out/sse2"
if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo; then
    "${x86[@]}" -mavx2 -mfma -DBWW_PORTABLE "${sources[@]}" -lm -o "$out/portable-fma"
    "${x86[@]}" -mavx2 -mfma "${sources[@]}" -lm -o "$out/avx2-fma"
    for build in portable-fma avx2-fma; do
        run "$build" "$out/$build"
        diff "$out/aarch64.hashes" "$out/$build.hashes" > "$out/diff" || {
            echo "FAIL: the aarch64 frames differ from the x86-64 $build build's (< aarch64, > x86-64):" >&2
            head -n 40 "$out/diff" >&2 || true
            exit 1
        }
    done
    echo "aarch64 under qemu: $cases cases pass their checks, bit for bit those of x86-64 with FMA (portable and AVX2 paths)"
else
    echo "aarch64 under qemu: $cases cases pass their checks (this CPU has no AVX2 and FMA: no bitwise comparison)"
fi
