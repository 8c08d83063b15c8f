#!/usr/bin/env bash
# End-to-end: prove --backend stark --statement merkle-branches, verify (the backend read from the
# proof, or checked with --backend), params --backend stark --statement merkle-branches.
# Usage: merkle_stark.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

# a seeded tree: the proven root is the `merkle root` of the same seed
"$bin" prove --backend stark --statement merkle-branches --hash poseidon2-kb16 --log-leaves 7 --seed 5 \
    --random-openings 3 --out "$tmp/p.bin" --threads 2 >"$tmp/out.txt" 2>"$tmp/err.txt" ||
    no "prove (seeded tree) exit: $(cat "$tmp/err.txt")"
grep -q 'stark backend' "$tmp/err.txt" || no "the prover names the stark backend: $(cat "$tmp/err.txt")"
root=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 7 --seed 5) || no "merkle root"
grep -q "^# root $root\$" "$tmp/p.bin.openings" || no "the openings file names another root than merkle root"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/p.bin.openings" >"$tmp/v.txt" || no "verify exit"
grep -q '^accepted: 3 openings.*stark backend' "$tmp/v.txt" || no "accepted line: $(cat "$tmp/v.txt")"
"$bin" verify --backend stark --proof "$tmp/p.bin" --root "$root" --openings "$tmp/p.bin.openings" >/dev/null ||
    no "verify --backend stark"
"$bin" verify --backend gkr --proof "$tmp/p.bin" --root "$root" --openings "$tmp/p.bin.openings" >"$tmp/v.txt"
[ $? = 1 ] || no "a stark proof verified with --backend gkr must exit 1"
grep -q '^rejected: a stark proof, not a gkr one' "$tmp/v.txt" || no "backend mismatch line: $(cat "$tmp/v.txt")"

# the same openings proven by the gkr backend: the same openings file, another proof
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --log-leaves 7 --seed 5 --random-openings 3 \
    --out "$tmp/g.bin" >/dev/null 2>&1 || no "prove (gkr)"
cmp -s "$tmp/g.bin.openings" "$tmp/p.bin.openings" || no "the two backends' openings files differ"
"$bin" verify --backend stark --proof "$tmp/g.bin" --root "$root" --openings "$tmp/g.bin.openings" >/dev/null
[ $? = 1 ] || no "a gkr proof verified with --backend stark must exit 1"

# another root, a changed leaf, a changed index, a dropped opening, a flipped byte: exit 1
other=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 7 --seed 6)
"$bin" verify --proof "$tmp/p.bin" --root "$other" --openings "$tmp/p.bin.openings" >"$tmp/v.txt"
[ $? = 1 ] || no "another root must exit 1"
grep -q '^rejected: ' "$tmp/v.txt" || no "rejected line"
awk '!/^#/ && !done {$2 = ($2 + 1) % 2130706433; done = 1} {print}' "$tmp/p.bin.openings" >"$tmp/leaf.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/leaf.txt" >/dev/null
[ $? = 1 ] || no "a changed leaf must exit 1"
awk '!/^#/ && !done {$1 = ($1 + 1) % 128; done = 1} {print}' "$tmp/p.bin.openings" >"$tmp/idx.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/idx.txt" >/dev/null
[ $? = 1 ] || no "a changed index must exit 1"
grep -v '^[0-9]' "$tmp/p.bin.openings" >"$tmp/fewer.txt"; grep '^[0-9]' "$tmp/p.bin.openings" | head -2 >>"$tmp/fewer.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/fewer.txt" >/dev/null
[ $? = 1 ] || no "a dropped opening must exit 1"
sed 's/^# depth 7$/# depth 8/' "$tmp/p.bin.openings" >"$tmp/deeper.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/deeper.txt" >/dev/null
[ $? = 1 ] || no "another depth must exit 1"
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[len(b)//2]^=4; open(sys.argv[2],'wb').write(b)" \
    "$tmp/p.bin" "$tmp/bad.bin" 2>/dev/null && {
    "$bin" verify --proof "$tmp/bad.bin" --root "$root" --openings "$tmp/p.bin.openings" >/dev/null
    [ $? = 1 ] || no "a flipped byte must exit 1"
}

# a sparse depth-5 tree, one opening; depth 1
for d in 1 5; do
    "$bin" prove --backend stark --statement merkle-branches --hash poseidon2-kb16 --depth $d --random-openings 1 \
        --out "$tmp/s$d.bin" >/dev/null 2>&1 || no "prove --depth $d"
    rs=$(sed -n 's/^# root //p' "$tmp/s$d.bin.openings")
    "$bin" verify --proof "$tmp/s$d.bin" --root "$rs" --openings "$tmp/s$d.bin.openings" >/dev/null || no "verify --depth $d"
done

# usage errors: exit 2, nothing written
"$bin" prove --backend snark --statement merkle-branches --hash poseidon2-kb16 --depth 5 --random-openings 1 \
    --out "$tmp/z" 2>/dev/null
[ $? = 2 ] || no "an unknown backend must exit 2"
"$bin" prove --backend stark --statement merkle --hash poseidon2-kb16 --log-leaves 3 --out "$tmp/z" 2>/dev/null
[ $? = 2 ] || no "the dense root with the stark backend must exit 2"
[ ! -e "$tmp/z" ] && [ ! -e "$tmp/z.openings" ] || no "nothing written on failure"
"$bin" verify --backend snark --proof "$tmp/p.bin" --root "$root" --openings "$tmp/p.bin.openings" 2>/dev/null
[ $? = 2 ] || no "verify with an unknown backend must exit 2"

# params: the stark's terms, the claim
"$bin" params --backend stark --statement merkle-branches --preset proven128 --depth 32 --openings 16384 \
    >"$tmp/pa.txt" || no "params exit"
for t in ali public.gamma deep.ood fri.batch 'fri.fold\[0\]' fri.query merkle.collision; do
    grep -q "^$t " "$tmp/pa.txt" || no "params lacks term $t"
done
grep -q 'stark backend: merkle-branches, 16384 openings of a depth-32 .*2^19 rows' "$tmp/pa.txt" ||
    no "params header: $(head -1 "$tmp/pa.txt")"
# the headline is capped by the digest's collision resistance (8 log2(p) / 2 = 123.95 bits), while
# proven128's declaration (the protocol's terms) holds
grep -q '^p2kb16.digest_collision  *123.95  *123.95  *123.95$' "$tmp/pa.txt" || no "params lacks the digest term"
grep -q '^claimed security: 124.0 bits (.*), weakest term p2kb16.digest_collision$' "$tmp/pa.txt" ||
    no "proven128 claim: $(grep claimed "$tmp/pa.txt")"
grep -q "^declared by proven128: 128 bits for the protocol's terms (.*): holds$" "$tmp/pa.txt" ||
    no "proven128 declaration: $(grep declared "$tmp/pa.txt")"
"$bin" params --backend stark --statement merkle --log-leaves 10 >/dev/null 2>&1
[ $? = 2 ] || no "params of the dense root with the stark backend must exit 2"
exit $fail
