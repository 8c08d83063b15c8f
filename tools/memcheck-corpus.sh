#!/usr/bin/env bash
# Replays the fuzz corpora under valgrind's memcheck: every verifier and reader of tests/fuzz
# (tests/fuzz/replay.c, built in every build with the tests as build/tests/fuzz/replay_TARGET) on every committed
# seed, every past finding (tests/fuzz/regress/) and, when present, the corpus a libFuzzer
# campaign grew (build-fuzz/work/TARGET: the mutated proofs that reached new code, most of them
# rejected). It checks what the ASan + UBSan runs cannot: reads of uninitialised memory (a
# verifier whose answer could depend on them) and leaks on every path, rejections included
# (ASan's leak checker needs ptrace, which sandboxed machines often refuse; valgrind does not).
# Any memcheck error, definite or indirect leak, or replay failure fails the run.
#
#   tools/memcheck-corpus.sh [BUILD]      BUILD: a build folder with the replay programs (configured with
#                                         -DHS_BUILD_TESTS=ON; default build)
#   HS_MEMCHECK_TARGETS="fri whir ..."    picks targets; HS_MEMCHECK_EXTRA=DIR adds DIR/TARGET corpora
#
# valgrind hides AVX-512 from the program (it emulates up to AVX2), so the dispatch takes the AVX2
# or portable kernels: the verifiers' own code is the same at every level.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
# every target has a seed folder of its name
targets=${HS_MEMCHECK_TARGETS:-$(cd tests/fuzz/corpus && ls -d -- */ | tr -d /)}
extra=${HS_MEMCHECK_EXTRA:-build-fuzz/work}
command -v valgrind >/dev/null || { echo "memcheck-corpus: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
mkdir -p "$build/memcheck"
failed=0
for t in $targets; do
    bin="$build/tests/fuzz/replay_$t"
    [ -x "$bin" ] || { echo "memcheck-corpus: $bin not found (build the project with -DHS_BUILD_TESTS=ON in $build first)" >&2; exit 2; }
    dirs=("tests/fuzz/corpus/$t")
    [ -d "tests/fuzz/regress/$t" ] && dirs+=("tests/fuzz/regress/$t")
    [ -d "$extra/$t" ] && dirs+=("$extra/$t")
    log="$build/memcheck/$t.log"
    t0=$(date +%s)
    rc=0
    valgrind -q --error-exitcode=99 --track-origins=yes --leak-check=full \
        --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
        "$bin" "${dirs[@]}" >"$log" 2>&1 || rc=$?
    summary=$(grep -E "^$t: [0-9]+ inputs" "$log" | tail -1 || true)
    if [ "$rc" != 0 ]; then
        failed=1
        echo "memcheck-corpus: $t FAILED (exit $rc, $(($(date +%s) - t0)) s; ${summary:-no summary}): see $log" >&2
    else
        echo "memcheck-corpus: $t clean in $(($(date +%s) - t0)) s: $summary (${dirs[*]})" >&2
    fi
done
exit $failed
