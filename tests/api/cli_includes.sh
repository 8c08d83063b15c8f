#!/usr/bin/env bash
# The command line is a client of the public API: src/cli includes only include/hashsnark.h, its
# own headers (src/cli/*.h), headers of src/app (the program toolkit it shares with src/bench) and
# entry-point headers of src/bench (the bench command's measuring code, e.g. src/bench/bench.h)
# that themselves include nothing but hashsnark.h and system headers. src/app (headers and
# sources) includes only hashsnark.h and src/app/*.h, so it sits below both src/cli and src/bench;
# src/bench may include the library's internals and src/app, never src/cli (arrows point down).
# A system header (<...>) must not name a file of src/ or include/ either.
# usage: cli_includes.sh SOURCE_DIR            (checks the tree)
#        cli_includes.sh --self-test SOURCE_DIR (checks that planted internal includes are caught)
set -uo pipefail

# the name in an #include line (bash's own regex, matched in place: no process per line)
inc_re='^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]([^>"]*)[>"]'
# the lines of FILE that can be includes (grep reads the file once)
inc_lines() { grep -E '^[[:space:]]*#[[:space:]]*include' "$1" || true; }
system_ok() { [ ! -e "$1/src/$2" ] && [ ! -e "$1/include/$2" ]; } # SRC NAME

# SRC FILE: 0 when FILE (a src/bench header) includes only hashsnark.h and system headers
bench_header_ok() {
    local src=$1 f=$2 line name ok=0
    [ -f "$f" ] || return 1
    while IFS= read -r line; do
        [[ $line =~ $inc_re ]] || continue
        name=${BASH_REMATCH[1]}
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

# SRC FILE NAME LINE: 0 when FILE (of src/cli, src/app or src/bench) may include NAME (quoted: LINE
# has a '"')
allowed() {
    local src=$1 f=$2 name=$3 line=$4 dir=${2#"$1"/src/}
    dir=${dir%%/*}
    case "$line" in
    *..*) return 1 ;;
    *'"'*) ;;
    *) system_ok "$src" "$name"; return ;;
    esac
    case "$dir:$name" in
    cli:hashsnark.h | app:hashsnark.h) return 0 ;;
    cli:cli/* | cli:app/* | app:app/*) [ -f "$src/src/$name" ] ;;
    cli:bench/*.h) bench_header_ok "$src" "$src/src/$name" ;;
    bench:cli/*) return 1 ;;
    bench:*) return 0 ;;
    *) return 1 ;;
    esac
}

check_file() { # SRC FILE: 0 when FILE is clean; prints each offending line
    local src=$1 f=$2 bad=0 line name
    while IFS= read -r line; do
        [[ $line =~ $inc_re ]] || continue
        name=${BASH_REMATCH[1]}
        allowed "$src" "$f" "$name" "$line" && continue
        case "$f" in
        "$src"/src/cli/*) echo "cli_includes: ${f#"$src"/}: '$line' is not the public API (include/hashsnark.h), src/cli, src/app or an entry point of src/bench" >&2 ;;
        "$src"/src/app/*) echo "cli_includes: ${f#"$src"/}: '$line': src/app includes only the public API (include/hashsnark.h) and src/app" >&2 ;;
        *) echo "cli_includes: ${f#"$src"/}: '$line': src/bench is below src/cli and never includes it" >&2 ;;
        esac
        bad=1
    done < <(inc_lines "$f")
    return $bad
}

check() { # SRC_DIR: 0 when clean; prints each offending line
    local src=$1 bad=0 f
    for f in "$src"/src/cli/*.[ch] "$src"/src/app/*.[ch] "$src"/src/bench/*.[ch]; do
        [ -e "$f" ] || continue
        check_file "$src" "$f" || bad=1
    done
    return $bad
}

# SRC FILE LINE: 0 when LINE alone in a copy of FILE (a path under SRC) is caught
caught() {
    local src=$1 f=$2 line=$3 copy
    copy="$src/${f%/*}/planted_${f##*/}"
    printf '%s\n' "$line" >"$copy"
    if check_file "$src" "$copy" 2>/dev/null; then rm -f "$copy"; return 1; fi
    rm -f "$copy"
}

if [ "${1:-}" = "--self-test" ]; then
    src=$2 tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/src/cli" "$tmp/src/app" "$tmp/src/bench" "$tmp/src/gkr" "$tmp/src/stark" "$tmp/include"
    cp "$src"/src/cli/*.[ch] "$tmp/src/cli/" && cp "$src"/src/app/*.[ch] "$tmp/src/app/" &&
        cp "$src"/src/bench/*.[ch] "$tmp/src/bench/" && : >"$tmp/src/gkr/gkr.h" && : >"$tmp/src/stark/stark.h"
    check "$tmp" 2>/dev/null || { echo "cli_includes: the copy of the tree is not clean" >&2; exit 1; }
    printf '#include "stark/stark.h"\n' >"$tmp/src/bench/internal.h"
    for plant in '#include "gkr/gkr.h"' '#include <gkr/gkr.h>' '#  include "bench/internal.h"' \
        '#include "cli/../gkr/gkr.h"' '#include "bench/missing.h"' '#include "app/missing.h"'; do
        caught "$tmp" src/cli/cmd_perm.c "$plant" || { echo "cli_includes: '$plant' in src/cli was not caught" >&2; exit 1; }
    done
    for plant in '#include "gkr/gkr.h"' '#include "cli/cli.h"' '#include "bench/bench.h"' '#include <gkr/gkr.h>' \
        '#include "app/../gkr/gkr.h"'; do
        for f in src/app/progress.c src/app/app.h; do
            caught "$tmp" "$f" "$plant" || { echo "cli_includes: '$plant' in $f was not caught" >&2; exit 1; }
        done
    done
    for plant in '#include "cli/cli.h"' '#include "cli/missing.h"' '#include "bench/../cli/cli.h"'; do
        for f in src/bench/sweep.c src/bench/bench.h; do
            caught "$tmp" "$f" "$plant" || { echo "cli_includes: '$plant' in $f was not caught" >&2; exit 1; }
        done
    done
    printf '#include "util/cpu.h"\n' >>"$tmp/src/bench/bench.h"
    if check "$tmp" 2>/dev/null; then echo "cli_includes: an internal include in bench.h was not caught" >&2; exit 1; fi
    echo "cli_includes: self-test passed"
    exit 0
fi
check "$1" || exit 1
echo "cli_includes: src/cli includes only include/hashsnark.h, src/cli/*.h, src/app/*.h and entry points of src/bench;" \
    "src/app only include/hashsnark.h and src/app/*.h; src/bench never src/cli"
