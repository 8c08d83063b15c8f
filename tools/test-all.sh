#!/usr/bin/env bash
# Every test, as CI runs it: gcc Release with warnings as errors (and its kernel and prover tests
# again under each lower HS_SIMD level the CPU has), the API reference (when doxygen is present),
# the Rust crate (when cargo is present), clang with warnings as errors (its unit tests only), then AddressSanitizer +
# UndefinedBehaviorSanitizer with the VERIFY build's invariant checks (HS_VERIFY), then the fuzz targets (tools/fuzz-run.sh, HS_FUZZ_SECONDS each,
# default 60, two at a time; HS_FUZZ_SECONDS=0 skips them). Each stage's header says the seconds
# since the start. Build folders: build-ci-{gcc,clang,asan}, build-fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
# ctest runs $jobs tests at once and many of them start OpenMP teams of 2: with the default wait
# policy a team's idle threads spin on cores the other test needs (test_stark parts 2 and 3 side
# by side under ASan: 101 s passive against 114 s spinning)
export OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
t0=$(date +%s)
stage() { echo "=== $* ($(($(date +%s) - t0)) s) ===" >&2; }
run() { # name, cmake args... (HS_CTEST_ARGS: extra ctest arguments, e.g. a -R filter)
    local name=$1
    shift
    stage "$name"
    cmake -S . -B "build-ci-$name" -DHS_WERROR=ON -DHS_BUILD_TESTS=ON "$@" >/dev/null
    cmake --build "build-ci-$name" -j"$jobs" >/dev/null
    # shellcheck disable=SC2086
    ctest --test-dir "build-ci-$name" --output-on-failure -j"$jobs" ${HS_CTEST_ARGS:-}
}
CC=gcc run gcc -DCMAKE_BUILD_TYPE=Release
# The kernel and prover tests once more at each SIMD level below the best this CPU has (the run
# above is at the best; cli_simd compares outputs and proofs across all of them itself), so the
# portable and AVX2 twins are exercised end to end on AVX-512 machines too.
simd_tests='^(test_(additive_ntt|air|binfri|blake3|fri|gf2_128|bitslice|gf2_8|gf2_tower|gkr|gkr_witness|kb5_batch|kb_ext|keccak|keccak_air|merkle|merkle_stark|mle|ntt|p1air|p2air|poseidon1_kb'
simd_tests+='|poseidon2_monty31|poseidon2b|poseidon2_gl|poseidon_gl|ragged_kern|rpo|rpx|sumcheck|transcript|vision32|whir|xmss))$'
best=$(build-ci-gcc/hashsnark --version | sed -n 's/^simd: .* (best on this CPU: \([a-z0-9]*\))$/\1/p')
case $best in avx512) below="portable avx2" ;; avx2) below="portable" ;; *) below="" ;; esac
for level in $below; do
    stage "gcc, HS_SIMD=$level: kernel and prover tests"
    HS_SIMD=$level ctest --test-dir build-ci-gcc --output-on-failure -j"$jobs" -R "$simd_tests"
done
# The API reference (Doxygen; any warning about the header's comments fails it).
if command -v doxygen >/dev/null; then
    stage "docs (Doxygen)"
    cmake -S . -B build-ci-gcc -DHS_DOCS=ON >/dev/null
    cmake --build build-ci-gcc --target docs >/dev/null
else
    stage "docs: doxygen not found, API reference not built"
fi
# The Rust crate against the gcc build's static library (offline: it depends on no other crate).
if command -v cargo >/dev/null; then
    stage "rust (bindings/rust)"
    HASHSNARK_LIB_DIR="$PWD/build-ci-gcc" CARGO_TARGET_DIR="$PWD/build-ci-gcc/rust" \
        cargo test --offline --quiet --manifest-path bindings/rust/Cargo.toml
else
    stage "rust: cargo not found, bindings/rust not tested"
fi
# clang: every target built with warnings as errors, and the library's unit tests (test_*) run on
# clang's code; the command-line scripts (cli_*, about 55 s here) run in the gcc and sanitizer builds.
HS_CTEST_ARGS="-R ^test_" CC=clang run clang -DCMAKE_BUILD_TYPE=Release
# ASan's leak checker cannot run under ptrace-restricted sandboxes; leaks are checked where it can.
# -O1 -g1: the sanitized build of the large SIMD kernels and AIR evaluators compiles several times
# faster than at -O2 -g (no variable tracking), and still reports file and line.
# The VERIFY build's invariant checks (util/verify.h) are on here. cli_simd is left to the gcc
# build: it proves every statement once per SIMD level to compare the bytes (64 s under ASan, the
# longest test there), and the lower levels' kernels are run by the gcc stage above.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} UBSAN_OPTIONS=print_stacktrace=1 HS_CTEST_ARGS="-E ^cli_simd$" \
    CC=gcc run asan -DHS_VERIFY=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DHS_SANITIZE=ON
fuzz_secs=${HS_FUZZ_SECONDS:-60}
if [ "$fuzz_secs" != 0 ]; then
    stage "fuzz, $fuzz_secs s a target"
    ./tools/fuzz-run.sh "$fuzz_secs"
fi
echo "all tests passed in $(($(date +%s) - t0)) s" >&2
