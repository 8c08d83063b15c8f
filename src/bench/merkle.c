/* Binary Merkle tree build throughput (merkle.h). The leaves are random; a tree round times
 * hs_tree_build_levels alone (the 2^k - 1 compressions of a tree whose leaves are in place). The
 * reference is the permutation's batch API (what `bench --native --hash P` measures) on as many
 * states as the tree has compressions (at most 2^20, held in memory like the tree), with the same
 * thread count. Tree rounds and permutation rounds alternate, at least two of each and for at
 * least min_seconds, and each side takes its fastest round: on a shared machine both see the
 * same load, so their ratio is the figure to read. */
#include "bench/merkle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hash/registry.h"
#include "hashsnark.h"
#include "merkle/tree.h"
#include "util/cpu.h"
#include "util/rng.h"
#include "util/timer.h"

#define MAX_REF_STATES ((size_t)1 << 20)

typedef struct {
    unsigned log_leaves, threads;
    double build_s, hashes_per_s, perms_per_s;
} row;

/* n random valid states of the permutation (canonical words); NULL when out of memory. */
static void *ref_states(const struct hs_perm *p, size_t n) {
    const size_t words = n * p->width, bytes = p->word_bits / 8;
    uint8_t *s = malloc(words * bytes);
    if (!s) return NULL;
    hs_rng rng;
    hs_rng_seed(&rng, 2);
    for (size_t i = 0; i < words; i++) {
        uint64_t v = p->modulus ? hs_rng_below(&rng, p->modulus) : hs_rng_u64(&rng);
        if (bytes == 4) ((uint32_t *)(void *)s)[i] = (uint32_t)v;
        else ((uint64_t *)(void *)s)[i] = v;
    }
    return s;
}

/* Permuted states stay valid inputs, so the same buffer is permuted round after round. */
static double time_perm(const struct hs_perm *p, void *s, size_t n, unsigned threads) {
    double u = hs_now();
    if (p->word_bits == 32) p->many32(s, n, threads);
    else p->many64(s, n, threads);
    return hs_now() - u;
}

static void measure(row *r, hs_tree *t, const struct hs_perm *p, void *states, size_t n_states,
                    double min_seconds) {
    double best_tree = 1e30, best_perm = 1e30, t0 = hs_now();
    int rounds = 0;
    do {
        double u = hs_now();
        hs_tree_build_levels(t, r->threads);
        u = hs_now() - u;
        if (u < best_tree) best_tree = u;
        if (p) {
            u = time_perm(p, states, n_states, r->threads);
            if (u < best_perm) best_perm = u;
        }
        rounds++;
    } while (rounds < 2 || hs_now() - t0 < min_seconds);
    r->build_s = best_tree;
    r->hashes_per_s = r->log_leaves ? (double)(((size_t)1 << r->log_leaves) - 1) / best_tree : 0;
    r->perms_per_s = p ? (double)n_states / best_perm : 0;
}

int hs_bench_merkle(const hs_merkle_bench_config *cfg, FILE *out) {
    const hs_compress2 *c = hs_compress2_lookup(cfg->hash);
    const hs_hash_info *h = hs_hash_lookup(cfg->hash);
    const struct hs_perm *perm = NULL;
    if (!c || !h) return 0;
    if (h->perm) perm = hs_perm_lookup(h->perm);
    row rows[2 * (HS_TREE_MAX_LOG + 1)];
    size_t n = 0;
    int ok = 1;
    const unsigned tc[2] = {1, cfg->threads};
    const int nt = cfg->threads > 1 ? 2 : 1;
    for (unsigned k = cfg->log_lo; k <= cfg->log_hi && ok; k++) {
        hs_tree *t;
        if (!hs_tree_alloc(&t, c, k)) {
            fprintf(stderr, "bench: no memory for a tree of 2^%u leaves; stopping\n", k);
            ok = 0;
            break;
        }
        uint32_t *lv = hs_tree_leaves(t);
        if (hs_tree_leaves_random(lv, (size_t)8 << k, c->name, 1) != HS_OK) {
            hs_tree_release(t);
            return 0;
        }
        hs_digest_words_to_native(c->form, lv, (size_t)8 << k);
        size_t n_states = k ? ((size_t)1 << k) - 1 : 1;
        if (n_states > MAX_REF_STATES) n_states = MAX_REF_STATES;
        void *states = perm ? ref_states(perm, n_states) : NULL;
        if (perm && !states) {
            fprintf(stderr, "bench: no memory for the reference states; stopping\n");
            hs_tree_release(t);
            ok = 0;
            break;
        }
        for (int ti = 0; ti < nt; ti++) {
            fprintf(stderr, "bench: %s tree of 2^%u leaves, %u thread%s...\n", c->name, k, tc[ti], tc[ti] > 1 ? "s" : "");
            row *r = &rows[n++];
            r->log_leaves = k;
            r->threads = tc[ti];
            measure(r, t, perm, states, n_states, cfg->min_seconds);
        }
        free(states);
        hs_tree_release(t);
    }
    const char *pname = perm ? perm->name : "";
    if (cfg->fmt == 1) {
        fprintf(out, "hash,log_leaves,threads,compressions,build_s,hashes_per_s,perm,perms_per_s,ratio\n");
        for (size_t i = 0; i < n; i++)
            fprintf(out, "%s,%u,%u,%zu,%.6f,%.0f,%s,%.0f,%.3f\n", c->name, rows[i].log_leaves, rows[i].threads,
                    ((size_t)1 << rows[i].log_leaves) - 1, rows[i].build_s, rows[i].hashes_per_s, pname,
                    rows[i].perms_per_s, rows[i].perms_per_s > 0 ? rows[i].hashes_per_s / rows[i].perms_per_s : 0);
    } else if (cfg->fmt == 2) {
        fprintf(out, "{\n  \"cpu\": \"%s\",\n  \"avx2\": %s,\n  \"hash\": \"%s\",\n  \"perm\": %s%s%s,\n  \"results\": [\n",
                hs_cpu_model(), hs_cpu_has_avx2() ? "true" : "false", c->name, perm ? "\"" : "", perm ? pname : "null",
                perm ? "\"" : "");
        for (size_t i = 0; i < n; i++)
            fprintf(out,
                    "    {\"log_leaves\": %u, \"threads\": %u, \"compressions\": %zu, \"build_s\": %.6f, "
                    "\"hashes_per_s\": %.0f, \"perms_per_s\": %.0f}%s\n",
                    rows[i].log_leaves, rows[i].threads, ((size_t)1 << rows[i].log_leaves) - 1, rows[i].build_s,
                    rows[i].hashes_per_s, rows[i].perms_per_s, i + 1 < n ? "," : "");
        fprintf(out, "  ]\n}\n");
    } else {
        fprintf(out, "Binary Merkle tree build (%s) on %s (%s)\n\n", c->description, hs_cpu_model(),
                hs_cpu_has_avx2() ? "AVX2" : "portable code");
        fprintf(out, "| leaves | threads | compressions | build | hashes/s | %s batch perms/s | tree / batch |\n",
                perm ? pname : "permutation");
        fprintf(out, "|---:|---:|---:|---:|---:|---:|---:|\n");
        for (size_t i = 0; i < n; i++) {
            char ratio[16] = "-", pr[16] = "-";
            if (rows[i].perms_per_s > 0) {
                snprintf(ratio, sizeof ratio, "%.2f", rows[i].hashes_per_s / rows[i].perms_per_s);
                snprintf(pr, sizeof pr, "%.3gM", rows[i].perms_per_s / 1e6);
            }
            fprintf(out, "| 2^%u | %u | %zu | %.3g ms | %.3gM | %s | %s |\n", rows[i].log_leaves, rows[i].threads,
                    ((size_t)1 << rows[i].log_leaves) - 1, rows[i].build_s * 1e3, rows[i].hashes_per_s / 1e6, pr,
                    ratio);
        }
        if (!perm) fprintf(out, "\n%s has no permutation underneath to compare with.\n", c->name);
    }
    return ok;
}
