#!/usr/bin/env bash
# End-to-end: poseidon2b and poseidon2b-frost by the gkr backend (a GKR walk over GF(2^128);
# docs/POSEIDON2B_GKR.md). Public: seeded inputs written next to the proof in 'perm' form (0x and
# 32 hex digits an element), --inputs of the same states gives the same proof, the proof verifies
# with its tables and is byte-identical at 1 and 2 threads. Private (--private, FRI-Binius): the
# proof alone verifies, tables are refused. Every header byte, bytes spread over the body and the
# last ones altered, truncations and an appended byte are rejected with exit 1 and a reason (both
# statements); wrong tables are rejected; bad options are usage errors (exit 2); params lists the
# terms; proven128 is refused (the walk's terms over GF(2^128) stay near 115 bits).
# Usage: p2bgkr.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

p=$tmp/p.bin
expect "prove" 0 '^proved 8 permutations \(poseidon2b, gkr over GF\(2\^128\), public statement, compat\) .* proof 29592 bytes; tables in .*p\.bin\.inputs and .*p\.bin\.outputs$' \
    prove --backend gkr --hash poseidon2b --log-perms 3 --seed 4 --out "$p" --threads 1
[ "$(stat -c %s "$p")" = $((18 + 6 + 66 * (128 * 3 + 64))) ] || no "proof length $(stat -c %s "$p")"
[ "$(wc -l <"$p.inputs")" = 8 ] && [ "$(wc -l <"$p.outputs")" = 8 ] || no "tables of 8 lines"
grep -Eq '^0x[0-9a-f]{32}( 0x[0-9a-f]{32}){3}$' "$p.inputs" || no "inputs not in perm's hex form"
"$bin" perm --hash poseidon2b --in "$p.inputs" --out "$tmp/o.txt" || no "perm of the inputs"
cmp -s "$tmp/o.txt" "$p.outputs" || no "the outputs written are not Poseidon2b of the inputs"
expect "verify" 0 '^accepted: 8 permutations of poseidon2b \(public statement\), gkr backend over GF\(2\^128\) \(no commitment\), preset compat, 11[0-9.]+ provable bits \(udr\)' \
    verify --proof "$p" --inputs "$p.inputs" --outputs "$p.outputs"
expect "verify json" 0 '"field": ?"gf2-128"' verify --proof "$p" --inputs "$p.inputs" --outputs "$p.outputs" \
    --format json
"$bin" prove --backend gkr --hash poseidon2b --log-perms 3 --seed 4 --out "$tmp/t2.bin" --threads 2 --quiet \
    >/dev/null || no "prove, 2 threads"
cmp -s "$p" "$tmp/t2.bin" || no "the proof depends on the thread count"
"$bin" prove --backend gkr --hash poseidon2b --inputs "$p.inputs" --outputs-out "$tmp/o2.txt" --out "$tmp/f.bin" \
    --quiet >/dev/null || no "prove --inputs"
cmp -s "$p" "$tmp/f.bin" || no "--inputs of the seeded states gave another proof"
cmp -s "$p.outputs" "$tmp/o2.txt" || no "--outputs-out differs from the seeded outputs"
# the FROST-GKR instance: its tower values, as perm writes them
"$bin" prove --backend gkr --hash poseidon2b-frost --log-perms 2 --out "$tmp/fr.bin" --quiet >/dev/null ||
    no "prove poseidon2b-frost"
"$bin" perm --hash poseidon2b-frost --in "$tmp/fr.bin.inputs" | cmp -s - "$tmp/fr.bin.outputs" ||
    no "the frost outputs are not its permutation of the inputs"
expect "verify frost" 0 '^accepted: 4 permutations of poseidon2b-frost \(public statement\)' \
    verify --proof "$tmp/fr.bin" --inputs "$tmp/fr.bin.inputs" --outputs "$tmp/fr.bin.outputs"
expect "frost tables for poseidon2b" 1 '^rejected: ' verify --proof "$p" --inputs "$tmp/fr.bin.inputs" \
    --outputs "$tmp/fr.bin.outputs"

# wrong tables: none, a changed output (named natively), another valid pair, a malformed value
expect "no tables" 1 '^rejected: the proof is for a public statement of 8 permutations' verify --proof "$p"
sed '5s/^0x./0x0/' "$p.outputs" >"$tmp/bad.txt"
cmp -s "$p.outputs" "$tmp/bad.txt" && sed -i '5s/^0x./0x1/' "$tmp/bad.txt"
expect "changed output" 1 "^rejected: $tmp/bad.txt line 5 is not P\\($p.inputs line 5\\)" \
    verify --proof "$p" --inputs "$p.inputs" --outputs "$tmp/bad.txt"
"$bin" prove --backend gkr --hash poseidon2b --log-perms 3 --seed 5 --out "$tmp/s5.bin" --quiet >/dev/null ||
    no "prove seed 5"
v=$("$bin" verify --proof "$p" --inputs "$tmp/s5.bin.inputs" --outputs "$tmp/s5.bin.outputs" 2>&1); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q '^rejected: poseidon2b-gkr: ' || no "other valid tables: exit $rc: $v"
sed '2s/^0x/0xg/' "$p.inputs" >"$tmp/mal.txt"
expect "malformed table" 2 "mal.txt:2" verify --proof "$p" --inputs "$tmp/mal.txt" --outputs "$p.outputs"

# the private statement: the proof alone
q=$tmp/q.bin
expect "prove private" 0 '^proved 8 permutations \(poseidon2b, gkr over GF\(2\^128\), private statement, fast100\) ' \
    prove --backend gkr --hash poseidon2b --log-perms 3 --private --preset fast100 --out "$q" --threads 1
[ ! -e "$q.inputs" ] || no "--private wrote a table"
expect "verify private" 0 '^accepted: 8 permutations of poseidon2b \(private statement\), gkr backend over GF\(2\^128\) \(FRI-Binius commitment\), preset fast100, 100\.[0-9] provable bits' \
    verify --proof "$q"
expect "private with tables" 1 '^rejected: the proof is for a private statement' \
    verify --proof "$q" --inputs "$p.inputs" --outputs "$p.outputs"
"$bin" prove --backend gkr --hash poseidon2b --log-perms 3 --private --preset fast100 --out "$tmp/q2.bin" \
    --threads 2 --quiet >/dev/null || no "prove private, 2 threads"
cmp -s "$q" "$tmp/q2.bin" || no "the private proof depends on the thread count"

# altered bytes of both statements: every header byte, offsets spread over the body, the last 8;
# truncations; one more byte
for s in p q; do
    d=$tmp/mut$s
    write_mutations "$tmp/$s.bin" "$d" 40
    for f in "$d"/m*.bin "$d"/t*.bin "$d/long.bin"; do
        if [ $s = p ]; then
            out=$("$bin" verify --proof "$f" --inputs "$p.inputs" --outputs "$p.outputs" 2>&1); rc=$?
        else
            out=$("$bin" verify --proof "$f" 2>&1); rc=$?
        fi
        [ $rc = 1 ] && echo "$out" | grep -q '^rejected: .' || no "$s $(basename "$f"): exit $rc: $out"
    done
    [ "$(ls "$d"/m*.bin | wc -l)" -ge 70 ] || no "too few mutations"
done

# options: each bad one named, exit 2, nothing written
expect "private inputs" 2 "--private commits seeded inputs" \
    prove --backend gkr --hash poseidon2b --inputs "$p.inputs" --private --out "$tmp/x.bin"
expect "private kb" 2 "--private applies to --regions and to keccak-f1600, poseidon2b" \
    prove --backend gkr --hash poseidon2-kb16 --log-perms 3 --private --out "$tmp/x.bin"
expect "field" 2 "--field 'koalabear': the gkr backend proves poseidon2b over gf2-128" \
    prove --backend gkr --hash poseidon2b --field koalabear --log-perms 3 --out "$tmp/x.bin"
expect "regions" 2 "--regions proves poseidon2-kb16 only, not 'poseidon2b'" \
    prove --backend gkr --hash poseidon2b --regions 4,5 --out "$tmp/x.bin"
expect "stark" 2 "the stark backend proves .*, not 'poseidon2b'" \
    prove --hash poseidon2b --log-perms 3 --out "$tmp/x.bin"
expect "proven128" 2 "preset proven128 declares 128 provable bits, but 2\\^3 permutations give 11[0-9.]+ .*p2bgkr\\." \
    prove --backend gkr --hash poseidon2b --log-perms 3 --preset proven128 --out "$tmp/x.bin"
[ ! -e "$tmp/x.bin" ] && [ ! -e "$tmp/x.bin.inputs" ] || no "a refused prove wrote a file"
"$bin" prove --backend gkr --hash poseidon2b --log-perms 3 --preset proven128 --insecure --out "$tmp/i.bin" \
    --quiet >/dev/null 2>&1 || no "prove proven128 --insecure"
expect "below declared" 1 '^rejected: the proof holds but gives 11[0-9.]+ provable bits' \
    verify --proof "$tmp/i.bin" --inputs "$tmp/i.bin.inputs" --outputs "$tmp/i.bin.outputs"
cmp -s <(tail -c +19 "$p") <(tail -c +19 "$tmp/i.bin") && no "the preset byte is not bound to the transcript"

# params: the walk's terms, then the commitment's
expect "params public" 0 'claimed security: 115\.0 bits \(udr\), weakest term p2bgkr\.sumcheck\[66\]' \
    params --backend gkr --hash poseidon2b --log-perms 16 --public
out=$("$bin" params --backend gkr --hash poseidon2b-frost --log-perms 16 --preset fast100) || no "params exit"
for t in 'p2bgkr\.sumcheck\[66\] +114\.96' 'p2bstmt\.claims_batch +125\.19' 'binfri\.queries +100\.' \
    'FRI-Binius over the 8 stacked'; do
    echo "$out" | grep -Eq "$t" || no "params: no '$t' in: $out"
done
expect "params fast100 2^23" 0 'declared by fast100: 100 bits: does NOT hold' \
    params --backend gkr --hash poseidon2b --log-perms 23 --preset fast100
expect "params private" 0 '\(private statement\), a walk over GF\(2\^128\)' \
    params --backend gkr --hash poseidon2b --private --log-perms 10
expect "params both" 2 '--public and --private exclude each other' \
    params --backend gkr --hash poseidon2b --private --public
expect "params json" 0 '"commitment": "fri-binius"' params --backend gkr --hash poseidon2b --log-perms 10 --format json
# bench: the private statement as a row of the sweep
expect "bench" 0 '^\| poseidon2b-frost \| 2. \| .* \| 9[01]\.[0-9] \|$' \
    bench --backend gkr --hash poseidon2b-frost --log-perms 2 --samples 1 --warmup 0
expect "bench header" 0 'FRI-Binius rate 1/2, 220 queries' \
    bench --backend gkr --hash poseidon2b --log-perms 1 --samples 1 --warmup 0
exit $fail
