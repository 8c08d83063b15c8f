#!/usr/bin/env bash
# End-to-end: hashsnark prove / verify and the verify exit rules. Usage: prove.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
out=$("$bin" prove --hash poseidon2-kb16 --log-perms 6 --preset fast100 --seed 7 --threads 2 --out "$tmp/p.bin" 2>"$tmp/err") ||
    no "prove exit $?: $(cat "$tmp/err")"
echo "$out" | grep -Eq '^proved 64 permutations .* perms/s, proof [0-9]+ bytes$' || no "prove summary: $out"
grep -q "trace .* commit .* quotient .* open" "$tmp/err" || no "phase times on stderr"
v=$("$bin" verify --proof "$tmp/p.bin"); rc=$?
[ $rc = 0 ] || no "verify exit $rc: $v"
echo "$v" | grep -q "^accepted: 64 permutations of poseidon2-kb16 (private statement), preset fast100" || no "verify output: $v"
# same seed, other thread count: identical bytes
"$bin" prove --log-perms 6 --preset fast100 --seed 7 --threads 1 --out "$tmp/p1.bin" >/dev/null 2>&1 || no "prove t1"
cmp -s "$tmp/p.bin" "$tmp/p1.bin" || no "proof depends on the thread count"
reject() { # name file
    local v rc
    v=$("$bin" verify --proof "$2" 2>&1); rc=$?
    [ $rc = 1 ] || no "$1: exit $rc ($v)"
    echo "$v" | grep -q "^rejected: " || no "$1: output '$v'"
}
size=$(stat -c %s "$tmp/p.bin")
head -c $((size / 2)) "$tmp/p.bin" >"$tmp/half.bin"; reject truncated "$tmp/half.bin"
: >"$tmp/empty.bin"; reject empty "$tmp/empty.bin"
head -c 5000 /dev/urandom >"$tmp/junk.bin"; reject garbage "$tmp/junk.bin"
cp "$tmp/p.bin" "$tmp/flip.bin"
printf '\x5a' | dd of="$tmp/flip.bin" bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
cmp -s "$tmp/p.bin" "$tmp/flip.bin" && printf '\xa5' | dd of="$tmp/flip.bin" bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
reject "changed byte" "$tmp/flip.bin"
{ cat "$tmp/p.bin"; printf 'x'; } >"$tmp/long.bin"; reject "appended byte" "$tmp/long.bin"
truncate -s 600M "$tmp/huge.bin"; reject oversized "$tmp/huge.bin"
"$bin" verify --proof "$tmp/missing.bin" >/dev/null 2>&1; [ $? = 2 ] || no "missing file exit"
"$bin" verify --bogus >/dev/null 2>&1; [ $? = 2 ] || no "unknown flag exit"
"$bin" prove --log-perms 4 --preset nosuch --out "$tmp/x.bin" >/dev/null 2>&1; [ $? = 2 ] || no "unknown preset exit"
[ ! -e "$tmp/x.bin" ] || no "failed prove wrote a file"
"$bin" prove --help | grep -q -- "--preset" || no "prove --help"

# public statement: the proof binds the table; any changed value is rejected
python3 -c "
import random
random.seed(5)
for _ in range(16): print(' '.join(str(random.randrange(2130706433)) for _ in range(16)))" >"$tmp/in.txt"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/in.txt" --out "$tmp/out.txt" || no "perm for outputs"
"$bin" prove --inputs "$tmp/in.txt" --preset fast100 --out "$tmp/pub.bin" >/dev/null 2>&1 || no "public prove"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"); rc=$?
[ $rc = 0 ] || no "public verify exit $rc: $v"
echo "$v" | grep -q "^accepted: 16 permutations of poseidon2-kb16 (public statement)" || no "public verify: $v"
sed '3s/^[0-9]*/7/' "$tmp/out.txt" >"$tmp/out2.txt"
cmp -s "$tmp/out.txt" "$tmp/out2.txt" && sed -i '3s/^[0-9]*/8/' "$tmp/out2.txt"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out2.txt"); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "^rejected: " || no "changed output: exit $rc: $v"
# the verifier holds the tables: the first wrong row is named, before the proof is checked
echo "$v" | grep -qF "rejected: $tmp/out2.txt line 3 is not P($tmp/in.txt line 3)" || no "wrong row not named: $v"
# tables that are right but not the proof's: the proof rejects them (no row is named)
other_tables_rejected "$tmp/pub.bin" 16 6
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/out.txt" --outputs "$tmp/out.txt"); rc=$?
[ $rc = 1 ] || no "wrong inputs: exit $rc: $v"
head -8 "$tmp/in.txt" >"$tmp/in8.txt"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in8.txt" --outputs "$tmp/out.txt"); rc=$?
[ $rc = 1 ] || no "short table: exit $rc: $v"
v=$("$bin" verify --proof "$tmp/pub.bin" 2>&1); rc=$? # what the proof says decides: a rejection, not a usage error
[ $rc = 1 ] && echo "$v" | grep -q "^rejected: the proof is for a public statement" || no "public proof without table: exit $rc: $v"
v=$("$bin" verify --proof "$tmp/p.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt" 2>&1); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "^rejected: the proof is for a private statement" || no "private proof with a table: exit $rc: $v"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in8.txt" --outputs "$tmp/out.txt"); rc=$?
echo "$v" | grep -q "in8.txt holds 8 states; the proof's statement has 16" || no "short table names the file: $v"
cat "$tmp/in.txt" "$tmp/in.txt" >"$tmp/in32.txt"
v=$("$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/in32.txt" --outputs "$tmp/out.txt"); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "in32.txt holds more than 16 states" || no "long table: exit $rc: $v"
: >"$tmp/empty.txt"
"$bin" verify --proof "$tmp/pub.bin" --inputs "$tmp/empty.txt" --outputs "$tmp/out.txt" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "empty.txt: an empty table" "$tmp/err" || no "empty table: exit $rc: $(cat "$tmp/err")"
# bounded readers: endless devices and FIFOs without a writer neither hang nor grow without limit
v=$(timeout 60 "$bin" verify --proof /dev/zero); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "^rejected: oversized proof" || no "/dev/zero proof: exit $rc: $v"
mkfifo "$tmp/fifo"
v=$(timeout 20 "$bin" verify --proof "$tmp/fifo"); rc=$?
[ $rc = 1 ] && echo "$v" | grep -q "^rejected: truncated header" || no "FIFO without a writer: exit $rc: $v"
v=$(timeout 60 "$bin" verify --proof "$tmp/pub.bin" --inputs /dev/zero --outputs "$tmp/out.txt" 2>&1); rc=$?
[ $rc = 2 ] || no "/dev/zero table: exit $rc: $v"
timeout 60 "$bin" perm --hash poseidon2-kb16 --in /dev/zero >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] || no "perm /dev/zero: exit $rc: $(cat "$tmp/err")"
printf '1 2\r3 4\n' >"$tmp/cr.txt"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/cr.txt" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -qF "'2\r3'" "$tmp/err" || no "CR in a value: exit $rc: $(cat "$tmp/err")"
printf '1 2\0003 4\n' >"$tmp/nul.txt"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/nul.txt" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -qF "'2\03'" "$tmp/err" || no "NUL in a value: exit $rc: $(cat "$tmp/err")"
# an unwritable --out is refused before proving
"$bin" prove --log-perms 4 --out "$tmp/no/such/dir/p.bin" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "cannot create" "$tmp/err" && ! grep -q "^prove: trace" "$tmp/err" || no "unwritable --out: exit $rc: $(cat "$tmp/err")"
head -3 "$tmp/in.txt" >"$tmp/in3.txt"
"$bin" prove --inputs "$tmp/in3.txt" --out "$tmp/x.bin" 2>"$tmp/err"; [ $? = 2 ] || no "3 inputs: exit"
grep -q "3 states" "$tmp/err" || no "3 inputs: message $(cat "$tmp/err")"
printf '1 2 3\n' >"$tmp/bad.txt"
"$bin" prove --inputs "$tmp/bad.txt" --out "$tmp/x.bin" 2>"$tmp/err"; [ $? = 2 ] || no "bad inputs: exit"
grep -q "bad.txt:1: expected 16 values" "$tmp/err" || no "bad inputs message: $(cat "$tmp/err")"
exit $fail
