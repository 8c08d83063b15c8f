/* `hashsnark bench --pcs binary`: commit, open and verify times and proof size of the FRI-Binius
 * multilinear commitment (src/commit/binfri.h) on random GF(2^128) tables. */
#ifndef HS_BENCH_PCS_BENCH_H
#define HS_BENCH_PCS_BENCH_H

/* argv as `hashsnark bench` got it (argv[0] "bench"); returns the exit status. */
int hs_bench_pcs(int argc, char **argv);

#endif
