#include <math.h>
#include <string.h>

#include "stark/stark.h"

/* Each preset declares the security `hashsnark params` proves for it (docs/SOUNDNESS.md; every
 * term in a proven regime, the claim is the weakest):
 *   compat: Plonky3's runs in the bench-hash-in-snark benchmark (degree-4 challenge field, rate 1/2, 256 queries, no
 *     grinding, Keccak Merkle tree). Unique decoding gives 256 * log2(4/3) = 106 bits of queries,
 *     but the DEEP batching of W + 8 columns with powers of alpha costs (W + 7) * n / |K| and
 *     |K| = p^4 is only 2^124: 91.0 bits for 2^24 Poseidon2-KB24 permutations, so compat declares
 *     91. Other rates keep 256 / log_blowup queries and fall below it.
 *   fast100: Plonky3's benchmark shape (rate 1/2, arity 8, 16 bits of query grinding, Poseidon2
 *     Merkle tree, 124-bit collisions), but a degree-5 challenge field (the same batching term is
 *     92 bits at degree 4) and 203 queries instead of 100: unique decoding gives 0.415 bits per
 *     query at rate 1/2, so 100 queries prove only 57 bits.
 *   proven128: rate 1/4, 160 queries + 20 bits of grinding (0.678 bits per query under unique
 *     decoding), BLAKE3 Merkle tree (128-bit collisions), and a degree-8 challenge field: at
 *     degree 5 the batching term is 121.6 bits for 2^24 permutations (< 128). */
typedef struct {
    unsigned log_v;    /* Poseidon2 permutations per row = 2^log_v (AIRs that cannot pack ignore it) */
    hs_fri_params fri; /* at the preset's default rate */
} stark_part;

static const stark_part parts[] = {
    [HS_PRESET_COMPAT] = {3, {4, 1, 1, 0, 256, 0, 0, HS_MERKLE_KECCAK, 0}},
    [HS_PRESET_FAST100] = {3, {5, 1, 3, 5, 203, 0, 16, HS_MERKLE_POSEIDON2, 4}},
    [HS_PRESET_PROVEN128] = {3, {8, 2, 3, 5, 160, 0, 20, HS_MERKLE_BLAKE3, 4}},
};

unsigned hs_preset_log_v(const hs_preset *p) { return parts[p->id].log_v; }

hs_fri_params hs_preset_fri(const hs_preset *p, unsigned log_blowup) {
    hs_fri_params f = parts[p->id].fri;
    if (log_blowup == 0) log_blowup = f.log_blowup;
    if (p->id == HS_PRESET_COMPAT) f.num_queries = 256 / log_blowup;
    else if (log_blowup <= 16) {
        /* unique decoding: each query passes a far word with probability <= (1 + rho)/2 */
        const double bits = -log2((1 + ldexp(1.0, -(int)log_blowup)) / 2), need = p->claim_bits - f.query_pow_bits;
        f.num_queries = need > 0 ? (unsigned)ceil(need / bits) : 1;
    }
    f.log_blowup = log_blowup;
    return f;
}
