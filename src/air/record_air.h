/* What the AIRs of the Poseidon family share (Poseidon2: poseidon2_air.h; Poseidon1:
 * poseidon1_air.h): a slot is one permutation's round record (its input, then intermediate
 * values, the output last), a row holds V = 2^log_v records one after another, R = 1, and a
 * statement line is the w input words or the w output words, canonical field elements.
 * So the trace of n permutations is their n records in order, and the statement binds the
 * record's first w and last w words as whole field elements (word_modulus = p). */
#ifndef HS_AIR_RECORD_AIR_H
#define HS_AIR_RECORD_AIR_H

#include "air/air.h"

/* The widest state a record AIR takes (words). */
#define HS_AIR_RECORD_MAX_WIDTH 24

/* Permutes n Montgomery states (n * w words, in place) on the caller's thread, writing their
 * records to rec (n * rec_words words). */
typedef void hs_air_record_fn(const void *params, uint32_t *states, size_t n, uint32_t *rec);

/* The record AIR's trace function (hs_air_ops.trace) for a->params, through fn: the inputs in
 * chunks (no n-state scratch), each chunk's records written once, in order. */
int hs_air_record_trace(const hs_air *a, hs_air_record_fn *fn, const uint32_t *inputs, size_t n, hs_kb *tr,
                        uint32_t *outputs, unsigned threads);

/* Fills *a for a record AIR: width-w states, records of rec words, n_cons degree-3 constraints a
 * permutation, 2^log_v permutations a row; slot 0's bindings: input word j at column j, output
 * word j at column rec - w + j. 0 if log_v exceeds max_log_v or the shape (w, rec) is not one of
 * the record shapes the bindings exist for (16, 164) and (24, 239). */
int hs_air_record_init(hs_air *a, const hs_air_ops *ops, const char *name, unsigned id, const void *params,
                       unsigned w, unsigned rec, size_t n_cons, unsigned log_v, unsigned max_log_v);

#endif
