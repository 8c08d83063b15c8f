#!/usr/bin/env bash
# End-to-end: hashsnark hash input rules. Usage: hash.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
# SHA3-256 of "" and "abc", with a comment, a blank line, CRLF and uppercase hex
got=$(printf '# two messages\n\n-\r\n616263\n' | "$bin" hash --hash sha3-256) || no "sha3 exit"
[ "$got" = "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a
3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" ] || no "sha3 digests: $got"
got2=$(printf '616263\n' | "$bin" hash --hash sha3-256)
got3=$(printf '616263\n' | tr a-f A-F | "$bin" hash --hash sha3-256)
[ "$got2" = "$got3" ] || no "uppercase hex"
# element hashes: commas mirrored, digest width
out=$(echo "1, 2, 3" | "$bin" hash --hash poseidon2-kb16) || no "kb16 exit"
[ "$(echo "$out" | tr -cd ',' | wc -c)" = 7 ] || no "kb16 digest has 8 comma-separated elements: $out"
# Poseidon1 sponge of 3 elements = the first 8 lanes of the permutation of (1, 2, 3, 0, ...)
for w in 16 24; do
    zeros=$(printf ' 0%.0s' $(seq 4 $w))
    want=$(echo "1 2 3$zeros" | "$bin" perm --hash poseidon1-kb$w | cut -d' ' -f1-8) || no "poseidon1-kb$w perm exit"
    got=$(echo "1 2 3" | "$bin" hash --hash poseidon1-kb$w) || no "poseidon1-kb$w hash exit"
    [ "$got" = "$want" ] || no "poseidon1-kb$w sponge: '$got' != first 8 of the permutation '$want'"
done
out=$(echo "1 2 3" | "$bin" hash --hash rpo256) || no "rpo exit"
[ "$(echo "$out" | wc -w)" = 4 ] || no "rpo digest has 4 elements: $out"
expect_bad() { # name hash text pattern
    printf '%s' "$3" >"$tmp/bad.txt"
    "$bin" hash --hash "$2" --in "$tmp/bad.txt" --out "$tmp/bad.out" 2>"$tmp/err"
    local rc=$?
    [ $rc = 2 ] || no "$1: exit $rc"
    grep -q -- "$4" "$tmp/err" || no "$1: message '$(cat "$tmp/err")' lacks '$4'"
    [ ! -e "$tmp/bad.out" ] || no "$1: output written"
}
expect_bad "odd hex" sha3-256 $'00\nabc\n' "bad.txt:2: odd number of hex digits"
expect_bad "non-hex" blake3 $'zz\n' "bad.txt:1: 'zz' at byte 0 is not hex"
expect_bad "value >= p" poseidon2-kb16 $'1 2\n3 2130706433\n' "bad.txt:2: value '2130706433' is out of range"
expect_bad "gl value >= p" rpo256 $'18446744069414584321\n' "bad.txt:1: value '18446744069414584321' is out of range"
expect_bad "non-number" rpx256 $'1 two\n' "bad.txt:1: 'two' is not"
"$bin" hash --hash md5 </dev/null 2>/dev/null; [ $? = 2 ] || no "unknown hash exit"
"$bin" hash --help | grep -q "rpx256" || no "hash --help lists hashes"
exit $fail
