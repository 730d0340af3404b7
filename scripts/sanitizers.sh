#!/usr/bin/env bash
# Runs the whole test suite (the slow end-to-end tests included) under AddressSanitizer, ThreadSanitizer (the tests split frames across
# threads) and UndefinedBehaviorSanitizer, each in its own build folder.
#
# swiftc has no -sanitize=undefined on Linux: Swift checks overflow, bounds and
# unwrapping itself in every build. UBSan is for the package's C code (the C anchor the
# bench tests run, the C interface's strings), compiled and linked with -fsanitize=undefined.
#
#   scripts/sanitizers.sh [address] [thread] [undefined]     (default: all three)
set -uo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread undefined)
status=0
for s in "${sanitizers[@]}"; do
    echo "== swift test --sanitize=$s"
    log=$(mktemp)
    # halt_on_error: a report fails the run instead of scrolling by.
    if [ "$s" = undefined ]; then
        flags=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
    else
        flags=(--sanitize="$s")
    fi
    # SWIFT_BACKTRACE=enable=no: a crash goes to the sanitizer's report; Swift's backtracer
    # hung for 13 minutes inside an ASan process (its memory server trips ASan itself).
    # BWW_SLOW_TESTS=1: the slow end-to-end tests too (plain `swift test` skips them).
    BWW_SLOW_TESTS=1 SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:allocator_may_return_null=1 TSAN_OPTIONS=halt_on_error=1:allocator_may_return_null=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        swift test "${flags[@]}" --build-path ".build-sanitize-$s" >"$log" 2>&1
    code=$?
    grep -E "Test run with|SUMMARY|WARNING: ThreadSanitizer|runtime error|ERROR: AddressSanitizer" "$log" | head -20
    if [ $code -ne 0 ]; then
        # The failing tests' issues, then the end of the log.
        grep -E "✘ .*recorded an issue|^↳ " "$log" | head -20
        tail -n 40 "$log"
        echo "sanitizer $s: FAILED (exit $code)"
        status=1
    else
        echo "sanitizer $s: clean"
    fi
    rm -f "$log"
done
exit $status
