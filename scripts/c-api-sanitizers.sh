#!/usr/bin/env bash
# The C tests against sanitizer builds of the library:
#   ASan       every program below (shared handles, hand-offs, messages, and the bad input),
#              and message_expiry.c, which reads an expired message on purpose and must
#              get ASan's report (the library poisons expired messages);
#   TSan       the programs of the header's thread rules: shared_handle.c, shared_reads.c
#              (read-only calls on one handle, failing or not), shared_messages.c (message
#              pointers while other threads fail), independent_handles.c (different
#              handles), evaluate_handoff.c and parallel_frame.c (frames handed to readers
#              through the caller's lock; bww_evaluate's own workers), message_lifetime.c;
#   UBSan      c_api_test, whose groups include the bad input (errors.c, limits.c,
#              layouts.c: null pointers, SIZE_MAX lengths and capacities, INT64 indices,
#              short and misaligned buffers); under ASan too.
#
# Both sides are instrumented: the library by `swift build --sanitize=…` (for UBSan, the
# clang flags of scripts/sanitizers.sh: swiftc has none), a debug build in
# .build-sanitize-<name>, the folder scripts/sanitizers.sh uses, so the two share their
# Kernel objects, and for TSan a release build too (.build-sanitize-thread-release); the
# programs by the toolchain's clang, whose sanitizer runtime is the one swiftc expects and
# is linked into the executable, where the library's calls find it.
# Any report fails the run (halt_on_error, and for UBSan -fno-sanitize-recover);
# SWIFT_BACKTRACE=enable=no leaves the signals to the sanitizer.
#
#   scripts/c-api-sanitizers.sh [address] [thread] [undefined]     (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
tests=Tests/CInterface
clang=$(toolchain_clang)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread undefined)

threaded=(shared_handle shared_reads shared_messages independent_handles evaluate_handoff parallel_frame message_lifetime)
bad_input="c_api_test:known_values,scenario,errors,limits,versions,alphas,layouts,directions,page_extent"
# A program is NAME, or NAME:FILE,… for one built from more files of Tests/CInterface.
# Every program gets the storyboard's path, which c_api_test's scenario group reads.
programs() {
    case $1 in
    address) echo "${threaded[@]}" "$bad_input" ;;
    thread) echo "${threaded[@]}" ;;
    undefined) echo "$bad_input" ;;
    esac
}

# TSan runs against a release build as well: in the debug build the kernel's frame stores
# go through unspecialised generic code in the (uninstrumented) Swift runtime, and TSan
# skips 32-byte vector stores in any build, so neither sees the frame's writes; the release
# build does see the animator's own state (a worker still reading the page positions while
# the next frame writes them). parallel_frame.c checks the frame's values for that reason.
builds=()
for s in "${sanitizers[@]}"; do
    builds+=("$s:debug")
    [ "$s" != thread ] || builds+=("$s:release")
done

for b in "${builds[@]}"; do
    s=${b%%:*} configuration=${b#*:}
    build=(--sanitize="$s")
    [ "$s" != undefined ] || build=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=all
        -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
    folder=".build-sanitize-$s"
    [ "$configuration" = debug ] || folder="$folder-$configuration"
    lib=$(scripts/c-library.sh -c "$configuration" "${build[@]}" --build-path "$folder")
    # The toolchain's TSan runtime intercepts libdispatch, so it needs it (and its blocks).
    extra=()
    [ "$s" != thread ] || extra=(-L "$(swift_runtime_dir)" -ldispatch -lBlocksRuntime)
    [ "$s" != undefined ] || extra=(-fno-sanitize-recover=all)
    for program in $(programs "$s"); do
        name=${program%%:*}
        files=("$tests/$name.c" "$tests/check.c" "$tests/concurrent.c")
        if [ "$program" != "$name" ]; then
            IFS=, read -ra more <<<"${program#*:}"
            for file in "${more[@]}"; do files+=("$tests/$file.c"); done
        fi
        "$clang" -fuse-ld=lld -std=c11 -Wall -Wextra -Werror -g -O1 -fsanitize="$s" -I "$tests" "${files[@]}" \
            $(PKG_CONFIG_PATH=$lib pkg-config --cflags --libs bwwalkthrough) "${extra[@]}" -lm -lpthread -o "$out/$name-$s-$configuration"
        log="$out/$name-$s-$configuration.log"
        if ! SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=halt_on_error=1 TSAN_OPTIONS=halt_on_error=1 \
            UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
            "$out/$name-$s-$configuration" "$PWD/Benchmarks/Scenarios/storyboard.json" >"$log" 2>&1 || grep -qE "Sanitizer|runtime error" "$log"; then
            cat "$log"
            echo "FAIL: $name under the $s sanitizer, $configuration build" >&2
            exit 1
        fi
        echo "$(tail -n 1 "$log") under the $s sanitizer ($configuration build), no reports"
    done
    if [ "$s" = address ]; then
        "$clang" -fuse-ld=lld -std=c11 -Wall -Wextra -Werror -g -O1 -fsanitize=address -I "$tests" \
            "$tests/message_expiry.c" "$tests/check.c" $(PKG_CONFIG_PATH=$lib pkg-config --cflags --libs bwwalkthrough) \
            -lm -lpthread -o "$out/message_expiry"
        for call in evaluate evaluate_into; do
            log="$out/message_expiry-$call.log"
            if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=halt_on_error=1 "$out/message_expiry" "$call" >"$log" 2>&1 \
                || ! grep -q "use-after-poison" "$log" || ! grep -q "message_expiry.c" "$log"; then
                cat "$log"
                echo "FAIL: reading a message expired by bww_$call got no ASan report" >&2
                exit 1
            fi
            echo "message_expiry: reading a message expired by bww_$call is reported (use-after-poison)"
        done
    fi
done
