#!/usr/bin/env bash
# Merkle branches against independent permutations, in one run (docs/BENCHMARKS.md): proves
# 2^LOG_M openings of a depth-DEPTH Poseidon2-KB16 tree (`prove --statement merkle-branches
# --depth D --random-openings M`: only the opened paths are built) and, alternating with it, the
# same number of rows of independent Poseidon2-KB16 permutations with the gkr backend (private
# statement), SAMPLES times each; prints each sample and the medians and their ratio.
# With MODE=root it proves the dense root of 2^LOG_M leaves (`prove --statement merkle
# --log-leaves LOG_M`, 2^LOG_M - 1 compressions in 2^LOG_M rows) against 2^LOG_M permutations
# instead (DEPTH is then unused).
# With STARK=1 (branches only) each sample also proves the same openings with the stark design
# (`prove --backend stark --statement merkle-branches`: one compression a row, 2^rows rows) and
# as many independent permutations with the stark backend (private statement), in the same
# alternation, and prints the stark medians beside the gkr ones.
# Usage: [MODE=root] [STARK=1] tools/bench-merkle-gkr.sh [HASHSNARK] [LOG_M] [DEPTH] [SAMPLES] [THREADS] [PRESET]
set -eu
bin=${1:-build/hashsnark}
log_m=${2:-14}
depth=${3:-32}
samples=${4:-3}
threads=${5:-2}
preset=${6:-proven128}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mode=${MODE:-branches}
stark=${STARK:-0}
[ "$mode" = root ] && stark=0
m=$((1 << log_m))
# the rows the branches walk proves: 2^(ceil(log2 m) + ceil(log2 depth))
ld=0; while [ $((1 << ld)) -lt "$depth" ]; do ld=$((ld + 1)); done
[ $ld -ge 1 ] || ld=1
rows=$((log_m + ld))
[ "$mode" = root ] && rows=$log_m
echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/'); $threads threads, preset $preset"
if [ "$mode" = root ]; then
    echo "# root: 2^$log_m leaves (2^$rows rows); perms: 2^$rows permutations (gkr, private)"
else
    echo "# branches: $m openings, depth $depth (2^$rows rows); perms: 2^$rows permutations (gkr, private)"
fi
bt=(); pt=(); sbt=(); spt=()
# One proof of sample $s: `hashsnark prove ARGS --out FILE`; its time is appended to the array
# TIMES, its size put in the variable SIZE, and LABEL's line printed.
prove_one() { # TIMES SIZE LABEL FILE ARGS...
    local -n times_=$1
    local size_var=$2 label=$3 file=$4 line t
    shift 4
    line=$("$bin" prove "$@" --seed "$s" --preset "$preset" --threads "$threads" --out "$file" 2>/dev/null)
    t=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s:.*/\1/p')
    times_+=("$t")
    printf -v "$size_var" '%s' "$(stat -c %s "$file")"
    echo "$label sample $s: $t s, proof ${!size_var} bytes"
}
for s in $(seq 1 "$samples"); do
    if [ "$mode" = root ]; then
        prove_one bt bsize "$mode" "$tmp/b.bin" --statement merkle --hash poseidon2-kb16 --log-leaves "$log_m"
    else
        prove_one bt bsize "$mode" "$tmp/b.bin" --statement merkle-branches --hash poseidon2-kb16 --depth "$depth" \
            --random-openings "$m"
    fi
    prove_one pt psize "perms   " "$tmp/p.bin" --backend gkr --hash poseidon2-kb16 --log-perms "$rows"
    if [ "$stark" = 1 ]; then
        prove_one sbt sbsize "stark branches" "$tmp/sb.bin" --backend stark --statement merkle-branches \
            --hash poseidon2-kb16 --depth "$depth" --random-openings "$m"
        prove_one spt spsize "stark perms   " "$tmp/sp.bin" --backend stark --hash poseidon2-kb16 --log-perms "$rows"
    fi
done
med() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
mb=$(med "${bt[@]}"); mp=$(med "${pt[@]}")
comp=$((m * depth)); [ "$mode" = root ] && comp=$((m - 1))
awk -v mode="$mode" -v mb="$mb" -v mp="$mp" -v c=$comp -v r=$((1 << rows)) -v bs="$bsize" -v ps="$psize" 'BEGIN {
    printf "median: %s %.3f s (%.0f compressions/s, proof %d B), perms %.3f s (%.0f perms/s, proof %d B); %s / perms = %.2f\n",
        mode, mb, c / mb, bs, mp, r / mp, ps, mode, mb / mp }'
if [ "$stark" = 1 ]; then
    smb=$(med "${sbt[@]}"); smp=$(med "${spt[@]}")
    awk -v mb="$mb" -v smb="$smb" -v smp="$smp" -v c=$comp -v r=$((1 << rows)) -v bs="$sbsize" -v ps="$spsize" 'BEGIN {
        printf "median: stark branches %.3f s (%.0f compressions/s, proof %d B), stark perms %.3f s (%.0f perms/s, proof %d B); stark branches / stark perms = %.2f; stark branches / gkr branches = %.2f\n",
            smb, c / smb, bs, smp, r / smp, ps, smb / smp, smb / mb }'
fi
echo "# $(uptime | sed 's/.*load/load/')"
