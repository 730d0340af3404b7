#!/usr/bin/env bash
# The C interface as a C program sees it: builds libBWWalkthroughC (scripts/c-library.sh),
# checks its exported symbols and the header's signatures, runs the C tests in
# Tests/CInterface (plain, under ulimit -v and a sweep of it, with failing allocations, against the
# self-contained build, and against ASan, TSan and UBSan builds through
# scripts/c-api-sanitizers.sh), and builds the README's
# example through pkg-config in another directory, and against the installed self-contained
# build with no Swift toolchain (scripts/c-library-install-test.sh). Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
need pkg-config pkgconf
tests=Tests/CInterface
header=Sources/CWalkthroughAPI/include/bwwalkthrough.h
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Compiles Tests/CInterface/NAME.c (plus the given files) against the library in LIB.
build() {  # build LIB NAME [FILE…]
    local lib=$1 name=$2
    shift 2
    PKG_CONFIG_PATH=$lib cc -std=c11 -Wall -Wextra -Werror -O2 -I "$tests" "$tests/$name.c" "$tests/check.c" "$@" \
        $(PKG_CONFIG_PATH=$lib pkg-config --cflags --libs bwwalkthrough) -lm -lpthread -o "$out/$name"
}

# Exactly the functions the header declares, and each @_cdecl under the compiler's check.
symbols() {  # symbols LIB
    local declared exported cdecl checked
    declared=$(grep -o '^[a-z][a-z0-9_ ]*[ *]bww_[a-z_]*(' "$header" | grep -o 'bww_[a-z_]*($' | tr -d '(' | sort)
    exported=$(nm -D --defined-only "$1/libBWWalkthroughC.so" | awk '{print $3}' | sort)
    [ "$declared" = "$exported" ] || fail "exported symbols differ from the header's functions:
$(diff <(echo "$declared") <(echo "$exported"))"
    cdecl=$(grep -rho '@_cdecl("bww_[a-z_]*")' Sources/WalkthroughC | grep -o 'bww_[a-z_]*' | sort)
    checked=$(grep -o 'sameType(bww_[a-z_]*' Sources/WalkthroughC/HeaderSignatures.swift | grep -o 'bww_[a-z_]*' | sort)
    [ "$cdecl" = "$checked" ] || fail "HeaderSignatures.swift does not check every @_cdecl function"
    echo "exports: $(echo "$exported" | wc -l) functions, all declared in the header"
}

lib=$(scripts/c-library.sh)
symbols "$lib"
cc -std=c99 -Wall -Wextra -pedantic -Werror -I "$(dirname "$header")" -c "$tests/signatures.c" -o "$out/signatures.o"
"$(toolchain_clang)" -x c++ -std=c++11 -Wall -Wextra -pedantic -Wold-style-cast -Werror -I "$(dirname "$header")" -fsyntax-only "$tests/signatures.c"
echo "signatures: the header compiles as C99 and C++11 (-Wold-style-cast too) with every function and every constant but the version pinned"

build "$lib" c_api_test "$tests"/{known_values,scenario,errors,limits,versions,alphas,layouts,directions,page_extent}.c
"$out/c_api_test" "$PWD/Benchmarks/Scenarios/storyboard.json"
for name in message_lifetime shared_handle alpha_cost crash_handlers out_of_memory allocation_failure forked_child keyframe_limit; do
    build "$lib" "$name"
done
"$out/message_lifetime"
"$out/shared_handle"
"$out/alpha_cost"
"$out/crash_handlers" installed
SWIFT_BACKTRACE=enable=no "$out/crash_handlers" default
(ulimit -v 400000 && "$out/out_of_memory")
# Every address-space limit from 50 MB up in 2 MB steps: a status from bww_create, never an abort.
scripts/c-api-ulimit-sweep.sh "$lib"
# Its cases run in child processes and report a crash as a failure; no Swift backtraces.
SWIFT_BACKTRACE=enable=no "$out/allocation_failure"
"$out/forked_child"
"$out/keyframe_limit"
# It defines the runtime's retain and release to count them: exported (-rdynamic) so that
# the library's calls bind to them. Those must be every one the library imports.
counted=$(grep -o '^FORWARD_[A-Z]*(swift_[A-Za-z_]*' "$tests/const_reads.c" | sed 's/.*(//' | tr '\n' ' ')
[ -n "$counted" ] || fail "const_reads.c forwards no retain or release"
imported=$(nm -D --undefined-only "$lib/libBWWalkthroughC.so" | awk '{print $2}' | sed 's/@.*//' \
    | grep -E '^swift_.*([Rr]etain|[Rr]elease)' | sort | tr '\n' ' ' | sed 's/ $//')
for symbol in $imported; do
    case " $counted " in *" $symbol "*) ;; *) fail "the library imports $symbol, which const_reads.c does not count";; esac
done
build "$lib" const_reads -rdynamic -ldl
"$out/const_reads"

# The README's example, built through pkg-config in another folder and run from a third.
mkdir "$out/app"
readme_c_example >"$out/app/app.c"
(cd "$out/app" && PKG_CONFIG_PATH=$lib cc -Wall -Werror app.c $(PKG_CONFIG_PATH=$lib pkg-config --cflags --libs bwwalkthrough) -o app)
(cd / && "$out/app/app") | grep -q "^subview 0: " || fail "the README example did not run"
echo "README example: built through pkg-config in $out/app, ran from /"

static=$(scripts/c-library.sh --static-runtime --build-path .build-static-runtime)
symbols "$static"
build "$static" c_api_test "$tests"/{known_values,scenario,errors,limits,versions,alphas,layouts,directions,page_extent}.c
build "$static" crash_handlers
readelf -d "$static/libBWWalkthroughC.so" | grep -q 'libswiftCore' && fail "the self-contained build needs libswiftCore"
"$out/c_api_test" "$PWD/Benchmarks/Scenarios/storyboard.json"
"$out/crash_handlers" default
echo "self-contained build: no Swift runtime libraries needed"
# Installed (c-library.sh --prefix), moved, and used with no Swift toolchain on PATH.
scripts/c-library-install-test.sh   # as docs/C-API.md says: after the plain build above

scripts/c-api-sanitizers.sh
