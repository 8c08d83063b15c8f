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
