#!/usr/bin/env bash
# End-to-end: hashsnark perm on good and bad input. Usage: perm.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
tests=$2

# The Plonky3 test vector, given with commas, a comment and a blank line, must come out as in the file.
cat >"$tmp/in.txt" <<'IN'
# Plonky3 test_default_koalabear_poseidon2_width_16

894848333, 1437655012, 1200606629, 1690012884, 71131202, 1749206695, 1717947831, 120589055, 19776022, 42382981, 1831865506, 724844064, 171220207, 1299207443, 227047920, 1783754913
IN
want="1934285469, 604889435, 133449501, 1026180808, 1830659359, 176667110, 1391183747, 351743874, 1238264085, 1292768839, 2023573270, 1201586780, 1360691759, 1230682461, 748270449, 651545025"
got=$("$bin" perm --hash poseidon2-kb16 --in "$tmp/in.txt") || no "perm exited $?"
[ "$got" = "$want" ] || no "kb16 vector: got '$got'"

# standard input, spaces, CRLF, several states, --out file
printf '0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\r\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n' >"$tmp/two.txt"
"$bin" perm --hash poseidon2-kb16 <"$tmp/two.txt" >"$tmp/two.out" || no "stdin run"
[ "$(wc -l <"$tmp/two.out")" = 2 ] || no "two states -> two lines"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/two.txt" --out "$tmp/two.out2" --threads 2 || no "--out run"
cmp -s "$tmp/two.out" "$tmp/two.out2" || no "--out differs from stdout"
# applying to the output again is a different, valid permutation input (round trip through files)
"$bin" perm --hash poseidon2-kb16 --in "$tmp/two.out" >/dev/null || no "output is valid input"

# width 24 vector
in24="886409618, 1327899896, 1902407911, 591953491, 648428576, 1844789031, 1198336108, 355597330, 1799586834, 59617783, 790334801, 1968791836, 559272107, 31054313, 1042221543, 474748436, 135686258, 263665994, 1962340735, 1741539604, 2026927696, 449439011, 1131357108, 50869465"
want24=$(python3 -c "import json;d=json.load(open('$tests/vectors/poseidon2_koalabear_w24.json'));print(', '.join(map(str,d['cases'][0]['output'])))")
in24=$(python3 -c "import json;d=json.load(open('$tests/vectors/poseidon2_koalabear_w24.json'));print(', '.join(map(str,d['cases'][0]['input'])))")
got=$(echo "$in24" | "$bin" perm --hash poseidon2-kb24) || no "kb24 run"
[ "$got" = "$want24" ] || no "kb24 vector: got '$got'"

# Poseidon1 (Plonky3's test vector [0..w-1] of each width), threaded and not
for w in 16 24; do
    vin=$(python3 -c "import json;d=json.load(open('$tests/vectors/poseidon1_koalabear_w$w.json'));print(', '.join(map(str,d['cases'][0]['input'])))")
    vout=$(python3 -c "import json;d=json.load(open('$tests/vectors/poseidon1_koalabear_w$w.json'));print(', '.join(map(str,d['cases'][0]['output'])))")
    got=$(echo "$vin" | "$bin" perm --hash poseidon1-kb$w) || no "poseidon1-kb$w run"
    [ "$got" = "$vout" ] || no "poseidon1-kb$w vector: got '$got'"
    got=$(echo "$vin" | "$bin" perm --hash poseidon1-kb$w --threads 2) || no "poseidon1-kb$w threaded run"
    [ "$got" = "$vout" ] || no "poseidon1-kb$w vector, 2 threads: got '$got'"
done
HS_NO_SIMD=1 "$bin" perm --hash poseidon1-kb16 <"$tmp/two.txt" >"$tmp/p1.portable" || no "poseidon1 portable run"
"$bin" perm --hash poseidon1-kb16 <"$tmp/two.txt" >"$tmp/p1.simd" || no "poseidon1 run"
cmp -s "$tmp/p1.portable" "$tmp/p1.simd" || no "poseidon1: HS_NO_SIMD=1 output differs"

# bad inputs: exit 2, message naming file, line and value, no output
expect_bad() { # name input-text pattern [extra args]
    local name=$1 text=$2 pat=$3
    shift 3
    printf '%s' "$text" >"$tmp/bad.txt"
    rm -f "$tmp/bad.out"
    "$bin" perm --hash poseidon2-kb16 --in "$tmp/bad.txt" --out "$tmp/bad.out" "$@" 2>"$tmp/err"
    local rc=$?
    [ $rc = 2 ] || no "$name: exit $rc, want 2"
    grep -q -- "$pat" "$tmp/err" || no "$name: message '$(cat "$tmp/err")' lacks '$pat'"
    [ ! -e "$tmp/bad.out" ] || no "$name: output file written"
    ls "$tmp" | grep -q tmp && no "$name: temporary file left"
    local out
    out=$("$bin" perm --hash poseidon2-kb16 --in "$tmp/bad.txt" "$@" 2>/dev/null)
    [ -z "$out" ] || no "$name: wrote to stdout"
}
row="1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
expect_bad "value = p" "$row 16
$row 2130706433
" "bad.txt:2: value '2130706433'"
expect_bad "non-number" "$row 16
# c

$row x7
" "bad.txt:4: 'x7' is not"
expect_bad "negative" "$row -1
" "bad.txt:1: '-1' is not"
expect_bad "too few" "1 2 3
" "bad.txt:1: expected 16 values for poseidon2-kb16, found 3"
expect_bad "too many" "$row 16 17
" "bad.txt:1: expected 16 values for poseidon2-kb16, found 17"
expect_bad "huge" "$row 99999999999999999999999
" "bad.txt:1: value '99999999999999999999999' is out of range"
expect_bad "empty field" "1,,2
" "bad.txt:1: empty value"

"$bin" perm --hash nosuch </dev/null 2>"$tmp/err"; [ $? = 2 ] || no "unknown hash exit"
grep -q "unknown hash 'nosuch'" "$tmp/err" || no "unknown hash message"
"$bin" perm --hash poseidon2-kb16 --in "$tmp/missing.txt" 2>"$tmp/err"; [ $? = 2 ] || no "missing file exit"
grep -q "missing.txt" "$tmp/err" || no "missing file message"
"$bin" perm --bogus 2>/dev/null; [ $? = 2 ] || no "unknown flag exit"
"$bin" perm --help | grep -q -- "--hash NAME" || no "perm --help"
"$bin" --help | grep -q "poseidon2-kb24" || no "--help lists permutations"
"$bin" --help | grep -q "poseidon1-kb16" || no "--help lists poseidon1-kb16"
# empty input: no states, no output, success
out=$("$bin" perm --hash poseidon2-kb16 </dev/null) || no "empty input exit"
[ -z "$out" ] || no "empty input output"
exit $fail
