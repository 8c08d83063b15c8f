#!/usr/bin/env bash
# Writers racing on one --db: rounds of three `smt insert` started at once on one stored tree.
# Each waits for the others (LMDB's writer lock) and applies its batch to the newest tree, so the
# stored tree is some serial order of the three batches: they share one key, each with its own
# value, so the final root must be the root of base + all batches with one writer's value for
# that key (built in memory), and openings from the store must verify against its root.
. "$(dirname "$0")/lib/setup.sh"
H=poseidon2-gl12
if "$bin" smt --help | grep -q "NOT SUPPORTED"; then echo "no LMDB: skipped"; exit 0; fi
P=3
awk 'BEGIN { for (i = 0; i < 200; i++) print i, 0, 5, i * 7919 % 1000, 1, 1, 1, i }' >"$tmp/base"
for p in 0 1 2; do # 40 new keys, 10 updates of base keys, the shared key
    awk -v p=$p 'BEGIN { for (i = 0; i < 40; i++) print 1000 + i, p, 6, i * 31 + p * 977, p + 2, i, 0, 0
                         for (i = 0; i < 10; i++) { k = p * 10 + i; print k, 0, 5, k * 7919 % 1000, p + 2, 9, 9, 9 }
                         print 7, 7, 7, 7, p + 2, 0, 0, 0 }' >"$tmp/b$p"
done
# the serial orders' roots: the shared key last written by batch p (the other keys are disjoint)
for p in 0 1 2; do
    cat "$tmp/base" >"$tmp/all$p"
    for q in 0 1 2; do
        awk -v q=$q -v p=$p '!($1 == 7 && $2 == 7 && $3 == 7 && $4 == 7) || q == p' "$tmp/b$q" >>"$tmp/all$p"
    done
    awk -v p=$p '{ k = $1 " " $2 " " $3 " " $4; if (!(k in v)) o[n++] = k; v[k] = $5 " " $6 " " $7 " " $8 }
                 END { for (i = 0; i < n; i++) print o[i], v[o[i]] }' "$tmp/all$p" >"$tmp/final$p"
    want[p]=$("$bin" smt build --hash $H --pairs "$tmp/final$p") || no "serial root $p"
done
rounds=3
for r in $(seq $rounds); do
    db="$tmp/db$r"
    "$bin" smt build --hash $H --db "$db" --nosync --pairs "$tmp/base" >/dev/null || no "build $r"
    pids=()
    for p in 0 1 2; do
        "$bin" smt insert --hash $H --db "$db" --nosync --threads 1 --pairs "$tmp/b$p" >"$tmp/out$p" 2>&1 &
        pids+=($!)
    done
    for p in 0 1 2; do wait "${pids[$p]}" || no "round $r: insert $p: $(cat "$tmp/out$p")"; done
    root=$("$bin" smt root --hash $H --db "$db")
    last=-1
    for p in 0 1 2; do [ "$root" = "${want[$p]}" ] && last=$p; done
    [ $last -ge 0 ] || { no "round $r: the stored root $root is no serial order's"; continue; }
    # the shared key holds the last writer's value, and openings verify against the root
    [ "$("$bin" smt get --hash $H --db "$db" --key "7 7 7 7")" = "$((last + 2)) 0 0 0" ] || no "round $r: the shared key"
    for k in "7 7 7 7" "1001 1 6 1008" "3 0 5 $((3 * 7919 % 1000))" "1039 2 6 $((39 * 31 + 2 * 977))"; do
        v=$(grep "^$k " "$tmp/final$last" | cut -d' ' -f5-)
        "$bin" smt open --hash $H --db "$db" --key "$k" >"$tmp/op" || no "round $r: open $k"
        [ "$("$bin" smt verify --hash $H --root "$root" --key "$k" --value "$v" --opening "$tmp/op")" = accepted ] ||
            no "round $r: the opening of $k against the stored root"
    done
    echo "round $r: the last writer of the shared key was batch $last"
done
exit $fail
