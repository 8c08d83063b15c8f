#!/usr/bin/env bash
# The shared library exports exactly the functions include/hashsnark.h declares with HS_API.
# usage: exports.sh LIBHASHSNARK.so HASHSNARK.h
set -euo pipefail
lib=$1 header=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# each HS_API declaration names its function as the first identifier followed by '('
sed -n 's/^HS_API[^(]*[^A-Za-z0-9_(]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' "$header" | sort -u >"$tmp/declared"
nm -D --defined-only "$lib" | awk '{print $NF}' | grep -v -x -E '_init|_fini|_edata|_end|__bss_start' |
    sort -u >"$tmp/exported"
n=$(wc -l <"$tmp/declared")
if [ "$n" -lt 40 ]; then
    echo "exports: only $n HS_API declarations found in $header: the pattern no longer matches" >&2
    exit 1
fi
if ! diff -u "$tmp/declared" "$tmp/exported" >"$tmp/diff"; then
    echo "exports: the shared library's exports differ from the HS_API declarations (- declared only, + exported only):" >&2
    cat "$tmp/diff" >&2
    exit 1
fi
echo "exports: $n functions, as declared"
