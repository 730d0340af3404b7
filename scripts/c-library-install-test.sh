#!/usr/bin/env bash
# The installed C library as a user gets it, with no Swift toolchain: installs the
# --static-runtime build with `scripts/c-library.sh --prefix` into a temporary prefix,
# checks the layout (header, library, its SONAME link, bwwalkthrough.pc) and that the
# library NEEDs nothing of the toolchain (no libswift*, libFoundation*, libdispatch,
# libBlocksRuntime), moves the prefix elsewhere (the .pc is relocatable), then builds the
# README's C example through pkg-config in another folder and runs it, in a shell whose
# environment is only PATH=/usr/bin:/bin (no swift on it, no LD_LIBRARY_PATH).
#
#   scripts/c-library-install-test.sh [BUILD_PATH]
# (default: docs/C-API.md's steps, scripts/c-library.sh and then the install with no
# --build-path, which builds in .build-static-runtime)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need pkg-config pkgconf
need readelf binutils
build=${1:-.build-static-runtime}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

header=Sources/CWalkthroughAPI/include/bwwalkthrough.h
version_part() { sed -n "s/^#define BWW_VERSION_$1 \([0-9]*\)\$/\1/p" "$header"; }
major=$(version_part MAJOR)
version="$major.$(version_part MINOR).$(version_part PATCH)"
toolchain=$(cd "$(dirname "$(command -v swift)")/.." && pwd)

if [ $# -eq 0 ]; then
    # docs/C-API.md's steps as written: a plain build first, then the install, which must
    # still be the self-contained library (it was the plain one, relinked in .build).
    scripts/c-library.sh >/dev/null
    pc_dir=$(scripts/c-library.sh --static-runtime --prefix "$tmp/staged")
else
    pc_dir=$(scripts/c-library.sh --static-runtime --build-path "$build" --prefix "$tmp/staged")
fi
[ "$pc_dir" = "$tmp/staged/lib/pkgconfig" ] || fail "c-library.sh --prefix printed '$pc_dir', not the .pc's folder"
for file in include/bwwalkthrough.h "lib/libBWWalkthroughC.so.$version" "lib/libBWWalkthroughC.so.$major" \
            lib/libBWWalkthroughC.so lib/pkgconfig/bwwalkthrough.pc; do
    [ -e "$tmp/staged/$file" ] || fail "the install has no $file"
done
[ "$(readlink "$tmp/staged/lib/libBWWalkthroughC.so.$major")" = "libBWWalkthroughC.so.$version" ] \
    || fail "libBWWalkthroughC.so.$major does not link to libBWWalkthroughC.so.$version"
lib=$tmp/staged/lib/libBWWalkthroughC.so.$version
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
[ "$soname" = "libBWWalkthroughC.so.$major" ] || fail "the installed library's SONAME is '$soname'"
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
from_toolchain=$(echo "$needed" | grep -E '^lib(swift|Foundation|dispatch|BlocksRuntime)' || true)
[ -z "$from_toolchain" ] || fail "the --static-runtime library needs $(echo $from_toolchain)"
! grep -qF -e "$PWD" -e "$toolchain" "$tmp/staged/lib/pkgconfig/bwwalkthrough.pc" \
    || fail "bwwalkthrough.pc names the build or the toolchain: $(cat "$tmp/staged/lib/pkgconfig/bwwalkthrough.pc")"
echo "installed: $(cd "$tmp/staged" && find . \( -type f -o -type l \) | sort | tr '\n' ' ')"
echo "NEEDED: $(echo $needed)"

# Moved whole: nothing may point at where it was installed.
mv "$tmp/staged" "$tmp/prefix"
mkdir "$tmp/app"
readme_c_example >"$tmp/app/app.c"
cat >"$tmp/app/build-and-run.sh" <<'SH'
set -eu
if command -v swift >/dev/null 2>&1 || command -v swiftc >/dev/null 2>&1; then
    echo "FAIL: a Swift toolchain is on PATH ($PATH)"; exit 1
fi
[ -z "${LD_LIBRARY_PATH:-}" ] || { echo "FAIL: LD_LIBRARY_PATH is set"; exit 1; }
cc -Wall -Werror app.c $(pkg-config --cflags --libs bwwalkthrough) -o app
echo "ldd $PREFIX/lib/libBWWalkthroughC.so.1:"
ldd "$PREFIX/lib/libBWWalkthroughC.so.1"
ldd ./app > ldd.txt
cd / && "$OLDPWD/app"
SH
output=$(cd "$tmp/app" && env -i PATH=/usr/bin:/bin PREFIX="$tmp/prefix" \
    PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig" sh build-and-run.sh) || fail "without the toolchain: $output"
echo "$output"
! grep -qF "$toolchain" "$tmp/app/ldd.txt" || fail "the example loads from the toolchain: $(cat "$tmp/app/ldd.txt")"
grep -q "^libBWWalkthroughC.so.$major => $tmp/prefix/lib/" <(sed 's/^[[:space:]]*//' "$tmp/app/ldd.txt") \
    || fail "the example does not load the installed library: $(cat "$tmp/app/ldd.txt")"
echo "$output" | grep -q "^subview 0: " || fail "the README example did not run"
echo "installed C library: the README example built through pkg-config against a moved prefix and ran, with no Swift toolchain on PATH"
