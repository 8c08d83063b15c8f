#!/usr/bin/env bash
# Every test, as CI runs it: gcc Release with warnings as errors, clang with warnings as errors,
# then AddressSanitizer + UndefinedBehaviorSanitizer, then the fuzz targets (tools/fuzz-run.sh,
# HS_FUZZ_SECONDS each, default 10: the whole run must stay within CI's budget on two loaded
# cores; HS_FUZZ_SECONDS=0 skips them). Build folders: build-ci-{gcc,clang,asan}, build-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
run() { # name, cmake args...
    local name=$1
    shift
    echo "=== $name ===" >&2
    cmake -S . -B "build-ci-$name" -DHS_WERROR=ON "$@" >/dev/null
    cmake --build "build-ci-$name" -j"$jobs" >/dev/null
    ctest --test-dir "build-ci-$name" --output-on-failure -j"$jobs"
}
CC=gcc run gcc -DCMAKE_BUILD_TYPE=Release
CC=clang run clang -DCMAKE_BUILD_TYPE=Release
# ASan's leak checker cannot run under ptrace-restricted sandboxes; leaks are checked where it can.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} UBSAN_OPTIONS=print_stacktrace=1 \
    CC=gcc run asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DHS_SANITIZE=ON
fuzz_secs=${HS_FUZZ_SECONDS:-10}
if [ "$fuzz_secs" != 0 ]; then
    echo "=== fuzz ($fuzz_secs s a target) ===" >&2
    ./tools/fuzz-run.sh "$fuzz_secs"
fi
echo "all tests passed" >&2
