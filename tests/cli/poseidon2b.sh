#!/usr/bin/env bash
# End-to-end: the Poseidon2b permutations and sponges through hashsnark perm and hash.
# Usage: poseidon2b.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
# poseidon2b: the Sage reference notebook's known answer (github.com/Poseidon-Hash/Poseidon2b),
# in the GHASH basis; commas mirrored, short hex and uppercase accepted
want="0x8f7655abdb748e34e248218d828e976e 0x03d8a962b3ef9fdb012a2babed7a22a4 0xebef045a528b84d0c01304ec452eb78c 0x1c59b5817ed799d58530654b62a40a39"
got=$(printf '# [0, 1, 2, 3]\n0x0 0x1 0x2 0X3\n0x0, 0x01, 0x2, 0x00000000000000000000000000000003\n' |
    "$bin" perm --hash poseidon2b) || no "poseidon2b perm exit"
[ "$got" = "$want
${want// /, }" ] || no "poseidon2b known answer: $got"
# poseidon2b-frost: FROST-GKR's tower words (tests/vectors/poseidon2b_frost_constants.json)
got=$(printf '0x0 0x1 0x2 0x3\n0xD14F90FAA2DD0EE0FB6BB5592BB41D7F 0xab5eb41788bd2c287a0d7e559ed0fc7b 0x47709d20181c491dc7e5887117265dc8 0x7d77a22489c6bc0713113348ee65c9d6\n' |
    "$bin" perm --hash poseidon2b-frost --threads 2) || no "poseidon2b-frost perm exit"
[ "$got" = "0x00000000000000000000000000007253 0x0000000000000000000000000000af9f 0x000000000000000000000000000040ec 0x0000000000000000000000000000e386
0xa1f63f130ba8689d289679fd583c51bd 0x2ee53e2fddd692d3723839128f1e8ad5 0x40794841c37b515e0862fcb32d80c019 0xff992951a45b703eb9ded4d0b604e867" ] ||
    no "poseidon2b-frost known answers: $got"
# bad input names the file, line and value
printf '0x1 0x2 0x3 0x4\n0x1 0x2 3 0x4\n' >"$tmp/bad.txt"
expect "decimal" 2 "bad.txt:2: '3' is not 0x-prefixed hex" perm --hash poseidon2b --in "$tmp/bad.txt"
printf '0x1 0x2 0x3\n' >"$tmp/bad.txt"
expect "3 values" 2 "bad.txt:1: expected 4 values" perm --hash poseidon2b-frost --in "$tmp/bad.txt"
printf '0x1 0x2 0x3 0x1%032d\n' 0 >"$tmp/bad.txt"
expect "33 digits" 2 "bad.txt:1: '0x1000" perm --hash poseidon2b --in "$tmp/bad.txt"
printf '0x1 0x2 0x3 0xg\n' >"$tmp/bad.txt"
expect "not hex" 2 "bad.txt:1: '0xg' is not" perm --hash poseidon2b --in "$tmp/bad.txt"

# sponges, recomputed from the permutation: a lane is the block's 16 bytes little-endian
le() { echo "$1" | fold -w2 | tac | tr -d '\n'; } # hex bytes -> the u128 they encode, as hex digits
m=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
# poseidon2b-frost, one full block: digest = lanes 0, 1 of P(block words, 0, 0), no padding block
out=$(echo "0x$(le "${m:0:32}") 0x$(le "${m:32:32}") 0x0 0x0" | "$bin" perm --hash poseidon2b-frost) || no "frost perm"
set -- $out
want="$(le "${1#0x}")$(le "${2#0x}")"
got=$(echo "$m" | "$bin" hash --hash poseidon2b-frost) || no "frost hash exit"
[ "$got" = "$want" ] || no "poseidon2b-frost one block: $got != $want"
# the empty message absorbs nothing: the zero rate
got=$(echo "-" | "$bin" hash --hash poseidon2b-frost)
[ "$got" = "$(printf '0%.0s' $(seq 64))" ] || no "poseidon2b-frost of nothing: $got"
# a partial block is padded 0x80 ... 0x01 in place
got=$(echo "${m:0:40}" | "$bin" hash --hash poseidon2b-frost)
want=$(echo "${m:0:40}80$(printf '0%.0s' $(seq 20))01" | "$bin" hash --hash poseidon2b-frost)
[ "$got" = "$want" ] || no "poseidon2b-frost padding: $got != $want"
# poseidon2b: always padded, so the empty message is one block 80 00 .. 00 01
out=$(echo "0x80 0x01$(printf '0%.0s' $(seq 30)) 0x0 0x0" | "$bin" perm --hash poseidon2b) || no "ref perm"
set -- $out
want="$(le "${1#0x}")$(le "${2#0x}")"
got=$(echo "-" | "$bin" hash --hash poseidon2b) || no "ref hash exit"
[ "$got" = "$want" ] || no "poseidon2b of nothing: $got != $want"
"$bin" perm --help | grep -q "poseidon2b-frost" || no "perm --help names the 128-bit form"
exit $fail
