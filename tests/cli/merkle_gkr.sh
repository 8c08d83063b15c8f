#!/usr/bin/env bash
# End-to-end: prove --statement merkle-branches, verify --root --openings, params --statement.
# Usage: merkle_gkr.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

# a seeded tree: the proven root is the `merkle root` of the same seed
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --log-leaves 9 --seed 5 --random-openings 3 \
    --out "$tmp/p.bin" --threads 2 >"$tmp/out.txt" 2>"$tmp/err.txt" || no "prove (seeded tree) exit: $(cat "$tmp/err.txt")"
root=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 9 --seed 5) || no "merkle root"
grep -q "^# root $root\$" "$tmp/p.bin.openings" || no "the openings file names another root than merkle root"
grep -q "^# depth 9\$" "$tmp/p.bin.openings" || no "depth line"
[ "$(grep -vc '^#' "$tmp/p.bin.openings")" = 3 ] || no "3 openings expected"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/p.bin.openings" >"$tmp/v.txt" || no "verify exit"
grep -q '^accepted: 3 openings' "$tmp/v.txt" || no "accepted line: $(cat "$tmp/v.txt")"
# proven128: the protocol's 128 bits hold (accepted by default), the headline is the digest's 124.0
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --log-leaves 9 --seed 5 --random-openings 3 \
    --preset proven128 --out "$tmp/p128.bin" >/dev/null 2>&1 || no "prove proven128"
"$bin" verify --proof "$tmp/p128.bin" --root "$root" --openings "$tmp/p128.bin.openings" | grep -q ', 124.0 provable bits' ||
    no "proven128 verify: not 124.0 bits"
"$bin" verify --proof "$tmp/p128.bin" --root "$root" --openings "$tmp/p128.bin.openings" --min-bits 128 >/dev/null
[ $? = 1 ] || no "--min-bits 128 must reject a Merkle proof (headline about 124)"
# the root with commas
comma=$(echo "$root" | tr ' ' ',')
"$bin" verify --proof "$tmp/p.bin" --root "$comma" --openings "$tmp/p.bin.openings" >/dev/null || no "comma root"

# another root: rejected (exit 1)
other=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 9 --seed 6)
"$bin" verify --proof "$tmp/p.bin" --root "$other" --openings "$tmp/p.bin.openings" >"$tmp/v.txt"
[ $? = 1 ] || no "another root must exit 1"
grep -q '^rejected: ' "$tmp/v.txt" || no "rejected line"

# an opening's leaf changed (still a valid digest), an index changed: rejected
awk '!/^#/ && !done {$2 = ($2 + 1) % 2130706433; done = 1} {print}' "$tmp/p.bin.openings" >"$tmp/leaf.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/leaf.txt" >/dev/null
[ $? = 1 ] || no "a changed leaf must exit 1"
awk '!/^#/ && !done {$1 = ($1 + 1) % 512; done = 1} {print}' "$tmp/p.bin.openings" >"$tmp/idx.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/idx.txt" >/dev/null
[ $? = 1 ] || no "a changed index must exit 1"
grep -v '^[0-9]' "$tmp/p.bin.openings" >"$tmp/fewer.txt"; grep '^[0-9]' "$tmp/p.bin.openings" | head -2 >>"$tmp/fewer.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/fewer.txt" >/dev/null
[ $? = 1 ] || no "a dropped opening must exit 1"
# a flipped proof byte
python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[len(b)//2]^=4; open(sys.argv[2],'wb').write(b)" \
    "$tmp/p.bin" "$tmp/bad.bin" 2>/dev/null && {
    "$bin" verify --proof "$tmp/bad.bin" --root "$root" --openings "$tmp/p.bin.openings" >/dev/null
    [ $? = 1 ] || no "a flipped byte must exit 1"
}

# malformed input: exit 2 with file:line
sed 's/^\([0-9]*\) [0-9]*/\1 x/' "$tmp/p.bin.openings" >"$tmp/mal.txt"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/mal.txt" 2>"$tmp/e.txt" >/dev/null
[ $? = 2 ] || no "a malformed openings file must exit 2"
grep -q 'mal.txt:6:' "$tmp/e.txt" || no "file:line in the error: $(cat "$tmp/e.txt")"
"$bin" verify --proof "$tmp/p.bin" --root "1 2 3" --openings "$tmp/p.bin.openings" 2>/dev/null
[ $? = 2 ] || no "a short root must exit 2"

# --open FILE with repeats; a leaves file
printf '0\n511\n7\n7\n' >"$tmp/open.txt"
for t in 0 1 2 3; do echo "1 2 3 4 5 6 7 $t"; done >"$tmp/leaves.txt"
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --leaves "$tmp/leaves.txt" --open "$tmp/open.txt" \
    --out "$tmp/q.bin" >/dev/null 2>"$tmp/err.txt"
[ $? = 2 ] || no "index 511 in a 4-leaf tree must exit 2"
grep -q 'open.txt:2:' "$tmp/err.txt" || no "the bad index's line: $(cat "$tmp/err.txt")"
[ ! -e "$tmp/q.bin" ] && [ ! -e "$tmp/q.bin.openings" ] || no "nothing written on failure"
printf '3\n1\n1\n' >"$tmp/open.txt"
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --leaves "$tmp/leaves.txt" --open "$tmp/open.txt" \
    --out "$tmp/q.bin" >/dev/null 2>&1 || no "prove from a leaves file"
r4=$("$bin" merkle root --hash poseidon2-kb16 --leaves "$tmp/leaves.txt")
"$bin" verify --proof "$tmp/q.bin" --root "$r4" --openings "$tmp/q.bin.openings" >/dev/null || no "verify (leaves file)"

# a sparse depth-33 tree (only the opened paths built)
"$bin" prove --statement merkle-branches --hash poseidon2-kb16 --depth 33 --random-openings 5 --seed 9 \
    --out "$tmp/s.bin" >/dev/null 2>&1 || no "prove --depth 33"
rs=$(sed -n 's/^# root //p' "$tmp/s.bin.openings")
"$bin" verify --proof "$tmp/s.bin" --root "$rs" --openings "$tmp/s.bin.openings" >/dev/null || no "verify --depth 33"

# usage errors
"$bin" prove --statement merkle-branches --hash keccak-256 --log-leaves 3 --random-openings 1 --out "$tmp/z" 2>/dev/null
[ $? = 2 ] || no "another hash must exit 2"
"$bin" prove --statement merkle --hash poseidon2-kb16 --log-leaves 3 --random-openings 1 --out "$tmp/z" 2>/dev/null
[ $? = 2 ] || no "--random-openings with the root statement must exit 2"
"$bin" prove --statement merkle-root --hash poseidon2-kb16 --log-leaves 3 --out "$tmp/z" 2>/dev/null
[ $? = 2 ] || no "an unknown statement must exit 2"

# the dense root: private leaves, then public ones; the root is `merkle root`'s
"$bin" prove --statement merkle --hash poseidon2-kb16 --log-leaves 7 --seed 4 --out "$tmp/r.bin" >"$tmp/o.txt" 2>/dev/null ||
    no "prove --statement merkle"
r7=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 7 --seed 4)
grep -q "root $r7 of 2^7" "$tmp/o.txt" || no "the proven root is not merkle root's: $(cat "$tmp/o.txt")"
"$bin" verify --proof "$tmp/r.bin" --root "$r7" >"$tmp/v.txt" || no "verify the root"
grep -q '^accepted: root' "$tmp/v.txt" || no "root accepted line"
"$bin" verify --proof "$tmp/r.bin" --root "$other" >/dev/null
[ $? = 1 ] || no "a root proof against another root must exit 1"
"$bin" verify --proof "$tmp/p.bin" --root "$root" >/dev/null 2>&1
[ $? = 1 ] || no "a branches proof verified as a root proof must exit 1"
"$bin" prove --statement merkle --hash poseidon2-kb16 --leaves "$tmp/leaves.txt" --public-leaves --out "$tmp/r4.bin" \
    >/dev/null 2>&1 || no "prove --public-leaves"
cmp -s <(tr -s ' ' <"$tmp/leaves.txt") <(tr -s ' ' <"$tmp/r4.bin.leaves") || no "PROOF.leaves differs from the leaves"
"$bin" verify --proof "$tmp/r4.bin" --root "$r4" --leaves "$tmp/r4.bin.leaves" >/dev/null || no "verify public leaves"
sed '2s/ 1$/ 9/' "$tmp/leaves.txt" >"$tmp/leaves2.txt"
"$bin" verify --proof "$tmp/r4.bin" --root "$r4" --leaves "$tmp/leaves2.txt" >/dev/null
[ $? = 1 ] || no "a changed public leaf must exit 1"
"$bin" verify --proof "$tmp/r4.bin" --root "$r4" >/dev/null 2>&1
[ $? = 1 ] || no "a public-leaves proof without --leaves must exit 1 (a rejection)"
"$bin" params --statement merkle --preset proven128 --log-leaves 20 --public-leaves >"$tmp/pr.txt" || no "params merkle"
grep -q '^leaves.point ' "$tmp/pr.txt" || no "params merkle lacks leaves.point"
grep -q '^claimed security: 124.0 bits (.*), weakest term p2kb16.digest_collision$' "$tmp/pr.txt" ||
    no "params merkle claim: $(grep claimed "$tmp/pr.txt")"
# the root proof (compat) says the same headline its params give
c7=$("$bin" params --statement merkle --log-leaves 7 | sed -n 's/^claimed security: \([0-9.]*\) bits.*/\1/p')
grep -q "preset compat, $c7 provable bits" "$tmp/v.txt" || no "verify root bits ($c7): $(cat "$tmp/v.txt")"

# params: every term, the claim
"$bin" params --statement merkle-branches --preset proven128 --depth 32 --openings 16384 >"$tmp/pa.txt" || no "params exit"
for t in gkr.output_point 'gkr.layers\[28\]' mux.lambda mux.sumcheck root.point whir.statement_batching merkle.collision; do
    grep -q "^$t " "$tmp/pa.txt" || no "params lacks term $t"
done
# the headline is capped by the digest's collision resistance (8 log2(p) / 2 = 123.95 bits), while
# proven128's declaration (the protocol's terms) holds
grep -q '^p2kb16.digest_collision  *123.95  *123.95  *123.95$' "$tmp/pa.txt" || no "params lacks the digest term"
grep -q '^claimed security: 124.0 bits (.*), weakest term p2kb16.digest_collision$' "$tmp/pa.txt" ||
    no "proven128 claim: $(grep claimed "$tmp/pa.txt")"
grep -q "^declared by proven128: 128 bits for the protocol's terms (.*): holds$" "$tmp/pa.txt" ||
    no "proven128 declaration: $(grep declared "$tmp/pa.txt")"
# the two openings files told apart: each reader names the other kind and the command that reads it
"$bin" merkle open --hash poseidon2-kb16 --log-leaves 9 --seed 5 --index 1 --out "$tmp/mo.txt" || no "merkle open"
"$bin" verify --proof "$tmp/p.bin" --root "$root" --openings "$tmp/mo.txt" >/dev/null 2>"$tmp/e.txt"
[ $? = 2 ] || no "verify --openings with a 'merkle open' file: exit 2 expected"
grep -q "openings written by 'hashsnark merkle open'.*'hashsnark merkle verify --openings $tmp/mo.txt' reads them" \
    "$tmp/e.txt" || no "verify --openings with a 'merkle open' file: $(cat "$tmp/e.txt")"
"$bin" merkle verify --openings "$tmp/p.bin.openings" >/dev/null 2>"$tmp/e.txt"
[ $? = 2 ] || no "merkle verify with a merkle-branches file: exit 2 expected"
grep -q "a merkle-branches openings file .*'hashsnark verify --proof PROOF --root R --openings $tmp/p.bin.openings'" \
    "$tmp/e.txt" || no "merkle verify with a merkle-branches file: $(cat "$tmp/e.txt")"
exit $fail
