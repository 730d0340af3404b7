#!/usr/bin/env bash
# Builds the C interface as a C library and prints the folder that holds it, with:
#   libBWWalkthroughC.so      the library; its SONAME is libBWWalkthroughC.so.N, N the
#                             header's BWW_VERSION_MAJOR (checked here)
#   libBWWalkthroughC.so.N    the link that SONAME names: programs linked against the
#                             library load this name, so it must sit next to it
#   bwwalkthrough.pc          for pkg-config: the header's folder, the library and the
#                             rpaths that let a program run from any directory
#
#   scripts/c-library.sh [--static-runtime] [swift build options]
#
# Release build in .build unless the options say otherwise (-c debug, --build-path DIR,
# --sanitize=address, …). --static-runtime links the Swift runtime into the library
# (see the header, "Swift runtime"). Then, from anywhere:
#   PKG_CONFIG_PATH=<printed folder> cc app.c $(pkg-config --cflags --libs bwwalkthrough)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
root=$PWD
options=(-c release)
static=0
for option in "$@"; do
    if [ "$option" = --static-runtime ]; then static=1; else options+=("$option"); fi
done
[ $static -eq 0 ] || options+=(-Xswiftc -static-stdlib)

swift build "${options[@]}" --product BWWalkthroughC >&2
bin=$(swift build "${options[@]}" --show-bin-path)
header=Sources/CWalkthroughAPI/include/bwwalkthrough.h
version_part() { sed -n "s/^#define BWW_VERSION_$1 \([0-9]*\)\$/\1/p" "$header"; }
major=$(version_part MAJOR)
version="$major.$(version_part MINOR).$(version_part PATCH)"

soname=$(readelf -d "$bin/libBWWalkthroughC.so" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
if [ "$soname" != "libBWWalkthroughC.so.$major" ]; then
    echo "SONAME is '$soname' but the header's BWW_VERSION_MAJOR is $major (Package.swift, WalkthroughC)" >&2
    exit 1
fi
ln -sf libBWWalkthroughC.so "$bin/$soname"

libs="-L\${libdir} -lBWWalkthroughC -Wl,-rpath,\${libdir}"
if [ $static -eq 0 ]; then
    libs="$libs -Wl,-rpath,$(swift_runtime_dir)"
fi
cat >"$bin/bwwalkthrough.pc" <<PC
includedir=$root/Sources/CWalkthroughAPI/include
libdir=$bin

Name: bwwalkthrough
Description: BWWalkthrough's animation engine, C interface (uninstalled build of $root)
Version: $version
Cflags: -I\${includedir}
Libs: $libs
PC
echo "$bin"
