/* Poseidon1 (the original Poseidon, eprint 2019/458, HADES design) over KoalaBear, exactly as
 * Plonky3's default_koalabear_poseidon1_16() / _24() (tests/vectors/poseidon1_koalabear_w*.json):
 * S-box x^3, widths 16 and 24, 4 full + P partial + 4 full rounds (P = 20 / 23). Textbook round r
 * (r = 0 .. 7 + P):
 *   x += rc[r]              a full width-w vector, in partial rounds too;
 *   x_i = x_i^3             on every lane (full rounds) or on lane 0 only (partial rounds);
 *   x = M x                 M circulant, M[i][j] = mds_row[(j - i) mod w].
 * There is no linear layer before round 0 (unlike Poseidon2) and none after the last round.
 *
 * Sparse partial rounds (the Poseidon paper, eprint 2019/458, appendix B). With u the
 * state after the 4 initial full rounds, the P textbook partial rounds equal:
 *   x = m_i (u + cbar);                                   once, at the block entry
 *   for r = 0 .. P-1:
 *     t_r = x_0;                                          the S-box input
 *     q_r = t_r^3 + chat[r];                              chat[P-1] = 0
 *     x_0 = m00 q_r + <ahat[r], x_1..x_{w-1}>;            x = S_r x with q_r in lane 0:
 *     x_j = x_j + b[r][j-1] q_r       (j = 1 .. w-1);     S_r = [[m00, ahat_r^T], [b_r, I]]
 * after which x equals the textbook state entering the final full rounds exactly, and each t_r
 * equals the textbook S-box input of partial round r (lane 0 of state + rc[4 + r]); so the S-box
 * outputs t_r^3 are the textbook ones too. Only lanes 1..w-1 of the states inside the block
 * differ from the textbook states. m_i = diag(1, Ahat_0) (lane 0 passes through), m00 = M[0][0].
 * Derivation: the constants are pushed backwards through M^-1, the lane-0 part of each becoming
 * a scalar after the previous S-box; each round's matrix A = S D with D = diag(1, Ahat), and D
 * commutes with the lane-0 S-box, so it moves into the previous round (A_prev = D M), leaving
 * m_i = D_0 at the entry. Computed at initialisation from the textbook constants.
 *
 * The same block unrolled (5.3: lanes 1..w-1 never mix inside the block, so every t_r is a
 * fixed linear form in u_1..u_{w-1} and the earlier cubes). With T[r][i] = ab[r][i] for i < r,
 * T[r][r] = m00:
 *   t_0 = u_0 + cbar_0;   t_{r+1} = off_t[r] + <g[r], u_1..> + sum_{i <= r} T[r][i] t_i^3;
 *   result lane 0 = t_P;  lane j = off_w[j-1] + <Ahat_0 row j-1, u_1..> + sum_i b[i][j-1] t_i^3.
 * With u = M v, v the S-box outputs of the last initial full round, the linear forms in u_1..
 * can take v instead (gm, am: the MDS of that round folded in; t_0 = <M row 0, v> + cbar_0).
 * The batch kernel evaluates this form (no per-round update of lanes 1..w-1).
 *
 * States are arrays of uint32_t in Montgomery form (hs_kb of field/kb.h) unless a name says
 * "canonical". */
#ifndef HS_HASH_POSEIDON1_KB_H
#define HS_HASH_POSEIDON1_KB_H

#include <stddef.h>
#include <stdint.h>

#define HS_P1_MAX_WIDTH 24
#define HS_P1_HALF_FULL 4
#define HS_P1_MAX_PARTIAL 23
#define HS_P1_MAX_ROUNDS (2 * HS_P1_HALF_FULL + HS_P1_MAX_PARTIAL)
/* words of a round record: 9 * width + partial (164 for KB16, 239 for KB24), see
 * hs_p1_permute_many_record */
#define HS_P1_REC_MAX (9 * HS_P1_MAX_WIDTH + HS_P1_MAX_PARTIAL)
#define HS_P1_REC_WORDS(pp) (9 * (pp)->width + (pp)->partial)

/* One instance's constants in one representation. Arrays are sized for the largest instance;
 * only the first width (lanes), partial (partial rounds) and rounds entries are meaningful.
 * Lane indices of ahat, b, g, off_w and the rows/columns of the Ahat_0 block run over lanes
 * 1..w-1, stored from index 0. */
typedef struct {
    /* textbook */
    uint32_t mds_row[HS_P1_MAX_WIDTH];                  /* first row of M */
    uint32_t mds[HS_P1_MAX_WIDTH][HS_P1_MAX_WIDTH];     /* M, dense, row-major */
    uint32_t rc[HS_P1_MAX_ROUNDS][HS_P1_MAX_WIDTH];     /* rc[r][i]: added to lane i in round r */
    /* sparse partial rounds (the recurrence above) */
    uint32_t cbar[HS_P1_MAX_WIDTH];                     /* added to u once, before m_i */
    uint32_t m_i[HS_P1_MAX_WIDTH][HS_P1_MAX_WIDTH];     /* block-entry matrix, row-major */
    uint32_t chat[HS_P1_MAX_PARTIAL];                   /* after S-box r, lane 0; chat[P-1] = 0 */
    uint32_t m00;                                       /* S_r[0][0] = M[0][0], every round */
    uint32_t ahat[HS_P1_MAX_PARTIAL][HS_P1_MAX_WIDTH - 1]; /* S_r[0][1..w-1] */
    uint32_t b[HS_P1_MAX_PARTIAL][HS_P1_MAX_WIDTH - 1];    /* S_r[1..w-1][0] */
    /* the unrolled block (above); ab is the fixed table <ahat_r, b_i> of the gkr walk's merged
     * partial-round claim (docs/PROOF_FORMAT_GKR.md "Partial layers") */
    uint32_t ab[HS_P1_MAX_PARTIAL][HS_P1_MAX_PARTIAL];     /* <ahat[r], b[i]> for i < r, else 0 */
    uint32_t g[HS_P1_MAX_PARTIAL][HS_P1_MAX_WIDTH - 1];    /* Ahat_0^T ahat[r] */
    uint32_t off_t[HS_P1_MAX_PARTIAL];
    uint32_t off_w[HS_P1_MAX_WIDTH - 1];
    /* the same forms on v (all w lanes), with M' = rows 1..w-1 of M: gm[r] = g[r]^T M',
     * am[j] = row j of Ahat_0 M' */
    uint32_t gm[HS_P1_MAX_PARTIAL][HS_P1_MAX_WIDTH];
    uint32_t am[HS_P1_MAX_WIDTH - 1][HS_P1_MAX_WIDTH];
} hs_p1_consts;

typedef struct {
    unsigned width;     /* 16 or 24 */
    unsigned half_full; /* full rounds before and after the partial block: HS_P1_HALF_FULL */
    unsigned partial;   /* P: 20 (w16) or 23 (w24) */
    unsigned rounds;    /* 2 * half_full + partial */
    /* every MDS entry is below 2^16 (KB16's are below 128, KB24's are not): a lane of M x is a
     * uint64 sum of w products with one reduction; the AVX2 kernel then uses its exact integer
     * layer (when the row sum also allows it) */
    int mds_small;
    uint64_t mds_row_sum; /* sum of canon.mds_row */
    hs_p1_consts mont;  /* Montgomery form (hs_kb): what the permutation, the AIR and GKR use */
    hs_p1_consts canon; /* the same values as canonical integers < p (mds, mds_row: the integer
                         * multipliers, which applied to Montgomery values give Montgomery values) */
} hs_p1_params;

/* Plonky3's default instances (p3-koala-bear v0.5.0 and later), initialised once, thread-safe. */
const hs_p1_params *hs_p1_kb16(void);
const hs_p1_params *hs_p1_kb24(void);

/* Build an instance from canonical constants (each < p): rc is rounds x width, row-major
 * (rounds = 8 + partial), mds_row the first row of M. Returns 0 on a bad width (16, 24), round
 * count (1 .. HS_P1_MAX_PARTIAL) or value, or when the sparse form does not exist (M or one of
 * the (w-1) x (w-1) blocks singular; an MDS matrix never is). */
int hs_p1_params_init(hs_p1_params *pp, unsigned width, unsigned partial, const uint32_t *rc,
                      const uint32_t *mds_row);

/* state = M state. */
void hs_p1_mds(const hs_p1_params *pp, uint32_t *state);

/* One state, portable scalar code (textbook full rounds, sparse partial rounds). */
void hs_p1_permute(const hs_p1_params *pp, uint32_t *state);

/* One state, textbook rounds, recording the state after every round: rounds_out receives
 * rounds * width values (after round 0, 1, ...; the last width values are the output). */
void hs_p1_permute_trace(const hs_p1_params *pp, uint32_t *state, uint32_t *rounds_out);

/* The partial block alone in sparse form: state = u (the state after the initial full rounds)
 * on entry, the textbook state after the partial rounds on return. t_out (partial values, or
 * NULL) receives the S-box inputs t_r; w_out ((partial + 1) * width, or NULL) the sparse states:
 * w^(0) = m_i (u + cbar), then x after each round r (w^(r+1); the last equals the result). */
void hs_p1_partial_sparse(const hs_p1_params *pp, uint32_t *state, uint32_t *t_out, uint32_t *w_out);

/* The slow, obviously-right reference: canonical values, uint64 arithmetic reduced with % p
 * after every operation, textbook rounds with the explicit matrix. Tests and benchmarks. */
void hs_p1_permute_naive(const hs_p1_params *pp, uint32_t *state_canonical);

/* n states stored one after another (n * width words). canonical != 0: values are canonical
 * integers < p on input and output; else Montgomery form. threads <= 1 runs on the caller's
 * thread; otherwise OpenMP with exactly that many threads (the same result for any count).
 * Dispatches to AVX-512 or AVX2 as hs_cpu_simd_level() allows (HS_SIMD=portable forces the
 * portable kernel). */
void hs_p1_permute_many(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical, unsigned threads);
/* The two kernels behind it (single thread), exposed so tests can compare them. */
void hs_p1_permute_many_portable(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical);
void hs_p1_permute_many_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical);
/* 16 states a vector; only after hs_cpu_has_avx512() (without HS_HAVE_AVX512 the AVX2 kernel). */
void hs_p1_permute_many_avx512(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical);

/* Permute n Montgomery-form states and write each one's round record (what a Poseidon1 AIR
 * commits, the layout of Plonky3's poseidon1-air) to rec + k * HS_P1_REC_WORDS(pp): the input
 * (width words), the state after each of the 4 initial full rounds (4 * width), the S-box output
 * t_r^3 of each partial round (partial words; the same in textbook and sparse form), the state
 * after each of the 4 final full rounds (4 * width; the last is the output). Threads and
 * dispatch as hs_p1_permute_many; the two kernels exposed for tests. */
void hs_p1_permute_many_record(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec, unsigned threads);
void hs_p1_permute_many_record_portable(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec);
void hs_p1_permute_many_record_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec);
void hs_p1_permute_many_record_avx512(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec);

/* Modes with an 8-element digest, for either width (the same as hs_p2_compress / hs_p2_sponge
 * on Poseidon2-KB16 and -KB24):
 * compression: out = first 8 lanes of P(left || right || 0...) (width 24: 8 zero lanes);
 * padding-free sponge (Plonky3 PaddingFreeSponge with rate 8): state = 0; each chunk of up to 8
 * inputs overwrites the first lanes, then P; out = first 8 lanes. An empty input gives zeros.
 * canonical != 0: in and out are canonical integers (< p) instead of Montgomery form. */
void hs_p1_compress(const hs_p1_params *pp, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]);
void hs_p1_sponge(const hs_p1_params *pp, uint32_t out[8], const uint32_t *in, size_t n, int canonical);

#endif
