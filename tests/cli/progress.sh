#!/usr/bin/env bash
# The live progress line of prove, bench, merkle and smt. 'prove' progress: on a terminal (a pseudo-terminal from script(1), when installed) a live line on
# standard error names each phase as it ends, in order, then is cleared; redirected, no such line;
# --quiet leaves standard error empty. Usage: progress.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

# not a terminal: the statement line and the phase times, no carriage returns
"$bin" prove --hash poseidon2-kb16 --log-perms 4 --out "$tmp/p.bin" >"$tmp/out" 2>"$tmp/err" || no "prove exit $?"
grep -q "^prove: trace" "$tmp/err" || no "phase times missing: $(cat "$tmp/err")"
grep -q $'\r' "$tmp/err" && no "a progress line although standard error is no terminal"
# --quiet: nothing on standard error, the summary and the proof as before
"$bin" prove --hash poseidon2-kb16 --log-perms 4 --quiet --out "$tmp/q.bin" >"$tmp/out" 2>"$tmp/err" || no "--quiet exit $?"
[ -s "$tmp/err" ] && no "--quiet wrote to standard error: $(cat "$tmp/err")"
grep -q "^proved " "$tmp/out" || no "--quiet: no summary line"
cmp -s "$tmp/p.bin" "$tmp/q.bin" || no "--quiet changed the proof"

if command -v script >/dev/null 2>&1; then
    for backend in stark gkr; do
        script -qec "'$bin' prove --backend $backend --hash poseidon2-kb16 --log-perms 4 --out '$tmp/t.bin'" /dev/null \
            >"$tmp/tty" 2>&1 </dev/null || no "$backend: prove on a terminal: exit $?: $(cat "$tmp/tty")"
        # the live line's phases, in order, each with the share done at its end (its last line), and
        # the line cleared at the end; within the phases the share moves on (quotient blocks, FRI
        # rounds, the walk's layers)
        tr '\r' '\n' <"$tmp/tty" | sed -n 's/^.*prove: \(.*\): *\([0-9]*\)% (.*$/\2 \1/p' | uniq >"$tmp/lines"
        awk '{ p = $0; sub(/^[0-9]+ /, "", p); if (p != last && NR > 1) print prev; last = p; prev = $0 }
             END { if (NR) print prev }' "$tmp/lines" >"$tmp/phases"
        [ "$(wc -l <"$tmp/lines")" -gt "$(wc -l <"$tmp/phases")" ] || no "$backend: no progress within a phase: $(cat "$tmp/lines")"
        if [ $backend = stark ]; then
            want=$'20 trace\n40 commit (LDE + Merkle)\n60 quotient\n80 quotient commit\n100 open (DEEP + FRI + queries)'
        else
            want=$'25 witness\n50 commit (WHIR)\n75 GKR walk\n100 open (WHIR)'
        fi
        [ "$(cat "$tmp/phases")" = "$want" ] || no "$backend: progress phases: $(cat "$tmp/phases") (want $want)"
        grep -q $'\r\033\\[K' "$tmp/tty" || no "$backend: the progress line is not cleared"
    done
    # bench, merkle and smt: the live line on a terminal (phase, percent where known, time), cleared;
    # redirected or with --quiet, none
    printf '0 0 0 0 1 1 1 1\n0 1 0 1 1 1 1 1\n' >"$tmp/pairs"
    for cmd in "bench --native --merkle --hash poseidon2-kb16 --log-leaves 2..3 --threads 1 --seconds 0.05" \
        "merkle root --hash poseidon2-kb16 --log-leaves 6" "smt build --hash rpo256 --pairs $tmp/pairs"; do
        name=${cmd%% *}
        script -qec "'$bin' $cmd" /dev/null >"$tmp/tty" 2>&1 </dev/null || no "$name on a terminal: exit $?: $(cat "$tmp/tty")"
        tr '\r' '\n' <"$tmp/tty" | grep -q "^.\[K$name: .*([0-9.]* s" || no "$name: no progress line: $(cat -A "$tmp/tty")"
        grep -q $'\r\033\\[K' "$tmp/tty" || no "$name: the progress line is not cleared"
        script -qec "'$bin' $cmd --quiet" /dev/null >"$tmp/tty" 2>&1 </dev/null || no "$name --quiet: exit $?"
        grep -q $'\033\\[K' "$tmp/tty" && no "$name --quiet: a progress line: $(cat -A "$tmp/tty")"
        "$bin" $cmd >/dev/null 2>"$tmp/err" || no "$name redirected: exit $?"
        grep -q $'\r' "$tmp/err" && no "$name: a progress line although standard error is no terminal"
    done
    # bench's line: the percent done and, past the first step, an estimate of the time left
    script -qec "'$bin' bench --native --merkle --hash poseidon2-kb16 --log-leaves 2..3 --threads 1 --seconds 0.6" /dev/null \
        >"$tmp/tty" 2>&1 </dev/null
    tr '\r' '\n' <"$tmp/tty" | grep -q "bench: poseidon2-kb16 tree of 2^3 leaves, 1 thread: 50% ([0-9.]* s, about [0-9.]* s left)" ||
        no "bench: no percent and estimate: $(tr '\r' '\n' <"$tmp/tty" | grep bench:)"
else
    echo "skip: the terminal progress line (script(1) not installed)"
fi
exit $fail
