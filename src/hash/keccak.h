/* Keccak-f[1600] (FIPS 202 / the Keccak reference), the Keccak sponge, SHA3-256 and Keccak-256.
 *
 * A state is 25 uint64_t lanes, lane (x, y) at index x + 5*y; the 200-byte state string of
 * FIPS 202 maps byte 8i..8i+7 to lane i, little-endian. Batch kernels hold 4 states
 * "lane-interleaved": st[4*i + j] = lane i of state j (one AVX2 vector per lane index). */
#ifndef HS_HASH_KECCAK_H
#define HS_HASH_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define HS_KECCAK_LANES 25
#define HS_KECCAK_ROUNDS 24
#define HS_KECCAK256_RATE 136 /* bytes; also SHA3-256 */
#define HS_KECCAK_SUFFIX_SHA3 0x06   /* FIPS 202 SHA3-*: domain bits 01, then pad10*1 */
#define HS_KECCAK_SUFFIX_KECCAK 0x01 /* original Keccak submission padding (Ethereum's Keccak-256) */
#define HS_KECCAK_SUFFIX_SHAKE 0x1f  /* FIPS 202 SHAKE*: domain bits 1111 */

/* The 24 round constants RC[i] (iota), shared with the AIR and the tests. */
extern const uint64_t hs_keccak_rc[HS_KECCAK_ROUNDS];

/* ---- permutation ---- */

/* One state, portable scalar code. */
void hs_keccakf1600(uint64_t st[25]);
/* Rounds first_round .. first_round + nrounds - 1 of the 24 (round i uses RC[i]). Calls with
 * first_round + nrounds > 24 do nothing. hs_keccakf1600(st) == hs_keccakf1600_rounds(st, 0, 24). */
void hs_keccakf1600_rounds(uint64_t st[25], unsigned first_round, unsigned nrounds);

/* Four lane-interleaved states (st[4*i + j] = lane i of state j). The _avx2 kernel must only be
 * called when hs_cpu_has_avx2(); the plain name dispatches. */
void hs_keccakf1600_x4(uint64_t st[25 * 4]);
void hs_keccakf1600_x4_portable(uint64_t st[25 * 4]);
void hs_keccakf1600_x4_avx2(uint64_t st[25 * 4]);
/* Eight lane-interleaved states (st[8*i + j] = lane i of state j): the AVX-512 kernel (only when
 * hs_cpu_has_avx512()), the portable twin (eight scalar permutations), and the dispatcher (AVX-512,
 * else two x4 halves through hs_keccakf1600_x4). */
void hs_keccakf1600_x8(uint64_t st[25 * 8]);
void hs_keccakf1600_x8_portable(uint64_t st[25 * 8]);
void hs_keccakf1600_x8_avx512(uint64_t st[25 * 8]);

/* n states of 25 lanes stored one after another (NOT interleaved). threads <= 1 runs on the
 * caller's thread; otherwise OpenMP with exactly that many threads once n is large. Dispatches
 * to AVX-512 (8 states a vector) or AVX2 (4) as hs_cpu_simd_level() allows. The result does not
 * depend on threads or the level. */
void hs_keccakf1600_many(uint64_t *states, size_t n, unsigned threads);
/* The single-thread kernels behind it, exposed so tests can compare them (each only where the
 * CPU has its level). */
void hs_keccakf1600_many_portable(uint64_t *states, size_t n);
void hs_keccakf1600_many_avx2(uint64_t *states, size_t n);
void hs_keccakf1600_many_avx512(uint64_t *states, size_t n);

/* ---- sponge ---- */

/* Caller-owned incremental sponge, no allocation. Use: init, absorb any number of times, then
 * squeeze any number of times (the first squeeze pads and switches to squeezing; absorbing
 * after that is not allowed). */
typedef struct {
    uint64_t st[25];
    unsigned rate;     /* bytes per block */
    unsigned pos;      /* bytes absorbed into / squeezed from the current block */
    uint8_t suffix;    /* domain-separation bits followed by the first padding bit */
    uint8_t squeezing; /* 0 while absorbing */
} hs_keccak_sponge;

/* rate_bytes: a multiple of 8 in [8, 192] (136 for SHA3-256/Keccak-256/SHAKE256, 168 for
 * SHAKE128); suffix in [0x01, 0x7f] (HS_KECCAK_SUFFIX_*). Returns 0 on bad arguments. */
int hs_keccak_sponge_init(hs_keccak_sponge *s, unsigned rate_bytes, uint8_t suffix);
void hs_keccak_sponge_absorb(hs_keccak_sponge *s, const uint8_t *in, size_t len);
void hs_keccak_sponge_squeeze(hs_keccak_sponge *s, uint8_t *out, size_t len);

/* ---- one-shot byte hashes ---- */

void hs_sha3_256(uint8_t out[32], const uint8_t *in, size_t len);
void hs_keccak256(uint8_t out[32], const uint8_t *in, size_t len);

/* Four messages of the same length at once through hs_keccakf1600_x4 (Merkle leaves):
 * out[j] = hash(in[j][0 .. len)). */
void hs_keccak256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len);
void hs_sha3_256_x4(uint8_t out[4][32], const uint8_t *const in[4], size_t len);
/* The same for eight messages through hs_keccakf1600_x8. */
void hs_keccak256_x8(uint8_t out[8][32], const uint8_t *const in[8], size_t len);
void hs_sha3_256_x8(uint8_t out[8][32], const uint8_t *const in[8], size_t len);
/* The leaf kernels behind the x4/x8 hashes (suffix: HS_KECCAK_SUFFIX_*; len any, rows need no
 * alignment). The _avx2 kernel only where hs_cpu_has_avx2(), the _avx512 one only where
 * hs_cpu_has_avx512(): they keep the states in registers and absorb each 136-byte block of the
 * rows by 4x4 / 8x8 transposes of 64-bit words (lanes 0..15; lane 16 by four loads / a gather). The
 * _portable twins interleave the rows word by word in scalar code around the portable x4
 * permutation / eight scalar permutations. */
void hs_keccak_hash256_x4_portable(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix);
void hs_keccak_hash256_x4_avx2(uint8_t out[4][32], const uint8_t *const in[4], size_t len, uint8_t suffix);
void hs_keccak_hash256_x8_portable(uint8_t out[8][32], const uint8_t *const in[8], size_t len, uint8_t suffix);
void hs_keccak_hash256_x8_avx512(uint8_t out[8][32], const uint8_t *const in[8], size_t len, uint8_t suffix);
/* The scalar-absorb path itself, N = 4 or 8 rows, any N-state permutation of the interleaved
 * layout (hs_keccakf1600_x4 / _x8 and their twins); tests/bench_keccak_leaves.c times it. */
void hs_keccak_hash256_xn_interleaved(uint8_t (*out)[32], const uint8_t *const *in, size_t len, uint8_t suffix,
                                      unsigned N, void (*permute)(uint64_t *));
/* n messages of len bytes, message i at base + i * stride: out[i] = hash(message i), in groups of 8
 * (x8: AVX-512) or 4 (x4), a short last group padded with repeats of its last message. */
void hs_keccak256_strided(uint8_t (*out)[32], const uint8_t *base, size_t stride, size_t len, size_t n);
void hs_sha3_256_strided(uint8_t (*out)[32], const uint8_t *base, size_t stride, size_t len, size_t n);

#endif
