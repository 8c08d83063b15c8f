/* Prove and verify a private batch: the prover alone knows the inputs; the proof shows that it
 * evaluated 2^N permutations correctly. A verifier needs the proof only.
 *
 * The inputs are not needed after proving, so they are handed over (hs_inputs_new,
 * hs_prove_inputs): the prover uses their memory in place. "const" proves the same from the
 * caller's own table with hs_prove instead, for a comparison of peak memory:
 *   /usr/bin/time -v ./prove_private 22 gkr compat poseidon2-kb16 const
 *
 *   ./prove_private [N] [stark|gkr] [PRESET] [HASH] [handover|const] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hashsnark.h>

int main(int argc, char **argv) {
    hs_shape shape;
    hs_shape_init(&shape); /* stark, poseidon2-kb16, compat, private */
    shape.log_perms = argc > 1 ? (unsigned)atoi(argv[1]) : 10;
    if (argc > 2) shape.backend = !strcmp(argv[2], "gkr") ? HS_BACKEND_GKR : HS_BACKEND_STARK;
    if (argc > 3) shape.preset = argv[3];
    if (argc > 4) shape.hash = argv[4];

    char reason[HS_REASON_LEN];
    size_t instances, in_words, out_words;
    hs_status st = hs_shape_size(&instances, &in_words, &out_words, reason, sizeof reason, &shape);
    if (st != HS_OK) {
        fprintf(stderr, "prove_private: %s: %s\n", hs_status_str(st), reason);
        return 1;
    }
    const int keep = argc > 5 && !strcmp(argv[5], "const");
    hs_ctx *ctx;
    if (hs_ctx_new(&ctx, 0) != HS_OK) return 1;
    uint8_t *proof;
    size_t proof_len;
    hs_prove_stats stats;
    if (keep) {
        /* any canonical inputs; these are `hashsnark prove --seed 1`'s */
        uint32_t *inputs = malloc(in_words * sizeof *inputs);
        if (!inputs || hs_inputs_random(inputs, in_words, shape.hash, 1) != HS_OK) return 1;
        st = hs_prove(ctx, &proof, &proof_len, NULL, 0, &stats, reason, sizeof reason, &shape, inputs, in_words);
        free(inputs);
    } else {
        hs_inputs *table;
        uint32_t *words;
        if (hs_inputs_new(&table, &words, in_words) != HS_OK) return 1;
        if (hs_inputs_random(words, in_words, shape.hash, 1) != HS_OK) return hs_inputs_free(table), 1;
        /* the table is the prover's now, whatever the call returns */
        st = hs_prove_inputs(ctx, &proof, &proof_len, NULL, 0, &stats, reason, sizeof reason, &shape, table);
    }
    if (st != HS_OK) {
        fprintf(stderr, "prove_private: %s: %s\n", hs_status_str(st), reason);
        return 1;
    }
    printf("proved %zu %s in %.3f s: %zu bytes, %.1f provable bits\n", instances, shape.hash, stats.total_s, proof_len,
           stats.claimed_bits);

    /* the verifier: the proof alone; it must claim at least its preset's declared bits */
    hs_proof_info info;
    st = hs_verify(ctx, &info, reason, sizeof reason, proof, proof_len, NULL, 0, NULL, 0, HS_MIN_BITS_DECLARED);
    printf("verify: %s%s%s (%s backend, preset %s)\n", st == HS_OK ? "accepted" : "rejected", st == HS_OK ? "" : ": ",
           st == HS_OK ? "" : reason, info.shape.backend == HS_BACKEND_GKR ? "gkr" : "stark", info.shape.preset);
    hs_proof_free(proof);
    hs_ctx_free(ctx);
    return st == HS_OK ? 0 : 1;
}
