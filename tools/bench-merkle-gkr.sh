#!/usr/bin/env bash
# Merkle branches against independent permutations, in one run (docs/BENCHMARKS.md): proves
# 2^LOG_M openings of a depth-DEPTH Poseidon2-KB16 tree (`prove --statement merkle-branches
# --depth D --random-openings M`: only the opened paths are built) and, alternating with it, the
# same number of rows of independent Poseidon2-KB16 permutations with the gkr backend (private
# statement), SAMPLES times each; prints each sample and the medians and their ratio.
# Usage: tools/bench-merkle-gkr.sh [HASHSNARK] [LOG_M] [DEPTH] [SAMPLES] [THREADS] [PRESET]
set -eu
bin=${1:-build/hashsnark}
log_m=${2:-14}
depth=${3:-32}
samples=${4:-3}
threads=${5:-2}
preset=${6:-proven128}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
m=$((1 << log_m))
# the rows the branches walk proves: 2^(ceil(log2 m) + ceil(log2 depth))
ld=0; while [ $((1 << ld)) -lt "$depth" ]; do ld=$((ld + 1)); done
[ $ld -ge 1 ] || ld=1
rows=$((log_m + ld))
echo "# $(date -u +%FT%TZ) $(uptime | sed 's/.*load/load/'); $threads threads, preset $preset"
echo "# branches: $m openings, depth $depth (2^$rows rows); perms: 2^$rows permutations (gkr, private)"
bt=(); pt=()
for s in $(seq 1 "$samples"); do
    line=$("$bin" prove --statement merkle-branches --hash poseidon2-kb16 --depth "$depth" --random-openings "$m" \
        --seed "$s" --preset "$preset" --threads "$threads" --out "$tmp/b.bin" 2>/dev/null)
    t=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s:.*/\1/p'); bt+=("$t")
    bsize=$(stat -c %s "$tmp/b.bin")
    echo "branches sample $s: $t s, proof $bsize bytes"
    line=$("$bin" prove --backend gkr --hash poseidon2-kb16 --log-perms "$rows" --seed "$s" --preset "$preset" \
        --threads "$threads" --out "$tmp/p.bin" 2>/dev/null)
    t=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) s:.*/\1/p'); pt+=("$t")
    psize=$(stat -c %s "$tmp/p.bin")
    echo "perms    sample $s: $t s, proof $psize bytes"
done
med() { printf '%s\n' "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
mb=$(med "${bt[@]}"); mp=$(med "${pt[@]}")
awk -v mb="$mb" -v mp="$mp" -v c=$((m * depth)) -v r=$((1 << rows)) -v bs="$bsize" -v ps="$psize" 'BEGIN {
    printf "median: branches %.3f s (%.0f compressions/s, proof %d B), perms %.3f s (%.0f perms/s, proof %d B); branches / perms = %.2f\n",
        mb, c / mb, bs, mp, r / mp, ps, mb / mp }'
echo "# $(uptime | sed 's/.*load/load/')"
