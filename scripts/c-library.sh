#!/usr/bin/env bash
# Builds the C interface as a C library and prints the folder that holds it, with:
#   libBWWalkthroughC.so      the library; its SONAME is libBWWalkthroughC.so.N, N the
#                             header's BWW_VERSION_MAJOR (checked here)
#   libBWWalkthroughC.so.N    the link that SONAME names: programs linked against the
#                             library load this name, so it must sit next to it
#   bwwalkthrough.pc          for pkg-config: the header's folder, the library and the
#                             rpaths that let a program run from any directory
#
#   scripts/c-library.sh [--static-runtime] [--prefix DIR] [swift build options]
#
# Release build in .build (--static-runtime: .build-static-runtime) unless the options say
# otherwise (-c debug, --build-path DIR, --sanitize=address, …). --static-runtime links the
# Swift runtime into the library (see the header, "Swift runtime"). Then, from anywhere:
#   PKG_CONFIG_PATH=<printed folder> cc app.c $(pkg-config --cflags --libs bwwalkthrough)
#
# --prefix DIR also installs the build into DIR and prints DIR/lib/pkgconfig instead:
#   DIR/include/bwwalkthrough.h
#   DIR/lib/libBWWalkthroughC.so.N.M.P   the library, and the links libBWWalkthroughC.so.N
#                                        (its SONAME) and libBWWalkthroughC.so to it
#   DIR/lib/pkgconfig/bwwalkthrough.pc   relocatable: every path from ${pcfiledir}, so DIR
#                                        may be moved or copied whole
# With --static-runtime the installed library needs nothing from the Swift toolchain
# (scripts/c-library-install-test.sh checks it); without, the .pc keeps an rpath to this
# toolchain's runtime libraries.
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/.."
. scripts/lib.sh
root=$PWD
options=(-c release)
static=0
prefix=
while [ $# -gt 0 ]; do
    case $1 in
        --static-runtime) static=1 ;;
        --prefix)
            [ $# -ge 2 ] && [ -n "$2" ] || { echo "c-library.sh: --prefix needs a folder" >&2; exit 1; }
            prefix=$2
            shift ;;
        --prefix=*) prefix=${1#--prefix=}; [ -n "$prefix" ] || { echo "c-library.sh: --prefix needs a folder" >&2; exit 1; } ;;
        *) options+=("$1") ;;
    esac
    shift
done
if [ -n "$prefix" ]; then
    case $prefix in /*) ;; *) prefix=$caller/$prefix ;; esac
    mkdir -p "$prefix" || { echo "c-library.sh: cannot make the prefix folder $prefix" >&2; exit 1; }
    prefix=$(cd "$prefix" && pwd)
fi
# SwiftPM reuses its build description when only -Xswiftc flags change: after a plain build
# in the same folder, --static-runtime relinked the plain library (needing libswiftCore).
# So the description is made anew, and --static-runtime builds in a folder of its own.
options+=(--disable-build-manifest-caching)
if [ $static -eq 1 ]; then
    options+=(-Xswiftc -static-stdlib)
    case " ${options[*]}" in *" --build-path"*|*" --scratch-path"*) ;; *) options+=(--build-path .build-static-runtime) ;; esac
fi

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
[ -n "$prefix" ] || { echo "$bin"; exit 0; }

# The install: real file named by the full version, the SONAME link, the development link.
mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
install -m 644 "$header" "$prefix/include/bwwalkthrough.h"
install -m 755 "$bin/libBWWalkthroughC.so" "$prefix/lib/libBWWalkthroughC.so.$version"
ln -sfn "libBWWalkthroughC.so.$version" "$prefix/lib/$soname"
ln -sfn "$soname" "$prefix/lib/libBWWalkthroughC.so"
cat >"$prefix/lib/pkgconfig/bwwalkthrough.pc" <<PC
prefix=\${pcfiledir}/../..
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: bwwalkthrough
Description: BWWalkthrough's animation engine, C interface
Version: $version
Cflags: -I\${includedir}
Libs: $libs
PC
echo "$prefix/lib/pkgconfig"
