#include "bench/native.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31.h"
#include "hash/registry.h"
#include "util/rng.h"
#include "util/timer.h"

/* States per thread: 4096 x 64 B = 256 KiB for width 16, inside a 512 KiB L2. */
#define STATES_PER_THREAD 4096

static void *random_states(const hs_perm *p, size_t n) {
    size_t words = n * p->width;
    hs_rng rng;
    hs_rng_seed(&rng, 0x5eed);
    if (p->word_bits == 32) {
        uint32_t *s = malloc(words * sizeof *s);
        if (!s) return NULL;
        for (size_t i = 0; i < words; i++)
            s[i] = (uint32_t)(p->modulus ? hs_rng_below(&rng, p->modulus) : hs_rng_u64(&rng));
        return s;
    }
    uint64_t *s = malloc(words * sizeof *s);
    if (!s) return NULL;
    for (size_t i = 0; i < words; i++) s[i] = p->modulus ? hs_rng_below(&rng, p->modulus) : hs_rng_u64(&rng);
    return s;
}

/* Permuted outputs stay valid inputs, so the same buffer is permuted again and again. */
static void run_batch(const hs_perm *p, void *s, size_t n, unsigned threads) {
    if (p->word_bits == 32) p->many32(s, n, threads);
    else p->many64(s, n, threads);
}

static void run_scalar(const hs_perm *p, void *s, size_t n, unsigned threads) {
    const unsigned w = p->width;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++) {
        if (p->word_bits == 32) p->one32((uint32_t *)s + i * w);
        else p->one64((uint64_t *)s + i * w);
    }
}

/* Rounds of n permutations for at least min_seconds, n sized so a round takes about 1 ms (at
 * most STATES_PER_THREAD per thread); the fastest round gives the rate (the machines are shared:
 * the best round is the closest to what the code can do). */
static double measure(const hs_perm *p, int scalar, unsigned threads, double min_seconds, double *cpu_share) {
    const size_t cap = (size_t)STATES_PER_THREAD * threads;
    void *s = random_states(p, cap);
    if (!s) return 0;
    void (*run)(const hs_perm *, void *, size_t, unsigned) = scalar ? run_scalar : run_batch;
    size_t n = cap / 16; /* at least 256 per thread: amortizes waking the threads */
    double t;
    for (;;) { /* also warms up pages, caches and the thread pool; best of 3 against stalls */
        t = 1e30;
        for (int k = 0; k < 3; k++) {
            double u = hs_now();
            run(p, s, n, threads);
            u = hs_now() - u;
            if (u < t) t = u;
        }
        if (t >= 1e-3 || n >= cap) break;
        n = n * 2 > cap ? cap : n * 2;
    }
    double t0 = hs_now(), c0 = hs_bench_cpu_now(), best = t;
    do {
        t = hs_now();
        run(p, s, n, threads);
        t = hs_now() - t;
        if (t < best) best = t;
    } while (hs_now() - t0 < min_seconds);
    if (cpu_share) *cpu_share = hs_bench_cpu_share(hs_bench_cpu_now() - c0, hs_now() - t0, threads);
    free(s);
    return (double)n / best;
}

size_t hs_bench_native_perm(const hs_perm *perm, unsigned threads, double min_seconds, hs_native_row *rows) {
    size_t k = 0;
    unsigned tcounts[2] = {1, threads};
    for (int ti = 0; ti < (threads > 1 ? 2 : 1); ti++)
        for (int scalar = 0; scalar < 2; scalar++) {
            rows[k].perm = perm;
            rows[k].api = scalar ? "scalar" : "batch";
            rows[k].threads = tcounts[ti];
            rows[k].perms_per_s = measure(perm, scalar, tcounts[ti], min_seconds, &rows[k].cpu_share);
            k++;
        }
    return k;
}

typedef struct {
    const hs_p2_params *pp; /* one of the two is set */
    const hs_p1_params *p1;
    uint32_t s[HS_P1_MAX_WIDTH > HS_P2_MAX_WIDTH ? HS_P1_MAX_WIDTH : HS_P2_MAX_WIDTH];
} naive_arg;

static void naive_step(void *a) {
    naive_arg *n = a;
    if (n->p1)
        hs_p1_permute_naive(n->p1, n->s);
    else
        hs_p2_permute_naive(n->pp, n->s);
}

double hs_bench_native_naive(const hs_perm *perm, double min_seconds) {
    naive_arg a = {NULL, NULL, {0}};
    if (!strcmp(perm->name, "poseidon2-kb16")) a.pp = hs_p2_kb16();
    if (!strcmp(perm->name, "poseidon2-kb24")) a.pp = hs_p2_kb24();
    if (!strcmp(perm->name, "poseidon2-bb16")) a.pp = hs_p2_bb16();
    if (!strcmp(perm->name, "poseidon2-bb24")) a.pp = hs_p2_bb24();
    if (!strcmp(perm->name, "poseidon1-kb16")) a.p1 = hs_p1_kb16();
    if (!strcmp(perm->name, "poseidon1-kb24")) a.p1 = hs_p1_kb24();
    if (!a.pp && !a.p1) return 0;
    return 1e9 / hs_bench_time_loop(naive_step, &a, min_seconds);
}

/* ---- the hash table ---- */

double hs_bench_time_loop(void (*step)(void *), void *arg, double min_seconds) {
    size_t batch = 1;
    double t;
    do { /* size a batch to about 1 ms */
        batch *= 2;
        t = hs_now();
        for (size_t i = 0; i < batch; i++) step(arg);
        t = hs_now() - t;
    } while (t < 1e-3 && batch < ((size_t)1 << 30));
    double t0 = hs_now(), best = 1e30;
    do {
        t = hs_now();
        for (size_t i = 0; i < batch; i++) step(arg);
        t = hs_now() - t;
        if (t < best) best = t;
    } while (hs_now() - t0 < min_seconds);
    return best / (double)batch * 1e9;
}

typedef struct {
    const hs_hash_info *h;
    uint8_t b[2][32], msg_b[400];
    uint32_t e32[2][8], msg32[100];
    uint64_t e64[2][8], msg64[100];
} hash_args;

/* Each step feeds its digest back into the next input, so no call can be skipped. */
static void merge_step(void *p) {
    hash_args *a = p;
    switch (a->h->kind) {
    case HS_HASH_BYTES: a->h->merge_bytes(a->b[0], a->b[0], a->b[1]); break;
    case HS_HASH_ELEMS32: a->h->merge32(a->e32[0], a->e32[0], a->e32[1]); break;
    case HS_HASH_ELEMS64: a->h->merge64(a->e64[0], a->e64[0], a->e64[1]); break;
    }
}

typedef struct {
    const hs_hash_info *h;
    uint8_t *msg; /* 1 MiB; the digest goes back into its first bytes */
} mib_args;
static void mib_step(void *p) {
    mib_args *a = p;
    a->h->bytes(a->msg, a->msg, (size_t)1 << 20);
}

static void seq_step(void *p) {
    hash_args *a = p;
    switch (a->h->kind) {
    case HS_HASH_BYTES: a->h->bytes(a->msg_b, a->msg_b, sizeof a->msg_b); break;
    case HS_HASH_ELEMS32: a->h->elems32(a->msg32, a->msg32, 100); break;
    case HS_HASH_ELEMS64: a->h->elems64(a->msg64, a->msg64, 100); break;
    }
}

void hs_bench_native_hash(const hs_hash_info *h, unsigned threads, double min_seconds, hs_hash_row *row) {
    hash_args a;
    hs_rng rng;
    hs_rng_seed(&rng, 0x5eed);
    a.h = h;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 32; j++) a.b[i][j] = (uint8_t)hs_rng_u64(&rng);
    for (size_t j = 0; j < sizeof a.msg_b; j++) a.msg_b[j] = (uint8_t)hs_rng_u64(&rng);
    uint64_t mod = h->modulus ? h->modulus : UINT64_MAX;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 8; j++) a.e32[i][j] = (uint32_t)hs_rng_below(&rng, mod), a.e64[i][j] = hs_rng_below(&rng, mod);
    for (int j = 0; j < 100; j++) a.msg32[j] = (uint32_t)hs_rng_below(&rng, mod), a.msg64[j] = hs_rng_below(&rng, mod);
    row->hash = h;
    row->threads = threads;
    const double w0 = hs_now(), c0 = hs_bench_cpu_now(); /* the one-thread measurements' share */
    row->merge_ns = hs_bench_time_loop(merge_step, &a, min_seconds);
    row->seq_ns = hs_bench_time_loop(seq_step, &a, min_seconds);
    row->mib_ns = 0;
    if (h->kind == HS_HASH_BYTES) {
        mib_args m = {h, malloc((size_t)1 << 20)};
        if (m.msg) {
            for (size_t j = 0; j < ((size_t)1 << 20); j++) m.msg[j] = (uint8_t)hs_rng_u64(&rng);
            row->mib_ns = hs_bench_time_loop(mib_step, &m, min_seconds);
            free(m.msg);
        }
    }
    row->perms_1t = row->perms_nt = 0;
    const struct hs_perm *perm = h->perm ? hs_perm_lookup(h->perm) : NULL;
    if (perm) row->perms_1t = measure(perm, 0, 1, min_seconds, NULL);
    row->cpu_share_1t = hs_bench_cpu_share(hs_bench_cpu_now() - c0, hs_now() - w0, 1);
    row->cpu_share_nt = NAN;
    if (perm && threads > 1) row->perms_nt = measure(perm, 0, threads, min_seconds, &row->cpu_share_nt);
    else if (perm) row->perms_nt = row->perms_1t;
}
