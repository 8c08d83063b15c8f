#!/usr/bin/env bash
# End-to-end: keccak-f1600 by the gkr backend (a GKR walk over GF(2), challenges in GF(2^128),
# public statement; docs/KECCAK_GKR.md). Seeded inputs and --inputs give the same proof for the
# same states; the proof verifies with its tables, is byte-identical at 1 and 2 threads, and
# every header byte, bytes spread over the body and the last ones altered, each truncation tried
# and an appended byte are rejected with exit 1 and a reason; wrong tables are rejected (a wrong
# row named before the proof is read); bad options are usage errors (exit 2) naming the value;
# params lists the walk's terms. Usage: kgkr.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

p=$tmp/p.bin
expect "prove" 0 '^proved 8 permutations \(keccak-f1600, gkr over GF\(2\^128\), public statement, compat\) .* proof 19991 bytes; tables in .*p\.bin\.inputs and .*p\.bin\.outputs$' \
    prove --backend gkr --hash keccak-f1600 --log-perms 3 --seed 4 --out "$p" --threads 1
[ "$(stat -c %s "$p")" = $((18 + 5 + 24 * (48 * (3 + 6) + 400))) ] || no "proof length $(stat -c %s "$p")"
[ "$(wc -l <"$p.inputs")" = 8 ] && [ "$(wc -l <"$p.outputs")" = 8 ] || no "tables of 8 lines"
"$bin" perm --hash keccak-f1600 --in "$p.inputs" --out "$tmp/o.txt" || no "perm of the inputs"
cmp -s "$tmp/o.txt" "$p.outputs" || no "the outputs written are not Keccak-f of the inputs"
expect "verify" 0 '^accepted: 8 permutations of keccak-f1600 \(public statement\), gkr backend over GF\(2\) \(challenges in GF\(2\^128\), no commitment\), preset compat, 1[12][0-9.]+ provable bits \(udr\)' \
    verify --proof "$p" --inputs "$p.inputs" --outputs "$p.outputs"
expect "verify json" 0 '"field": ?"gf2-128"' verify --proof "$p" --inputs "$p.inputs" --outputs "$p.outputs" \
    --format json
expect "prove json" 0 '"statement": ?"public".*"field": ?"gf2-128"' \
    prove --backend gkr --hash keccak-f1600 --field gf2-128 --log-perms 3 --seed 4 --out "$tmp/j.bin" --format json
cmp -s "$p" "$tmp/j.bin" || no "--field gf2-128 or --format json changed the proof"
"$bin" prove --backend gkr --hash keccak-f1600 --log-perms 3 --seed 4 --out "$tmp/t2.bin" --threads 2 --quiet \
    >/dev/null || no "prove, 2 threads"
cmp -s "$p" "$tmp/t2.bin" || no "the proof depends on the thread count"
# the same states from a file: the same statement, the same proof
"$bin" prove --backend gkr --hash keccak-f1600 --inputs "$p.inputs" --outputs-out "$tmp/o2.txt" --out "$tmp/f.bin" \
    --quiet >/dev/null || no "prove --inputs"
cmp -s "$p" "$tmp/f.bin" || no "--inputs of the seeded states gave another proof"
cmp -s "$p.outputs" "$tmp/o2.txt" || no "--outputs-out differs from the seeded outputs"
[ ! -e "$tmp/f.bin.inputs" ] || no "--inputs wrote an inputs table"
"$bin" prove --backend gkr --hash keccak-f1600 --log-perms 0 --seed 2 --out "$tmp/one.bin" --quiet >/dev/null ||
    no "prove 2^0"
expect "verify 2^0" 0 '^accepted: 1 permutations' verify --proof "$tmp/one.bin" --inputs "$tmp/one.bin.inputs" \
    --outputs "$tmp/one.bin.outputs"

# wrong tables: none, a changed output (named natively), another valid pair of tables, too few lines
expect "no tables" 1 '^rejected: the proof is for a public statement of 8 permutations' verify --proof "$p"
sed '5s/^[0-9]*/7/' "$p.outputs" >"$tmp/bad.txt"
cmp -s "$p.outputs" "$tmp/bad.txt" && sed -i '5s/^[0-9]*/8/' "$tmp/bad.txt"
expect "changed output" 1 "^rejected: $tmp/bad.txt line 5 is not P\\($p.inputs line 5\\)" \
    verify --proof "$p" --inputs "$p.inputs" --outputs "$tmp/bad.txt"
"$bin" prove --backend gkr --hash keccak-f1600 --log-perms 3 --seed 5 --out "$tmp/s5.bin" --quiet >/dev/null ||
    no "prove seed 5"
v=$("$bin" verify --proof "$p" --inputs "$tmp/s5.bin.inputs" --outputs "$tmp/s5.bin.outputs" 2>&1); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q '^rejected: keccak-gkr: ' || no "other valid tables: exit $rc: $v"
head -n 4 "$p.inputs" >"$tmp/in4.txt"; head -n 4 "$p.outputs" >"$tmp/out4.txt"
expect "fewer lines" 1 '^rejected: .*holds 4 states; the proof.s statement has 8' \
    verify --proof "$p" --inputs "$tmp/in4.txt" --outputs "$tmp/out4.txt"

# altered bytes: every header byte, 40 offsets spread over the body, the last 8; truncations; one more byte
d=$tmp/mut
write_mutations "$p" "$d" 40
for f in "$d"/m*.bin "$d"/t*.bin "$d/long.bin"; do
    out=$("$bin" verify --proof "$f" --inputs "$p.inputs" --outputs "$p.outputs" 2>&1); rc=$?
    [ $rc = 1 ] && echo "$out" | grep -q '^rejected: .' || no "$(basename "$f"): exit $rc: $out"
done
[ "$(ls "$d"/m*.bin | wc -l)" -ge 70 ] || no "too few mutations"

# options: each bad one named, exit 2, nothing written
expect "field" 2 "--field 'gf2-64': the gkr backend proves keccak-f1600 over gf2-128" \
    prove --backend gkr --hash keccak-f1600 --field gf2-64 --log-perms 3 --out "$tmp/x.bin"
expect "field koalabear" 2 "--field 'koalabear'" \
    prove --backend gkr --hash keccak-f1600 --field koalabear --log-perms 3 --out "$tmp/x.bin"
expect "field on kb" 2 "--field 'gf2-128': the gkr backend proves poseidon2-kb16 over koalabear" \
    prove --backend gkr --field gf2-128 --log-perms 3 --out "$tmp/x.bin"
expect "log-perms" 2 "log-perms.*25" prove --backend gkr --hash keccak-f1600 --log-perms 25 --out "$tmp/x.bin"
expect "log-blowup" 2 "--log-blowup applies to the stark backend" \
    prove --backend gkr --hash keccak-f1600 --log-perms 3 --log-blowup 2 --out "$tmp/x.bin"
expect "regions" 2 "--regions proves poseidon2-kb16 only, not 'keccak-f1600'" \
    prove --backend gkr --hash keccak-f1600 --regions 4,5 --out "$tmp/x.bin"
expect "proven128" 2 "preset proven128 declares 128 provable bits, but 2\\^3 permutations give 1[12][0-9.]+ .*kgkr\\." \
    prove --backend gkr --hash keccak-f1600 --log-perms 3 --preset proven128 --out "$tmp/x.bin"
[ ! -e "$tmp/x.bin" ] && [ ! -e "$tmp/x.bin.inputs" ] || no "a refused prove wrote a file"
# --insecure proves it; verify rejects it under the preset's declaration, accepts it with --min-bits
"$bin" prove --backend gkr --hash keccak-f1600 --log-perms 3 --preset proven128 --insecure --out "$tmp/q.bin" \
    --quiet >/dev/null 2>&1 || no "prove proven128 --insecure"
expect "below declared" 1 '^rejected: the proof holds but gives 1[12][0-9.]+ provable bits' \
    verify --proof "$tmp/q.bin" --inputs "$tmp/q.bin.inputs" --outputs "$tmp/q.bin.outputs"
expect "min-bits" 0 '^accepted: .*preset proven128' \
    verify --proof "$tmp/q.bin" --inputs "$tmp/q.bin.inputs" --outputs "$tmp/q.bin.outputs" --min-bits 100
cmp -s <(tail -c +19 "$p") <(tail -c +19 "$tmp/q.bin") && no "the preset byte is not bound to the transcript"

# params: the walk's terms
out=$("$bin" params --backend gkr --hash keccak-f1600 --log-perms 16) || no "params exit"
for t in 'kgkr\.output_point +123\.2' 'kgkr\.chi\[24\] +117\.37' 'kgkr\.fold\[24\] +121\.09'; do
    echo "$out" | grep -Eq "^$t" || no "params: no '$t' in: $out"
done
expect "params claim" 0 'claimed security: 117\.4 bits \(udr\), weakest term kgkr\.chi\[24\]' \
    params --backend gkr --hash keccak-f1600 --field gf2-128 --log-perms 16
expect "params json" 0 '"field": "gf2-128"' params --backend gkr --hash keccak-f1600 --log-perms 10 --format json
expect "params json" 0 '"supported": true' params --backend gkr --hash keccak-f1600 --log-perms 10 --format json
expect "params proven128" 0 'declared by proven128: 128 bits: does NOT hold' \
    params --backend gkr --hash keccak-f1600 --log-perms 10 --preset proven128
expect "params field" 2 "--field 'koalabear'" params --backend gkr --hash keccak-f1600 --field koalabear
exit $fail
