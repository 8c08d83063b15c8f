#!/usr/bin/env bash
# The command line's own usage: --version names the version and the commit the program was built
# from (git describe, when built in a checkout) and keeps its simd line; 'hashsnark help COMMAND'
# prints what 'COMMAND --help' prints; a bad HS_SIMD is refused with one message (exit 2).
# Usage: usage.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
src=$(cd "$2/.." && pwd)

"$bin" --version >"$tmp/v" 2>"$tmp/err" || no "--version: exit $?"
version=$(sed -n 's/^#define HS_VERSION_STRING "\(.*\)"/\1/p' "$src/include/hashsnark.h")
head -1 "$tmp/v" | grep -q "^hashsnark $version" || no "--version first line: $(head -1 "$tmp/v")"
sed -n 2p "$tmp/v" | grep -Eq '^simd: [a-z0-9]+ \(best on this CPU: [a-z0-9]+\)$' || no "--version simd line: $(cat "$tmp/v")"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
    # the commit the binary was built from: git describe's tag, hash or tag-N-gHASH, maybe -dirty
    desc=$(head -1 "$tmp/v" | sed -n 's/^hashsnark [0-9.]* (\(.*\))$/\1/p')
    [ -n "$desc" ] || no "--version names no commit in a git checkout: $(head -1 "$tmp/v")"
    rev=${desc%-dirty}
    rev=${rev##*-g}
    git -C "$src" rev-parse -q --verify "$rev^{commit}" >/dev/null || no "--version's '$desc' is no commit of this checkout"
fi

for c in prove verify params perm hash merkle smt bench xmss; do
    "$bin" help "$c" >"$tmp/h1" 2>&1; rc1=$?
    "$bin" "$c" --help >"$tmp/h2" 2>&1; rc2=$?
    [ $rc1 = 0 ] && [ $rc2 = 0 ] || no "help $c: exit $rc1, $c --help: exit $rc2"
    [ -s "$tmp/h1" ] && cmp -s "$tmp/h1" "$tmp/h2" || no "'help $c' differs from '$c --help'"
done
"$bin" help >"$tmp/h" || no "help: exit $?"
grep -q "help COMMAND" "$tmp/h" || no "help does not mention 'help COMMAND'"
"$bin" help nosuch >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "nosuch" "$tmp/err" || no "help nosuch: exit $rc, $(cat "$tmp/err")"

# a bad HS_SIMD: refused, the value named, no claim that it was ignored
HS_SIMD=sse9 "$bin" perm --help >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -q "HS_SIMD='sse9' is not a level" "$tmp/err" && ! grep -q ignored "$tmp/err" && [ ! -s "$tmp/out" ] ||
    no "HS_SIMD=sse9: exit $rc, $(cat "$tmp/err")"
exit $fail
