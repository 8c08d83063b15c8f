#!/usr/bin/env bash
# Every test, as CI runs it: gcc Release with warnings as errors, the Rust crate (when cargo is
# present), clang with warnings as errors, then AddressSanitizer + UndefinedBehaviorSanitizer, then
# the fuzz targets (tools/fuzz-run.sh, HS_FUZZ_SECONDS each, default 20, two at a time: the whole run must stay
# within CI's budget on two loaded cores; HS_FUZZ_SECONDS=0 skips them). Build folders:
# build-ci-{gcc,clang,asan}, build-fuzz.
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
# The Rust crate against the gcc build's static library (offline: it depends on no other crate).
if command -v cargo >/dev/null; then
    echo "=== rust (bindings/rust) ===" >&2
    HASHSNARK_LIB_DIR="$PWD/build-ci-gcc" CARGO_TARGET_DIR="$PWD/build-ci-gcc/rust" \
        cargo test --offline --quiet --manifest-path bindings/rust/Cargo.toml
else
    echo "=== rust: cargo not found, bindings/rust not tested ===" >&2
fi
CC=clang run clang -DCMAKE_BUILD_TYPE=Release
# ASan's leak checker cannot run under ptrace-restricted sandboxes; leaks are checked where it can.
# -O1 -g1: the sanitized build of the large SIMD kernels and AIR evaluators compiles several times
# faster than at -O2 -g (no variable tracking), and still reports file and line.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} UBSAN_OPTIONS=print_stacktrace=1 \
    CC=gcc run asan -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DHS_SANITIZE=ON
fuzz_secs=${HS_FUZZ_SECONDS:-20}
if [ "$fuzz_secs" != 0 ]; then
    echo "=== fuzz ($fuzz_secs s a target) ===" >&2
    ./tools/fuzz-run.sh "$fuzz_secs"
fi
echo "all tests passed" >&2
