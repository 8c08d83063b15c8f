/* The original Poseidon (eprint 2019/458, HADES design) over Goldilocks, width 12, exactly as
 * plonky2 uses it (PoseidonHash): S-box x^7, 4 full + 22 partial + 4 full rounds, no linear layer
 * before the first round. Round r (0..29):
 *   state[i] += RC[r][i] for all 12 lanes (partial rounds too);
 *   x^7 on all lanes (full rounds) or on lane 0 only (partial rounds);
 *   state = MDS state, MDS = circulant(circ) + diag(diag): out[r] = sum_i in[(i + r) % 12] circ[i]
 *   + diag[r] in[r], circ = [17,15,41,16,2,28,13,13,39,18,34,20], diag = [8,0,...,0].
 * hs_poseidon_gl12_permute computes the partial rounds in the equivalent sparse form of the
 * Poseidon paper (appendix B; plonky2's "fast partial rounds"): the lane 1..11 constants are moved
 * to the first partial round, and each partial round's MDS is factored as sparse * dense with the
 * dense factors folded into one 11x11 matrix applied once. Those constants are derived from RC and
 * the MDS at first use; hs_poseidon_gl12_permute_ref is the straightforward form.
 *
 * plonky2's hash modes over this permutation (plonky2/src/hash/hashing.rs, poseidon.rs):
 *   hash_no_pad (hash_n_to_hash_no_pad): state = 0; for each chunk of up to 8 (SPONGE_RATE)
 *     inputs: overwrite state[0..len) with the chunk ("overwrite mode", lanes past the chunk keep
 *     their values), permute; output = state[0..4). No padding: an empty input gives 4 zeros and
 *     inputs differing by trailing zeros within the last chunk collide (fixed-length use only).
 *     Capacity = lanes 8..11.
 *   two_to_one (compress): state = [left[0..4), right[0..4), 0, 0, 0, 0]; permute; first 4 lanes.
 * (plonky2's hash_or_noop, which returns inputs of <= 4 elements unhashed, is not provided.)
 *
 * States are canonical uint64 values in [0, p), p = 2^64 - 2^32 + 1; outputs are canonical.
 * The batch entry point uses an AVX-512 kernel (8 states per vector, the fast form) when the CPU
 * has it; otherwise scalar code (the dense MDS and the 23 products per partial round leave an
 * AVX2 packing of 4 states no faster than this: estimated). */
#ifndef HS_HASH_POSEIDON_GL_H
#define HS_HASH_POSEIDON_GL_H

#include <stddef.h>
#include <stdint.h>

#define HS_POSEIDON_GL12_WIDTH 12
#define HS_POSEIDON_GL12_RATE 8
#define HS_POSEIDON_GL12_DIGEST 4
#define HS_POSEIDON_GL12_ROUNDS 30 /* 4 full + 22 partial + 4 full */

/* One state, fast form. */
void hs_poseidon_gl12_permute(uint64_t s[12]);
/* One state, straightforward form (full MDS every round); same result. */
void hs_poseidon_gl12_permute_ref(uint64_t s[12]);
/* Straightforward form recording the state after every round: rounds_out receives 30 * 12 values
 * (the last 12 are the output). */
void hs_poseidon_gl12_permute_trace(uint64_t s[12], uint64_t *rounds_out);
/* The MDS layer alone, for trace generation and the AIR. */
void hs_poseidon_gl12_mds(uint64_t s[12]);

/* n states stored one after another (12 n words). threads <= 1 runs on the caller's thread;
 * otherwise OpenMP with exactly that many threads over fixed chunks (same result for any count). */
void hs_poseidon_gl12_permute_many(uint64_t *states, size_t n, unsigned threads);
/* The kernels behind it (single thread), exposed so tests can compare them: one state at a time,
 * and 8 states per AVX-512 vector (call only if hs_cpu_has_avx512(); without HS_HAVE_AVX512 it is
 * the portable kernel). */
void hs_poseidon_gl12_permute_many_portable(uint64_t *states, size_t n);
void hs_poseidon_gl12_permute_many_avx512(uint64_t *states, size_t n);

/* plonky2 PoseidonHash::hash_no_pad and ::two_to_one (see above). */
void hs_poseidon_gl12_hash_no_pad(uint64_t out[4], const uint64_t *in, size_t n);
void hs_poseidon_gl12_two_to_one(uint64_t out[4], const uint64_t left[4], const uint64_t right[4]);

#endif
