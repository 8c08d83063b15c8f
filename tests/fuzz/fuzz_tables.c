#include "fuzz_tables.h"

#include <stdlib.h>
#include <string.h>

#include "air/air.h"
#include "gkr/gkr.h"
#include "statement/merkle/gkr_branches.h"
#include "hash/poseidon2_monty31.h"
#include "statement/p2bstmt.h"

uint32_t hs_fuzz_word(unsigned kind, unsigned region, size_t i, uint64_t bound) {
    uint64_t z = ((uint64_t)kind << 56) ^ ((uint64_t)region << 48) ^ (uint64_t)i;
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (uint32_t)(bound ? z % bound : z & 0xffffffffu);
}

int hs_fuzz_stark_table(unsigned air_id, unsigned log_perms, uint32_t **in, uint32_t **out, size_t *in_words,
                        size_t *out_words) {
    const hs_air_def *def = hs_air_by_id(air_id);
    hs_air a;
    *in = NULL, *out = NULL;
    if (!def || !def->init(&a, 0)) return 0;
    int lr = hs_air_log_rows(&a, log_perms);
    if (lr < 0) return 0;
    const size_t N = (size_t)1 << log_perms, rows = (size_t)1 << lr;
    hs_kb *trace = malloc(rows * a.width * sizeof *trace);
    *in = malloc(N * a.in_words * sizeof **in);
    *out = malloc(N * a.out_words * sizeof **out);
    int ok = trace && *in && *out;
    for (size_t i = 0; ok && i < N * a.in_words; i++) (*in)[i] = hs_fuzz_word(1, air_id, i, a.word_modulus);
    ok = ok && a.ops->trace(&a, *in, N, trace, *out, 1);
    free(trace);
    if (!ok) {
        free(*in), free(*out);
        *in = NULL, *out = NULL;
        return 0;
    }
    *in_words = N * a.in_words, *out_words = N * a.out_words;
    return 1;
}

int hs_fuzz_p2b_table(unsigned inst, unsigned log_perms, uint32_t **in, uint32_t **out, size_t *words) {
    const size_t N = (size_t)1 << log_perms, w = 4 * HS_P2B_WIDTH * N;
    *in = NULL, *out = NULL;
    if (inst >= HS_P2B_INST_COUNT) return 0;
    *in = malloc(w * sizeof **in), *out = malloc(w * sizeof **out);
    hs_gf128 *st = malloc(HS_P2B_WIDTH * N * sizeof *st);
    if (!*in || !*out || !st) {
        free(*in), free(*out), free(st);
        *in = NULL, *out = NULL;
        return 0;
    }
    for (size_t i = 0; i < w; i++) (*in)[i] = hs_fuzz_word(7, inst, i, 0);
    hs_p2bstmt_states(st, *in, N, (hs_p2b_inst)inst);
    hs_p2b_permute_many((hs_p2b_inst)inst, st, N, 1);
    hs_p2bstmt_words(*out, st, N, (hs_p2b_inst)inst);
    free(st);
    *words = w;
    return 1;
}

int hs_fuzz_gkr_table(unsigned perm_id, unsigned log_perms, hs_kb **in, hs_kb **out, unsigned *width) {
    const hs_gkr_perm *p = hs_gkr_perm_get(perm_id);
    *in = NULL, *out = NULL;
    if (!p) return 0;
    const size_t words = ((size_t)p->width) << log_perms;
    *in = malloc(words * sizeof **in);
    *out = malloc(words * sizeof **out);
    hs_gkr_witness w;
    memset(&w, 0, sizeof w);
    int ok = *in && *out;
    for (size_t i = 0; ok && i < words; i++) (*in)[i] = hs_kb_from_u32(hs_fuzz_word(2, perm_id, i, HS_KB_P));
    ok = ok && hs_gkr_witness_build(&w, p, *in, log_perms, 1, *out, 0);
    hs_gkr_witness_free(&w);
    if (!ok) {
        free(*in), free(*out);
        *in = NULL, *out = NULL;
        return 0;
    }
    *width = p->width;
    return 1;
}

int hs_fuzz_ragged_table(unsigned a, unsigned w, hs_kb **in, hs_kb **out) {
    const size_t words = (size_t)16 << w;
    *in = malloc(words * sizeof **in);
    *out = malloc(words * sizeof **out);
    if (!*in || !*out) {
        free(*in), free(*out);
        *in = NULL, *out = NULL;
        return 0;
    }
    for (size_t i = 0; i < words; i++) (*in)[i] = hs_kb_from_u32(hs_fuzz_word(3, a, i, HS_KB_P));
    memcpy(*out, *in, words * sizeof **out);
    hs_p2_permute_many(hs_p2_kb16(), *out, (size_t)1 << w, 0, 1);
    return 1;
}

int hs_fuzz_merkle_openings(unsigned d, size_t m, uint64_t **idx, hs_kb **leaves, hs_kb root[8]) {
    const char *why;
    if (d < 1 || d > HS_FUZZ_MERKLE_MAX_DEPTH || m < 1 || m > HS_FUZZ_MERKLE_MAX_M) return 0;
    hs_kb *sib = malloc(m * d * 8 * sizeof *sib);
    *idx = malloc(m * sizeof **idx), *leaves = malloc(m * 8 * sizeof **leaves);
    int ok = sib && *idx && *leaves && hs_mb_random_openings(d, m, 1, *idx, *leaves, sib, root, &why);
    free(sib);
    if (!ok) free(*idx), free(*leaves), *idx = NULL, *leaves = NULL;
    return ok;
}

int hs_fuzz_merkle_leaves(unsigned k, hs_kb **leaves, hs_kb root[8]) {
    if (k < 1 || k > HS_FUZZ_MERKLE_MAX_LOG) return 0;
    const size_t N = (size_t)1 << k;
    hs_kb *D = calloc(16 * N, sizeof *D);
    *leaves = malloc(8 * N * sizeof **leaves);
    if (!D || !*leaves) return free(D), free(*leaves), *leaves = NULL, 0;
    for (size_t i = 0; i < 8 * N; i++) (*leaves)[i] = hs_kb_from_u32(hs_fuzz_word(4, k, i, HS_KB_P));
    memcpy(D + 8 * N, *leaves, 8 * N * sizeof *D);
    for (size_t i = N; i-- > 1;) { /* heap order: node i = C(node 2i, node 2i + 1) */
        uint32_t st[16];
        memcpy(st, D + 16 * i, sizeof st);
        hs_p2_permute(hs_p2_kb16(), st);
        memcpy(D + 8 * i, st, 8 * sizeof *D);
    }
    memcpy(root, D + 8, 8 * sizeof *root);
    free(D);
    return 1;
}
