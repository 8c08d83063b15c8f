#!/usr/bin/env bash
# End-to-end: keccak-f1600 by the gkr backend, private statement (--private: the states committed
# with the binary commitment by ring switching; docs/KECCAK_GKR.md). The proof verifies without
# tables and refuses them; seeded and --inputs states give the same proof, as do 1 and 2 threads;
# every header byte, bytes spread over the body, the last ones, truncations and an appended byte
# are rejected with exit 1 and a reason; a public proof is still public; params --private lists
# every term; bad options are usage errors. Usage: kgkr_priv.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

p=$tmp/p.bin
expect "prove" 0 '^proved 8 permutations \(keccak-f1600, gkr over GF\(2\^128\), private statement, fast100\) .* proof [0-9]+ bytes$' \
    prove --backend gkr --hash keccak-f1600 --private --log-perms 3 --seed 4 --preset fast100 --out "$p" --threads 1
[ ! -e "$p.inputs" ] && [ ! -e "$p.outputs" ] || no "a private proof wrote tables"
[ "$(head -c 16 "$p" | tail -c 1 | od -An -tu1 | tr -d ' ')" = 0 ] || no "statement byte 15 is not 0"
expect "verify" 0 '^accepted: 8 permutations of keccak-f1600 \(private statement\), gkr backend over GF\(2\) \(challenges in GF\(2\^128\), states committed by ring switching\), preset fast100, 100\.[0-9] provable bits \(udr\)' \
    verify --proof "$p"
expect "verify json" 0 '"statement": ?"private"' verify --proof "$p" --format json
"$bin" prove --backend gkr --hash keccak-f1600 --private --log-perms 3 --seed 4 --preset fast100 --out "$tmp/t2.bin" \
    --threads 2 --quiet >/dev/null || no "prove, 2 threads"
cmp -s "$p" "$tmp/t2.bin" || no "the proof depends on the thread count"
# the same states from a file: the same proof
"$bin" prove --backend gkr --hash keccak-f1600 --log-perms 3 --seed 4 --out "$tmp/pub.bin" --quiet >/dev/null ||
    no "prove public"
"$bin" prove --backend gkr --hash keccak-f1600 --private --inputs "$tmp/pub.bin.inputs" --preset fast100 \
    --outputs-out "$tmp/o.txt" --out "$tmp/f.bin" --quiet >/dev/null || no "prove --private --inputs"
cmp -s "$p" "$tmp/f.bin" || no "--inputs of the seeded states gave another private proof"
cmp -s "$tmp/o.txt" "$tmp/pub.bin.outputs" || no "--outputs-out of the private statement"
expect "tables given" 1 '^rejected: the proof is for a private statement' \
    verify --proof "$p" --inputs "$tmp/pub.bin.inputs" --outputs "$tmp/pub.bin.outputs"
expect "public still public" 1 '^rejected: the proof is for a public statement' verify --proof "$tmp/pub.bin"
expect "2^0" 0 '^proved 1 permutations' prove --backend gkr --hash keccak-f1600 --private --log-perms 0 \
    --out "$tmp/one.bin"
expect "verify 2^0" 0 '^accepted: 1 permutations' verify --proof "$tmp/one.bin"

# altered bytes: every header byte, 40 offsets spread over the body, the last 8; truncations; one more byte
d=$tmp/mut
write_mutations "$p" "$d" 40
for f in "$d"/m*.bin "$d"/t*.bin "$d/long.bin"; do
    out=$("$bin" verify --proof "$f" 2>&1); rc=$?
    [ $rc = 1 ] && echo "$out" | grep -q '^rejected: .' || no "$(basename "$f"): exit $rc: $out"
done

# options and params
expect "log-perms" 2 "log_perms 24 out of range for a private statement" \
    prove --backend gkr --hash keccak-f1600 --private --log-perms 24 --out "$tmp/x.bin"
expect "private elsewhere" 2 "--private applies to --regions" prove --private --log-perms 3 --out "$tmp/x.bin"
expect "proven128" 2 "preset proven128 declares 128 provable bits, but 2\\^3 permutations give 11[0-9.]+ .*kgkr\\." \
    prove --backend gkr --hash keccak-f1600 --private --log-perms 3 --preset proven128 --out "$tmp/x.bin"
[ ! -e "$tmp/x.bin" ] || no "a refused prove wrote a file"
out=$("$bin" params --backend gkr --hash keccak-f1600 --private --log-perms 16 --preset fast100) || no "params exit"
for t in 'kgkr\.output_point' 'kgkr\.chi\[24\] +117\.37' 'kgkr\.fold\[24\]' 'kgkr\.input_reduction +123\.54' \
    'ringsw\.batch\[2\]' 'kgkr\.open_batch' 'binfri\.sumcheck' 'binfri\.folds' 'binfri\.queries' 'binfri\.merkle'; do
    echo "$out" | grep -Eq "^$t" || no "params: no '$t' in: $out"
done
echo "$out" | grep -q '(private statement)' || no "params: not the private statement: $out"
expect "params claim" 0 'claimed security: 100\.4 bits \(udr\), weakest term binfri\.queries' \
    params --backend gkr --hash keccak-f1600 --private --log-perms 16 --preset fast100
expect "params json" 0 '"statement": "private"' params --backend gkr --hash keccak-f1600 --private --format json
expect "params both" 2 "--public and --private exclude each other" \
    params --backend gkr --hash keccak-f1600 --private --public
exit $fail
