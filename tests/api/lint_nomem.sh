#!/usr/bin/env bash
# The provers and verifiers under src/ give hs_why_nomem (src/util/mem.h) when an allocation fails,
# which the C API tells apart by address (HS_ERR_NOMEM); a message spelled out again as text would be
# reported as another error. This fails on any "out of memory" literal in those layers, and
# --self-test checks that it catches a planted one.
# usage: lint_nomem.sh [--self-test] SOURCE_DIR
set -euo pipefail
self=0
[ "${1:-}" = --self-test ] && { self=1; shift; }
src=$1/src
layers="stark gkr fri whir sumcheck statement poly merkle air proof transcript commit"
scan() { # prints the offending lines under $1
    local d
    for d in $layers; do [ -d "$1/$d" ] && grep -rn --include='*.c' --include='*.h' --include='*.inc' '"out of memory"' "$1/$d"; done
    return 0
}
if [ $self = 1 ]; then
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/gkr"
    printf 'static const char *w = "out of memory";\n' >"$tmp/gkr/planted.c"
    [ -n "$(scan "$tmp")" ] || { echo "lint_nomem: the planted literal was not found" >&2; exit 1; }
    echo "lint_nomem: self-test caught the planted literal"
    exit 0
fi
found=$(scan "$src")
if [ -n "$found" ]; then
    echo "lint_nomem: give hs_why_nomem (src/util/mem.h), not the text, when an allocation fails:" >&2
    echo "$found" >&2
    exit 1
fi
echo "lint_nomem: no \"out of memory\" literal in the proving layers"
