/* Fiat-Shamir transcript: a Keccak-f[1600] duplex sponge (rate 136 bytes, capacity 512 bits)
 * shared by prover and verifier. The first absorb is a domain tag; callers
 * then absorb the preset and the statement's shape before any commitment, and every message in
 * protocol order. Absorbing after squeezing (or squeezing after absorbing) switches direction with
 * a domain-separating permutation, so "absorb a; squeeze; absorb b" differs from
 * "absorb a || b; squeeze". Caller-owned state, no allocation.
 *
 * Challenges: base-field elements by rejection sampling of 31-bit words (uniform on [0, p));
 * challenge-field elements as d independent base elements; query indices as uniform integers
 * below 2^bits (bits <= 32).
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

#include "field/kb.h"
#include "field/kbe.h"
#include "merkle/merkle.h"

typedef struct {
    uint64_t st[25];
    unsigned pos;     /* byte position in the rate */
    int squeezing;    /* direction of the last operation */
} hs_transcript;

void hs_transcript_init(hs_transcript *t, const char *domain_tag);
void hs_transcript_absorb(hs_transcript *t, const void *data, size_t len);
void hs_transcript_absorb_u64(hs_transcript *t, uint64_t v);                 /* 8 bytes LE */
void hs_transcript_absorb_kb(hs_transcript *t, const hs_kb *v, size_t n);    /* canonical u32 LE each */
void hs_transcript_absorb_kbe(hs_transcript *t, unsigned d, const hs_kbe *v, size_t n); /* d coords each */
void hs_transcript_absorb_digests(hs_transcript *t, const hs_digest *v, size_t n);
void hs_transcript_squeeze(hs_transcript *t, void *out, size_t len);
hs_kb hs_transcript_sample_kb(hs_transcript *t);
hs_kbe hs_transcript_sample_kbe(hs_transcript *t, unsigned d);
uint32_t hs_transcript_sample_bits(hs_transcript *t, unsigned bits); /* uniform below 2^bits, bits <= 32 */

/* bits = 0: returns 0 at once. bits <= 40. */
uint64_t hs_transcript_grind(const hs_transcript *t, unsigned bits, unsigned threads);
/* Absorbs nonce; 1 if the proof of work holds. */
int hs_transcript_check_pow(hs_transcript *t, unsigned bits, uint64_t nonce);

#endif
