#!/usr/bin/env bash
# Times gkr proofs over MPI ranks against one process (docs/BENCHMARKS.md "gkr over MPI ranks"):
# ROUNDS alternating runs of 'hashsnark prove' with THREADS threads and, for each rank count in
# RANKS (comma-separated), 'mpirun -np R hashsnark-mpi prove' with 1 thread per rank, the same
# statement; prints each run's proving time (the library's, from the summary line), wall time and
# peak resident memory per process (GNU time), rank 0's collectives (HS_MPI_STATS: calls, bytes,
# seconds in them), and checks the proofs are identical.
# usage: bench-mpi.sh BUILD_DIR LOG_PERMS PRESET RANKS THREADS ROUNDS [--inputs FILE]
set -euo pipefail
b=$1 lg=$2 preset=$3 ranks=$4 threads=$5 rounds=$6
shift 6
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${1:-}" = --inputs ]; then stmt=(--inputs "$2"); else stmt=(--log-perms "$lg" --seed 1); fi
one() {
    /usr/bin/time -f "peak %M KiB" -o "$tmp/mem1" "$b/hashsnark" prove --backend gkr --preset "$preset" \
        "${stmt[@]}" --threads "$threads" --out "$tmp/one.proof" --quiet >"$tmp/o1"
    echo "1 process x $threads threads: $(grep -o 'in [0-9.]* s' "$tmp/o1"), $(cat "$tmp/mem1")"
}
many() {
    local R=$1 t0 t1
    t0=$(date +%s.%N)
    HS_MPI_STATS=1 mpirun --oversubscribe -np "$R" /usr/bin/time -f "rank peak %M KiB" -a -o "$tmp/memR" \
        "$b/hashsnark-mpi" prove --backend gkr --preset "$preset" "${stmt[@]}" --threads 1 --out "$tmp/r.proof" \
        --quiet >"$tmp/oR" 2>"$tmp/eR"
    t1=$(date +%s.%N)
    echo "$R ranks x 1 thread: $(grep -o 'in [0-9.]* s' "$tmp/oR") (mpirun wall $(echo "$t1 - $t0" | bc) s)," \
        "$(grep -o '[0-9]* KiB' "$tmp/memR" | tr '\n' ' ')"
    grep 'rank 0:' "$tmp/eR" | sed 's/^/    /' || true
    rm -f "$tmp/memR"
    cmp -s "$tmp/one.proof" "$tmp/r.proof" || { echo "proofs differ" >&2; exit 1; }
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 0; i < rounds; i++)); do
    one
    for R in ${ranks//,/ }; do many "$R"; done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
