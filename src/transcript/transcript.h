/* Fiat-Shamir transcript: a Keccak-f[1600] duplex sponge (rate 136 bytes, capacity 512 bits)
 * shared by prover and verifier. The first absorb is a domain tag; callers
 * then absorb the preset and the statement's shape before any commitment, and every message in
 * protocol order. Absorbing after squeezing (or squeezing after absorbing) switches direction with
 * a domain-separating permutation, so "absorb a; squeeze; absorb b" differs from
 * "absorb a || b; squeeze". Caller-owned state, no allocation.
 *
 * The transcript is byte-oriented and knows no field: field elements go in and challenges come
 * out through a field descriptor (field/field_desc.h), which says how an element is written and
 * how a uniform one is drawn from squeezed bytes. Query indices are uniform integers below 2^bits
 * (bits <= 32).
 *
 * Grinding (proof of work): the prover finds the smallest nonce such that the transcript, after
 * absorbing the nonce as 8 little-endian bytes, squeezes a 64-bit word whose `bits` low bits are
 * zero. The search uses `threads` OpenMP threads and returns the same nonce for any thread count.
 * The verifier calls hs_transcript_check_pow, which absorbs the nonce too, so both transcripts
 * continue identically. */
#ifndef HS_TRANSCRIPT_TRANSCRIPT_H
#define HS_TRANSCRIPT_TRANSCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "hash/digest.h"

struct hs_field_desc;

typedef struct hs_transcript {
    uint64_t st[25];
    unsigned pos;     /* byte position in the rate */
    int squeezing;    /* direction of the last operation */
} hs_transcript;

void hs_transcript_init(hs_transcript *t, const char *domain_tag);
void hs_transcript_absorb(hs_transcript *t, const void *data, size_t len);
void hs_transcript_absorb_u64(hs_transcript *t, uint64_t v);                 /* 8 bytes LE */
void hs_transcript_absorb_digests(hs_transcript *t, const hs_digest *v, size_t n);
void hs_transcript_squeeze(hs_transcript *t, void *out, size_t len);
/* n elements of field f (v: f's in-memory type), as f writes them: f->elem_bytes each (n = 0 still
 * switches direction, like every absorb). */
void hs_transcript_absorb_elems(hs_transcript *t, const struct hs_field_desc *f, const void *v, size_t n);
/* One challenge in field f, drawn by f from the squeezed bytes, to *out (f's in-memory type). */
void hs_transcript_sample(hs_transcript *t, const struct hs_field_desc *f, void *out);
uint32_t hs_transcript_sample_bits(hs_transcript *t, unsigned bits); /* uniform below 2^bits, bits <= 32 */

/* bits = 0: returns 0 at once. bits <= 40. */
uint64_t hs_transcript_grind(const hs_transcript *t, unsigned bits, unsigned threads);
/* Absorbs nonce; 1 if the proof of work holds. */
int hs_transcript_check_pow(hs_transcript *t, unsigned bits, uint64_t nonce);

#endif
