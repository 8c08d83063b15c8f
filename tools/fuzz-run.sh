#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, HS_FUZZ=ON: -fsanitize=fuzzer,address,undefined)
# and runs each for SECONDS (the argument, else HS_FUZZ_SECONDS, else 60) from the committed seed
# corpus, HS_FUZZ_JOBS targets at a time (default 2). Fails on any finding: a crash, a sanitizer
# report, a hang (-timeout), an allocation beyond -malloc_limit_mb, or a false acceptance (the
# targets abort on those, tests/fuzz/fuzz_common.h). Findings are kept in build-fuzz/findings/;
# each run's log in build-fuzz/logs/. HS_FUZZ_TARGETS="stark_private fri ..." picks targets.
# A finding reproduces with build-fuzz/tests/fuzz/fuzz_TARGET FILE, or with any compiler's
# replay_TARGET FILE (tests/fuzz/replay.c). HS_FUZZ_BUILD names another build folder.
# HS_FUZZ_TIMEOUT (seconds an input may take, default 30) can be raised for campaigns run at low
# priority beside other work, where a starved process can pass 30 s on a 0.2 s input.
# HS_FUZZ_CPU=1 makes SECONDS the CPU time (user + system) each target runs for, not wall time:
# a watcher stops the fuzzer gracefully (SIGUSR1: libFuzzer prints its final stats) once the
# process has used that much CPU, so a campaign on a loaded machine still gives each target what
# it asks; the wall time is then capped at HS_FUZZ_WALL_CAP seconds (default 20 x SECONDS).
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-${HS_FUZZ_SECONDS:-60}}
jobs=${HS_FUZZ_JOBS:-2}
timeout=${HS_FUZZ_TIMEOUT:-30}
all="stark_private stark_public gkr_private gkr_public ragged merkle api peek textio fri whir sumcheck smt tree"
targets=${HS_FUZZ_TARGETS:-$all}
build=${HS_FUZZ_BUILD:-build-fuzz}
cpu_mode=${HS_FUZZ_CPU:-0}
wall=$secs
[ "$cpu_mode" = 1 ] && wall=${HS_FUZZ_WALL_CAP:-$((20 * secs))}
tck=$(getconf CLK_TCK)
t0=$(date +%s)
# -DHS_AVX512=OFF: the targets are verifiers and readers, and the AVX-512 batch kernels (prover side,
# tested in the Release and ASan builds) take clang over 5 minutes of CPU each at -O1 with ASan
CC=clang cmake -S . -B "$build" -DHS_FUZZ=ON -DHS_WERROR=ON -DHS_AVX512=OFF -DCMAKE_BUILD_TYPE=None >/dev/null
# only the targets this run fuzzes (fuzz_all builds every one)
# shellcheck disable=SC2046
cmake --build "$build" -j"$jobs" $(for t in $targets; do printf -- '--target fuzz_%s ' "$t"; done) >/dev/null
echo "fuzz: targets built in $(($(date +%s) - t0)) s; $secs s each ($([ "$cpu_mode" = 1 ] && echo "of CPU, wall cap $wall s" || echo wall)), $jobs at a time" >&2
mkdir -p "$build/logs" "$build/findings"
# ASan's leak checker cannot run under ptrace-restricted sandboxes (as in tools/test-all.sh);
# HS_FUZZ_LEAKS=1 turns it on where it can.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=${HS_FUZZ_LEAKS:-0}:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

run_one() { # target
    local t=$1 work="$build/work/$1"
    rm -rf "$work"
    mkdir -p "$work"
    # libFuzzer caps inputs at 1 MiB unless told: a Keccak-f seed is larger
    local max_len
    max_len=$(find "tests/fuzz/corpus/$t" -type f -printf '%s\n' | sort -n | tail -1)
    [ "${max_len:-0}" -gt 4096 ] || max_len=4096
    local t0 rc=0 pid cpu=0
    t0=$(date +%s)
    "$build/tests/fuzz/fuzz_$t" "$work" "tests/fuzz/corpus/$t" -max_total_time="$wall" -timeout="$timeout" -max_len="$max_len" \
        -rss_limit_mb=3072 -malloc_limit_mb=2048 -dict=tests/fuzz/hashsnark.dict -print_final_stats=1 \
        -artifact_prefix="$build/findings/$t-" >"$build/logs/$t.log" 2>&1 &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do
        # fields 14 and 15 of /proc/PID/stat: user and system ticks (the name, field 2, has no spaces here)
        cpu=$(awk -v t="$tck" '{ printf "%d", ($14 + $15) / t }' "/proc/$pid/stat" 2>/dev/null || echo "$cpu")
        if [ "$cpu_mode" = 1 ] && [ "${cpu:-0}" -ge "$secs" ]; then
            kill -USR1 "$pid" 2>/dev/null || true
            break
        fi
        sleep 2
    done
    wait "$pid" || rc=$?
    echo "$(($(date +%s) - t0)) $cpu" >"$build/logs/$t.time"
    return "$rc"
}

summary() { # target rc
    local t=$1 rc=$2 log="$build/logs/$1.log" execs cov ft corp tw tc
    read -r tw tc <"$build/logs/$1.time" 2>/dev/null || true
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
    corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
    printf 'fuzz: %-14s %5ss wall %5ss cpu execs %-9s cov %-6s ft %-7s corp %-5s %s\n' "$t" "${tw:-?}" "${tc:-?}" \
        "${execs:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" \
        "$([ "$rc" = 0 ] && echo ok || echo "FINDING (rc $rc, $log)")" >&2
}

failed=0
set -- $targets
while [ $# -gt 0 ]; do
    batch=()
    pids=()
    for _ in $(seq "$jobs"); do
        [ $# -gt 0 ] || break
        batch+=("$1")
        run_one "$1" &
        pids+=($!)
        shift
    done
    for i in "${!batch[@]}"; do
        rc=0
        wait "${pids[$i]}" || rc=$?
        summary "${batch[$i]}" "$rc"
        if [ "$rc" != 0 ]; then
            failed=1
            grep -m5 -E 'FUZZ FINDING|ERROR: |SUMMARY: |runtime error' "$build/logs/${batch[$i]}.log" >&2 || true
        fi
    done
done
echo "fuzz: $(($(date +%s) - t0)) s in all" >&2
[ "$failed" = 0 ] || { echo "fuzz: FINDINGS (see $build/findings/)" >&2; exit 1; }
echo "fuzz: no findings" >&2
