#include "bench/smt_bench.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "hashsnark.h"
#include "app/progress.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* CPU seconds of the whole process (all threads): the work done, whatever else runs on a shared
 * machine (the OpenMP team's waiting included) */
static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static uint64_t below(uint64_t *s, uint64_t m) { /* rejection: uniform below m */
    uint64_t lim = UINT64_MAX - UINT64_MAX % m, x;
    do x = splitmix(s);
    while (x >= lim);
    return x % m;
}

typedef struct {
    const char *scenario, *storage;
    unsigned threads;
    double compute_s, apply_s, total_s, cpu_s;
    uint64_t root0;
} row;

static void rand_word(uint64_t *w, unsigned elems, uint64_t mod, uint64_t *s) {
    for (unsigned i = 0; i < elems; i++) w[i] = below(s, mod);
}
/* miden's values: [1, 1, 1, x] (the KoalaBear words: [1 x7, x]) */
static void value_word(uint64_t *w, unsigned elems, uint64_t x) {
    for (unsigned i = 0; i < elems; i++) w[i] = 1;
    w[elems - 1] = x;
}

/* The progress line: run k of n (a storage at a thread count), construction the most of each. */
static unsigned run_k, run_n;

static int fail(hs_status st, const char *what, const char *reason) {
    hs_cli_progress_clear();
    fprintf(stderr, "hashsnark bench: smt %s: %s (%s)\n", what, reason, hs_status_str(st));
    return 2;
}

/* one storage at one thread count: the three scenarios in sequence on one tree */
static int run(const hs_smt_bench_cfg *c, const uint64_t *base, const uint64_t *ins, const uint64_t *upd,
               unsigned elems, unsigned threads, int disk, row *rows) {
    char reason[HS_REASON_LEN], dir[4096] = "";
    hs_ctx *ctx;
    if (hs_ctx_new(&ctx, threads) != HS_OK) return fail(HS_ERR_NOMEM, "context", "");
    const char *storage = disk ? "disk" : "memory";
    if (disk) {
        snprintf(dir, sizeof dir, "%s/hashsnark-smt-bench-%ld-%u", c->dir, (long)getpid(), threads);
        char cmd[4200];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0) return fail(HS_ERR_IO, "clean", dir);
    }
    int rc = 0;
    hs_smt *t = NULL;
    hs_smt_mutations *m = NULL;
    size_t wl = 2 * (size_t)elems;
    hs_cli_progress_show((double)run_k / run_n, "smt %s: construction of %zu pairs, %s, %u thread%s", c->hash, c->size,
                         storage, threads, threads > 1 ? "s" : "");
    double t0 = now(), c0 = cpu_now();
    hs_status st = hs_smt_new(&t, ctx, c->hash, disk ? dir : NULL, 0, reason, sizeof reason);
    if (!st) st = hs_smt_build(t, base, c->size * wl, reason, sizeof reason);
    double t1 = now(), c1 = cpu_now();
    if (st) {
        rc = fail(st, "construction", reason);
        goto done;
    }
    uint64_t r[HS_SMT_MAX_WORD];
    if (hs_smt_root(t, r, elems)) goto done;
    rows[0] = (row){"construction", storage, threads, t1 - t0, 0, t1 - t0, c1 - c0, r[0]};
    const uint64_t *batches[2] = {ins, upd};
    static const char *const names[2] = {"batched insertion", "batched update"};
    for (int b = 0; b < 2; b++) {
        hs_cli_progress_show((run_k + 0.8 + 0.1 * b) / run_n, "smt %s: %s of %zu pairs, %s, %u thread%s", c->hash, names[b],
                             c->batch, storage, threads, threads > 1 ? "s" : "");
        double a = now(), ca = cpu_now();
        st = hs_smt_mutations_new(&m, t, batches[b], c->batch * wl, reason, sizeof reason);
        double bb = now();
        if (!st) st = hs_smt_apply(t, m, reason, sizeof reason);
        double cc = now(), cb = cpu_now();
        hs_smt_mutations_free(m);
        m = NULL;
        if (st) {
            rc = fail(st, names[b], reason);
            goto done;
        }
        if (hs_smt_root(t, r, elems)) goto done;
        rows[1 + b] = (row){names[b], storage, threads, bb - a, cc - bb, cc - a, cb - ca, r[0]};
    }
    /* 100 openings, verified */
    double a = now(), ca = cpu_now();
    for (int i = 0; i < 100 && !rc; i++) {
        uint8_t *op;
        size_t len;
        const uint64_t *key = base + wl * (size_t)(i * 7919 % (int)c->size);
        uint64_t v[HS_SMT_MAX_WORD];
        st = hs_smt_open_key(t, &op, &len, key, elems, reason, sizeof reason);
        if (!st) st = hs_smt_get(t, v, elems, key, elems, reason, sizeof reason);
        if (!st) {
            st = hs_smt_verify(c->hash, r, key, v, elems, op, len, reason, sizeof reason);
            hs_smt_opening_free(op);
        }
        if (st) rc = fail(st, "openings", reason);
    }
    double bb = now(), cb = cpu_now();
    rows[3] = (row){"100 openings (+ verify)", storage, threads, bb - a, 0, bb - a, cb - ca, r[0]};
done:
    hs_smt_free(t);
    hs_ctx_free(ctx);
    if (disk && c->keep && !rc) {
        hs_cli_progress_clear();
        fprintf(stderr, "smt %s: kept the tree in %s (hashsnark smt root --hash %s --db %s)\n", c->hash, dir, c->hash,
                dir);
    } else if (disk) {
        char cmd[4200];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0) fprintf(stderr, "hashsnark bench: could not remove %s\n", dir);
    }
    return rc;
}

/* The contention flag holds for one-thread rows in memory only: a disk row waits for the disk,
 * and the multi-thread rows have serial parts, so their CPU time says nothing about other
 * processes (their flag is absent). */
static int contention_known(const row *r) { return r->threads == 1 && !strcmp(r->storage, "memory"); }
static int contended(const row *r) { return hs_bench_cpu_share(r->cpu_s, r->total_s, 1) < HS_BENCH_CONTENDED_SHARE; }

static void fmt_time(char *b, size_t n, double s) {
    if (s >= 10) snprintf(b, n, "%.1f s", s);
    else if (s >= 1) snprintf(b, n, "%.2f s", s);
    else snprintf(b, n, "%.1f ms", s * 1e3);
}

int hs_smt_bench(const hs_smt_bench_cfg *c, FILE *out) {
    unsigned elems;
    uint64_t mod;
    if (hs_smt_hash_info(c->hash, &elems, &mod) != HS_OK) {
        fprintf(stderr, "hashsnark bench: --smt: unknown tree hash '%s' (rpo256, poseidon2-gl12, poseidon2-kb16)\n",
                c->hash);
        return 2;
    }
    if (c->disk && !hs_smt_disk_supported()) {
        fprintf(stderr, "hashsnark bench: --smt on disk: unsupported in this build (no LMDB); use --storage memory\n");
        return 2;
    }
    size_t wl = 2 * (size_t)elems;
    uint64_t *base = malloc(c->size * wl * sizeof *base), *ins = malloc(c->batch * wl * sizeof *ins),
             *upd = malloc(c->batch * wl * sizeof *upd);
    size_t *pick = malloc(c->size * sizeof *pick);
    if (!base || !ins || !upd || !pick) {
        free(base), free(ins), free(upd), free(pick);
        fprintf(stderr, "hashsnark bench: out of memory for %zu pairs\n", c->size);
        return 2;
    }
    /* miden's generators: random keys, values [1, 1, 1, i]; insertion values [1, 1, 1, size + i];
     * update: batch keys drawn without replacement from the initial pairs, each removed with
     * probability 0.2, else given [1, 1, 1, random] */
    uint64_t s = c->seed;
    for (size_t i = 0; i < c->size; i++) {
        rand_word(base + wl * i, elems, mod, &s);
        value_word(base + wl * i + elems, elems, i % mod);
    }
    for (size_t i = 0; i < c->batch; i++) {
        rand_word(ins + wl * i, elems, mod, &s);
        value_word(ins + wl * i + elems, elems, (c->size + i) % mod);
    }
    for (size_t i = 0; i < c->size; i++) pick[i] = i;
    for (size_t i = 0; i < c->batch; i++) { /* partial Fisher-Yates */
        size_t j = i + (size_t)below(&s, c->size - i), x = pick[i];
        pick[i] = pick[j], pick[j] = x;
        memcpy(upd + wl * i, base + wl * pick[i], elems * sizeof *upd);
        if (below(&s, 5) == 0) memset(upd + wl * i + elems, 0, elems * sizeof *upd);
        else value_word(upd + wl * i + elems, elems, below(&s, mod));
    }
    free(pick);
    row rows[4 * 4];
    size_t nr = 0;
    int rc = 0;
    run_k = run_n = 0;
    for (int pass = 0; pass < 2; pass++) /* pass 0 counts the runs */
        for (int disk = 0; disk < 2 && !rc; disk++) {
            if (!(disk ? c->disk : c->memory)) continue;
            for (int k = 0; k < 2 && !rc; k++) {
                if (!c->threads[k] || (k == 1 && c->threads[1] == c->threads[0])) continue;
                if (!pass) {
                    run_n++;
                    continue;
                }
                rc = run(c, base, ins, upd, elems, c->threads[k], disk, rows + nr);
                run_k++;
                if (!rc) nr += 4;
            }
        }
    hs_cli_progress_clear();
    free(base), free(ins), free(upd);
    if (rc) return rc;
    if (c->format == 1) {
        fprintf(out, "hash,scenario,storage,threads,size,batch,compute_s,apply_s,total_s,cpu_s,root0,contended,"
                     HS_BENCH_META_CSV "\n");
        for (size_t i = 0; i < nr; i++) {
            fprintf(out, "%s,%s,%s,%u,%zu,%zu,%.6f,%.6f,%.6f,%.6f,%llu,%s,", c->hash, rows[i].scenario, rows[i].storage,
                    rows[i].threads, c->size, c->batch, rows[i].compute_s, rows[i].apply_s, rows[i].total_s,
                    rows[i].cpu_s, (unsigned long long)rows[i].root0,
                    contention_known(&rows[i]) ? (contended(&rows[i]) ? "true" : "false") : "");
            hs_bench_meta_csv(out);
            fputc('\n', out);
        }
        return 0;
    }
    if (c->format == 2) {
        fprintf(out, "{");
        hs_bench_meta_json(out);
        fprintf(out, ",\n  \"hash\": \"%s\",\n  \"size\": %zu,\n  \"batch\": %zu,\n  \"contended_below_cpu_share\": "
                     "%.2f,\n  \"results\": [\n",
                c->hash, c->size, c->batch, HS_BENCH_CONTENDED_SHARE);
        for (size_t i = 0; i < nr; i++) {
            const int batch = !strncmp(rows[i].scenario, "batched", 7);
            fprintf(out, "    {\"scenario\": \"%s\", \"storage\": \"%s\", \"threads\": %u, ", rows[i].scenario,
                    rows[i].storage, rows[i].threads);
            if (batch) fprintf(out, "\"compute_s\": %.6f, \"apply_s\": %.6f, ", rows[i].compute_s, rows[i].apply_s);
            fprintf(out, "\"total_s\": %.6f, \"cpu_s\": %.6f, \"root0\": \"%llu\"", rows[i].total_s, rows[i].cpu_s,
                    (unsigned long long)rows[i].root0);
            if (contention_known(&rows[i]))
                fprintf(out, ", \"contended\": %s", contended(&rows[i]) ? "true" : "false");
            fprintf(out, "}%s\n", i + 1 < nr ? "," : "");
        }
        fprintf(out, "  ]\n}\n");
        return 0;
    }
    fprintf(out, "SMT %s: %zu pairs, batches of %zu (miden-crypto's scenarios; batch = compute + apply)\n\n", c->hash,
            c->size, c->batch);
    fprintf(out, "| scenario | storage | threads | compute | apply | total | CPU time | root[0] |\n");
    fprintf(out, "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n");
    int any = 0;
    for (size_t i = 0; i < nr; i++) {
        char a[32], b[32], t[32], u[32];
        fmt_time(a, sizeof a, rows[i].compute_s);
        fmt_time(b, sizeof b, rows[i].apply_s);
        fmt_time(t, sizeof t, rows[i].total_s);
        fmt_time(u, sizeof u, rows[i].cpu_s);
        int batch = !strncmp(rows[i].scenario, "batched", 7);
        const int mark = contention_known(&rows[i]) && contended(&rows[i]);
        fprintf(out, "| %s | %s | %u | %s | %s | %s%s | %s | %llu |\n", rows[i].scenario, rows[i].storage,
                rows[i].threads, batch ? a : "", batch ? b : "", t, mark ? " *" : "", u, (unsigned long long)rows[i].root0);
        any |= mark;
    }
    if (any) hs_bench_contention_note(out);
    fprintf(out, "\nCPU time: all threads of the process (a shared machine's wall time includes waiting).\n");
    return 0;
}
