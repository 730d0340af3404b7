# Shared helpers for the scripts in this folder. Source it: `. "$(dirname "$0")/lib.sh"`.

# Installs Debian packages (CI machines start clean); on failure, apt's last lines and 1.
install_packages() {  # install_packages PACKAGE…
    echo "installing $* from Debian's packages" >&2
    local log
    log=$(mktemp)
    (apt-get update -qq && apt-get install -y -qq "$@") > "$log" 2>&1 || {
        tail -n 20 "$log" >&2
        rm -f "$log"
        echo "cannot install $*" >&2
        return 1
    }
    rm -f "$log"
}

# Installs a Debian package when its command is missing.
need() {  # need COMMAND [PACKAGE]
    command -v "$1" >/dev/null 2>&1 && return 0
    install_packages "${2:-$1}"
}

# Builds `bench` in release mode (extra build flags from $BENCH_FLAGS, build folder from
# $BENCH_BUILD, default .build) and prints the path of its copy without DWARF, which the
# Debian valgrind (3.19) needs: `bench valgrind-copy` makes it, as `bench baseline` does.
valgrind_bench() {
    local build="${BENCH_BUILD:-.build}"
    # shellcheck disable=SC2086
    swift build -c release --product bench --build-path "$build" ${BENCH_FLAGS:-} >&2 || return 1
    need strip binutils || return 1
    "$build/release/bench" valgrind-copy "$(mktemp -d)"
}

# The gate scripts' start (baseline-gate.sh, gate-sensitivity.sh): valgrind and strip
# installed, the release `bench` built, and a temporary folder in $tmp, removed on exit.
gate_setup() {
    need valgrind || return 1
    need strip binutils || return 1
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    swift build -c release --product bench
}

# Runs `BENCH baseline check --path BASELINE` with its report in OUT and prints its exit
# status (0 clean, 1 error, 2 regression) without stopping a `set -e` script.
check_status() {  # check_status BENCH BASELINE OUT
    local status=0
    "$1" baseline check --path "$2" > "$3" || status=$?
    echo "$status"
}

# Runs `check_status BENCH BASELINE OUT`, prints the report's last line, and fails (status
# 1) with the whole report when the check's exit status is not EXPECTED.
expect_check() {  # expect_check EXPECTED BENCH BASELINE OUT
    local status
    status=$(check_status "$2" "$3" "$4")
    tail -n 1 "$4"
    [ "$status" -eq "$1" ] || { cat "$4"; echo "expected exit $1, got $status"; return 1; }
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

# The README's C example: the first ```c block after the heading "## From C, C++".
readme_c_example() {
    awk '/^## From C, C\+\+/ {on = 1} on && /^```c$/ {copy = 1; next} copy && /^```$/ {exit} copy' README.md
}
