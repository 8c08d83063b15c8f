# The shared start of the command-line test scripts (tests/cli/*.sh source it; it is not a test
# itself): set -u, $bin (the hashsnark binary, the first argument), $tmp (a scratch folder removed
# on exit), $fail and no() to record a failure and go on.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
# expect NAME RC PATTERN ARGS...: exit status RC and PATTERN (grep -E) in stdout and stderr
expect() {
    local name=$1 want=$2 pat=$3 out rc
    shift 3
    out=$("$bin" "$@" 2>&1); rc=$?
    [ "$rc" = "$want" ] || no "$name: exit $rc, not $want ($out)"
    echo "$out" | grep -Eq -- "$pat" || no "$name: no '$pat' in: $out"
}
# A public proof against tables that are right (every output the permutation of its input) but
# not the proof's: the proof rejects them, and no row is named. Args: PROOF ROWS SEED
other_tables_rejected() {
    python3 -c "
import random, sys
random.seed(int(sys.argv[2]))
for _ in range(int(sys.argv[1])): print(' '.join(str(random.randrange(2130706433)) for _ in range(16)))" "$2" "$3" \
        >"$tmp/in_b.txt"
    "$bin" perm --hash poseidon2-kb16 --in "$tmp/in_b.txt" --out "$tmp/out_b.txt" || no "perm for other outputs"
    local v rc
    v=$("$bin" verify --proof "$1" --inputs "$tmp/in_b.txt" --outputs "$tmp/out_b.txt"); rc=$?
    [ $rc = 1 ] && echo "$v" | grep -q "^rejected: " && ! echo "$v" | grep -q " is not P(" ||
        no "other valid tables: exit $rc: $v"
}
# Altered copies of a proof, for a verifier to reject: SRC DIR SPREAD writes DIR/mNNN.bin (one bit
# flipped at each of the first 24 bytes, SPREAD offsets spread over the rest, the last 8 bytes),
# DIR/tNN.bin (truncations: none left, inside and at the end of a header, mid-proof, near the
# end) and DIR/long.bin (one byte appended).
write_mutations() {
    mkdir -p "$2"
    python3 - "$1" "$2" "$3" <<'PY' || no "mutations of $1"
import sys
src, out, spread = sys.argv[1], sys.argv[2], int(sys.argv[3])
b = open(src, 'rb').read()
n = len(b)
offs = sorted(set(list(range(24)) + [24 + (n - 32) * k // spread for k in range(spread)] + list(range(n - 8, n))))
for i, o in enumerate(offs):
    c = bytearray(b)
    c[o] ^= 1 << (i % 8)
    open('%s/m%03d.bin' % (out, i), 'wb').write(c)
for i, k in enumerate([0, 8, 16, 17, 18, 23, 24, 100, n // 2, n - 17, n - 1]):
    open('%s/t%02d.bin' % (out, i), 'wb').write(b[:k])
open('%s/long.bin' % out, 'wb').write(b + b'\0')
PY
}
