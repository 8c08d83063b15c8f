#!/usr/bin/env bash
# Versions agree: 'hashsnark --version', HS_VERSION_STRING (include/hashsnark.h), the Rust crate's
# Cargo.toml and the newest version section of CHANGELOG.md ("## [X.Y.Z] - YYYY-MM-DD", below an
# optional "## [Unreleased]"). Usage: changelog.sh HASHSNARK TESTS_DIR
. "$(dirname "$0")/lib/setup.sh"
root=$2/..
v=$("$bin" --version | sed -n '1s/^hashsnark \([0-9]*\.[0-9]*\.[0-9]*\)\( .*\)\{0,1\}$/\1/p')
[ -n "$v" ] || no "--version: no version on its first line: $("$bin" --version | head -1)"
h=$(sed -n 's/^#define HS_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/hashsnark.h")
[ "$v" = "$h" ] || no "--version says $v, include/hashsnark.h $h"
c=$(sed -n '/^\[package\]/,/^\[/s/^version = "\(.*\)"$/\1/p' "$root/bindings/rust/Cargo.toml" | head -1)
[ "$c" = "$h" ] || no "bindings/rust/Cargo.toml says $c, include/hashsnark.h $h"
first=$(grep -m1 '^## \[[0-9]' "$root/CHANGELOG.md")
echo "$first" | grep -Eq "^## \[$h\] - [0-9]{4}-[0-9]{2}-[0-9]{2}\$" ||
    no "CHANGELOG.md: the newest version section is '$first', not '## [$h] - DATE'"
above=$(sed -n '/^## \[[0-9]/q; /^## /p' "$root/CHANGELOG.md")
[ -z "$above" ] || [ "$above" = "## [Unreleased]" ] || no "CHANGELOG.md: above the newest version: $above"
exit $fail
