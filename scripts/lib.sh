# Shared helpers for the scripts in this folder. Source it: `. "$(dirname "$0")/lib.sh"`.

# Installs a Debian package when its command is missing (CI machines start clean).
need() {  # need COMMAND [PACKAGE]
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "installing ${2:-$1} from Debian's packages" >&2
    (apt-get update -qq && apt-get install -y -qq "${2:-$1}") >/dev/null 2>&1 || {
        echo "cannot install ${2:-$1}" >&2
        return 1
    }
}

# Builds `bench` in release mode (extra build flags from $BENCH_FLAGS, build folder from
# $BENCH_BUILD, default .build) and prints the path of a copy without DWARF, which the
# Debian valgrind (3.19) cannot read from this toolchain's binaries.
valgrind_bench() {
    local build="${BENCH_BUILD:-.build}"
    # shellcheck disable=SC2086
    swift build -c release --product bench --build-path "$build" ${BENCH_FLAGS:-} >&2 || return 1
    local copy
    copy="$(mktemp -d)/bench"
    cp "$build/release/bench" "$copy" && strip --strip-debug "$copy" && echo "$copy"
}

# The Swift toolchain's runtime library folder (libswiftCore.so, …) and its clang, which
# has the sanitizer runtimes that match swiftc's.
swift_runtime_dir() {
    swiftc -print-target-info | sed -n '/"runtimeLibraryPaths"/{n;s/.*"\(.*\)".*/\1/p;}'
}
toolchain_clang() {
    local resource
    resource=$(swiftc -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')
    echo "$resource/../../bin/clang"
}
