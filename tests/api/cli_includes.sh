#!/usr/bin/env bash
# The command line is a client of the public API: src/cli includes only include/hashsnark.h, its
# own headers (src/cli/*.h) and src/bench/bench.h, the bench command's entry points, which itself
# includes nothing internal. System headers (<...>) must not name a file of src/ either.
# usage: cli_includes.sh SOURCE_DIR            (checks the tree)
#        cli_includes.sh --self-test SOURCE_DIR (checks that a planted internal include is caught)
set -uo pipefail
check() { # SRC_DIR: 0 when clean; prints each offending line
    local src=$1 bad=0 f line name
    for f in "$src"/src/cli/*.c "$src"/src/cli/*.h "$src"/src/bench/bench.h; do
        [ -e "$f" ] || continue
        while IFS= read -r line; do
            name=$(printf '%s\n' "$line" | sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p')
            [ -n "$name" ] || continue
            case "$line" in
            *..*) ;;
            *'"'*)
                case "$f:$name" in
                *:hashsnark.h) continue ;;
                */src/cli/*:cli/*) [ -f "$src/src/cli/${name#cli/}" ] && continue ;;
                */src/cli/*:bench/bench.h) continue ;;
                esac ;;
            *) [ -e "$src/src/$name" ] || [ -e "$src/include/$name" ] || continue ;;
            esac
            echo "cli_includes: ${f#"$src"/}: '$line' is not the public API (include/hashsnark.h), src/cli or src/bench/bench.h" >&2
            bad=1
        done <"$f"
    done
    return $bad
}
if [ "${1:-}" = "--self-test" ]; then
    src=$2 tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/src/cli" "$tmp/src/bench" "$tmp/src/gkr" "$tmp/include"
    cp "$src"/src/cli/*.[ch] "$tmp/src/cli/" && cp "$src/src/bench/bench.h" "$tmp/src/bench/" && : >"$tmp/src/gkr/gkr.h"
    check "$tmp" 2>/dev/null || { echo "cli_includes: the copy of the tree is not clean" >&2; exit 1; }
    for plant in '#include "gkr/gkr.h"' '#include <gkr/gkr.h>' '#  include "bench/sweep.h"' '#include "cli/../gkr/gkr.h"'; do
        cp "$src/src/cli/cmd_perm.c" "$tmp/src/cli/cmd_perm.c" && printf '%s\n' "$plant" >>"$tmp/src/cli/cmd_perm.c"
        if check "$tmp" 2>/dev/null; then echo "cli_includes: '$plant' in src/cli was not caught" >&2; exit 1; fi
    done
    cp "$src/src/cli/cmd_perm.c" "$tmp/src/cli/cmd_perm.c"
    printf '#include "util/cpu.h"\n' >>"$tmp/src/bench/bench.h"
    if check "$tmp" 2>/dev/null; then echo "cli_includes: an internal include in bench.h was not caught" >&2; exit 1; fi
    echo "cli_includes: self-test passed"
    exit 0
fi
check "$1" || exit 1
echo "cli_includes: src/cli includes only include/hashsnark.h, src/cli/*.h and src/bench/bench.h"
