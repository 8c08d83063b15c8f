/* A public statement: the verifier holds a table of inputs and outputs, and the proof binds
 * exactly that table. The prover gives the outputs; a verifier who changes one value rejects.
 *
 *   ./prove_public [N] [stark|gkr] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hashsnark.h>

int main(int argc, char **argv) {
    hs_shape shape;
    hs_shape_init(&shape);
    shape.statement = HS_STATEMENT_PUBLIC;
    shape.log_perms = argc > 1 ? (unsigned)atoi(argv[1]) : 8;
    if (argc > 2 && !strcmp(argv[2], "gkr")) shape.backend = HS_BACKEND_GKR;

    char reason[HS_REASON_LEN];
    size_t n, in_words, out_words;
    hs_status st = hs_shape_size(&n, &in_words, &out_words, reason, sizeof reason, &shape);
    if (st != HS_OK) {
        fprintf(stderr, "prove_public: %s\n", reason);
        return 1;
    }
    /* the table's inputs: line i is (i, i + 1, ..., i + 15), canonical KoalaBear elements */
    uint32_t *in = malloc(in_words * sizeof *in), *out = malloc(out_words * sizeof *out);
    if (!in || !out) return 1;
    for (size_t i = 0; i < in_words; i++) in[i] = (uint32_t)(i / 16 + i % 16);

    hs_ctx *ctx;
    if (hs_ctx_new(&ctx, 0) != HS_OK) return 1;
    uint8_t *proof;
    size_t len;
    st = hs_prove(ctx, &proof, &len, out, out_words, NULL, reason, sizeof reason, &shape, in, in_words);
    if (st != HS_OK) {
        fprintf(stderr, "prove_public: %s: %s\n", hs_status_str(st), reason);
        return 1;
    }
    printf("proved the table of %zu inputs and outputs: %zu bytes; output 0 starts with %u\n", n, len, out[0]);

    st = hs_verify(ctx, NULL, reason, sizeof reason, proof, len, in, in_words, out, out_words, HS_MIN_BITS_DECLARED);
    printf("verify with the table: %s\n", st == HS_OK ? "accepted" : reason);
    int ok = st == HS_OK;

    out[out_words - 1] = out[out_words - 1] ? out[out_words - 1] - 1 : 1; /* another table */
    st = hs_verify(ctx, NULL, reason, sizeof reason, proof, len, in, in_words, out, out_words, HS_MIN_BITS_DECLARED);
    printf("verify with one output changed: %s%s\n", st == HS_ERR_REJECTED ? "rejected: " : "NOT rejected",
           st == HS_ERR_REJECTED ? reason : "");
    ok = ok && st == HS_ERR_REJECTED;

    hs_proof_free(proof);
    free(in), free(out);
    hs_ctx_free(ctx);
    return ok ? 0 : 1;
}
