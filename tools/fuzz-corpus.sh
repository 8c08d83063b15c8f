#!/usr/bin/env bash
# Regenerates the fuzz targets' seed corpus, tests/fuzz/corpus/<target>/, with tests/fuzz/gen_corpus.c
# (real proofs of tiny shapes of every kind on the fixed tables of tests/fuzz/fuzz_tables.h). Run it
# whenever the proof format changes: the fuzz_seeds_* tests fail on a corpus the verifiers no longer
# accept. Build folder: build-fuzz-corpus (a plain Release build).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build-fuzz-corpus -DCMAKE_BUILD_TYPE=Release -DHS_BUILD_TESTS=ON >/dev/null
cmake --build build-fuzz-corpus -j2 --target hs_fuzz_corpus >/dev/null
rm -rf tests/fuzz/corpus.new
build-fuzz-corpus/tests/fuzz/hs_fuzz_corpus tests/fuzz/corpus.new
rm -rf tests/fuzz/corpus
mv tests/fuzz/corpus.new tests/fuzz/corpus
du -sh tests/fuzz/corpus
