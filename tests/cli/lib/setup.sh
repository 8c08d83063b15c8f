# The shared start of the command-line test scripts (tests/cli/*.sh source it; it is not a test
# itself): set -u, $bin (the hashsnark binary, the first argument), $tmp (a scratch folder removed
# on exit), $fail and no() to record a failure and go on.
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
no() { echo "FAIL: $*"; fail=1; }
