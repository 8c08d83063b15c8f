#!/usr/bin/env bash
# 'prove' progress: on a terminal (a pseudo-terminal from script(1), when installed) a live line on
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
        # the live line's phases, in order, and the line cleared at the end
        tr '\r' '\n' <"$tmp/tty" | sed -n 's/^.*prove: *\([0-9]*\)% of the phases, \(.*\) done (.*$/\1 \2/p' >"$tmp/phases"
        if [ $backend = stark ]; then
            want=$'20 trace\n40 commit (LDE + Merkle)\n60 quotient\n80 quotient commit\n100 open (DEEP + FRI + queries)'
        else
            want=$'25 witness\n50 commit (WHIR)\n75 GKR walk\n100 open (WHIR)'
        fi
        [ "$(cat "$tmp/phases")" = "$want" ] || no "$backend: progress phases: $(cat "$tmp/phases") (want $want)"
        grep -q $'\r\033\\[K' "$tmp/tty" || no "$backend: the progress line is not cleared"
    done
else
    echo "skip: the terminal progress line (script(1) not installed)"
fi
exit $fail
