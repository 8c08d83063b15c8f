#!/usr/bin/env bash
# End-to-end: what verify decides from the proof against what it is given. A proof's bytes never
# make a usage error: anything the proof says that does not match the command line (a public
# statement without tables, a private one with them, another hash's width or field, leaves for a
# proof of private leaves, another tree hash on an openings file) is a rejection, exit 1, with its
# reason; exit 2 stays for what is malformed whatever the proof. --min-bits binds every statement
# kind (ragged regions included) and takes only an integer 0..512. Usage: verify.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
# setbyte FILE OFFSET VALUE: one byte of a copy set to VALUE (decimal)
setbyte() {
    python3 -c "import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[int(sys.argv[2])]=int(sys.argv[3]); open(sys.argv[1],'wb').write(b)" "$@"
}

# ---- --min-bits binds ragged regions, private and public (it was printed before the comparison)
"$bin" prove --backend gkr --regions 4,6 --private --preset fast100 --seed 3 --out "$tmp/rp.bin" >/dev/null 2>&1 ||
    no "prove private regions"
expect "private regions, --min-bits 120" 1 '^rejected: the proof holds but gives [0-9.]+ provable bits .*below the 120.0 required' \
    verify --proof "$tmp/rp.bin" --min-bits 120
expect "private regions, default bound" 0 '^accepted: 80 permutations .* in 2 regions \(4,6; private statement, committed regions\).*preset fast100, [0-9.]+ provable bits' \
    verify --proof "$tmp/rp.bin"
expect "private regions, --min-bits 0" 0 '^accepted: ' verify --proof "$tmp/rp.bin" --min-bits 0
"$bin" prove --backend gkr --regions 4,6 --preset fast100 --seed 3 --out "$tmp/ru.bin" >/dev/null 2>&1 ||
    no "prove public regions"
b=$("$bin" verify --proof "$tmp/ru.bin" --inputs "$tmp/ru.bin.inputs" --outputs "$tmp/ru.bin.outputs" |
    sed -n 's/.*, \([0-9]*\)\.[0-9] provable bits.*/\1/p') # the public regions' bits (128 at fast100)
[ -n "$b" ] || no "public regions: no provable bits printed"
expect "public regions, --min-bits above its bits" 1 "^rejected: the proof holds but gives .*below the $((b + 1)).0 required" \
    verify --proof "$tmp/ru.bin" --inputs "$tmp/ru.bin.inputs" --outputs "$tmp/ru.bin.outputs" --min-bits $((b + 1))
expect "public regions, --min-bits at its bits" 0 '^accepted: 80 permutations' \
    verify --proof "$tmp/ru.bin" --inputs "$tmp/ru.bin.inputs" --outputs "$tmp/ru.bin.outputs" --min-bits "$b"
# the bound is an integer 0..512, whatever the proof
for b in nan NaN inf -inf -1 -0 +5 1e2 513 " 5" "5 " 5.5 ""; do
    expect "--min-bits '$b'" 2 "--min-bits: '.*' is not an integer in \[0, 512\]" verify --proof "$tmp/rp.bin" --min-bits "$b"
done

# ---- permutation statements: flipped header bytes, tables against what the proof says
"$bin" prove --log-perms 4 --preset fast100 --seed 2 --out "$tmp/sp.bin" >/dev/null 2>&1 || no "prove private stark"
"$bin" prove --backend gkr --log-perms 4 --preset fast100 --seed 2 --out "$tmp/gp.bin" >/dev/null 2>&1 || no "prove private gkr"
python3 -c "
import random
random.seed(9)
for _ in range(16): print(' '.join(str(random.randrange(2130706433)) for _ in range(16)))" >"$tmp/in.txt"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/in.txt" --out "$tmp/out.txt" || no "perm"
"$bin" prove --inputs "$tmp/in.txt" --preset fast100 --out "$tmp/su.bin" >/dev/null 2>&1 || no "prove public stark"
"$bin" prove --backend gkr --inputs "$tmp/in.txt" --preset fast100 --out "$tmp/gu.bin" >/dev/null 2>&1 || no "prove public gkr"
for p in sp gp; do
    # byte 15, the statement: a private proof that now says public, given nothing
    cp "$tmp/$p.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 15 1
    expect "$p: byte 15 made public" 1 "^rejected: the proof is for a public statement of 16 permutations: .*none were given" \
        verify --proof "$tmp/x.bin"
    # ... and given tables, it is checked against them (and rejected)
    expect "$p: byte 15 made public, with tables" 1 '^rejected: ' \
        verify --proof "$tmp/x.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"
    expect "$p: private given tables" 1 '^rejected: the proof is for a private statement' \
        verify --proof "$tmp/$p.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"
done
for p in su gu; do
    cp "$tmp/$p.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 15 0
    expect "$p: byte 15 made private, given tables" 1 '^rejected: the proof is for a private statement' \
        verify --proof "$tmp/x.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"
    expect "$p: public, no tables" 1 "^rejected: the proof is for a public statement of 16 permutations" \
        verify --proof "$tmp/$p.bin"
    # byte 14, the hash: a 24-wide header on a 16-wide body reads 16-value lines
    cp "$tmp/$p.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 14 2
    expect "$p: poseidon2-kb24 header" 1 "^rejected: (.*in\.txt:1: 16 values, but the proof's hash poseidon2-kb24 has 24 on an input line|.*)" \
        verify --proof "$tmp/x.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"
done
cp "$tmp/su.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 14 2
expect "stark poseidon2-kb24 header: width named" 1 "^rejected: .*in\.txt:1: 16 values, but the proof's hash poseidon2-kb24 has 24 on an input line" \
    verify --proof "$tmp/x.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"
# edited NAME RC PATTERN PROOF in|out SED: verify PROOF with one of in.txt, out.txt edited by SED
edited() {
    local name=$1 rc=$2 pat=$3 proof=$4 which=$5 in="$tmp/in.txt" out="$tmp/out.txt"
    sed "$6" "$tmp/$which.txt" >"$tmp/e$which.txt"
    if [ "$which" = in ]; then in="$tmp/ein.txt"; else out="$tmp/eout.txt"; fi
    expect "$name" "$rc" "$pat" verify --proof "$tmp/$proof.bin" --inputs "$in" --outputs "$out"
}
# a value outside the field of the proof's hash, a line of another width: not this proof's table
# (what the proof says decides it, so exit 1, was 2)
edited "value >= p" 1 "^rejected: .*eout\.txt:5: value 2130706433 is out of range for the proof's hash poseidon2-kb16" \
    su out '5s/^[0-9]*/2130706433/'
edited "value >= 2^32" 1 "^rejected: .*ein\.txt:3: value 4294967296 is out of range" gu in '3s/^[0-9]*/4294967296/'
edited "17 values a line" 1 "^rejected: .*eout\.txt:2: 17 values, but the proof's hash poseidon2-kb16 has 16 on an output line" \
    su out '2s/$/ 7/'
# malformed whatever the proof: exit 2, with the file and line
edited "not a number" 2 "ein\.txt:4: 'x1' is not a non-negative decimal integer" su in '4s/^[0-9]*/x1/'
edited "beyond 64 bits" 2 "ein\.txt:4: value '99999999999999999999' does not fit in 64 bits" su in '4s/^[0-9]*/99999999999999999999/'
edited "empty table" 2 "eout\.txt: an empty table" gu out 'd'
expect "--inputs without --outputs" 2 "--inputs and --outputs go together" verify --proof "$tmp/su.bin" --inputs "$tmp/in.txt"
expect "--outputs without --inputs" 2 "--inputs and --outputs go together" verify --proof "$tmp/sp.bin" --outputs "$tmp/out.txt"
expect "public accepted" 0 "^accepted: 16 permutations of poseidon2-kb16 \(public statement\)" \
    verify --proof "$tmp/su.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"

# ---- ragged regions: the io byte (16) flipped either way
cp "$tmp/rp.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 16 1
expect "regions: private made public, no tables" 1 "^rejected: the proof is for a public statement of 80 permutations" \
    verify --proof "$tmp/x.bin"
cp "$tmp/ru.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 16 0
expect "regions: public made private, tables" 1 '^rejected: the proof is for a private statement' \
    verify --proof "$tmp/x.bin" --inputs "$tmp/ru.bin.inputs" --outputs "$tmp/ru.bin.outputs"
expect "regions: tables of another length" 1 "^rejected: the proof's regions hold 80 permutations, the tables 16 inputs and 16 outputs" \
    verify --proof "$tmp/ru.bin" --inputs "$tmp/in.txt" --outputs "$tmp/out.txt"

# ---- the Merkle root: leaves against what the proof binds
"$bin" prove --statement merkle --hash poseidon2-kb16 --log-leaves 4 --seed 3 --out "$tmp/mr.bin" >/dev/null 2>&1 ||
    no "prove merkle root (private leaves)"
"$bin" prove --statement merkle --hash poseidon2-kb16 --log-leaves 4 --seed 3 --public-leaves --out "$tmp/mu.bin" \
    >/dev/null 2>&1 || no "prove merkle root (public leaves)"
r=$("$bin" merkle root --hash poseidon2-kb16 --log-leaves 4 --seed 3)
expect "root, private leaves" 0 '^accepted: root ' verify --proof "$tmp/mr.bin" --root "$r"
expect "root, private leaves given --leaves" 1 '^rejected: the proof is about private leaves' \
    verify --proof "$tmp/mr.bin" --root "$r" --leaves "$tmp/mu.bin.leaves"
expect "root, public leaves without --leaves" 1 '^rejected: the proof binds public leaves' verify --proof "$tmp/mu.bin" --root "$r"
cp "$tmp/mr.bin" "$tmp/x.bin"; setbyte "$tmp/x.bin" 17 1
expect "root: byte 17 made public leaves" 1 '^rejected: the proof binds public leaves' verify --proof "$tmp/x.bin" --root "$r"

# ---- Merkle branches: the openings file's header against the proof
for be in gkr stark; do
    "$bin" prove --statement merkle-branches --backend $be --hash poseidon2-kb16 --log-leaves 5 --seed 4 \
        --random-openings 3 --out "$tmp/b$be.bin" >/dev/null 2>&1 || no "prove branches $be"
    o="$tmp/b$be.bin.openings"
    root=$(sed -n 's/^# root //p' "$o")
    expect "branches $be" 0 '^accepted: 3 openings of a depth-5' verify --proof "$tmp/b$be.bin" --root "$root" --openings "$o"
    # a missing --root is what the proof needs and was not given: a rejection, as missing tables are
    expect "branches $be without --root" 1 "^rejected: .*b$be\.bin is a merkle-branches proof, checked against its root: give --root" \
        verify --proof "$tmp/b$be.bin" --openings "$o"
    # the depth line: a decimal 1..64 without sign, blank inside or leading zero, as prove writes it
    for d in +5 05 5x 0 65 -5 "" 0x5 "5 5" 5.0; do
        sed "s/^# depth .*/# depth $d/" "$o" >"$tmp/d.txt"
        expect "$be: '# depth $d'" 2 "d\.txt:3: .* is not a depth from 1 to 64|d\.txt: no '# depth D' line" \
            verify --proof "$tmp/b$be.bin" --root "$root" --openings "$tmp/d.txt"
    done
    sed 's/^# depth .*/# depth   5  /' "$o" >"$tmp/d.txt"
    expect "$be: '# depth 5' with blanks around" 0 '^accepted: ' verify --proof "$tmp/b$be.bin" --root "$root" --openings "$tmp/d.txt"
    # another depth than the proof's: rejected
    sed 's/^# depth .*/# depth 6/' "$o" >"$tmp/d.txt"
    expect "$be: another depth" 1 "^rejected: the proof is for a depth-5 tree, the openings for depth 6" verify --proof "$tmp/b$be.bin" --root "$root" --openings "$tmp/d.txt"
    # the hash line names the tree hash: another one (or none known) is a rejection naming file, line, value
    for h in keccak-256 poseidon2-kb24 "poseidon2-kb16x" ""; do
        sed "s/^# hash .*/# hash $h/" "$o" >"$tmp/h.txt"
        expect "$be: '# hash $h'" 1 "^rejected: .*h\.txt:2: the openings are for '$h' trees, the proof for poseidon2-kb16 trees" \
            verify --proof "$tmp/b$be.bin" --root "$root" --openings "$tmp/h.txt"
    done
    grep -v '^# hash' "$o" >"$tmp/h.txt"
    expect "$be: no hash line" 0 '^accepted: ' verify --proof "$tmp/b$be.bin" --root "$root" --openings "$tmp/h.txt"
    expect "$be: verified as a root proof" 1 '^rejected: ' verify --proof "$tmp/b$be.bin" --root "$root"
    expect "$be: given --leaves" 1 '^rejected: a Merkle branches proof, not a root proof' \
        verify --proof "$tmp/b$be.bin" --root "$root" --leaves "$tmp/mu.bin.leaves"
    expect "$be: a root proof given openings" 1 '^rejected: a Merkle root proof, not a branches proof' \
        verify --proof "$tmp/mr.bin" --root "$root" --openings "$o"
done
exit $fail
