#!/usr/bin/env bash
# The command line is a client of the public API: src/cli includes only include/hashsnark.h, its
# own headers (src/cli/*.h) and entry-point headers of src/bench (the bench command's measuring
# code, e.g. src/bench/bench.h) that themselves include nothing but hashsnark.h and system
# headers. A system header (<...>) must not name a file of src/ or include/ either.
# usage: cli_includes.sh SOURCE_DIR            (checks the tree)
#        cli_includes.sh --self-test SOURCE_DIR (checks that planted internal includes are caught)
set -uo pipefail

# the name in an #include line, and whether it was quoted
# (bash's own regex: one process for the whole check, not one per line)
inc_re='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^>"]*)[>"]'
inc_name() { [[ $1 =~ $inc_re ]] && printf '%s\n' "${BASH_REMATCH[1]}"; }
# the lines of FILE that can be includes (grep reads the file once)
inc_lines() { grep -E '^[[:space:]]*#[[:space:]]*include' "$1" || true; }
system_ok() { [ ! -e "$1/src/$2" ] && [ ! -e "$1/include/$2" ]; } # SRC NAME

# SRC FILE: 0 when FILE (a src/bench header) includes only hashsnark.h and system headers
bench_header_ok() {
    local src=$1 f=$2 line name ok=0
    [ -f "$f" ] || return 1
    while IFS= read -r line; do
        name=$(inc_name "$line")
        [ -n "$name" ] || continue
        case "$line" in
        *..*) ;;
        *'"'*) [ "$name" = hashsnark.h ] && continue ;;
        *) system_ok "$src" "$name" && continue ;;
        esac
        echo "cli_includes: ${f#"$src"/}: '$line': an entry point of src/bench for src/cli includes only hashsnark.h and system headers" >&2
        ok=1
    done < <(inc_lines "$f")
    return $ok
}

check() { # SRC_DIR: 0 when clean; prints each offending line
    local src=$1 bad=0 f line name
    for f in "$src"/src/cli/*.c "$src"/src/cli/*.h; do
        [ -e "$f" ] || continue
        while IFS= read -r line; do
            name=$(inc_name "$line")
            [ -n "$name" ] || continue
            case "$line" in
            *..*) ;;
            *'"'*)
                case "$name" in
                hashsnark.h) continue ;;
                cli/*) [ -f "$src/src/$name" ] && continue ;;
                bench/*.h) bench_header_ok "$src" "$src/src/$name" && continue ;;
                esac ;;
            *) system_ok "$src" "$name" && continue ;;
            esac
            echo "cli_includes: ${f#"$src"/}: '$line' is not the public API (include/hashsnark.h), src/cli or an entry point of src/bench" >&2
            bad=1
        done < <(inc_lines "$f")
    done
    return $bad
}

if [ "${1:-}" = "--self-test" ]; then
    src=$2 tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/src/cli" "$tmp/src/bench" "$tmp/src/gkr" "$tmp/src/stark" "$tmp/include"
    cp "$src"/src/cli/*.[ch] "$tmp/src/cli/" && cp "$src"/src/bench/*.h "$tmp/src/bench/" &&
        : >"$tmp/src/gkr/gkr.h" && : >"$tmp/src/stark/stark.h"
    check "$tmp" 2>/dev/null || { echo "cli_includes: the copy of the tree is not clean" >&2; exit 1; }
    printf '#include "stark/stark.h"\n' >"$tmp/src/bench/internal.h"
    for plant in '#include "gkr/gkr.h"' '#include <gkr/gkr.h>' '#  include "bench/internal.h"' \
        '#include "cli/../gkr/gkr.h"' '#include "bench/missing.h"'; do
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
echo "cli_includes: src/cli includes only include/hashsnark.h, src/cli/*.h and entry points of src/bench"
