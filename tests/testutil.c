#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"
#include "util/timer.h"

#include <string.h>
#include <time.h>

int hs_test_failures = 0;

void hs_test_init(hs_rng *rng, const char *name) {
    const char *e = getenv("HS_TEST_SEED");
    uint64_t seed = e && *e ? strtoull(e, NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    printf("%s: HS_TEST_SEED=%llu\n", name, (unsigned long long)seed);
    if (rng) hs_rng_seed(rng, seed);
}

int hs_test_sanitized(void) { return !hs_mem_keeps(); }

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void hs_bench_fresh_writer(hs_writer *w) {
    hs_w_free(w);
    memset(w, 0, sizeof *w);
}

int hs_bench_failed(const char *what, const char *why) {
    fprintf(stderr, "%s: %s\n", what, why ? why : "failed");
    return 0;
}

int hs_bench_reps(unsigned reps, int (*run)(void *ctx, unsigned k), void *ctx, double *ts) {
    return hs_bench_reps_cpu(reps, run, ctx, ts, NULL);
}

int hs_bench_reps_cpu(unsigned reps, int (*run)(void *ctx, unsigned k), void *ctx, double *ts, double *cpu) {
    for (unsigned k = 0; k < reps; k++) {
        const double t0 = hs_now(), c0 = cpu_seconds();
        if (!run(ctx, k)) return -1;
        ts[k] = hs_now() - t0;
        if (cpu) cpu[k] = cpu_seconds() - c0;
    }
    int best = 0;
    for (unsigned k = 0; k < reps; k++) {
        unsigned below = 0, equal = 0;
        for (unsigned j = 0; j < reps; j++) below += ts[j] < ts[k], equal += ts[j] == ts[k];
        if (below <= reps / 2 && reps / 2 < below + equal) best = (int)k;
    }
    return best;
}

unsigned long hs_test_iters(unsigned long dflt) {
    const char *e = getenv("HS_TEST_ITERS");
    return e && *e ? strtoul(e, NULL, 0) : dflt;
}

int hs_test_done(const char *name) {
    if (hs_test_failures) {
        printf("%s: %d check(s) FAILED\n", name, hs_test_failures);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}

hs_kb hs_test_rand_kb(hs_rng *rng) { return hs_kb_from_u32((uint32_t)hs_rng_below(rng, HS_KB_P)); }

hs_kb5 hs_test_rand_kb5(hs_rng *rng) {
    hs_kb5 r;
    for (int i = 0; i < 5; i++) r.c[i] = hs_test_rand_kb(rng);
    return r;
}

void hs_test_check_digest_modes(hs_rng *rng, const hs_test_digest_modes *m) {
    const hs_mt_field *f = m->field;
    uint32_t l[8], r[8], out[8], out2[8], s[32] = {0}; /* wider than any state */
    for (int i = 0; i < 8; i++) l[i] = (uint32_t)hs_rng_below(rng, f->p), r[i] = (uint32_t)hs_rng_below(rng, f->p);
    m->compress(m->ctx, out, l, r);
    memcpy(s, l, sizeof l);
    memcpy(s + 8, r, sizeof r);
    m->permute(m->ctx, s);
    CHECK(!memcmp(out, s, sizeof out));
    /* 19 inputs: chunks of 8, 8 and 3, each overwriting the first lanes */
    uint32_t msg[19], cmsg[19];
    for (int i = 0; i < 19; i++) msg[i] = (uint32_t)hs_rng_below(rng, f->p);
    memset(s, 0, sizeof s);
    for (int off = 0; off < 19; off += 8) {
        int n = 19 - off < 8 ? 19 - off : 8;
        memcpy(s, msg + off, (size_t)n * sizeof *s);
        m->permute(m->ctx, s);
    }
    m->sponge(m->ctx, out, msg, 19, 0);
    CHECK(!memcmp(out, s, sizeof out));
    for (int i = 0; i < 19; i++) cmsg[i] = hs_mt_redc(msg[i], f->p, f->mu);
    m->sponge(m->ctx, out, cmsg, 19, 1);
    for (int i = 0; i < 8; i++) CHECK_EQ_U64(out[i], hs_mt_redc(s[i], f->p, f->mu));
    m->sponge(m->ctx, out, msg, 0, 0);
    for (int i = 0; i < 8; i++) CHECK(out[i] == 0);
    m->sponge(m->ctx, out, msg, 18, 0);
    m->sponge(m->ctx, out2, msg, 19, 0);
    CHECK(memcmp(out, out2, sizeof out) != 0);
}

void hs_test_check_kat(const hs_test_monty31_perm *p, const uint32_t *in, const uint32_t *out, size_t idx) {
    const hs_mt_field *f = p->field;
    const unsigned w = p->width;
    uint32_t s[32];
    for (int k = 0; k < 5; k++) {
        if (k == 4 && !hs_cpu_has_avx512()) break;
        for (unsigned i = 0; i < w; i++) s[i] = k ? in[i] : hs_mt_mul(in[i], f->r2, f->p, f->mu);
        if (k == 0) {
            p->permute(p->ctx, s);
            for (unsigned i = 0; i < w; i++) s[i] = hs_mt_redc(s[i], f->p, f->mu);
        }
        if (k == 1) p->naive(p->ctx, s);
        if (k == 2) p->many_portable(p->ctx, s, 1, 1);
        if (k == 3) p->many_avx2(p->ctx, s, 1, 1);
        if (k == 4) p->many_avx512(p->ctx, s, 1, 1);
        for (unsigned i = 0; i < w; i++)
            if (s[i] != out[i]) {
                fprintf(stderr, "case %zu, entry point %d, lane %u: got %u want %u\n", idx, k, i, s[i], out[i]);
                hs_test_failures++;
                break;
            }
    }
}

void hs_test_check_batches(hs_rng *rng, const hs_test_monty31_perm *p) {
    const hs_mt_field *f = p->field;
    const unsigned w = p->width;
    static const size_t sizes[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 33, 1000, 2053};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes && !TOO_MANY_FAILURES(); si++) {
        const size_t n = sizes[si], words = n * w, bytes = (words + 1) * sizeof(uint32_t);
        uint32_t *in = malloc(bytes), *ref = malloc(bytes), *got = malloc(bytes);
        for (size_t i = 0; i < words; i++) in[i] = (uint32_t)hs_rng_below(rng, f->p);
        memcpy(ref, in, words * sizeof *ref);
        for (size_t j = 0; j < n; j++) p->naive(p->ctx, ref + j * w);
        /* portable, AVX2, 1, 2 threads (canonical); 3 threads (Montgomery); AVX-512 */
        for (int k = 0; k < 6; k++) {
            if (k == 5 && !hs_cpu_has_avx512()) break;
            memcpy(got, in, words * sizeof *got);
            if (k == 0) p->many_portable(p->ctx, got, n, 1);
            if (k == 1) p->many_avx2(p->ctx, got, n, 1);
            if (k == 5) p->many_avx512(p->ctx, got, n, 1);
            if (k == 2 || k == 3) p->many(p->ctx, got, n, 1, (unsigned)k - 1);
            if (k == 4) {
                for (size_t i = 0; i < words; i++) got[i] = hs_mt_mul(got[i], f->r2, f->p, f->mu);
                p->many(p->ctx, got, n, 0, 3);
                for (size_t i = 0; i < words; i++) got[i] = hs_mt_redc(got[i], f->p, f->mu);
            }
            if (memcmp(ref, got, words * sizeof *got)) {
                fprintf(stderr, "batch of %zu, kernel %d: differs from the naive reference\n", n, k);
                hs_test_failures++;
            }
        }
        free(in), free(ref), free(got);
    }
}

void hs_test_check_records(hs_rng *rng, const hs_test_monty31_perm *p) {
    const unsigned w = p->width, rw = p->rec_words;
    static const size_t sizes[] = {1, 8, 13, 16, 35, 1100};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        const size_t n = sizes[si], sb = n * w * sizeof(uint32_t), rb = n * rw * sizeof(uint32_t);
        uint32_t *in = malloc(sb), *a = malloc(sb), *b = malloc(sb), *c = malloc(sb);
        uint32_t *ra = malloc(rb), *rbuf = malloc(rb), *rc = malloc(rb);
        for (size_t i = 0; i < n * w; i++) in[i] = (uint32_t)hs_rng_below(rng, p->field->p);
        memcpy(a, in, sb), memcpy(b, in, sb), memcpy(c, in, sb);
        p->record_portable(p->ctx, a, n, ra);
        p->record_avx2(p->ctx, b, n, rbuf);
        p->record(p->ctx, c, n, rc, 2);
        CHECK(!memcmp(a, b, sb) && !memcmp(a, c, sb));
        CHECK(!memcmp(ra, rbuf, rb));
        CHECK(!memcmp(ra, rc, rb));
        if (hs_cpu_has_avx512()) {
            memcpy(b, in, sb);
            p->record_avx512(p->ctx, b, n, rbuf);
            CHECK(!memcmp(a, b, sb));
            CHECK(!memcmp(ra, rbuf, rb));
        }
        for (size_t k = 0; k < n; k++) {
            CHECK(!memcmp(ra + k * rw, in + k * w, w * sizeof *in));
            CHECK(!memcmp(ra + k * rw + rw - w, a + k * w, w * sizeof *a));
        }
        free(in), free(a), free(b), free(c), free(ra), free(rbuf), free(rc);
    }
}
