#!/usr/bin/env bash
# The C tests that share handles, hand frames between threads and hold message pointers
# (Tests/CInterface/shared_handle.c, evaluate_handoff.c, message_lifetime.c) against a
# library built with ASan, then with TSan.
#
# Both sides are instrumented: the library by `swift build --sanitize=…` (a debug build in
# .build-sanitize-<name>, the folder scripts/sanitizers.sh uses, so the two share their
# Kernel objects), the programs by the toolchain's clang, whose sanitizer runtime is the
# one swiftc expects and is linked into the executable, where the library's calls find it.
# Any report fails the run (halt_on_error); SWIFT_BACKTRACE=enable=no leaves the signals to
# the sanitizer.
#
#   scripts/c-api-sanitizers.sh [address] [thread]     (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
tests=Tests/CInterface
clang=$(toolchain_clang)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for s in "${sanitizers[@]}"; do
    lib=$(scripts/c-library.sh -c debug --sanitize="$s" --build-path ".build-sanitize-$s")
    # The toolchain's TSan runtime intercepts libdispatch, so it needs it (and its blocks).
    extra=()
    [ "$s" != thread ] || extra=(-L "$(swift_runtime_dir)" -ldispatch -lBlocksRuntime)
    for name in shared_handle evaluate_handoff message_lifetime; do
        "$clang" -fuse-ld=lld -std=c11 -Wall -Wextra -Werror -g -O1 -fsanitize="$s" -I "$tests" "$tests/$name.c" "$tests/check.c" \
            $(PKG_CONFIG_PATH=$lib pkg-config --cflags --libs bwwalkthrough) "${extra[@]}" -lpthread -o "$out/$name-$s"
        log="$out/$name-$s.log"
        if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=halt_on_error=1 TSAN_OPTIONS=halt_on_error=1 \
            "$out/$name-$s" >"$log" 2>&1 || grep -q "Sanitizer" "$log"; then
            cat "$log"
            echo "FAIL: $name under $s sanitizer" >&2
            exit 1
        fi
        echo "$(tail -n 1 "$log") under the $s sanitizer, no reports"
    done
done
