/* A binary Merkle tree: 2^N random leaves, the root, the branch of one leaf, its verification,
 * and the same branch with one sibling changed, which must be rejected.
 *
 *   cc merkle_tree.c $(pkg-config --cflags --libs hashsnark) -o merkle_tree && ./merkle_tree [N] [HASH] */
#include <stdio.h>
#include <stdlib.h>

#include <hashsnark.h>

int main(int argc, char **argv) {
    unsigned log_n = argc > 1 ? (unsigned)atoi(argv[1]) : 16;
    const char *hash = argc > 2 ? argv[2] : "poseidon2-kb16";
    if (log_n < 1 || log_n > 24) return fprintf(stderr, "merkle_tree: N must be 1..24\n"), 1;
    hs_ctx *ctx;
    if (hs_ctx_new(&ctx, 0) != HS_OK) return 1;
    const size_t words = (size_t)8 << log_n, per = 8 + 8 * (size_t)log_n;
    uint32_t *leaves = malloc(words * sizeof *leaves), *branch = malloc(per * sizeof *branch), root[8];
    hs_tree *t = NULL;
    char why[HS_REASON_LEN];
    hs_status st = leaves && branch ? hs_tree_leaves_random(leaves, words, hash, 7) : HS_ERR_NOMEM;
    if (st == HS_OK) st = hs_tree_new(ctx, &t, why, sizeof why, hash, log_n, leaves, words);
    if (st != HS_OK) return fprintf(stderr, "merkle_tree: %s: %s\n", hash, hs_status_str(st)), 1;
    hs_tree_root(t, root);
    uint64_t index = ((uint64_t)1 << log_n) / 3;
    st = hs_tree_open(t, branch, per, &index, 1);
    if (st == HS_OK) st = hs_tree_verify(why, sizeof why, hash, log_n, root, index, branch, per);
    printf("%s tree of 2^%u leaves on %u threads: root word 0 = %u; the branch of leaf %llu is %s\n", hash, log_n,
           hs_ctx_threads(ctx), root[0], (unsigned long long)index, st == HS_OK ? "accepted" : "REJECTED");
    int ok = st == HS_OK;
    branch[8 + 8 * (log_n - 1)] ^= 1; /* the top sibling, changed (still canonical: the low bit) */
    st = hs_tree_verify(why, sizeof why, hash, log_n, root, index, branch, per);
    printf("with its top sibling changed: %s (%s)\n", st == HS_ERR_REJECTED ? "rejected" : "NOT REJECTED", why);
    ok = ok && st == HS_ERR_REJECTED;
    hs_tree_free(t);
    free(leaves), free(branch);
    hs_ctx_free(ctx);
    return ok ? 0 : 1;
}
