#!/usr/bin/env bash
# Installs the Debian 12 packages hashsnark builds and tests with (skips apt when all are present);
# gnuplot-nox draws `hashsnark bench --plot`; libomp-dev is clang's OpenMP, libclang-rt-dev its sanitizer and
# libFuzzer runtimes (clang only recommends it: the fuzz targets, tools/fuzz-run.sh, need it); liblmdb-dev stores
# sparse Merkle trees on disk (`hashsnark smt --db`); doxygen the API reference (target docs); openmpi-bin and
# libopenmpi-dev build and test hashsnark-mpi (proofs over MPI ranks, docs/DISTRIBUTED.md).
set -euo pipefail
pkgs=(gcc clang libomp-dev libclang-rt-dev make cmake python3 libssl-dev nettle-dev libb2-dev pkg-config gnuplot-nox liblmdb-dev doxygen
      openmpi-bin libopenmpi-dev)
missing=()
for p in "${pkgs[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo=sudo
    echo "setup: installing ${missing[*]}" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
