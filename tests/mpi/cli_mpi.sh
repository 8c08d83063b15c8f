#!/usr/bin/env bash
# hashsnark-mpi against hashsnark: the gkr backend's statements proven over 1, 2, 4 and 8 MPI ranks
# (oversubscribed on small machines) must give the one-process proof and outputs byte for byte, for
# each permutation the walk proves, public (each rank reading its rows of the input file) and
# private (each rank committing its share of the WHIR codeword); a run that cannot go on (a bad
# row in one rank's slice, a table of the wrong size, too few permutations per rank, a rank count
# that is not a power of two, a backend not distributed, a killed rank) must end every rank with a
# nonzero status and write nothing, never hang (each run has a time limit).
# usage: cli_mpi.sh HASHSNARK HASHSNARK_MPI MPIRUN
set -uo pipefail
bin=$1 mbin=$2 mpirun=$3
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 # containers run tests as root
export OMPI_MCA_btl_vader_single_copy_mechanism=none             # no CMA inside containers
export HS_THREADS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { echo "cli_mpi: FAIL: $*" >&2; fail=1; }
run() { timeout 120 "$mpirun" --oversubscribe -np "$@"; }

# N random states of W KoalaBear words (any fixed table will do: both binaries prove the same file)
table() { awk -v n="$1" -v w="$2" -v s="$3" 'BEGIN{srand(s); for(i=0;i<n;i++){l=""; for(j=0;j<w;j++) l=l (j?" ":"") int(rand()*2130706433); print l}}'; }

# (hash:width:states:ranks; every rank count for one hash, one each for the others: MPI's start-up
# is most of the time)
for spec in poseidon2-kb16:16:2048:1,2,4,8 poseidon2-kb24:24:1024:4 poseidon1-kb16:16:1024:2 poseidon1-kb24:24:64:4; do
    IFS=: read -r hash w n ranks <<<"$spec"
    table "$n" "$w" 7 >"$tmp/$hash.in"
    "$bin" prove --backend gkr --hash "$hash" --inputs "$tmp/$hash.in" --out "$tmp/one.proof" \
        --outputs-out "$tmp/one.out" --quiet >/dev/null || { bad "$hash: one-process proof failed"; continue; }
    for R in ${ranks//,/ }; do
        rm -f "$tmp/r.proof" "$tmp/r.out"
        if ! run "$R" "$mbin" prove --backend gkr --hash "$hash" --inputs "$tmp/$hash.in" --out "$tmp/r.proof" \
            --outputs-out "$tmp/r.out" --quiet >"$tmp/log" 2>&1; then
            bad "$hash over $R ranks failed: $(tail -3 "$tmp/log")"
            continue
        fi
        cmp -s "$tmp/one.proof" "$tmp/r.proof" || bad "$hash over $R ranks: the proof differs from one process's"
        cmp -s "$tmp/one.out" "$tmp/r.out" || bad "$hash over $R ranks: the outputs differ from one process's"
    done
    "$bin" verify --proof "$tmp/r.proof" --inputs "$tmp/$hash.in" --outputs "$tmp/r.out" >/dev/null ||
        bad "$hash: the proof over $R ranks is rejected"
done

# the private statement (random inputs from --seed, each rank drawing its rows; the WHIR commitment
# spread over the ranks)
for spec in poseidon2-kb16:2,4,8 poseidon2-kb24:2 poseidon1-kb16:4 poseidon1-kb24:8; do
    IFS=: read -r hash ranks <<<"$spec"
    "$bin" prove --backend gkr --hash "$hash" --log-perms 10 --seed 5 --out "$tmp/one.proof" --quiet >/dev/null ||
        { bad "$hash: one-process private proof failed"; continue; }
    for R in ${ranks//,/ }; do
        rm -f "$tmp/r.proof"
        if ! run "$R" "$mbin" prove --backend gkr --hash "$hash" --log-perms 10 --seed 5 --out "$tmp/r.proof" \
            --quiet >"$tmp/log" 2>&1; then
            bad "$hash private over $R ranks failed: $(tail -3 "$tmp/log")"
            continue
        fi
        cmp -s "$tmp/one.proof" "$tmp/r.proof" || bad "$hash private over $R ranks: the proof differs from one process's"
    done
    "$bin" verify --proof "$tmp/r.proof" >/dev/null || bad "$hash: the private proof over $R ranks is rejected"
done

# refusals and faults: nonzero, a message, no hang, no proof file
expect_fail() { # WHAT MESSAGE_PART RANKS ARGS...
    local what=$1 part=$2 R=$3
    shift 3
    rm -f "$tmp/f.proof"
    if run "$R" "$@" >"$tmp/log" 2>&1; then
        bad "$what: exit status 0"
    else
        local rc=$?
        [ "$rc" -ne 124 ] || bad "$what: hung (killed after 120 s)"
        grep -q -- "$part" "$tmp/log" || bad "$what: no message '$part' ($(tail -2 "$tmp/log"))"
    fi
    [ ! -e "$tmp/f.proof" ] || bad "$what: a proof was written"
}
table 8 16 3 >"$tmp/small.in"
expect_fail "2^3 permutations over 2 ranks" "at least 2^3 permutations" 2 \
    "$mbin" prove --backend gkr --inputs "$tmp/small.in" --out "$tmp/f.proof" --quiet
expect_fail "3 ranks" "power of two" 3 "$mbin" prove --backend gkr --inputs "$tmp/small.in" --out "$tmp/f.proof"
expect_fail "the stark backend over 2 ranks" "only the gkr backend's public and private statements" 2 \
    "$mbin" prove --log-perms 6 --out "$tmp/f.proof" --quiet
expect_fail "keccak-f1600 over GF(2) over 2 ranks" "over KoalaBear" 2 \
    "$mbin" prove --backend gkr --hash keccak-f1600 --log-perms 4 --out "$tmp/f.proof" --quiet
expect_fail "verify over 2 ranks" "only 'prove' runs" 2 "$mbin" verify --proof "$tmp/r.proof"
# a rank killed while the others wait in a collective: mpirun ends them all
expect_fail "a killed rank" "" 2 bash -c \
    'if [ "${OMPI_COMM_WORLD_RANK:-0}" = 1 ]; then kill -9 $$; fi; exec "$0" "$@"' \
    "$mbin" prove --backend gkr --inputs "$tmp/poseidon2-kb16.in" --out "$tmp/f.proof" --quiet

# a bad value in row 6 (line 8 after two comment lines): rank 1 of 4 holds it and names it; rank 0
# ends the run
{ echo "# states"; echo; table 64 16 4; } >"$tmp/bad.in"
sed -i '8s/^[0-9]*/2130706433/' "$tmp/bad.in"
expect_fail "a bad row on rank 1" "bad.in:8: value '2130706433' is out of range" 4 \
    "$mbin" prove --backend gkr --inputs "$tmp/bad.in" --out "$tmp/f.proof" --outputs-out "$tmp/f.out" --quiet
grep -q "rank 1 of 4 could not read its rows" "$tmp/log" || bad "a bad row on rank 1: rank 0 does not name rank 1"
! grep -q "MPI_ABORT" "$tmp/log" || bad "a bad row on rank 1: the run was aborted, not ended by rank 0"
[ ! -e "$tmp/f.out" ] || bad "a bad row on rank 1: an outputs file was written"
table 48 16 4 >"$tmp/odd.in"
expect_fail "48 states over 2 ranks" "48 states; a public statement needs 2^N" 2 \
    "$mbin" prove --backend gkr --inputs "$tmp/odd.in" --out "$tmp/f.proof" --quiet
expect_fail "the inputs from standard input over 2 ranks" "each rank reads the file itself" 2 \
    "$mbin" prove --backend gkr --inputs - --out "$tmp/f.proof" --quiet

[ "$fail" = 0 ] && echo "cli_mpi: proofs over 1, 2, 4 and 8 ranks identical to one process's; faults end the run"
exit "$fail"
