#!/usr/bin/env bash
# End-to-end: hashsnark params (the soundness calculator), the prover's refusal of shapes whose
# declared security does not hold, and the bits verify reports. Usage: params.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

# text: a table of terms and the claim line
out=$("$bin" params --preset compat --log-perms 20) || no "params text exit $?"
echo "$out" | grep -Eq '^term +udr +johnson +conjectured$' || no "text table header: $out"
for t in ali deep.ood fri.batch 'fri.fold\[0\]' 'fri.fold\[16\]' fri.query merkle.collision; do
    echo "$out" | grep -Eq "^$t +[0-9.]+ +[0-9.]+ +[0-9.]+$" || no "text row $t"
done
echo "$out" | grep -q '^claimed security: 95.6 bits (udr), weakest term fri.batch$' || no "compat claim line: $out"
echo "$out" | grep -q '^declared by compat: 91 bits (udr): holds$' || no "compat declared line"
# the declared line names the regime the claim holds under (the claim's): gkr proven128, johnson
v=$("$bin" params --backend gkr --preset proven128 --log-perms 12) || no "gkr params exit"
echo "$v" | grep -q '^declared by proven128: 128 bits (johnson): holds$' || no "gkr declared line: $v"
echo "$v" | grep -q '^conjectured: .*Johnson radius' || no "gkr conjectured line: $v"
v=$("$bin" params --preset compat --log-perms 12 --log-blowup 3) || no "params at rate 1/8 exit"
echo "$v" | grep -q '^declared by compat: 91 bits: does NOT hold at this shape' || no "unsupported declared line: $v"
# --help lists every hash each backend proves
h=$("$bin" params --help) || no "params --help exit"
for n in poseidon2-kb16 poseidon2-kb24 poseidon1-kb16 poseidon1-kb24; do
    echo "$h" | grep -q "$n" || no "params --help lacks $n"
done

# json: the keys of the issue, the claim = the weakest term of its regime
check_json() { # args: expected-preset
    python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("claimed_bits", "regime", "weakest_term", "terms"):
    assert k in d, k
assert d["preset"] == sys.argv[1], d["preset"]
assert d["regime"] in ("udr", "johnson"), d["regime"]
names = [t["name"] for t in d["terms"]]
for t in d["terms"]:
    assert set(t) == {"name", "udr", "johnson", "conjectured"}, t
low = min(d["terms"], key=lambda t: t[d["regime"]])
assert low["name"] == d["weakest_term"], (low, d["weakest_term"])
assert abs(low[d["regime"]] - d["claimed_bits"]) < 1e-3
other = "johnson" if d["regime"] == "udr" else "udr"
assert min(t[other] for t in d["terms"]) <= d["claimed_bits"] + 1e-3
for n in ("ali", "deep.ood", "fri.batch", "fri.query", "merkle.collision"):
    assert n in names, n
print(d["claimed_bits"], d["regime"], d["weakest_term"], d["supported"])
' "$1"
}
j=$("$bin" params --preset proven128 --log-perms 20 --format json | check_json proven128) || no "proven128 json"
[ "$j" = "128.0 udr merkle.collision True" ] || no "proven128 claim: $j"
j=$("$bin" params --preset fast100 --log-perms 12 --hash poseidon2-kb24 --public --format json | check_json fast100) ||
    no "fast100 json"
echo "$j" | grep -Eq '^1[0-9][0-9]\.[0-9]+ johnson [a-z.]+ True$' || no "fast100 claim: $j"
"$bin" params --preset fast100 --log-perms 12 --public --format json | grep -q '"name": "public.gamma"' ||
    no "public statement term"
j=$("$bin" params --preset compat --log-blowup 3 --log-perms 12 --format json | check_json compat) || no "compat json"
echo "$j" | grep -q ' False$' || no "compat at rate 1/8 should not be supported: $j"

# usage errors name the bad value and exit 2
err=$("$bin" params --preset nosuch 2>&1); [ $? = 2 ] || no "bad preset exit"
echo "$err" | grep -q "nosuch" || no "bad preset message: $err"
err=$("$bin" params --format xml 2>&1); [ $? = 2 ] || no "bad format exit"
echo "$err" | grep -q "xml" || no "bad format message: $err"
err=$("$bin" params --log-perms 25 2>&1); [ $? = 2 ] || no "bad log-perms exit"
echo "$err" | grep -q "'25'" || no "bad log-perms message: $err"
"$bin" params --hash sha3 >/dev/null 2>&1; [ $? = 2 ] || no "bad hash exit"
"$bin" params --log-perms 24 --log-blowup 4 >/dev/null 2>&1; [ $? = 2 ] || no "unprovable shape exit"
"$bin" params --help | grep -q -- "--format" || no "params --help"
"$bin" --help | grep -q "^  params " || no "params missing from hashsnark --help"

# the prover refuses a shape below its preset's claim (compat at rate 1/8: 85 queries) ...
err=$("$bin" prove --log-perms 10 --preset compat --log-blowup 3 --threads 1 --out "$tmp/x.bin" 2>&1 >/dev/null); rc=$?
[ $rc = 2 ] || no "unsupported claim: exit $rc"
echo "$err" | grep -Eq "declares 91 provable bits, but 2\^10 permutations at rate 1/8 give [0-9.]+ \((udr|johnson), weakest term [a-z.]+" ||
    no "refusal message: $err"
echo "$err" | grep -q -- "--insecure" || no "refusal names --insecure"
[ ! -e "$tmp/x.bin" ] || no "refused prove wrote a file"
# ... unless --insecure, and verify reports the bits the proof carries
"$bin" prove --log-perms 10 --preset compat --log-blowup 3 --insecure --threads 1 --out "$tmp/x.bin" >/dev/null 2>"$tmp/err" ||
    no "--insecure prove: $(cat "$tmp/err")"
grep -q "insecure" "$tmp/err" || no "--insecure warning"
v=$("$bin" verify --proof "$tmp/x.bin"); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "below the 91.0 required" || no "verify insecure proof, default bound: exit $rc: $v"
v=$("$bin" verify --proof "$tmp/x.bin" --min-bits 80); rc=$?
[ $rc = 0 ] || no "verify insecure proof with --min-bits 80: exit $rc"
echo "$v" | grep -q "^WARNING: below the preset's declared 91 bits" || no "no warning: $v"
echo "$v" | grep -Eq '^accepted: 1024 permutations of poseidon2-kb16 \(private statement\), preset compat, [0-9]+\.[0-9] provable bits \((udr|johnson)\), rate 1/8' ||
    no "verify line: $v"
"$bin" prove --log-perms 8 --preset fast100 --threads 1 --out "$tmp/f.bin" >/dev/null 2>&1 || no "fast100 2^8 prove"
v=$("$bin" verify --proof "$tmp/f.bin")
bits=$(echo "$v" | sed -n 's/.*preset fast100, \([0-9.]*\) provable bits.*/\1/p')
want=$("$bin" params --preset fast100 --log-perms 8 --format json | python3 -c 'import json,sys; print("%.1f" % json.load(sys.stdin)["claimed_bits"])')
[ -n "$bits" ] && [ "$bits" = "$want" ] || no "verify bits '$bits' vs params '$want': $v"

# the gkr backend: the walk's terms follow the permutation's shape
for hw in poseidon2-kb16:28:16 poseidon2-kb24:31:24; do
    IFS=: read -r hash layers width <<<"$hw"
    v=$("$bin" params --backend gkr --hash $hash --preset proven128 --log-perms 12) || no "gkr params $hash exit"
    echo "$v" | grep -q "gkr backend: $hash, 2^12 permutations (private statement), $layers S-box layers of width $width" ||
        no "gkr params $hash header: $v"
    echo "$v" | grep -q "^gkr.layers\[$layers\] " || no "gkr params $hash walk term: $v"
    j=$("$bin" params --backend gkr --hash $hash --preset proven128 --public --format json) || no "gkr params $hash json"
    echo "$j" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["hash"] == sys.argv[1] and d["statement"] == "public"' $hash ||
        no "gkr params $hash json: $j"
done
"$bin" params --backend gkr --hash sha3 >/dev/null 2>&1; [ $? = 2 ] || no "gkr bad hash exit"
# ragged regions: the walk's terms; committed regions add the stacked commitment's WHIR terms
v=$("$bin" params --backend gkr --regions 14,15,17,16,12,15,16,12,13 --preset proven128) || no "params --regions"
echo "$v" | grep -Eq '^ragged.layers\[28\] +141\.18 ' || no "params --regions walk term: $v"
echo "$v" | grep -q '^table.digest' && ! echo "$v" | grep -q '^whir' || no "params --regions public terms: $v"
v=$("$bin" params --backend gkr --regions 14,15,17,16,12,15,16,12,13 --private --preset proven128) || no "params --private"
echo "$v" | grep -q '^whir.statement_batching' && echo "$v" | grep -q 'at 24 variables' || no "params --private terms: $v"
echo "$v" | grep -q '^claimed security: 128.0 bits (johnson)' || no "params --private claim: $v"
"$bin" params --backend gkr --regions 14,3 >/dev/null 2>&1; [ $? = 2 ] || no "params --regions 14,3: exit"
"$bin" params --regions 14 >/dev/null 2>&1; [ $? = 2 ] || no "params --regions without gkr: exit"
exit $fail
