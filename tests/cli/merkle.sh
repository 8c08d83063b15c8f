#!/usr/bin/env bash
# End-to-end: hashsnark merkle root / open / verify. Usage: merkle.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
vec=$2/vectors

# Two leaves: the root is one compression, checked through other commands.
printf '1 2 3 4 5 6 7 8\n9, 10, 11, 12, 13, 14, 15, 16\n' >"$tmp/kb2.txt"
got=$("$bin" merkle root --hash poseidon2-kb16 --leaves "$tmp/kb2.txt") || no "kb16 root exit"
want=$(echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16" | "$bin" perm --hash poseidon2-kb16 | cut -d' ' -f1-8)
[ "$got" = "$want" ] || no "poseidon2-kb16 root of 2 leaves '$got' != first 8 lanes of the permutation '$want'"
got=$("$bin" merkle root --hash poseidon1-kb16 --leaves "$tmp/kb2.txt") || no "p1 root exit"
want=$(echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16" | "$bin" perm --hash poseidon1-kb16 | cut -d' ' -f1-8)
[ "$got" = "$want" ] || no "poseidon1-kb16 root of 2 leaves"
printf '1 2 3 4\n5 6 7 8\n' >"$tmp/gl2.txt"
for h in rpo256 rpx256; do
    got=$("$bin" merkle root --hash $h --leaves "$tmp/gl2.txt") || no "$h root exit"
    want=$(echo "1 2 3 4 5 6 7 8" | "$bin" hash --hash $h)
    [ "$got" = "$want" ] || no "$h root of 2 leaves '$got' != merge = hash_elements of 8 '$want'"
done
l0=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
l1=202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f
printf '%s\n%s\n' $l0 $l1 >"$tmp/b2.txt"
for h in blake3 keccak-256 sha3-256; do
    got=$("$bin" merkle root --hash $h --leaves "$tmp/b2.txt") || no "$h root exit"
    want=$(echo "$l0$l1" | "$bin" hash --hash $h)
    [ "$got" = "$want" ] || no "$h root of 2 leaves '$got' != $h(left || right) '$want'"
done
# SHA3-256 and Keccak-256 roots computed in Python (leaf t = bytes 32t .. 32t+31 mod 256)
while read -r h k root; do
    case $h in '#'*) continue ;; esac
    n=$((1 << k))
    python3 -c "import sys; [print(bytes((32*t+b)&255 for b in range(32)).hex()) for t in range($n)]" >"$tmp/v.txt" 2>/dev/null ||
        for t in $(seq 0 $((n - 1))); do for b in $(seq 0 31); do printf '%02x' $(((32 * t + b) & 255)); done; echo; done >"$tmp/v.txt"
    got=$("$bin" merkle root --hash $h --leaves "$tmp/v.txt")
    [ "$got" = "$root" ] || no "$h k=$k: root $got, hashlib $root"
done <"$vec/merkle_byte_roots.txt"

# k = 0: the root is the leaf
echo 7 7 7 7 7 7 7 7 >"$tmp/one.txt"
[ "$("$bin" merkle root --hash poseidon2-kb16 --leaves "$tmp/one.txt")" = "7 7 7 7 7 7 7 7" ] || no "k=0 root"

# random leaves: deterministic, thread-independent, seed-dependent
r1=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 12 --seed 3 --threads 1) || no "random root exit"
r2=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 12 --seed 3 --threads 2)
r3=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 12 --seed 4 --threads 2)
[ "$r1" = "$r2" ] || no "thread count changed the root"
[ "$r1" != "$r3" ] || no "seed did not change the root"

# open + verify, every hash, k = 0, 1, 5
for h in poseidon2-kb16 poseidon1-kb16 rpo256 rpx256 blake3 keccak-256 sha3-256; do
    for k in 0 1 5; do
        n=$((1 << k))
        "$bin" merkle open --hash $h --log-leaves $k --seed 9 --index 0,$((n - 1)),$((n / 2)) --out "$tmp/o.txt" ||
            no "$h k=$k open exit"
        root=$("$bin" merkle root --hash $h --log-leaves $k --seed 9)
        out=$("$bin" merkle verify --openings "$tmp/o.txt" --root "$root" --hash $h) || no "$h k=$k verify: $out"
        case $out in "accepted: 3 openings"*) ;; *) no "$h k=$k verify says '$out'" ;; esac
        [ "$(grep -c '^sibling' "$tmp/o.txt")" = $((3 * k)) ] || no "$h k=$k: sibling count"
    done
done

# every altered opening is rejected with exit 1 and a reason naming the line
"$bin" merkle open --hash poseidon2-kb16 --log-leaves 4 --seed 2 --index 5,10 --out "$tmp/o.txt" || no "open exit"
root=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 4 --seed 2)
expect_reject() { # name file pattern [extra args]
    local name=$1 file=$2 pat=$3
    shift 3
    out=$("$bin" merkle verify --openings "$file" "$@" 2>&1)
    local rc=$?
    [ $rc = 1 ] || no "$name: exit $rc ($out)"
    echo "$out" | grep -q -- "$pat" || no "$name: '$out' lacks '$pat'"
}
alter() { # line-number awk-expression -> $tmp/x.txt (first value of that line + 1)
    awk -v L="$1" 'NR == L { $2 = $2 + 1 } { print }' "$tmp/o.txt" >"$tmp/x.txt"
}
lines=$(wc -l <"$tmp/o.txt")
for L in $(seq 4 "$lines"); do
    case $(sed -n "${L}p" "$tmp/o.txt") in
    root*) alter $L; expect_reject "root line $L" "$tmp/x.txt" "another root" --root "$root" ;;
    opening*) alter $L; expect_reject "index line $L" "$tmp/x.txt" "o.txt\|x.txt:$L" ;;
    leaf* | sibling*) alter $L; expect_reject "line $L" "$tmp/x.txt" "x.txt:[0-9]*: the branch of leaf" ;;
    esac
done
sed 's/^opening 5$/opening 16/' "$tmp/o.txt" >"$tmp/x.txt"
expect_reject "index out of range" "$tmp/x.txt" "x.txt:5: index 16 is out of range"
other=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 4 --seed 3)
expect_reject "another --root" "$tmp/o.txt" "another root than --root" --root "$other"
expect_reject "another --hash" "$tmp/o.txt" "not poseidon1-kb16" --hash poseidon1-kb16
"$bin" merkle verify --openings "$tmp/o.txt" --root "$(echo "$root" | tr ' ' ',')" >/dev/null || no "--root with commas"

# malformed files and bad arguments exit 2 with file and line, and write nothing
expect_bad() { # name pattern args...
    local name=$1 pat=$2
    shift 2
    "$bin" merkle "$@" 2>"$tmp/err" >"$tmp/stdout"
    local rc=$?
    [ $rc = 2 ] || no "$name: exit $rc"
    grep -q -- "$pat" "$tmp/err" || no "$name: message '$(cat "$tmp/err")' lacks '$pat'"
}
printf '1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7\n' >"$tmp/bad.txt"
expect_bad "short digest" "bad.txt:2: a poseidon2-kb16 digest is 8 values, not 7" root --hash poseidon2-kb16 --leaves "$tmp/bad.txt"
printf '1 2 3 4 5 6 7 2130706433\n' >"$tmp/bad.txt"
expect_bad "value >= p" "bad.txt:1: value '2130706433' is out of range" root --hash poseidon2-kb16 --leaves "$tmp/bad.txt"
printf '1 2 3 x\n' >"$tmp/bad.txt"
expect_bad "not a number" "bad.txt:1: 'x' is not a decimal" root --hash rpo256 --leaves "$tmp/bad.txt"
printf '%s\n%s\n%s\n' $l0 $l1 $l0 >"$tmp/bad.txt"
expect_bad "three leaves" "bad.txt: 3 leaves: a binary tree needs a power of two" root --hash blake3 --leaves "$tmp/bad.txt"
printf '%s\nzz%s\n' $l0 ${l1:2} >"$tmp/bad.txt"
expect_bad "non-hex" "bad.txt:2: 'zz' at byte 0 is not hex" root --hash blake3 --leaves "$tmp/bad.txt"
printf '# nothing\n' >"$tmp/bad.txt"
expect_bad "no leaves" "bad.txt: 0 leaves" root --hash blake3 --leaves "$tmp/bad.txt"
expect_bad "no such file" "nonexistent" root --hash blake3 --leaves "$tmp/nonexistent"
expect_bad "unknown hash" "not a tree hash" root --hash md5 --log-leaves 2
expect_bad "both sources" "one of them" root --hash blake3 --log-leaves 2 --leaves "$tmp/b2.txt"
expect_bad "log-leaves too big" "log-leaves" root --hash blake3 --log-leaves 31
expect_bad "index out of range" "leaf 4 does not exist" open --hash blake3 --log-leaves 2 --index 1,4
expect_bad "bad index list" "not a list" open --hash blake3 --log-leaves 2 --index 1,,2
expect_bad "no subcommand" "subcommand" 
expect_bad "unknown subcommand" "unknown subcommand" grow
"$bin" merkle root --hash blake3 --log-leaves 2 --out "$tmp/r.out" --leaves "$tmp/bad.txt" 2>/dev/null
[ ! -e "$tmp/r.out" ] || no "output written on failure"
head -n 7 "$tmp/o.txt" >"$tmp/x.txt"
expect_bad "truncated openings" "x.txt: ends before its 'sibling' line" verify --openings "$tmp/x.txt"
sed '2s/.*/hash nope/' "$tmp/o.txt" >"$tmp/x.txt"
expect_bad "unknown hash in file" "x.txt:2: 'nope' is not a tree hash" verify --openings "$tmp/x.txt"
sed '6s/^leaf/leaves/' "$tmp/o.txt" >"$tmp/x.txt"
expect_bad "bad keyword" "x.txt:6: expected a 'leaf' line" verify --openings "$tmp/x.txt"
sed '7s/ [0-9]*$/ 4294967296/' "$tmp/o.txt" >"$tmp/x.txt"
expect_bad "sibling value >= p" "x.txt:7: value '4294967296' is out of range" verify --openings "$tmp/x.txt"
head -n 4 "$tmp/o.txt" >"$tmp/x.txt"
expect_bad "no openings" "no openings" verify --openings "$tmp/x.txt"
expect_bad "bad --root" "--root: a poseidon2-kb16 digest is 8 values" verify --openings "$tmp/o.txt" --root "1 2 3"
"$bin" merkle --help | grep -q "sibling DIGEST" || no "help describes the openings format"
"$bin" --help | grep -q "merkle" || no "main help lists merkle"
exit $fail
