#!/usr/bin/env bash
# End-to-end: hashsnark prove --backend gkr / verify, private and public. Usage: gkr.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
for preset in compat proven128; do
    out=$("$bin" prove --backend gkr --log-perms 7 --preset $preset --seed 3 --threads 2 --out "$tmp/$preset.bin" 2>"$tmp/err") ||
        no "gkr prove $preset exit $?: $(cat "$tmp/err")"
    echo "$out" | grep -Eq '^proved 128 permutations \(poseidon2-kb16, gkr, '$preset'\) in .* proof [0-9]+ bytes$' ||
        no "prove summary: $out"
    grep -q "witness .* GKR walk .* open" "$tmp/err" || no "phase times on stderr: $(cat "$tmp/err")"
    v=$("$bin" verify --proof "$tmp/$preset.bin"); rc=$?
    [ $rc = 0 ] || no "verify $preset exit $rc: $v"
    echo "$v" | grep -Eq "^accepted: 128 permutations of poseidon2-kb16 \(private statement\), gkr backend, preset $preset, [0-9.]+ provable bits" ||
        no "verify output: $v"
done
"$bin" prove --backend gkr --log-perms 7 --preset compat --seed 3 --threads 1 --out "$tmp/t1.bin" >/dev/null 2>&1 || no "prove t1"
cmp -s "$tmp/compat.bin" "$tmp/t1.bin" || no "gkr proof depends on the thread count"
reject() { # name file
    local v rc
    v=$("$bin" verify --proof "$2" 2>&1); rc=$?
    [ $rc = 1 ] || no "$1: exit $rc ($v)"
    echo "$v" | grep -q "^rejected: " || no "$1: output '$v'"
}
p="$tmp/compat.bin"
size=$(stat -c %s "$p")
head -c $((size / 2)) "$p" >"$tmp/half.bin"; reject truncated "$tmp/half.bin"
head -c 13 "$p" >"$tmp/head.bin"; reject "header only" "$tmp/head.bin"
for off in 14 40 200 $((size / 3)) $((size - 40)) $((size - 1)); do
    cp "$p" "$tmp/flip.bin"
    b=$(od -An -tu1 -j $off -N1 "$p" | tr -d ' ')
    printf "\\$(printf %o $(( (b ^ 0x21) & 255 )))" | dd of="$tmp/flip.bin" bs=1 seek=$off conv=notrunc 2>/dev/null
    reject "byte $off changed" "$tmp/flip.bin"
done
{ cat "$p"; printf 'x'; } >"$tmp/long.bin"; reject "appended byte" "$tmp/long.bin"
"$bin" prove --backend gkr --hash nosuch --log-perms 4 --out "$tmp/x.bin" >/dev/null 2>&1; [ $? = 2 ] || no "unknown gkr hash exit"
"$bin" prove --backend nosuch --log-perms 4 --out "$tmp/x.bin" >/dev/null 2>&1; [ $? = 2 ] || no "unknown backend exit"
[ ! -e "$tmp/x.bin" ] || no "failed prove wrote a file"

# public statement
python3 -c "
import random
random.seed(9)
for _ in range(32): print(' '.join(str(random.randrange(2130706433)) for _ in range(16)))" >"$tmp/in.txt"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/in.txt" --out "$tmp/out.txt" || no "perm for outputs"
"$bin" prove --backend gkr --inputs "$tmp/in.txt" --out "$tmp/pub.bin" >/dev/null 2>&1 || no "public gkr prove"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"); rc=$?
[ $rc = 0 ] || no "public verify exit $rc: $v"
echo "$v" | grep -q "^accepted: 32 permutations of poseidon2-kb16 (public statement), gkr backend" || no "public verify: $v"
sed '5s/^[0-9]*/7/' "$tmp/out.txt" >"$tmp/out2.txt"
cmp -s "$tmp/out.txt" "$tmp/out2.txt" && sed -i '5s/^[0-9]*/8/' "$tmp/out2.txt"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out2.txt"); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "^rejected: " || no "changed output: exit $rc: $v"
# the verifier holds the tables: the first wrong row is named, before the proof is checked
echo "$v" | grep -qF "rejected: $tmp/out2.txt line 5 is not P($tmp/in.txt line 5)" || no "wrong row not named: $v"
# tables that are right but not the proof's: the proof rejects them (no row is named)
other_tables_rejected "$tmp/pub.bin" 32 10
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/out.txt" --outputs "$tmp/out.txt"); rc=$?
[ $rc = 1 ] || no "wrong inputs: exit $rc: $v"
"$bin" verify --proof "$tmp/pub.bin" >/dev/null 2>&1; [ $? = 1 ] || no "public proof without table: exit (a rejection)"

# the other permutations the gkr backend proves: private and public statements, the header names them
for hash in poseidon2-kb24 poseidon1-kb16 poseidon1-kb24; do
    width=${hash##*kb} # 16 or 24
    out=$("$bin" prove --backend gkr --hash $hash --log-perms 5 --preset proven128 --threads 2 --out "$tmp/$hash.bin" 2>"$tmp/err") ||
        no "$hash prove exit $?: $(cat "$tmp/err")"
    echo "$out" | grep -Eq "^proved 32 permutations \($hash, gkr, proven128\)" || no "$hash prove summary: $out"
    "$bin" prove --backend gkr --hash $hash --log-perms 5 --preset proven128 --threads 1 --out "$tmp/$hash.t1" >/dev/null 2>&1
    cmp -s "$tmp/$hash.bin" "$tmp/$hash.t1" || no "$hash proof depends on the thread count"
    v=$("$bin" verify --proof "$tmp/$hash.bin"); rc=$?
    [ $rc = 0 ] && echo "$v" | grep -q "^accepted: 32 permutations of $hash (private statement), gkr backend" ||
        no "$hash verify exit $rc: $v"
    reject "$hash truncated" <(head -c 1000 "$tmp/$hash.bin")
    python3 -c "
import random
random.seed(11)
for _ in range(8): print(' '.join(str(random.randrange(2130706433)) for _ in range($width)))" >"$tmp/in$hash.txt"
    # the public statement needs the outputs from 'hashsnark perm' (where the registry has the hash)
    "$bin" perm --hash $hash --in "$tmp/in$hash.txt" --out "$tmp/out$hash.txt" 2>/dev/null || continue
    "$bin" prove --backend gkr --hash $hash --inputs "$tmp/in$hash.txt" --out "$tmp/pub$hash.bin" >/dev/null 2>&1 ||
        no "$hash public prove"
    v=$("$bin" verify --proof "$tmp/pub$hash.bin" --inputs "$tmp/in$hash.txt" --outputs "$tmp/out$hash.txt"); rc=$?
    [ $rc = 0 ] && echo "$v" | grep -q "^accepted: 8 permutations of $hash (public statement), gkr backend" ||
        no "$hash public verify exit $rc: $v"
    v=$("$bin" verify --proof "$tmp/pub$hash.bin" --inputs "$tmp/out$hash.txt" --outputs "$tmp/out$hash.txt"); rc=$?
    [ $rc = 1 ] || no "$hash wrong inputs: exit $rc: $v"
done
exit $fail
