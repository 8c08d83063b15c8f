/* Binary Merkle tree build throughput (merkle.h). The leaves are random; a tree round times
 * hs_tree_build_levels alone (the 2^k - 1 compressions of a tree whose leaves are in place). The
 * reference is the permutation's batch API (what `bench --native --hash P` measures) on as many
 * states as the tree has compressions (at most 2^20, held in memory like the tree), with the same
 * thread count. Tree rounds and permutation rounds alternate, at least two of each and for at
 * least min_seconds, and each side takes its fastest round: on a shared machine both see the
 * same load, so their ratio is the figure to read. Each round's process CPU time is kept too
 * (the fastest separately): a core taken by another process does not count there, so the ratio
 * of the two per-CPU-second rates shows whether the tree is bound by the hash even when the wall
 * clock is not (spinning or idle threads of the tree's schedule do count). */
#include "bench/merkle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench.h"
#include "hash/registry.h"
#include "hashsnark.h"
#include "merkle/tree.h"
#include "util/cpu.h"
#include "util/rng.h"
#include "util/timer.h"
#include "app/progress.h"

#define MAX_REF_STATES ((size_t)1 << 20)

typedef struct {
    unsigned log_leaves, threads;
    double build_s, hashes_per_s, perms_per_s;
    double cpu_ratio; /* (compressions per CPU-second) / (permutations per CPU-second) */
    double cpu_share; /* hs_bench_cpu_share of every tree and permutation round */
} row;

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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
static void run_perm(const struct hs_perm *p, void *s, size_t n, unsigned threads) {
    if (p->word_bits == 32) p->many32(s, n, threads);
    else p->many64(s, n, threads);
}

static void keep_best(double *wall, double *cpu, double w0, double c0) {
    double w = hs_now() - w0, c = cpu_now() - c0;
    if (w < *wall) *wall = w;
    if (c < *cpu) *cpu = c;
}

static void measure(row *r, hs_tree *t, const struct hs_perm *p, void *states, size_t n_states,
                    double min_seconds) {
    double tree_w = 1e30, tree_c = 1e30, perm_w = 1e30, perm_c = 1e30, t0 = hs_now(), c0 = cpu_now();
    int rounds = 0;
    do {
        double w = hs_now(), c = cpu_now();
        hs_tree_build_levels(t, r->threads);
        keep_best(&tree_w, &tree_c, w, c);
        if (p) {
            w = hs_now(), c = cpu_now();
            run_perm(p, states, n_states, r->threads);
            keep_best(&perm_w, &perm_c, w, c);
        }
        rounds++;
    } while (rounds < 2 || hs_now() - t0 < min_seconds);
    r->cpu_share = hs_bench_cpu_share(cpu_now() - c0, hs_now() - t0, r->threads);
    const double comps = r->log_leaves ? (double)(((size_t)1 << r->log_leaves) - 1) : 0;
    r->build_s = tree_w;
    r->hashes_per_s = comps / tree_w;
    r->perms_per_s = p ? (double)n_states / perm_w : 0;
    r->cpu_ratio = p && tree_c > 0 && perm_c > 0 ? (comps / tree_c) / ((double)n_states / perm_c) : 0;
}

/* The flag holds for one-thread rows: a multi-thread build of a small tree runs on fewer threads
 * than it was given (the tree splits its levels only when they are large), so its CPU share says
 * nothing about other processes there (the flag is absent). */
static int contention_known(const row *r) { return r->threads == 1; }
static int contended(const row *r) { return contention_known(r) && r->cpu_share < HS_BENCH_CONTENDED_SHARE; }

/* "0.105 ms", "556 ms", "8.97 s" */
static void human_s(char *buf, size_t n, double s) {
    if (s < 1) snprintf(buf, n, "%.3g ms", s * 1e3);
    else snprintf(buf, n, "%.3g s", s);
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
            hs_cli_progress_clear();
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
            hs_cli_progress_clear();
            fprintf(stderr, "bench: no memory for the reference states; stopping\n");
            hs_tree_release(t);
            ok = 0;
            break;
        }
        for (int ti = 0; ti < nt; ti++) {
            /* each row measures for about --seconds: the share done is the rows done */
            hs_cli_progress_show((double)n / (double)((cfg->log_hi - cfg->log_lo + 1) * (unsigned)nt),
                                 "%s tree of 2^%u leaves, %u thread%s", c->name, k, tc[ti], tc[ti] > 1 ? "s" : "");
            row *r = &rows[n++];
            r->log_leaves = k;
            r->threads = tc[ti];
            measure(r, t, perm, states, n_states, cfg->min_seconds);
        }
        free(states);
        hs_tree_release(t);
    }
    hs_cli_progress_clear();
    const char *pname = perm ? perm->name : "";
    if (cfg->fmt == 1) {
        fprintf(out, "hash,log_leaves,threads,compressions,build_s,hashes_per_s,perm,perms_per_s,ratio,cpu_ratio,cpu_share,"
                     "contended," HS_BENCH_META_CSV "\n");
        for (size_t i = 0; i < n; i++) {
            fprintf(out, "%s,%u,%u,%zu,%.6f,%.0f,%s,", c->name, rows[i].log_leaves, rows[i].threads,
                    ((size_t)1 << rows[i].log_leaves) - 1, rows[i].build_s, rows[i].hashes_per_s, pname);
            if (perm) /* no permutation underneath: its columns stay empty */
                fprintf(out, "%.0f,%.3f,%.3f", rows[i].perms_per_s, rows[i].hashes_per_s / rows[i].perms_per_s,
                        rows[i].cpu_ratio);
            else
                fprintf(out, ",,");
            fprintf(out, ",%.3f,%s,", rows[i].cpu_share,
                    !contention_known(&rows[i]) ? "" : contended(&rows[i]) ? "true" : "false");
            hs_bench_meta_csv(out);
            fputc('\n', out);
        }
    } else if (cfg->fmt == 2) {
        fprintf(out, "{");
        hs_bench_meta_json(out);
        fprintf(out, ",\n  \"avx2\": %s,\n  \"hash\": \"%s\",\n", hs_cpu_has_avx2() ? "true" : "false", c->name);
        if (perm) fprintf(out, "  \"perm\": \"%s\",\n", pname);
        fprintf(out, "  \"contended_below_cpu_share\": %.2f,\n  \"results\": [\n", HS_BENCH_CONTENDED_SHARE);
        for (size_t i = 0; i < n; i++) {
            fprintf(out,
                    "    {\"log_leaves\": %u, \"threads\": %u, \"compressions\": %zu, \"build_s\": %.6f, "
                    "\"hashes_per_s\": %.0f, ",
                    rows[i].log_leaves, rows[i].threads, ((size_t)1 << rows[i].log_leaves) - 1, rows[i].build_s,
                    rows[i].hashes_per_s);
            if (perm) fprintf(out, "\"perms_per_s\": %.0f, \"cpu_ratio\": %.3f, ", rows[i].perms_per_s, rows[i].cpu_ratio);
            fprintf(out, "\"cpu_share\": %.3f", rows[i].cpu_share);
            if (contention_known(&rows[i])) fprintf(out, ", \"contended\": %s", contended(&rows[i]) ? "true" : "false");
            fprintf(out, "}%s\n", i + 1 < n ? "," : "");
        }
        fprintf(out, "  ]\n}\n");
    } else {
        fprintf(out, "Binary Merkle tree build (%s) on %s (%s)\n\n", c->description, hs_cpu_model(),
                hs_cpu_has_avx2() ? "AVX2" : "portable code");
        fprintf(out,
                "| leaves | threads | compressions | build | hashes/s | %s batch perms/s | tree / batch | "
                "tree / batch, CPU time |\n",
                perm ? pname : "permutation");
        fprintf(out, "|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        int any = 0;
        for (size_t i = 0; i < n; i++) {
            char ratio[16] = "-", pr[16] = "-", cr[16] = "-", bt[32];
            if (rows[i].perms_per_s > 0) {
                snprintf(ratio, sizeof ratio, "%.2f", rows[i].hashes_per_s / rows[i].perms_per_s);
                snprintf(pr, sizeof pr, "%.3gM", rows[i].perms_per_s / 1e6);
                snprintf(cr, sizeof cr, "%.2f", rows[i].cpu_ratio);
            }
            human_s(bt, sizeof bt, rows[i].build_s);
            fprintf(out, "| 2^%u | %u | %zu | %s | %.3gM%s | %s | %s | %s |\n", rows[i].log_leaves, rows[i].threads,
                    ((size_t)1 << rows[i].log_leaves) - 1, bt, rows[i].hashes_per_s / 1e6,
                    contended(&rows[i]) ? " *" : "", pr, ratio, cr);
            any |= contended(&rows[i]);
        }
        if (any) hs_bench_contention_note(out);
        if (!perm) fprintf(out, "\n%s has no permutation underneath to compare with.\n", c->name);
    }
    return ok;
}
