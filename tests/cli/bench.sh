#!/usr/bin/env bash
# Smoke run of the native benchmark in every format (keeps the bench code compiling and honest
# about its output shape; the numbers are not checked).
set -u
bin=$1
fail=0
no() { echo "FAIL: $*"; fail=1; }
csv=$("$bin" bench --native --hash poseidon2-kb16 --threads 2 --format csv --seconds 0.05 2>/dev/null) || no "csv exit"
[ "$(echo "$csv" | head -1)" = "hash,api,threads,perms_per_s" ] || no "csv header: $(echo "$csv" | head -1)"
[ "$(echo "$csv" | wc -l)" = 5 ] || no "csv rows: $csv"
echo "$csv" | grep -Eq '^poseidon2-kb16,batch,1,[0-9]+$' || no "batch row"
echo "$csv" | grep -Eq '^poseidon2-kb16,scalar,2,[0-9]+$' || no "scalar row"
"$bin" bench --native --hash poseidon2-kb24 --threads 1 --format json --seconds 0.05 2>/dev/null |
    python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["results"])==2 and d["results"][0]["perms_per_s"]>0' ||
    no "json"
"$bin" bench --native --threads 1 --seconds 0.05 2>/dev/null | grep -q "| poseidon2-kb16 | batch | 1 |" || no "md"
# the hash table: one row per hash, raw numbers
csv=$("$bin" bench --native --hash sha3-256 --threads 2 --format csv --seconds 0.05 2>/dev/null) || no "hash csv exit"
[ "$(echo "$csv" | head -1)" = "hash,merge_ns,seq100_ns,perm,threads,perms_per_s_1t,perms_per_s_nt,mib_per_s" ] || no "hash csv header"
echo "$csv" | grep -Eq '^sha3-256,[0-9.]+,[0-9.]+,keccak-f1600,2,[0-9]+,[0-9]+,[0-9]+\.[0-9]$' || no "hash csv row: $csv"
"$bin" bench --native --hash blake3 --threads 1 --seconds 0.05 2>/dev/null | grep -q "^| blake3 | .* | [0-9]* MiB/s | - | - | - |$" ||
    no "hash md row"
"$bin" bench --native --format xml 2>/dev/null; [ $? = 2 ] || no "bad format exit"
"$bin" bench --native --hash nosuch 2>/dev/null; [ $? = 2 ] || no "bad hash exit"
"$bin" bench --help | grep -q -- "--format" || no "bench --help"
exit $fail
