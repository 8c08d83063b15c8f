#!/usr/bin/env bash
# End-to-end: hashsnark prove / verify and the verify exit rules. Usage: prove.sh HASHSNARK TESTS_DIR
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
out=$("$bin" prove --hash poseidon2-kb16 --log-perms 6 --preset fast100 --seed 7 --threads 2 --out "$tmp/p.bin" 2>"$tmp/err") ||
    no "prove exit $?: $(cat "$tmp/err")"
echo "$out" | grep -Eq '^proved 64 permutations .* perms/s, proof [0-9]+ bytes$' || no "prove summary: $out"
grep -q "trace .* commit .* quotient .* open" "$tmp/err" || no "phase times on stderr"
v=$("$bin" verify --proof "$tmp/p.bin"); rc=$?
[ $rc = 0 ] || no "verify exit $rc: $v"
echo "$v" | grep -q "^accepted: 64 permutations of poseidon2-kb16, preset fast100" || no "verify output: $v"
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
exit $fail
