#!/usr/bin/env bash
# End-to-end: the commitment-only statement (prove --statement pcs; docs/PROOF_FORMAT_PCS.md).
# A proof verifies (text and --format json), is byte-identical for one seed whatever the thread
# count, and every altered byte sampled across it (the whole header, the body, the end) and every
# truncation tried is rejected with exit 1 and a reason; out-of-range options are usage errors
# (exit 2) naming the value. Usage: pcs.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"

p=$tmp/p.bin
expect "prove" 0 '^proved: 2\^12 bits .*[0-9.]+ provable bits \(udr, preset compat\)' \
    prove --statement pcs --field gf2-128 --log-bits 12 --seed 5 --out "$p" --threads 1
expect "verify" 0 '^accepted: a commitment to 2\^12 bits .*232 queries, challenges in GF\(2\^128\), [0-9.]+ provable bits \(udr, preset compat\)' \
    verify --proof "$p"
expect "verify json" 0 '"result": ?"accepted".*"statement": ?"pcs"' verify --proof "$p" --format json
expect "prove json" 0 '"claimed_bits": ?[0-9.]+' \
    prove --statement pcs --field gf2-128 --log-bits 12 --seed 5 --out "$tmp/j.bin" --format json
"$bin" prove --statement pcs --field gf2-128 --log-bits 12 --seed 5 --out "$tmp/p2.bin" --threads 2 --quiet \
    >/dev/null || no "prove, 2 threads"
cmp -s "$p" "$tmp/p2.bin" || no "the proof depends on the thread count"
"$bin" prove --statement pcs --field gf2-128 --log-bits 12 --seed 6 --out "$tmp/p6.bin" --quiet >/dev/null ||
    no "prove, seed 6"
cmp -s "$p" "$tmp/p6.bin" && no "seeds 5 and 6 gave the same proof"
expect "tables given" 1 '^rejected: .*commitment-only' verify --proof "$p" --inputs "$p" --outputs "$p"
expect "min-bits above" 1 '^rejected: the proof holds but gives' verify --proof "$p" --min-bits 200

# altered bytes: every header byte, 48 offsets spread over the body, the last 8 bytes
mutate_all() { # PROOF TAG
    local d=$tmp/mut-$2
    write_mutations "$1" "$d" 48
    for f in "$d"/m*.bin "$d"/t*.bin "$d/long.bin"; do
        out=$("$bin" verify --proof "$f" 2>&1); rc=$?
        [ $rc = 1 ] && echo "$out" | grep -q '^rejected: .' || no "$2 $(basename "$f"): exit $rc: $out"
    done
    [ "$(ls "$d"/m*.bin | wc -l)" -ge 70 ] || no "too few mutations ($2)"
}
mutate_all "$p" compat

# golden: compat at 2^8 bits, seed 1 is the fuzz seed written before presets existed (gen_corpus:
# rate 1/2, arity 4, BLAKE3, cap 2, 96 bits), byte for byte
"$bin" prove --statement pcs --field gf2-128 --log-bits 8 --seed 1 --out "$tmp/g8.bin" --quiet >/dev/null ||
    no "prove 2^8 seed 1"
cmp -s "$tmp/g8.bin" "$2/fuzz/corpus/pcs/pcs-n8-blake3" || no "the compat proof differs from the golden one"

# the presets: fast100 (rate 1/4, 148 queries) and proven128 (189 queries, challenges in GF(2^256));
# --preset compat is the default byte for byte
"$bin" prove --statement pcs --field gf2-128 --log-bits 12 --seed 5 --preset compat --out "$tmp/pc.bin" --quiet \
    >/dev/null || no "prove --preset compat"
cmp -s "$p" "$tmp/pc.bin" || no "--preset compat differs from the default"
expect "prove fast100" 0 '148 queries, challenges in GF\(2\^128\), [0-9.]+ provable bits \(udr, preset fast100\)' \
    prove --statement pcs --field gf2-128 --log-bits 12 --seed 5 --preset fast100 --out "$tmp/f.bin" --threads 1
expect "verify fast100" 0 '^accepted: .*148 queries, challenges in GF\(2\^128\), 10[0-9.]+ provable bits' \
    verify --proof "$tmp/f.bin"
expect "prove proven128" 0 '189 queries, challenges in GF\(2\^256\), 128[0-9.]* provable bits \(udr, preset proven128\)' \
    prove --statement pcs --field gf2-128 --log-bits 13 --seed 5 --preset proven128 --out "$tmp/q.bin" --threads 1
expect "verify proven128" 0 '"challenge_bits": ?256' verify --proof "$tmp/q.bin" --format json
"$bin" prove --statement pcs --field gf2-128 --log-bits 13 --seed 5 --preset proven128 --out "$tmp/q2.bin" \
    --threads 2 --quiet >/dev/null || no "prove proven128, 2 threads"
cmp -s "$tmp/q.bin" "$tmp/q2.bin" || no "the proven128 proof depends on the thread count"
# every SIMD level gives the same bytes (portable GF(2^256) products against PCLMULQDQ/VPCLMULQDQ)
for lvl in portable avx2; do
    HS_SIMD=$lvl "$bin" prove --statement pcs --field gf2-128 --log-bits 13 --seed 5 --preset proven128 \
        --out "$tmp/q-$lvl.bin" --threads 2 --quiet >/dev/null 2>&1 || no "prove proven128 at HS_SIMD=$lvl"
    cmp -s "$tmp/q.bin" "$tmp/q-$lvl.bin" || no "the proven128 proof differs at HS_SIMD=$lvl"
done
mutate_all "$tmp/f.bin" fast100
mutate_all "$tmp/q.bin" proven128
expect "fast100 too large" 2 'do not reach' \
    prove --statement pcs --field gf2-128 --log-bits 35 --preset fast100 --out "$tmp/x.bin"
expect "unknown preset" 2 "unknown preset 'fast128'" \
    prove --statement pcs --field gf2-128 --log-bits 12 --preset fast128 --out "$tmp/x.bin"

# params: every term with its regime, for each preset
expect "params proven128" 0 '^ringsw.batch +25[0-9.]+' \
    params --statement pcs --field gf2-128 --log-bits 28 --preset proven128
expect "params proven128 holds" 0 'declared by proven128: 128 bits \(udr\): holds' \
    params --statement pcs --field gf2-128 --log-bits 28 --preset proven128
expect "params fast100 35" 0 'does NOT hold' params --statement pcs --field gf2-128 --log-bits 35 --preset fast100
expect "params json" 0 '"name": "binfri.folds", "udr": [0-9.]+' \
    params --statement pcs --field gf2-128 --log-bits 20 --preset fast100 --format json
expect "params compat" 0 '^binfri.queries +96.29' params --statement pcs --field gf2-128 --log-bits 12

# usage errors
expect "log-bits low" 2 "log-bits.*'7'" prove --statement pcs --field gf2-128 --log-bits 7 --out "$tmp/x.bin"
expect "log-bits high" 2 "log-bits.*'36'" prove --statement pcs --field gf2-128 --log-bits 36 --out "$tmp/x.bin"
expect "no field" 2 'field gf2-128 is required' prove --statement pcs --log-bits 12 --out "$tmp/x.bin"
expect "other field" 2 "not 'gf2-256'" prove --statement pcs --field gf2-256 --log-bits 12 --out "$tmp/x.bin"
expect "no log-bits" 2 'log-bits N is required' prove --statement pcs --field gf2-128 --out "$tmp/x.bin"
expect "help" 0 'statement pcs' prove --statement pcs --help
exit $fail
