#!/usr/bin/env bash
# End-to-end: `hashsnark hash vision32` and `hashsnark perm vision32` reproduce every case of
# tests/vectors/vision32_binius_derived.json (Binius' three digest known answers, derived digests,
# two permutations), hex words in and out (0x prefixes, commas, uppercase), the round trip
# hash = the sponge over `perm` (one block: state = the padded block's words, the digest = the
# first 8 words), and reject malformed words naming file, line and value.
# Usage: vision32.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
vec=$2/vectors/vision32_binius_derived.json
python3 - "$bin" "$vec" <<'PY' || fail=1
import json, subprocess, sys
bin, vec = sys.argv[1], sys.argv[2]
d = json.load(open(vec))
bad = 0
def run(args, text):
    r = subprocess.run([bin] + args, input=text, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{args} exited {r.returncode}: {r.stderr}")
    return r.stdout
msgs = [c['message_hex'] or '-' for c in d['digest_cases']]
got = run(['hash', '--hash', 'vision32'], '\n'.join(msgs) + '\n').split()
for c, g in zip(d['digest_cases'], got):
    if g != c['digest_hex']:
        bad += 1; print('FAIL digest', c['name'], g)
if len(got) != len(d['digest_cases']):
    bad += 1; print('FAIL digest count', len(got))
for p in d['permutation_cases']:
    out = run(['perm', '--hash', 'vision32'], ' '.join(p['input']) + '\n').split()
    if out != p['output']:
        bad += 1; print('FAIL perm', p['name'], out)
    # 0x prefixes, uppercase, commas: the same words, written back with commas
    line = ', '.join(('0X' + w.upper()) if i % 2 else ('0x' + (w.lstrip('0') or '0')) for i, w in enumerate(p['input']))
    out2 = run(['perm', '--hash', 'vision32'], line + '\n').strip()
    if out2 != ', '.join(p['output']):
        bad += 1; print('FAIL perm with prefixes and commas', out2)
# one-block round trip: the digest of a short message = the first 8 words of P(padded block words)
msg = bytes(range(10))
blk = bytearray(64); blk[:10] = msg; blk[10] |= 0x80; blk[63] |= 0x01
words = ['%08x' % int.from_bytes(blk[4*i:4*i+4], 'little') for i in range(16)] + ['00000000'] * 8
st = run(['perm', '--hash', 'vision32'], ' '.join(words) + '\n').split()
want = b''.join(int(w, 16).to_bytes(4, 'little') for w in st[:8]).hex()
if run(['hash', '--hash', 'vision32'], msg.hex() + '\n').strip() != want:
    bad += 1; print('FAIL hash = sponge over perm')
sys.exit(1 if bad else 0)
PY
# the same outputs at every SIMD level (portable twin, GFNI on AVX2, on AVX-512) and thread count:
# 70 random states (a full 64-state batch and a partial one)
python3 -c "
import random
random.seed(7)
for _ in range(70): print(' '.join('%08x' % random.getrandbits(32) for _ in range(24)))" >"$tmp/s70"
for l in portable avx2 avx512; do
    HS_SIMD=$l "$bin" perm --hash vision32 --in "$tmp/s70" --out "$tmp/p.$l" --threads 2 || no "perm under HS_SIMD=$l"
    cmp -s "$tmp/p.portable" "$tmp/p.$l" || no "HS_SIMD=$l output differs from portable"
done
"$bin" perm --hash vision32 --in "$tmp/s70" --threads 1 | cmp -s - "$tmp/p.portable" || no "1 thread differs"
[ "$(wc -l <"$tmp/p.portable")" = 70 ] || no "not 70 states out"
zeros=$(printf ' 0%.0s' $(seq 2 24))
expect_bad() { # name text pattern
    printf '%s' "$2" >"$tmp/bad.txt"
    "$bin" perm --hash vision32 --in "$tmp/bad.txt" --out "$tmp/bad.out" 2>"$tmp/err"
    local rc=$?
    [ $rc = 2 ] || no "$1: exit $rc"
    grep -q -- "$3" "$tmp/err" || no "$1: message '$(cat "$tmp/err")' lacks '$3'"
    [ ! -e "$tmp/bad.out" ] || no "$1: output written"
}
expect_bad "9 digits" $'0'"$zeros"$'\n123456789'"$zeros"$'\n' "bad.txt:2: '123456789' is not a word of at most 8 hex digits for vision32"
expect_bad "not hex" "0x12g4$zeros" "bad.txt:1: '0x12g4' is not a word"
expect_bad "bare 0x" "0x$zeros" "bad.txt:1: '0x' is not a word"
expect_bad "23 words" "$(printf '1%.0s ' $(seq 1 23))" "bad.txt:1: expected 24 values for vision32, found 23"
"$bin" perm --help | grep -q "vision32" || no "perm --help names vision32's words"
"$bin" hash --help | grep -q "vision32" || no "hash --help lists vision32"
exit $fail
