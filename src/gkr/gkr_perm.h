/* A permutation as the gkr walk sees it: the one description that the witness, the layer
 * provers, the walk (gkr.c), the verifier and the soundness terms read, for every permutation the
 * gkr backend proves (Poseidon2-KB16/24, Poseidon1-KB16/24). docs/PROOF_FORMAT_GKR.md lists the
 * layers of each.
 *
 * Shape: width w lanes, S-box x^3, HS_GKR_HALF full rounds, `partial` partial rounds, HS_GKR_HALF
 * full rounds; S-box layer L = 0 .. layers - 1 (one per round). With u_L the state entering
 * round L (u_0 = initial(x), or x when there is no initial linear layer):
 *   full round L:    pre_L = u_L + rc_full[L or L - partial]; u_{L+1} = full(pre_L^3, every lane)
 *   partial round r (layer L = HALF + r): at r = 0 the block entry E = entry(u_L + entry_c)
 *                    (identity without an entry layer), else E = u_L;
 *                    pre_L = E + rc_pre[r] d_0 (d_0: lane 0); s_r = pre_L,0 ^ 3;
 *                    u_{L+1} = part_r(s_r + rc_post[r], pre_L lanes 1..w-1)
 *   output y = u_layers.
 * Poseidon2 (Plonky3): initial = full = M_E, no entry layer, rc_pre = the internal constants,
 * rc_post = 0, part_r = M_I for every r. Poseidon1 (Plonky3's sparse partial rounds,
 * src/hash/poseidon1_kb.h): no initial layer, full = the circulant M, entry = m_i with
 * entry_c = cbar, rc_pre = 0, rc_post = chat, part_r = the sparse S_r.
 *
 * The partial rounds' basis (what the witness stores once): basis k < w - 1 is lane k + 1 of
 * pre_HALF (the block entry's lanes), basis w - 1 + i is s_i (i < partial - 1). Every lane of every
 * partial round's pre-state is affine in it: pre_{HALF+r}, lane j >= 1 = pmap[r] row j - 1 (k <
 * basis: coefficients, entry HS_GKR_MAP_CONST: the constant), lane 0 (r >= 1) = lane0[r]. The walk
 * derives them once by replaying the partial rounds symbolically (hs_gkr_perm_get). */
#ifndef HS_GKR_GKR_PERM_H
#define HS_GKR_GKR_PERM_H

#include <stddef.h>

#include "field/kb.h"
#include "field/kb_ext.h"

#define HS_GKR_MAX_WIDTH 24
#define HS_GKR_HALF 4 /* full rounds before and after the partial ones */
#define HS_GKR_MAX_PARTIAL 23
#define HS_GKR_MAX_LAYERS (2 * HS_GKR_HALF + HS_GKR_MAX_PARTIAL)
#define HS_GKR_MAX_BASIS (HS_GKR_MAX_WIDTH - 1 + HS_GKR_MAX_PARTIAL - 1)
#define HS_GKR_MAP_CONST HS_GKR_MAX_BASIS /* a map row's constant */
#define HS_GKR_MAP_STRIDE (HS_GKR_MAX_BASIS + 1)

/* The header's permutation byte (docs/PROOF_FORMAT_GKR.md): the stark backend's numbers for
 * Poseidon2, then Poseidon1. */
enum { HS_GKR_P2_KB16 = 1, HS_GKR_P2_KB24 = 2, HS_GKR_P1_KB16 = 3, HS_GKR_P1_KB24 = 4, HS_GKR_PERM_IDS = 4 };

/* A linear layer applied in place to one base-field state (Montgomery, width words); round: the
 * partial round for part_r, else unused. */
typedef void (*hs_gkr_linear_fn)(const void *ctx, unsigned round, hs_kb *state);

struct hs_gkr_wit_job; /* gkr_witness.h */

typedef struct hs_gkr_perm {
    unsigned id;
    const char *name;
    unsigned width, partial;
    unsigned layers; /* 2 HS_GKR_HALF + partial */
    unsigned basis;  /* width - 1 + partial - 1 */
    const void *ctx; /* the hash module's parameters, passed to the linear layers */
    hs_gkr_linear_fn initial; /* NULL: u_0 = x */
    hs_gkr_linear_fn full;
    hs_gkr_linear_fn entry; /* NULL: E = u_HALF (entry_c is then 0) */
    hs_gkr_linear_fn part;
    /* the fused AVX2 witness kernel for this permutation (gkr_witness.h), NULL: the portable one */
    void (*rows_avx2)(const struct hs_gkr_wit_job *job, size_t lo, size_t m);
    /* and its AVX-512 one (NULL: the AVX2 or portable one) */
    void (*rows_avx512)(const struct hs_gkr_wit_job *job, size_t lo, size_t m);
    hs_kb rc_full[2 * HS_GKR_HALF][HS_GKR_MAX_WIDTH];
    hs_kb rc_pre[HS_GKR_MAX_PARTIAL], rc_post[HS_GKR_MAX_PARTIAL];
    hs_kb entry_c[HS_GKR_MAX_WIDTH];
    /* derived: inverses (row-major w x w) of the initial layer (identity without one), the full
     * matrix, the entry layer (identity without one) and the last partial round's part_r */
    hs_kb initial_inv[HS_GKR_MAX_WIDTH * HS_GKR_MAX_WIDTH], full_inv[HS_GKR_MAX_WIDTH * HS_GKR_MAX_WIDTH];
    hs_kb entry_inv[HS_GKR_MAX_WIDTH * HS_GKR_MAX_WIDTH], last_inv[HS_GKR_MAX_WIDTH * HS_GKR_MAX_WIDTH];
    hs_kb pmap[HS_GKR_MAX_PARTIAL][(HS_GKR_MAX_WIDTH - 1) * HS_GKR_MAP_STRIDE];
    hs_kb lane0[HS_GKR_MAX_PARTIAL][HS_GKR_MAP_STRIDE];
} hs_gkr_perm;

/* The description of permutation id (HS_GKR_P2_KB16 ..), its derived tables filled on first use;
 * NULL for an unknown id. */
const hs_gkr_perm *hs_gkr_perm_get(unsigned id);
/* By name ("poseidon2-kb16", ...); NULL if the gkr backend does not prove it. */
const hs_gkr_perm *hs_gkr_perm_find(const char *name);

static inline int hs_gkr_layer_full(const hs_gkr_perm *p, unsigned layer) {
    return layer < HS_GKR_HALF || layer >= HS_GKR_HALF + p->partial;
}
/* rc_L as a vector of width words: rc_full of a full layer, (rc_pre[r], 0, ..) of partial round r. */
void hs_gkr_layer_rc(const hs_gkr_perm *p, unsigned layer, hs_kb *rc);

/* The inverse (row-major w x w) of the linear layer after S-box layer L: the full matrix or part_r.
 * 0 if singular (never for the described permutations) or L out of range. */
int hs_gkr_linear_inverse(const hs_gkr_perm *p, unsigned layer, hs_kb *inv);
/* out = inv v for K-valued claims (inv one of the derived w x w inverses; out may be v). */
void hs_gkr_apply_inv(const hs_gkr_perm *p, const hs_kb *inv, const hs_kb5 *v, hs_kb5 *out);

#endif
