#!/usr/bin/env bash
# Installs the build into a temporary prefix, checks what is there, then builds tests/package's
# consumer against it both ways (the CMake package, shared and static; pkg-config) and runs it.
# usage: run.sh BUILD_DIR SOURCE_DIR C_COMPILER SANITIZE(ON|OFF)
set -euo pipefail
build=$1 src=$2 cc=$3 san=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags=""
if [ "$san" = ON ]; then flags="-fsanitize=address,undefined -fno-omit-frame-pointer"; fi
prefix=$tmp/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null

fail() { echo "package: $*" >&2; exit 1; }
libdir=""
for d in lib lib64 "$prefix"/lib/*-linux-gnu; do
    d=${d#"$prefix"/}
    if [ -e "$prefix/$d/libhashsnark.a" ]; then libdir=$d; break; fi
done
[ -n "$libdir" ] || fail "no libhashsnark.a installed"
for f in include/hashsnark.h "$libdir/libhashsnark.a" "$libdir/libhashsnark.so" "$libdir/libhashsnark.so.0" \
    "$libdir/cmake/hashsnark/hashsnarkConfig.cmake" "$libdir/cmake/hashsnark/hashsnarkConfigVersion.cmake" \
    "$libdir/pkgconfig/hashsnark.pc" share/man/man1/hashsnark.1 share/doc/hashsnark/LICENSE bin/hashsnark; do
    [ -e "$prefix/$f" ] || fail "$f not installed"
done
[ "$(find "$prefix/include" -type f | wc -l)" = 1 ] || fail "headers other than hashsnark.h installed"
# (outputs captured first: with pipefail, grep -q closing the pipe early would fail the pipeline)
dyn=$(readelf -d "$prefix/$libdir/libhashsnark.so")
grep -q 'SONAME.*libhashsnark\.so\.0' <<<"$dyn" || fail "no SONAME libhashsnark.so.0"

# the CMake package
cmake -S "$src/tests/package" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" >"$tmp/cmake.log" 2>&1 ||
    { cat "$tmp/cmake.log" >&2; fail "configuring against the CMake package failed"; }
cmake --build "$tmp/cmake" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "building against the CMake package failed"; }
"$tmp/cmake/consumer_shared"
"$tmp/cmake/consumer_static"
deps=$(ldd "$tmp/cmake/consumer_shared")
grep -q "$prefix/$libdir/libhashsnark.so.0" <<<"$deps" || fail "consumer_shared does not load the installed library"

# pkg-config
if command -v pkg-config >/dev/null; then
    export PKG_CONFIG_PATH="$prefix/$libdir/pkgconfig"
    [ "$(pkg-config --modversion hashsnark)" = "$(sed -n 's/^#define HS_VERSION_STRING "\(.*\)"/\1/p' "$src/include/hashsnark.h")" ] ||
        fail "hashsnark.pc has another version than the header"
    # shellcheck disable=SC2046,SC2086
    "$cc" $flags -o "$tmp/consumer_pc" "$src/tests/package/consumer.c" $(pkg-config --cflags --libs hashsnark) \
        -Wl,-rpath,"$(pkg-config --variable=libdir hashsnark)"
    "$tmp/consumer_pc"
else
    echo "package: pkg-config not found: its build skipped" >&2
fi
echo "package: installed tree and both consumers work"
