#!/usr/bin/env bash
# AVX-512 against AVX2 on this machine, as ratios measured in one run: each figure alternates
# HS_SIMD=avx2 and HS_SIMD=avx512 ROUNDS times (interleaved, so both see the same load) and
# reports the medians. Native rows (1 thread, `hashsnark bench --native`): batch permutations
# per second of Poseidon2-KB16/24, Poseidon1-KB16/24, Keccak-f[1600] and the Goldilocks
# permutations (Poseidon2-GL12/GL8, Poseidon-GL12, RPO256, RPX256), and BLAKE3 of one 1 MiB
# message. Proof rows (with --proofs LOG): stark compat and gkr proven128 at 2^LOG, 2 threads,
# whole `hashsnark prove` time and its phases. --only NAMES (comma-separated, e.g.
# blake3,poseidon2-kb16) keeps just those native rows, for many quick rounds of one kernel.
# usage: tools/bench-simd.sh [--bin build/hashsnark] [--rounds 5] [--seconds 0.5] [--proofs LOG] [--only NAMES]
set -euo pipefail
bin=build/hashsnark rounds=5 secs=0.5 proofs="" only=""
hashes="poseidon2-kb16 poseidon2-kb24 poseidon1-kb16 poseidon1-kb24 keccak-f1600 poseidon2-gl12 poseidon2-gl8 poseidon-gl12 rpo256 rpx256 blake3"
while [ $# -gt 0 ]; do
    case $1 in
    --bin) bin=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --seconds) secs=$2; shift 2 ;;
    --proofs) proofs=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    -h | --help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bench-simd: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ -n "$only" ]; then
    for h in ${only//,/ }; do
        case " $hashes " in *" $h "*) ;; *) echo "bench-simd: --only: $h is not one of: $hashes" >&2; exit 2 ;; esac
    done
    hashes=${only//,/ }
fi
best=$(env -u HS_SIMD -u HS_NO_SIMD "$bin" --version | sed -n 's/^simd: .* (best on this CPU: \([a-z0-9]*\))$/\1/p')
if [ "$best" != avx512 ]; then
    echo "bench-simd: this CPU (or build) has no AVX-512 (best: ${best:-unknown})" >&2
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "bench-simd: $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) CPUs, $rounds rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for r in $(seq "$rounds"); do
    for l in avx2 avx512; do
        for h in $hashes; do
            if [ "$h" = blake3 ]; then
                HS_SIMD=$l "$bin" bench --native --hash blake3 --threads 1 --seconds "$secs" --format csv 2>/dev/null |
                    awk -F, -v l=$l 'NR > 1 { print "blake3 1 MiB (MiB/s)," l "," $8 }' >>"$tmp/rows"
                continue
            fi
            HS_SIMD=$l "$bin" bench --native --hash $h --threads 1 --seconds "$secs" --format csv 2>/dev/null |
                awk -F, -v l=$l '$2 == "batch" && $3 == 1 { print $1 " batch (perms/s)," l "," $4 }' >>"$tmp/rows"
        done
        if [ -n "$proofs" ]; then
            for spec in stark:compat gkr:proven128; do
                IFS=: read -r be pr <<<"$spec"
                HS_SIMD=$l "$bin" prove --backend $be --preset $pr --log-perms "$proofs" --threads 2 --out "$tmp/p.bin" \
                    2>"$tmp/err" >"$tmp/out"
                awk -v l=$l -v n="$be $pr 2^$proofs, 2 threads" '{ for (i = 1; i <= NF; i++) if ($i == "in") print n " prove (s)," l "," $(i + 1) }' \
                    "$tmp/out" >>"$tmp/rows"
                # the phase line: "prove: name 0.123 s, name 0.456 s, ..."
                tail -1 "$tmp/err" | sed 's/^prove: //' | tr ',' '\n' | sed -n 's/^ *\(.*\) \([0-9.]*\) s$/\1,\2/p' |
                    while IFS=, read -r ph t; do echo "$be $pr 2^$proofs: $ph (s),$l,$t"; done >>"$tmp/rows"
            done
        fi
    done
    echo "bench-simd: round $r of $rounds done" >&2
done
echo "bench-simd: load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
python3 - "$tmp/rows" <<'PY'
import statistics, sys
rows = {}
order = []
for line in open(sys.argv[1]):
    name, level, v = line.rstrip("\n").rsplit(",", 2)
    if name not in rows:
        rows[name] = {"avx2": [], "avx512": []}
        order.append(name)
    rows[name][level].append(float(v))
print("| measurement | HS_SIMD=avx2 (median) | HS_SIMD=avx512 (median) | avx512 / avx2 |")
print("|---|---:|---:|---:|")
for name in order:
    a, b = statistics.median(rows[name]["avx2"]), statistics.median(rows[name]["avx512"])
    # times: avx2 / avx512 is the speed-up; rates: avx512 / avx2
    if a <= 0 or b <= 0:
        continue  # a phase too short to time
    up = a / b if "(s)" in name else b / a
    fmt = (lambda x: "%.3f s" % x) if "(s)" in name else (lambda x: "%.4gM" % (x / 1e6) if x > 1e5 else "%.0f" % x)
    print("| %s | %s | %s | %.2fx |" % (name, fmt(a), fmt(b), up))
PY
