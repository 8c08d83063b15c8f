#!/usr/bin/env bash
# End-to-end: hashsnark smt. miden-crypto's test_batch_insert root (poseidon2-gl12, v0.25+) built
# in one batch and in two, on disk and in memory; get, open and verify (accepted, rejected with
# exit 1); input errors with file and line (exit 2) that leave the tree unchanged.
. "$(dirname "$0")/lib/setup.sh"
H=poseidon2-gl12
want="5427929042044360539 6118532261391705453 5681692130190572868 8495277686282924792"
two="16815662437327551981 5197991956083107546 1939115207259100000 6159513656306598644"
printf '0 0 0 0 1 1 1 1\n# the second leaf\n0 1 0 1 1 1 1 1\n' >"$tmp/p"
printf '0 1 0 0, 1, 1, 1, 1\n' >"$tmp/q"
cat "$tmp/p" "$tmp/q" >"$tmp/all"
[ "$("$bin" smt build --hash $H --pairs "$tmp/all")" = "$want" ] || no "in-memory build root"
if "$bin" smt --help | grep -q "NOT SUPPORTED"; then
    out=$("$bin" smt root --hash $H --db "$tmp/db" 2>&1); rc=$?
    [ $rc = 2 ] && echo "$out" | grep -q unsupported || no "no LMDB: exit $rc: $out"
    exit $fail
fi
db="$tmp/db"
[ "$("$bin" smt build --hash $H --db "$db" --pairs "$tmp/p")" = "$two" ] || no "build root"
[ "$("$bin" smt insert --hash $H --db "$db" --pairs "$tmp/q")" = "$want" ] || no "insert root"
[ "$("$bin" smt root --hash $H --db "$db")" = "$want" ] || no "root after reopening"
[ "$("$bin" smt get --hash $H --db "$db" --key "0 1 0 0")" = "1 1 1 1" ] || no "get present"
[ "$("$bin" smt get --hash $H --db "$db" --key "7 7 7 7")" = "0 0 0 0" ] || no "get absent"
"$bin" smt open --hash $H --db "$db" --key "0 1 0 0" --out "$tmp/op" || no "open"
[ "$(grep -cv '^#' "$tmp/op")" = 67 ] || no "opening lines: $(grep -cv '^#' "$tmp/op")"
v() { "$bin" smt verify --hash $H --root "$1" --key "$2" --value "$3" --opening "$4"; }
out=$(v "$want" "0 1 0 0" "1 1 1 1" "$tmp/op"); rc=$?
[ $rc = 0 ] && [ "$out" = accepted ] || no "verify: exit $rc: $out"
out=$(v "$want" "0 1 0 0" "1 1 1 2" "$tmp/op"); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q "^rejected: .*another value" || no "wrong value: exit $rc: $out"
out=$(v "$two" "0 1 0 0" "1 1 1 1" "$tmp/op"); rc=$?
[ $rc = 1 ] && echo "$out" | grep -q "another root" || no "wrong root: exit $rc: $out"
awk 'NR == 40 { $1 = ($1 == "12345") ? "54321" : "12345" } { print }' "$tmp/op" >"$tmp/op2"
out=$(v "$want" "0 1 0 0" "1 1 1 1" "$tmp/op2"); rc=$?
[ $rc = 1 ] || no "changed sibling: exit $rc: $out"
head -n 30 "$tmp/op" >"$tmp/op3"
out=$(v "$want" "0 1 0 0" "1 1 1 1" "$tmp/op3" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "needs" || no "truncated opening: exit $rc: $out"
# an absent key: non-membership
"$bin" smt open --hash $H --db "$db" --key "3 0 0 9" >"$tmp/opa" || no "open absent"
[ "$(v "$want" "3 0 0 9" "0 0 0 0" "$tmp/opa")" = accepted ] || no "non-membership"
out=$(v "$want" "3 0 0 9" "1 0 0 0" "$tmp/opa"); rc=$?
[ $rc = 1 ] || no "absent key claimed present: exit $rc"
# input errors: file:line, exit 2, the tree unchanged
printf '1 2 3 4 5 6 7 8\n0 0 0 0 2 2 2 2\n\n0 0 0 0 3 3 3 3\n' >"$tmp/dup"
out=$("$bin" smt insert --hash $H --db "$db" --pairs "$tmp/dup" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "dup:4: the key of line 2 again" || no "duplicate: exit $rc: $out"
# the duplicate check on 4,096 rows in the order that made the old Shell sort quadratic (even
# lines the larger half of the keys): a key on the first and the last line is found and named, and
# without it the rows go in and give the root of the same pairs shuffled
awk 'BEGIN { n = 4096; for (i = 0; i < n; i++) { r = i % 2 ? (i - 1) / 2 : n / 2 + i / 2; print r, 1, 2, r, 1, 0, 0, i + 1 } }' >"$tmp/adv"
awk 'NR == 4096 { $1 = 2048; $4 = 2048 } { print }' "$tmp/adv" >"$tmp/advdup"
out=$("$bin" smt insert --hash $H --pairs "$tmp/advdup" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "advdup:4096: the key of line 1 again" || no "adversarial duplicate: exit $rc: $out"
awk '{ print (NR * 7919) % 4096, $0 }' "$tmp/adv" | sort -n | cut -d' ' -f2- >"$tmp/advshuf"
r1=$("$bin" smt build --hash $H --pairs "$tmp/adv") && r2=$("$bin" smt build --hash $H --pairs "$tmp/advshuf") &&
    [ "$r1" = "$r2" ] || no "adversarial order: '$r1' vs shuffled '$r2'"
printf '1 2 3 4 5 6 7\n' >"$tmp/short"
out=$("$bin" smt insert --hash $H --db "$db" --pairs "$tmp/short" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "short:1" || no "short line: exit $rc: $out"
printf '1 2 3 18446744069414584321 5 6 7 8\n' >"$tmp/big"
out=$("$bin" smt insert --hash $H --db "$db" --pairs "$tmp/big" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "big:1" || no "non-canonical: exit $rc: $out"
out=$("$bin" smt update --hash $H --db "$db" --pairs "$tmp/dup" 2>&1); rc=$?
[ $rc = 2 ] || no "update of a duplicate: exit $rc"
printf '9 9 9 9 1 1 1 1\n' >"$tmp/new"
out=$("$bin" smt update --hash $H --db "$db" --pairs "$tmp/new" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "new:1: the key is not in the tree" || no "update of an absent key: exit $rc: $out"
out=$("$bin" smt build --hash $H --db "$db" --pairs "$tmp/p" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "empty tree" || no "build on a tree: exit $rc: $out"
out=$("$bin" smt root --hash rpo256 --db "$db" 2>&1); rc=$?
[ $rc = 2 ] && echo "$out" | grep -q "uses the hash poseidon2-gl12" || no "another hash: exit $rc: $out"
[ "$("$bin" smt root --hash $H --db "$db")" = "$want" ] || no "root changed by failed commands"
# update, then remove back to the two-leaf tree
printf '0 1 0 0 2 2 2 2\n' >"$tmp/upd"
"$bin" smt update --hash $H --db "$db" --pairs "$tmp/upd" >/dev/null || no "update"
[ "$("$bin" smt get --hash $H --db "$db" --key "0 1 0 0")" = "2 2 2 2" ] || no "updated value"
[ "$("$bin" smt remove --hash $H --db "$db" --key "0 1 0 0")" = "$two" ] || no "remove root"
# bench --smt: the scenarios' rows, and a kept on-disk tree that 'smt' reopens at the last root
out=$("$bin" bench --smt --hash $H --size 300 --batch 20 --threads 1 --format csv --keep --dir "$tmp" 2>"$tmp/err"); rc=$?
[ $rc = 0 ] && [ "$(echo "$out" | grep -c ",$H\|^$H,")" = 8 ] || no "bench --smt: exit $rc: $out $(cat "$tmp/err")"
kept=$(sed -n 's/.*kept the tree in \([^ ]*\) .*/\1/p' "$tmp/err")
last=$(echo "$out" | grep "^$H,batched update,disk" | cut -d, -f11)
[ -n "$kept" ] && [ "$("$bin" smt root --hash $H --db "$kept" | cut -d' ' -f1)" = "$last" ] || no "bench --keep: '$kept' '$last'"
"$bin" bench --smt --hash nope --size 10 2>/dev/null; [ $? = 2 ] || no "bench --smt unknown hash"
"$bin" bench --native --size 10 2>/dev/null; [ $? = 2 ] || no "--size without --smt"
# usage
"$bin" smt 2>/dev/null; [ $? = 2 ] || no "no action"
"$bin" smt frob --hash $H 2>/dev/null; [ $? = 2 ] || no "unknown action"
"$bin" smt get --hash $H --db "$db" 2>/dev/null; [ $? = 2 ] || no "get without --key"
"$bin" smt root --hash nope 2>/dev/null; [ $? = 2 ] || no "unknown hash"
"$bin" smt get --hash $H --db "$db" --key "1 2 3" 2>/dev/null; [ $? = 2 ] || no "short key"
# poseidon2-kb16: 8 + 8 elements
printf '1 2 3 4 5 6 7 8 9 9 9 9 9 9 9 9\n' >"$tmp/kb"
r=$("$bin" smt build --hash poseidon2-kb16 --pairs "$tmp/kb") || no "kb16 build"
[ "$(echo "$r" | wc -w)" = 8 ] || no "kb16 root: $r"
"$bin" smt open --hash poseidon2-kb16 --pairs "$tmp/kb" --key "1 2 3 4 5 6 7 8" >"$tmp/kbop" || no "kb16 open"
[ "$("$bin" smt verify --hash poseidon2-kb16 --root "$r" --key "1 2 3 4 5 6 7 8" --value "9 9 9 9 9 9 9 9" \
    --opening "$tmp/kbop")" = accepted ] || no "kb16 verify"
exit $fail
