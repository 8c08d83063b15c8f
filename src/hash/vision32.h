/* Vision Mark-32 as the archived Binius repository implements it (github.com/IrreducibleOSS/binius
 * crates/hash/src/vision; Ashur, Mahzoun, Posen, Sijacic, eprint 2024/633, with Binius' MDS matrix
 * and Keccak-style padding, which its tests note differ from the paper's).
 *
 * The state is 24 elements of GF(2^32) in Binius' AES tower (AESTowerField32b, field/gf2_tower.h).
 * s += RK[0]; then 8 rounds of two half-rounds: every word x -> B(x^-1) + c (0^-1 = 0; B an
 * F2-linear map of the 32 bits, B_inv in the first half-round, B_fwd in the second), the MDS layer
 * (a 24 x 24 matrix over GF(2^8) on each byte position, computed by Binius' additive NTT of size 8
 * over GF(2^8) on each third of the state), then the next round key. The constants and the NTT
 * twiddles are in vision32_constants.inc (tools/gen_vision32.py).
 *
 * The public words (the registry, `hashsnark perm vision32`) are canonical BinaryField32b words
 * (Binius' Fan-Paar tower), converted byte by byte to the AES tower and back at the edges, as
 * Binius' hasher does with its inputs and digest. The sponge: rate 16 words (64 bytes), capacity 8;
 * each 64-byte block is read as 16 little-endian canonical words that overwrite state[0..16); the
 * last block is padded 0x80 .. 0x01 (a whole extra block when the length is a multiple of 64,
 * including 0); the digest is state[0..8) as canonical words, little-endian: 32 bytes.
 *
 * Batch kernels: byte-sliced (one register holds one byte position of one word of every state),
 * with GFNI (32 states in AVX2 registers, 64 in AVX-512 registers) or, on CPUs without GFNI, with
 * byte shuffles (32 states with AVX2, 64 with AVX-512), dispatched at run time; the portable twin computes the same bits one
 * state at a time with tables. */
#ifndef HS_HASH_VISION32_H
#define HS_HASH_VISION32_H

#include <stddef.h>
#include <stdint.h>

#define HS_VISION32_WIDTH 24
#define HS_VISION32_ROUNDS 8 /* of two half-rounds each */
#define HS_VISION32_RATE_BYTES 64
#define HS_VISION32_DIGEST_BYTES 32

/* One state of canonical words, portable. */
void hs_vision32_permute(uint32_t s[HS_VISION32_WIDTH]);
/* One state in the AES tower; trace (NULL or 17 x 24 words) gets the state after the first round
 * key and after each half-round, as tests/vectors/vision32_binius_derived.json has it. */
void hs_vision32_permute_aes(uint32_t s[HS_VISION32_WIDTH], uint32_t *trace);
/* n states of canonical words (states[24 i .. 24 i + 24)), with the fastest kernel, on `threads`
 * threads (0 or 1: the caller's). */
void hs_vision32_permute_many(uint32_t *states, size_t n, unsigned threads);
/* The sponge hash: 32-byte digest of len bytes. */
void hs_vision32_hash(uint8_t out[HS_VISION32_DIGEST_BYTES], const uint8_t *in, size_t len);

/* The S-box of a half-round (0: B_inv, first; 1: B_fwd, second) on one AES-tower word, and the MDS
 * layer on one AES-tower state: for the tests. */
uint32_t hs_vision32_sbox_aes(uint32_t x, int fwd);
void hs_vision32_mds_aes(uint32_t s[HS_VISION32_WIDTH]);

/* ---- kernels ---- */
/* in order of speed: without GFNI (shuffles and shift-and-add products) on AVX2 and on AVX-512, then
 * GFNI on AVX2 and on AVX-512 */
typedef enum {
    HS_V32_PORTABLE = 0,
    HS_V32_AVX2 = 1,
    HS_V32_AVX512 = 2,
    HS_V32_GFNI256 = 3,
    HS_V32_GFNI512 = 4,
    HS_V32_IMPL_COUNT = 5
} hs_v32_impl;

typedef struct {
    const char *name; /* "portable", "avx2", "avx512", "gfni-256", "gfni-512" */
    unsigned lanes;   /* states a register batch */
    /* n states of canonical words, any n */
    void (*permute_many)(uint32_t *states, size_t n);
} hs_v32_kernel;

/* impl's kernel, or NULL when this build, the CPU or the SIMD level in use (HS_SIMD) lacks it. */
const hs_v32_kernel *hs_vision32_kernel(hs_v32_impl impl);
const hs_v32_kernel *hs_vision32_kernel_best(void);

#endif
