/* A batch of native permutations: 2^N Poseidon2-KoalaBear states permuted in place on every
 * core, then the first one checked against the single-state code.
 *
 *   cc perm_batch.c $(pkg-config --cflags --libs hashsnark) -o perm_batch && ./perm_batch [N] [PERM] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hashsnark.h>

int main(int argc, char **argv) {
    unsigned log_n = argc > 1 ? (unsigned)atoi(argv[1]) : 16;
    const char *name = argc > 2 ? argv[2] : "poseidon2-kb16";
    hs_ctx *ctx;
    const hs_perm *perm;
    if (hs_ctx_new(&ctx, 0) != HS_OK) return 1;
    hs_status st = hs_perm_find(&perm, name);
    if (st != HS_OK || hs_perm_word_bits(perm) != 32 || log_n > 24) {
        fprintf(stderr, "perm_batch: %s: %s\n", name, st != HS_OK ? hs_status_str(st) : "wants a 32-bit permutation");
        return 1;
    }
    const size_t n = (size_t)1 << log_n, width = hs_perm_width(perm);
    const uint64_t p = hs_perm_modulus(perm);
    uint32_t *states = malloc(n * width * sizeof *states), first[64];
    if (!states || width > 64) return 1;
    for (size_t i = 0; i < n * width; i++) states[i] = (uint32_t)(p ? i % p : i); /* canonical values */
    memcpy(first, states, width * sizeof *first);

    st = hs_perm_many_u32(ctx, perm, states, n);
    if (st == HS_OK) st = hs_perm_one_u32(perm, first);
    if (st != HS_OK) {
        fprintf(stderr, "perm_batch: %s\n", hs_status_str(st));
        return 1;
    }
    int same = !memcmp(first, states, width * sizeof *first);
    printf("%s: %zu states of %zu words on %u threads; state 0 -> [%u, %u, ...]; batch %s the single-state code\n",
           name, n, width, hs_ctx_threads(ctx), states[0], states[1], same ? "matches" : "DIFFERS FROM");
    free(states);
    hs_ctx_free(ctx);
    return same ? 0 : 1;
}
