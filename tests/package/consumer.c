/* A program outside the source tree, built against an installed hashsnark: prove, verify,
 * tamper, reject, with both backends. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hashsnark.h>

static int round_trip(hs_ctx *ctx, hs_backend backend) {
    hs_shape s;
    hs_shape_init(&s);
    s.backend = backend;
    s.log_perms = 4;
    char why[HS_REASON_LEN];
    size_t n, nin, nout;
    uint32_t in[16 * 16];
    uint8_t *proof;
    size_t len;
    if (hs_shape_size(&n, &nin, &nout, why, sizeof why, &s) != HS_OK || nin > 16 * 16 ||
        hs_inputs_random(in, nin, s.hash, 42) != HS_OK) {
        fprintf(stderr, "consumer: shape: %s\n", why);
        return 0;
    }
    if (hs_prove(ctx, &proof, &len, NULL, 0, NULL, why, sizeof why, &s, in, nin) != HS_OK) {
        fprintf(stderr, "consumer: prove: %s\n", why);
        return 0;
    }
    int ok = hs_verify(ctx, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, HS_MIN_BITS_DECLARED) == HS_OK;
    if (!ok) fprintf(stderr, "consumer: verify: %s\n", why);
    proof[len - 9] ^= 4;
    hs_status st = hs_verify(ctx, NULL, why, sizeof why, proof, len, NULL, 0, NULL, 0, HS_MIN_BITS_DECLARED);
    if (st != HS_ERR_REJECTED) fprintf(stderr, "consumer: a tampered proof gave %s\n", hs_status_str(st)), ok = 0;
    printf("consumer: %s backend: %zu-byte proof accepted; tampered: %s\n", backend == HS_BACKEND_GKR ? "gkr" : "stark",
           len, why);
    hs_proof_free(proof);
    return ok;
}

int main(void) {
    hs_ctx *ctx;
    if (strcmp(hs_version(NULL), HS_VERSION_STRING) || hs_ctx_new(&ctx, 0) != HS_OK) return 1;
    int ok = round_trip(ctx, HS_BACKEND_STARK) && round_trip(ctx, HS_BACKEND_GKR);
    hs_ctx_free(ctx);
    return ok ? 0 : 1;
}
