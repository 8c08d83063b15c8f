#!/usr/bin/env bash
# HS_SIMD on the command line: a bad value is a usage error (exit 2) naming it; --version tells the
# level in use and the CPU features (all, and those in use); a level above the CPU's is a warning, not an error; permutation outputs, hash
# digests (the Goldilocks permutations included) and proofs (stark and gkr, every Merkle hash, 1 and
# 2 threads) are byte-identical under every level this CPU has. Usage: simd.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

HS_SIMD=sse9 "$bin" --version >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] || no "HS_SIMD=sse9: exit status is not 2"
grep -q "sse9" "$tmp/err" || no "HS_SIMD=sse9: the message does not name the value"
level() { sed -n 's/^simd: \([a-z0-9]*\) (best on this CPU: \([a-z0-9]*\))$/\'"$1"'/p'; }
best=$(env -u HS_SIMD -u HS_NO_SIMD "$bin" --version | level 2)
[ -n "$best" ] || no "--version does not print the simd line"
[ "$(env -u HS_NO_SIMD HS_SIMD=portable "$bin" --version | level 1)" = portable ] || no "HS_SIMD=portable not in use"
[ "$(env -u HS_SIMD HS_NO_SIMD=1 "$bin" --version | level 1)" = portable ] || no "HS_NO_SIMD=1 not portable"
# the features: portable uses none of them (no carry-less multiply either), avx2 none of AVX-512's
in_use() { sed -n 's/^cpu features in use: //p'; }
[ -n "$(env -u HS_SIMD -u HS_NO_SIMD "$bin" --version | sed -n 's/^cpu features: //p')" ] || no "--version does not print the features"
[ "$(env -u HS_NO_SIMD HS_SIMD=portable "$bin" --version | in_use)" = none ] || no "HS_SIMD=portable: features still in use"
env -u HS_NO_SIMD HS_SIMD=avx2 "$bin" --version | in_use | grep -q avx512 && no "HS_SIMD=avx2: an AVX-512 feature in use"
if [ "$best" != avx512 ]; then
    HS_SIMD=avx512 "$bin" --version >"$tmp/out" 2>"$tmp/err" || no "HS_SIMD=avx512 above the CPU: not exit 0"
    grep -q "warning" "$tmp/err" || no "HS_SIMD=avx512 above the CPU: no warning"
fi

levels="portable"
case $best in avx2) levels="portable avx2" ;; avx512) levels="portable avx2 avx512" ;; esac
echo "simd: levels on this CPU: $levels"
# random states (canonical KoalaBear words; Keccak lanes as 64-bit words), odd counts for the tails
states() { # width count seed modulus
    awk -v w="$1" -v n="$2" -v s="$3" -v p="$4" 'BEGIN { srand(s); for (i = 0; i < n; i++) {
        l = ""; for (j = 0; j < w; j++) l = l (j ? " " : "") sprintf("%.0f", int(rand() * p)); print l } }'
}
states 16 37 1 2130706433 >"$tmp/s16"
states 24 37 2 2130706433 >"$tmp/s24"
states 25 11 3 4294967296 >"$tmp/s25"
states 12 37 5 18446744069414584320 >"$tmp/g12" # Goldilocks (below p = 2^64 - 2^32 + 1)
states 8 37 6 18446744069414584320 >"$tmp/g8"
# messages of 0 to 70000 bytes (BLAKE3 chunks and tree levels, Keccak blocks)
awk 'BEGIN { srand(4); split("0 1 63 64 65 1023 1024 1025 4096 8193 70000", len, " ");
    for (m = 1; m <= 11; m++) { l = ""; if (len[m] == 0) l = "-"; for (i = 0; i < len[m]; i++)
        l = l sprintf("%02x", int(rand() * 256)); print l } }' >"$tmp/msgs"
for l in $levels; do
    export HS_SIMD=$l
    for h in poseidon2-kb16 poseidon1-kb16; do "$bin" perm --hash $h --in "$tmp/s16" --out "$tmp/$h.$l" --threads 2 ||
        no "$h under HS_SIMD=$l"; done
    for h in poseidon2-kb24 poseidon1-kb24; do "$bin" perm --hash $h --in "$tmp/s24" --out "$tmp/$h.$l" --threads 2 ||
        no "$h under HS_SIMD=$l"; done
    "$bin" perm --hash keccak-f1600 --in "$tmp/s25" --out "$tmp/keccak-f1600.$l" || no "keccak-f1600 under HS_SIMD=$l"
    for h in poseidon2-gl12 poseidon-gl12 rpo256 rpx256; do "$bin" perm --hash $h --in "$tmp/g12" --out "$tmp/$h.$l" --threads 2 ||
        no "$h under HS_SIMD=$l"; done
    "$bin" perm --hash poseidon2-gl8 --in "$tmp/g8" --out "$tmp/poseidon2-gl8.$l" || no "poseidon2-gl8 under HS_SIMD=$l"
    for h in blake3 sha3-256; do "$bin" hash --hash $h --in "$tmp/msgs" --out "$tmp/$h.$l" || no "$h under HS_SIMD=$l"; done
    unset HS_SIMD
    for h in poseidon2-kb16 poseidon1-kb16 poseidon2-kb24 poseidon1-kb24 keccak-f1600 blake3 sha3-256 \
        poseidon2-gl12 poseidon-gl12 rpo256 rpx256 poseidon2-gl8; do
        cmp -s "$tmp/$h.portable" "$tmp/$h.$l" || no "$h: HS_SIMD=$l output differs from portable"
    done
done
[ "$(wc -l <"$tmp/blake3.portable")" = 11 ] || no "blake3: not 11 digests"
[ "$(wc -l <"$tmp/rpo256.portable")" = 37 ] || no "rpo256: not 37 states"

# proofs: the same bytes under every level and thread count (each Merkle hash, both backends, the
# LogUp argument of a limb AIR)
proofs="stark:poseidon2-kb16:compat:6 stark:poseidon1-kb16:fast100:5 stark:keccak-f1600:proven128:3 stark:blake3:compat:10
        gkr:poseidon2-kb16:compat:6 gkr:poseidon1-kb24:proven128:5"
proofs+=" stark:blake3-bits:fast100:2 stark:blake2s:compat:3" # the BLAKE bit and limb AIRs
for l in $levels; do
    for t in 1 2; do
        [ $l = portable ] && [ $t = 2 ] && continue
        for spec in $proofs; do
            IFS=: read -r backend hash preset logn <<<"$spec"
            f="$tmp/$backend.$hash.$preset.$l.$t"
            HS_SIMD=$l "$bin" prove --backend "$backend" --hash "$hash" --preset "$preset" --log-perms "$logn" --seed 3 \
                --threads $t --insecure --out "$f" >/dev/null 2>"$tmp/err" || no "prove $spec under HS_SIMD=$l: $(cat "$tmp/err")"
            cmp -s "$tmp/$backend.$hash.$preset.portable.1" "$f" ||
                no "$spec: the proof under HS_SIMD=$l with $t threads differs from the portable one"
        done
    done
done
"$bin" verify --proof "$tmp/gkr.poseidon2-kb16.compat.portable.1" >/dev/null || no "the portable gkr proof is rejected"
[ $fail = 0 ] && echo "simd: ok"
exit $fail
