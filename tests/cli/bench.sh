#!/usr/bin/env bash
# Smoke run of the native benchmark in every format (keeps the bench code compiling and honest
# about its output shape; the numbers are not checked).
set -u
bin=$1
fail=0
no() { echo "FAIL: $*"; fail=1; }
csv=$("$bin" bench --native --hash poseidon2-kb16 --threads 2 --format csv --seconds 0.05 2>/dev/null) || no "csv exit"
[ "$(echo "$csv" | head -1)" = "hash,api,threads,perms_per_s,cpu_share,contended,version,commit,date,cpu" ] || no "csv header: $(echo "$csv" | head -1)"
[ "$(echo "$csv" | wc -l)" = 5 ] || no "csv rows: $csv"
# every row: the CPU share, the contention flag, the version, commit, date and CPU
meta='[0-9]+\.[0-9]+\.[0-9]+,[^,]+,[0-9]{4}-[0-9]{2}-[0-9]{2},".*"'
echo "$csv" | grep -Eq "^poseidon2-kb16,batch,1,[0-9]+,[0-9.]+,(true|false),$meta\$" || no "batch row: $csv"
echo "$csv" | grep -Eq "^poseidon2-kb16,scalar,2,[0-9]+,[0-9.]+,(true|false),$meta\$" || no "scalar row"
"$bin" bench --native --hash poseidon2-kb24 --threads 1 --format json --seconds 0.05 2>/dev/null |
    python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["results"])==2 and d["results"][0]["perms_per_s"]>0
assert d["version"] and d["commit"] and d["date"] and d["cpu"]
assert all(isinstance(r["contended"], bool) and r["cpu_share"] > 0 for r in d["results"])' ||
    no "json"
"$bin" bench --native --threads 1 --seconds 0.05 2>/dev/null | grep -q "| poseidon2-kb16 | batch | 1 |" || no "md"
# the hash table: one row per hash, raw numbers
csv=$("$bin" bench --native --hash sha3-256 --threads 2 --format csv --seconds 0.05 2>/dev/null) || no "hash csv exit"
[ "$(echo "$csv" | head -1)" = "hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt,mib_per_s,contended_1t,contended_nt,version,commit,date,cpu" ] || no "hash csv header"
echo "$csv" | grep -Eq "^sha3-256,[0-9.]+,[0-9.]+,keccak-f1600,2,[0-9]+,[0-9]+,[0-9]+\\.[0-9],(true|false),(true|false),$meta\$" ||
    no "hash csv row: $csv"
"$bin" bench --native --hash blake3 --threads 1 --seconds 0.05 2>/dev/null | grep -Eq "^\| blake3( \\*)? \| .* \| [0-9]* MiB/s \| - \| - \| - \|$" ||
    no "hash md row"
# the tree build: one row per size and thread count, every tree hash
csv=$("$bin" bench --native --merkle --hash poseidon2-kb16 --log-leaves 3..4 --threads 2 --format csv --seconds 0.05 \
    2>/dev/null) || no "merkle csv exit"
[ "$(echo "$csv" | head -1)" = "hash,log_leaves,threads,compressions,build_s,hashes_per_s,perm,perms_per_s,ratio,cpu_ratio,cpu_share,contended,version,commit,date,cpu" ] ||
    no "merkle csv header"
[ "$(echo "$csv" | wc -l)" = 5 ] || no "merkle csv rows: $csv"
# one-thread rows flagged true or false; multi-thread rows: no flag (a small tree uses one thread)
echo "$csv" | grep -Eq "^poseidon2-kb16,4,1,15,[0-9.]+,[0-9]+,poseidon2-kb16,[0-9]+,[0-9.]+,[0-9.]+,[0-9.]+,(true|false),$meta\$" ||
    no "merkle csv row: $csv"
echo "$csv" | grep -Eq "^poseidon2-kb16,4,2,15,[0-9.]+,[0-9]+,poseidon2-kb16,[0-9]+,[0-9.]+,[0-9.]+,[0-9.]+,,$meta\$" ||
    no "merkle csv 2-thread row: $csv"
for h in poseidon1-kb16 rpo256 rpx256 blake3 keccak-256 sha3-256; do
    "$bin" bench --native --merkle --hash $h --log-leaves 2 --threads 1 --seconds 0.05 2>/dev/null | grep -q '^| 2^2 | 1 | 3 |' ||
        no "merkle md $h"
done
"$bin" bench --native --merkle --hash blake3 --log-leaves 2 --format json --seconds 0.05 2>/dev/null |
    python3 -c 'import json,sys; d=json.load(sys.stdin); r=d["results"][0]
assert "perm" not in d and "perms_per_s" not in r and r["compressions"]==3 and isinstance(r["contended"], bool)' ||
    no "merkle json"
"$bin" bench --native --merkle --hash poseidon2-kb24 --log-leaves 2 2>/dev/null; [ $? = 2 ] || no "merkle bad hash exit"
"$bin" bench --native --merkle --log-leaves 2..31 2>/dev/null; [ $? = 2 ] || no "merkle bad range exit"
"$bin" bench --native --merkle 2>/dev/null; [ $? = 2 ] || no "merkle without sizes exit"
"$bin" bench --native --format xml 2>/dev/null; [ $? = 2 ] || no "bad format exit"
"$bin" bench --native --hash nosuch 2>/dev/null; [ $? = 2 ] || no "bad hash exit"
# field products: a row per kernel and op; portable and kb5 always there; where HS_SIMD allows
# the carry-less kernels, they appear (the CPU permitting); portable level: none of them
csv=$("$bin" bench --native --field gf2-128 --format csv --seconds 0.05 2>/dev/null) || no "field csv exit"
[ "$(echo "$csv" | head -1)" = "field,kernel,lanes,op,products_per_s,ns_per_product" ] || no "field csv header"
for op in mul inner scale_add; do
    echo "$csv" | grep -Eq "^gf2-128,portable,1,$op,[0-9]+,[0-9.]+$" || no "gf2-128 portable $op row"
done
echo "$csv" | grep -Eq '^kb5,portable,1,mul,[0-9]+,' || no "kb5 row"
if "$bin" --version | grep -q '^cpu features in use: .*pclmulqdq'; then
    echo "$csv" | grep -Eq '^gf2-128,pclmul,1,mul,[0-9]+,' || no "pclmul row"
fi
HS_SIMD=portable "$bin" bench --native --field gf2-256 --format csv --seconds 0.05 2>/dev/null | grep -q pclmul &&
    no "HS_SIMD=portable: a carry-less kernel measured"
"$bin" bench --native --field all --format json --seconds 0.05 2>/dev/null | grep -q '"field": "gf2-256", "kernel": "portable"' ||
    no "field json"
"$bin" bench --native --field gf2-64 2>/dev/null; [ $? = 2 ] || no "bad field exit"
"$bin" bench --native --field kb5 --hash blake3 2>/dev/null; [ $? = 2 ] || no "field with hash exit"
"$bin" bench --help | grep -q -- "--format" || no "bench --help"
# the binary commitment: one row per size and thread count, plain and ring-switched
out=$("$bin" bench --pcs binary --vars 6..7 --threads 2 2>/dev/null) || no "pcs exit"
[ "$(echo "$out" | grep -c '^| binfri-blake3 | [67] | 1/2 | 232 | [12] |')" = 4 ] || no "pcs rows: $out"
"$bin" bench --pcs binary --log-bits 12 --hash keccak 2>/dev/null | grep -Eq '^\| ringsw-keccak \| 12 \| 1/2 \| 232 \| 1 \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| [0-9]+ \| 96\.3 \|$' ||
    no "pcs ring row"
"$bin" bench --pcs binary --vars 6 --log-bits 13 2>/dev/null; [ $? = 2 ] || no "pcs two modes exit"
"$bin" bench --pcs binary --vars 29 2>/dev/null; [ $? = 2 ] || no "pcs too large exit"
"$bin" bench --pcs whir 2>/dev/null; [ $? = 2 ] || no "pcs unknown exit"
"$bin" bench --pcs binary --help | grep -q -- "--log-bits" || no "pcs --help"
# --compare whir: a WHIR row (KoalaBear, proven128, Johnson) after each binary row; --preset
out=$("$bin" bench --pcs binary --log-bits 14 --compare whir --preset proven128 2>/dev/null) || no "pcs compare exit"
echo "$out" | grep -Eq '^\| proven128-blake3 \| 14 \| 1/4 \| 189 \| 1 \| .* \| 128\.0 \|$' || no "pcs preset row: $out"
echo "$out" | grep -Eq '^\| whir-kb5-proven128 \| 14 \| 1/4 \| - \| 1 \| .* \| 12[0-9.]+ \(johnson\) \|$' || no "pcs whir row: $out"
"$bin" bench --pcs binary --vars 8 --compare whir 2>/dev/null; [ $? = 2 ] || no "pcs compare without --log-bits exit"
"$bin" bench --pcs binary --log-bits 12 --compare stark 2>/dev/null; [ $? = 2 ] || no "pcs compare unknown exit"
"$bin" bench --pcs binary --log-bits 35 --preset fast100 2>/dev/null; [ $? = 2 ] || no "pcs fast100 too large exit"
exit $fail
