/* The communicator of data-parallel proving (include/hashsnark.h: hs_comm, a set of collectives as
 * callbacks; the library links no MPI). NULL or size 1: this process alone, every helper a no-op.
 * The provers split the rows of a table of 2^n rows by their LOW log2(R) bits: rank r holds rows
 * r, r + R, ... as a table of 2^(n - log2 R) rows, so the sumchecks, which bind the row variables
 * from the most significant down, run over each rank's rows first and bind the rank's variables
 * last. */
#ifndef HS_SUMCHECK_COMM_H
#define HS_SUMCHECK_COMM_H

#include <stddef.h>

#include "field/kb_ext.h"
#include "hashsnark.h"

static inline int hs_comm_size(const hs_comm *c) { return c ? c->size : 1; }
static inline int hs_comm_rank(const hs_comm *c) { return c ? c->rank : 0; }
/* log2 of the size (a power of two). */
static inline unsigned hs_comm_log(const hs_comm *c) {
    unsigned k = 0;
    while ((1 << k) < hs_comm_size(c)) k++;
    return k;
}

/* 1 when c is usable: size a power of two in 1..1024, rank in range, every callback set. */
int hs_comm_valid(const hs_comm *c);

/* v[0..cnt) = the sum over the ranks of every rank's v, added in rank order (field sums are exact,
 * so any order gives the same values; the fixed one keeps it obvious). cnt <= 1024. 0 when the
 * communicator failed. */
int hs_comm_sum_k5(const hs_comm *c, hs_kb5 *v, size_t cnt);

/* eq(tail, bits of rank), the rank's bits most significant first (tail[0] <-> bit log2(R) - 1):
 * the factor of the eq weights over the rank's variables. */
hs_kb5 hs_comm_rank_weight(const hs_comm *c, const hs_kb5 *tail);

/* hs_comm_sum_k5 of v scaled by the rank's weight at tail: the value at the global point of a
 * linear form each rank evaluated over its own rows (a no-op alone). */
int hs_comm_reduce_at(const hs_comm *c, const hs_kb5 *tail, hs_kb5 *v, size_t cnt);

/* The communicator's alltoall (include/hashsnark.h), or the same made of size gathers when it has
 * none: recv (size * bytes) = block `rank` of every rank's send. 0 when the communicator failed. */
int hs_comm_alltoall(const hs_comm *c, const void *send, void *recv, size_t bytes);

/* hs_comm_sum_k5 of any number of values (in pieces of at most 1024). */
int hs_comm_sum_k5_all(const hs_comm *c, hs_kb5 *v, size_t cnt);

#endif
