#!/usr/bin/env bash
# End-to-end: hashsnark prove --backend gkr --regions / verify (the three variants), tampering,
# wrong tables, usage errors. Usage: ragged.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
for v in ragged padded independent; do
    p="$tmp/$v.bin"
    out=$("$bin" prove --backend gkr --regions 4,6,5 --variant $v --seed 5 --threads 2 --out "$p" 2>"$tmp/err") ||
        no "prove $v exit $?: $(cat "$tmp/err")"
    echo "$out" | grep -Eq "^proved 112 permutations in 3 regions \(poseidon2-kb16, gkr, $v, compat\) in .* proof [0-9]+ bytes" ||
        no "prove summary: $out"
    [ "$(wc -l <"$p.inputs")" = 112 ] && [ "$(wc -l <"$p.outputs")" = 112 ] || no "$v: tables next to the proof"
    r=$("$bin" verify --proof "$p" --inputs "$p.inputs" --outputs "$p.outputs"); rc=$?
    [ $rc = 0 ] || no "verify $v exit $rc: $r"
    echo "$r" | grep -Eq "^accepted: 112 permutations of poseidon2-kb16 in 3 regions \(4,6,5; public statement\), gkr backend, $v variant, preset compat" ||
        no "verify output: $r"
done
cmp -s "$tmp/ragged.bin.inputs" "$tmp/padded.bin.inputs" || no "the variants prove different inputs"
[ "$(stat -c %s "$tmp/ragged.bin")" = "$(stat -c %s "$tmp/padded.bin")" ] || no "ragged and padded proof sizes differ"
"$bin" prove --backend gkr --regions 4,6,5 --seed 5 --threads 1 --out "$tmp/t1.bin" >/dev/null 2>&1 || no "prove t1"
cmp -s "$tmp/ragged.bin" "$tmp/t1.bin" || no "ragged proof depends on the thread count"
# the perm command agrees with the outputs
"$bin" perm --hash poseidon2-kb16 --in "$tmp/t1.bin.inputs" --out "$tmp/perm.txt" || no "perm"
cmp -s "$tmp/perm.txt" "$tmp/t1.bin.outputs" || no "outputs differ from 'hashsnark perm'"
# public inputs given back to prove
"$bin" prove --backend gkr --regions 4,6,5 --inputs "$tmp/t1.bin.inputs" --out "$tmp/again.bin" >/dev/null 2>&1 ||
    no "prove --inputs"
cmp -s "$tmp/again.bin" "$tmp/t1.bin" || no "prove --inputs differs from the seeded proof"

# committed regions (private statements): no tables written, verified without any
for v in ragged padded independent; do
    p="$tmp/priv-$v.bin"
    out=$("$bin" prove --backend gkr --regions 4,6,5 --variant $v --private --seed 5 --threads 2 --out "$p" 2>"$tmp/err") ||
        no "prove --private $v exit $?: $(cat "$tmp/err")"
    echo "$out" | grep -Eq "^proved 112 permutations in 3 committed regions \(poseidon2-kb16, gkr, $v, compat\) in .* proof [0-9]+ bytes" ||
        no "prove --private summary: $out"
    ls "$p".* >/dev/null 2>&1 && no "--private wrote tables: $(ls "$tmp")"
    grep -q "commit (WHIR)" "$tmp/err" || no "--private phases: $(cat "$tmp/err")"
    r=$("$bin" verify --proof "$p"); rc=$?
    [ $rc = 0 ] || no "verify --private $v exit $rc: $r"
    echo "$r" | grep -Eq "^accepted: 112 permutations of poseidon2-kb16 in 3 regions \(4,6,5; private statement, committed regions\), gkr backend, $v variant, preset compat" ||
        no "verify --private output: $r"
done
p="$tmp/priv-ragged.bin"
"$bin" prove --backend gkr --regions 4,6,5 --private --seed 5 --threads 1 --out "$tmp/priv-t1.bin" >/dev/null 2>&1 || no "prove --private t1"
cmp -s "$p" "$tmp/priv-t1.bin" || no "private proof depends on the thread count"
r=$("$bin" verify --proof "$p" --inputs "$tmp/t1.bin.inputs" --outputs "$tmp/t1.bin.outputs"); rc=$?
[ $rc = 1 ] && [ "$r" = "rejected: the proof is for a private statement (it proves no table)" ] || no "private proof with tables: $rc $r"
size=$(stat -c %s "$p")
for off in 16 19 $((size / 3)) $((size / 2)) $((size - 1)); do
    cp "$p" "$tmp/flip.bin"
    b=$(od -An -tu1 -j $off -N1 "$p" | tr -d ' ')
    printf "\\$(printf %o $(( (b ^ 0x21) & 255 )))" | dd of="$tmp/flip.bin" bs=1 seek=$off conv=notrunc 2>/dev/null
    r=$("$bin" verify --proof "$tmp/flip.bin" 2>&1); rc=$?
    [ $rc = 1 ] && echo "$r" | grep -q "^rejected: " || no "private byte $off changed: exit $rc ($r)"
done
"$bin" prove --backend gkr --log-perms 4 --private --out "$tmp/x.bin" >/dev/null 2>&1; [ $? = 2 ] || no "--private without --regions: exit"

reject() { # name proof inputs outputs
    local r rc
    r=$("$bin" verify --proof "$2" --inputs "$3" --outputs "$4" 2>&1); rc=$?
    [ $rc = 1 ] || no "$1: exit $rc ($r)"
    echo "$r" | grep -q "^rejected: " || no "$1: output '$r'"
}
p="$tmp/ragged.bin"
size=$(stat -c %s "$p")
for off in 13 15 16 18 19 20 22 40 $((size / 3)) $((size / 2)) $((size - 40)) $((size - 1)); do
    cp "$p" "$tmp/flip.bin"
    b=$(od -An -tu1 -j $off -N1 "$p" | tr -d ' ')
    printf "\\$(printf %o $(( (b ^ 0x21) & 255 )))" | dd of="$tmp/flip.bin" bs=1 seek=$off conv=notrunc 2>/dev/null
    reject "byte $off changed" "$tmp/flip.bin" "$p.inputs" "$p.outputs"
done
head -c $((size / 2)) "$p" >"$tmp/half.bin"; reject truncated "$tmp/half.bin" "$p.inputs" "$p.outputs"
{ cat "$p"; printf 'x'; } >"$tmp/long.bin"; reject "appended byte" "$tmp/long.bin" "$p.inputs" "$p.outputs"
sed '7s/^[0-9]*/1/' "$p.inputs" >"$tmp/bad.inputs"; reject "wrong input" "$p" "$tmp/bad.inputs" "$p.outputs"
sed '100s/^[0-9]*/1/' "$p.outputs" >"$tmp/bad.outputs"; reject "wrong output" "$p" "$p.inputs" "$tmp/bad.outputs"
"$bin" verify --proof "$p" --inputs "$p.inputs" --outputs "$tmp/bad.outputs" | grep -q "bad.outputs line 100 is not P(" ||
    no "wrong output: the row is not named"
head -n 111 "$p.inputs" >"$tmp/short.inputs"; reject "missing row" "$p" "$tmp/short.inputs" "$p.outputs"
reject "other proof's tables" "$tmp/ragged.bin" "$tmp/ragged.bin.inputs" "$tmp/ragged.bin.inputs"
# usage errors
for args in "--regions 3,5" "--regions 4,21" "--regions 4,,5" "--regions 4,5 --variant nosuch" "--regions 4,5 --log-perms 4"; do
    "$bin" prove --backend gkr $args --out "$tmp/x.bin" >/dev/null 2>&1; [ $? = 2 ] || no "prove $args: exit"
done
"$bin" prove --regions 4,5 --out "$tmp/x.bin" >/dev/null 2>&1; [ $? = 2 ] || no "--regions without gkr: exit"
[ ! -e "$tmp/x.bin" ] || no "failed prove wrote a file"
"$bin" verify --proof "$p" >/dev/null 2>&1; [ $? = 1 ] || no "verify without tables: exit (a rejection)"
"$bin" prove --help | grep -q -- "--regions" || no "help mentions --regions"
# bench --compare: the FROST-GKR ragged-regions comparison, csv header exact, three rows, ragged = padded proof size
v=$("$bin" bench --backend gkr --regions 5,6,4 --compare --samples 1 --threads 1 --format csv 2>"$tmp/err") ||
    no "bench --compare: $(cat "$tmp/err")"
[ "$(echo "$v" | head -1)" = "variant,physical_rows,prove_s,verify_s,proof_bytes,peak_rss_bytes" ] || no "compare header: $v"
echo "$v" | grep -q '^independent,112,' || no "compare independent row: $v"
echo "$v" | grep -q '^padded,192,' || no "compare padded row: $v"
echo "$v" | grep -q '^ragged,112,' || no "compare ragged row: $v"
pb=$(echo "$v" | awk -F, '$1=="padded"{print $5}'); rb=$(echo "$v" | awk -F, '$1=="ragged"{print $5}')
[ -n "$rb" ] && [ "$pb" = "$rb" ] || no "ragged and padded proof sizes differ: $pb $rb"
v=$("$bin" bench --backend gkr --regions 5,4 --compare --private --samples 1 --threads 1 --format csv 2>"$tmp/err") ||
    no "bench --compare --private: $(cat "$tmp/err")"
[ "$(echo "$v" | grep -c '^[a-z]*,[0-9]*,')" = 3 ] && echo "$v" | grep -q '^padded,64,' || no "compare --private rows: $v"
"$bin" bench --backend gkr --private >/dev/null 2>&1; [ $? = 2 ] || no "bench --private without --regions: exit"
v=$("$bin" bench --backend gkr --regions 5,6 --compare --samples 1 --threads 1 2>/dev/null)
echo "$v" | grep -q "Implicit ragged walk" || no "compare markdown: $v"
for bad in "--regions 5,3 --compare --backend gkr" "--regions 5,6 --backend gkr" "--regions 5,6 --compare" \
           "--regions 5,6 --compare --backend gkr --log-perms 4" "--regions 5,6 --compare --backend gkr --format json"; do
    "$bin" bench $bad >/dev/null 2>"$tmp/err"; rc=$?
    [ $rc = 2 ] && [ -s "$tmp/err" ] || no "bench $bad: exit $rc"
done
# an --out that cannot be written: refused before proving, no tables left behind
mkdir "$tmp/outdir"
"$bin" prove --backend gkr --regions 4,5 --seed 5 --out "$tmp/outdir" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "is a directory" "$tmp/err" || no "directory as --out: exit $rc: $(cat "$tmp/err")"
ls "$tmp"/outdir.* >/dev/null 2>&1 && no "tables left behind: $(ls "$tmp")"
exit $fail
