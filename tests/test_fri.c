/* FRI PCS (src/fri): the kernels against naive sums and each other, barycentric evaluation and
 * folding against their definitions, the DEEP quotient (LDE shortcut vs all rows), honest
 * commit/open/verify over many shapes (all extension degrees, blowups, arities, hashes, 1-2
 * matrices, 1-2 points), thread-independent proof bytes, and rejection of non-low-degree data,
 * wrong values, every flipped byte of a small proof, truncations and mismatched shapes. */
#include <stdlib.h>
#include <string.h>

#include "fri/fri_internal.h"
#include "fri/pcs.h"
#include "testutil.h"
#include "util/cpu.h"
#include "util/mem.h"

static hs_ntt_plan plan;

static hs_kb rand_kb(hs_rng *r) {
    uint64_t k = hs_rng_below(r, 32);
    if (k == 0) return hs_kb_from_u32(0);
    if (k == 1) return hs_kb_from_u32(HS_KB_P - 1);
    return hs_kb_from_u32((uint32_t)hs_rng_below(r, HS_KB_P));
}
static hs_kbe rand_kbe(hs_rng *r, unsigned d) {
    hs_kbe x = hs_kbe_zero();
    for (unsigned j = 0; j < d; j++) x.c[j] = rand_kb(r);
    return x;
}
static hs_kb *rand_mat(hs_rng *r, size_t n) {
    hs_kb *m = hs_alloc_array(n ? n : 1, sizeof(hs_kb));
    for (size_t i = 0; i < n; i++) m[i] = rand_kb(r);
    return m;
}
static const unsigned degs[3] = {4, 5, 8};

/* ---- kernels ---- */

/* The kernel sets this CPU, build and HS_SIMD allow: portable first, then AVX2, AVX-512. */
static int kernel_sets(const hs_fri_kernels **ks) {
    int nk = 0;
    ks[nk++] = &hs_fri_kernels_portable;
    if (hs_cpu_has_avx2()) ks[nk++] = &hs_fri_kernels_avx2;
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) ks[nk++] = &hs_fri_kernels_avx512;
#endif
    return nk;
}

static void test_kernels(hs_rng *r) {
    const hs_fri_kernels *ks[3];
    int nk = kernel_sets(ks);
    if (nk == 1) printf("test_fri: no AVX2, comparing the portable kernels with naive sums only\n");
    if (nk < 3) printf("test_fri: no AVX-512 (CPU, build or HS_SIMD), its kernels not compared\n");
    for (int it = 0; it < 60 && !TOO_MANY_FAILURES(); it++) {
        size_t w = 1 + hs_rng_below(r, 90), nr = 1 + hs_rng_below(r, 23);
        if (it == 0) w = 1, nr = 1;
        if (it == 1) {
            /* extreme values everywhere: the lazy sums at their largest */
            w = 64, nr = 21;
        }
        size_t c0 = hs_rng_below(r, w), nc = 1 + hs_rng_below(r, w - c0 < 64 ? w - c0 : 64);
        unsigned nw = 1 + (unsigned)hs_rng_below(r, 16);
        hs_kb *mat = rand_mat(r, nr * w), *wt = rand_mat(r, nw * nr);
        if (it == 1)
            for (size_t i = 0; i < nr * w; i++) mat[i] = HS_KB_P - 1, wt[i % (nw * nr)] = HS_KB_P - 1;
        const hs_kb *wp[16];
        for (unsigned k = 0; k < nw; k++) wp[k] = wt + k * nr;
        hs_kb want[16 * 64], got[16 * 64];
        for (unsigned k = 0; k < nw; k++)
            for (size_t c = 0; c < nc; c++) {
                hs_kb s = 0;
                for (size_t i = 0; i < nr; i++) s = hs_kb_add(s, hs_kb_mul(wp[k][i], mat[i * w + c0 + c]));
                want[k * nc + c] = s;
            }
        for (int ki = 0; ki < nk; ki++) {
            ks[ki]->colmac(mat, w, c0, nc, nr, wp, nw, got);
            if (memcmp(got, want, nw * nc * sizeof(hs_kb))) {
                fprintf(stderr, "colmac %s: w=%zu c0=%zu nc=%zu nr=%zu nw=%u\n", ks[ki]->name, w, c0, nc, nr, nw);
                hs_test_failures++;
            }
        }
        /* row kernel: rows of length w against nw vectors */
        hs_kb *av = rand_mat(r, nw * w);
        if (it == 1)
            for (size_t i = 0; i < nw * w; i++) av[i] = HS_KB_P - 1;
        const hs_kb *ap[16];
        for (unsigned k = 0; k < nw; k++) ap[k] = av + k * w;
        for (unsigned k = 0; k < nw; k++) {
            hs_kb s = 0;
            for (size_t c = 0; c < w; c++) s = hs_kb_add(s, hs_kb_mul(ap[k][c], mat[c]));
            want[k] = s;
        }
        for (int ki = 0; ki < nk; ki++) {
            ks[ki]->rowdot(mat, w, ap, nw, got);
            if (memcmp(got, want, nw * sizeof(hs_kb))) {
                fprintf(stderr, "rowdot %s: w=%zu nw=%u\n", ks[ki]->name, w, nw);
                hs_test_failures++;
            }
        }
        hs_free(mat);
        hs_free(wt);
        hs_free(av);
    }
    /* a long row: lazy sums over many chunks */
    size_t w = 5000;
    hs_kb *row = rand_mat(r, w), *a = rand_mat(r, w);
    for (size_t c = 0; c < w; c += 2) row[c] = a[c] = HS_KB_P - 1;
    const hs_kb *ap[1] = {a};
    hs_kb want = 0, got;
    for (size_t c = 0; c < w; c++) want = hs_kb_add(want, hs_kb_mul(a[c], row[c]));
    for (int ki = 0; ki < nk; ki++) {
        ks[ki]->rowdot(row, w, ap, 1, &got);
        CHECK(got == want);
    }
    hs_free(row);
    hs_free(a);
}

/* ---- barycentric evaluation vs interpolate-and-evaluate ---- */

static hs_kbe horner_base(unsigned d, const hs_kb *coef, size_t h, size_t w, size_t c, hs_kbe z) {
    hs_kbe acc = hs_kbe_zero();
    for (size_t j = h; j-- > 0;) acc = hs_kbe_add_base(hs_kbe_mul(d, acc, z), coef[j * w + c]);
    return acc;
}

static void test_bary(hs_rng *r) {
    const hs_fri_kernels *ks[3];
    int nk = kernel_sets(ks);
    const hs_kb g = hs_kb_from_u32(HS_KB_GENERATOR);
    for (int it = 0; it < 40 && !TOO_MANY_FAILURES(); it++) {
        unsigned d = degs[it % 3], log_h = (unsigned)hs_rng_below(r, 9), np = 1 + (unsigned)hs_rng_below(r, 2);
        size_t w = 1 + hs_rng_below(r, 40);
        if (it == 5) w = 150; /* several column stripes */
        size_t h = (size_t)1 << log_h;
        hs_kb *coef = rand_mat(r, h * w), *ev = hs_alloc_array(h * w, sizeof(hs_kb));
        memcpy(ev, coef, h * w * sizeof(hs_kb));
        CHECK(hs_ntt_coset_dif(&plan, ev, log_h, w, g, 1)); /* row i = p(g w_h^bitrev(i)) */
        hs_kbe z[2] = {rand_kbe(r, d), rand_kbe(r, d)};
        if (it == 7) z[0] = hs_kbe_from_base(hs_kb_from_u32(5)); /* a base-field point off g*H */
        hs_kbe *out = malloc(2 * w * sizeof *out), *want = malloc(2 * w * sizeof *want);
        for (unsigned p = 0; p < np; p++)
            for (size_t c = 0; c < w; c++) want[p * w + c] = horner_base(d, coef, h, w, c, z[p]);
        for (int ki = 0; ki < nk; ki++)
            for (unsigned th = 1; th <= 2; th++) {
                CHECK(hs_fri_bary_eval(ks[ki], d, ev, log_h, w, z, np, out, th));
                for (unsigned p = 0; p < np; p++)
                    for (size_t c = 0; c < w; c++)
                        if (!hs_kbe_eq(out[p * w + c], want[p * w + c])) {
                            fprintf(stderr, "bary %s d=%u log_h=%u w=%zu point %u col %zu\n", ks[ki]->name, d, log_h,
                                    w, p, c);
                            hs_test_failures++;
                            p = np;
                            break;
                        }
            }
        free(out);
        free(want);
        hs_free(coef);
        hs_free(ev);
    }
}

/* ---- folding vs sum_i beta^i f_i(y) ---- */

static hs_kbe horner_ext(const hs_kbe *coef, size_t n, size_t stride, hs_kb x) {
    hs_kbe acc = hs_kbe_zero();
    for (size_t j = n; j-- > 0;) acc = hs_kbe_add(hs_kbe_mul_base(acc, x), coef[j * stride]);
    return acc;
}

static void test_fold(hs_rng *r) {
    const hs_kb g = hs_kb_from_u32(HS_KB_GENERATOR);
    for (int it = 0; it < 36 && !TOO_MANY_FAILURES(); it++) {
        unsigned d = degs[it % 3], a = 1 + (unsigned)(it / 3) % 4, log_n = a + (unsigned)hs_rng_below(r, 5);
        size_t n = (size_t)1 << log_n, arity = (size_t)1 << a, m = n >> a;
        hs_kb shift = hs_kb_exp(g, (uint64_t)1 << hs_rng_below(r, 4));
        hs_kbe beta = rand_kbe(r, d);
        hs_kbe *coef = malloc(n * sizeof *coef);
        for (size_t i = 0; i < n; i++) coef[i] = rand_kbe(r, d);
        hs_kb *in = hs_alloc_array(n, d * sizeof(hs_kb)), *out1 = hs_alloc_array(m, d * sizeof(hs_kb)),
              *out2 = hs_alloc_array(m, d * sizeof(hs_kb));
        hs_kb wn = hs_kb_two_adic_root(log_n), wm = hs_kb_two_adic_root(log_n - a);
        for (size_t i = 0; i < n; i++) {
            hs_kbe v = horner_ext(coef, n, 1, hs_fri_brdom_point(shift, wn, log_n, i));
            memcpy(in + i * d, v.c, d * sizeof(hs_kb));
        }
        hs_fri_fold_layer(d, in, out1, log_n, a, shift, beta, 1);
        hs_fri_fold_layer(d, in, out2, log_n, a, shift, beta, 2);
        CHECK(memcmp(out1, out2, m * d * sizeof(hs_kb)) == 0);
        hs_kb shift2 = shift;
        for (unsigned k = 0; k < a; k++) shift2 = hs_kb_square(shift2);
        for (size_t j = 0; j < m && !TOO_MANY_FAILURES(); j++) {
            hs_kb y = hs_fri_brdom_point(shift2, wm, log_n - a, j);
            hs_kbe want = hs_kbe_zero(), bp = hs_kbe_one();
            for (size_t i = 0; i < arity; i++) {
                want = hs_kbe_add(want, hs_kbe_mul(d, bp, horner_ext(coef + i, m, arity, y)));
                bp = hs_kbe_mul(d, bp, beta);
            }
            hs_kbe got = hs_kbe_zero();
            memcpy(got.c, out1 + j * d, d * sizeof(hs_kb));
            if (!hs_kbe_eq(got, want)) {
                fprintf(stderr, "fold d=%u a=%u log_n=%u coset %zu\n", d, a, log_n, j);
                hs_test_failures++;
            }
            /* the verifier's way: one coset with 1/x from the point formula */
            hs_kb xinv = hs_fri_brdom_point(hs_kb_inv(shift), hs_kb_inv(wn), log_n - a, j);
            CHECK(hs_kbe_eq(hs_fri_fold_coset(d, in + j * arity * d, a, xinv, beta), want));
        }
        free(coef);
        hs_free(in);
        hs_free(out1);
        hs_free(out2);
    }
}

/* ---- protocol harness ---- */

typedef struct {
    hs_fri_params p;
    unsigned log_h;
    size_t n_mats;
    size_t w[2];
    unsigned np[2];
    int next_row; /* second point = z * w_h (as a STARK's next-row opening) */
} pcase;

typedef struct {
    hs_kb *evals[2];
    hs_pcs_matrix *mats[2];
    hs_digest *caps[2];
    hs_kbe *values[2];
    uint8_t *bytes;
    size_t len;
    size_t size_reported;
    int cosets; /* commit with hs_pcs_commit_cosets_owned (one block of the LDE at a time) */
} pres;

static size_t cap_len(const pcase *c) {
    unsigned ln = c->log_h + c->p.log_blowup;
    return (size_t)1 << (c->p.cap_height < ln ? c->p.cap_height : ln);
}

/* Transcript up to the open: tag, caps, points (the caller's protocol). */
static void start_transcript(hs_transcript *t, const pcase *c, hs_pcs_claim *cl, hs_digest *const *caps) {
    const unsigned d = c->p.ext_degree;
    hs_transcript_init(t, "hashsnark test_fri");
    for (size_t m = 0; m < c->n_mats; m++) hs_transcript_absorb_digests(t, caps[m], cap_len(c));
    hs_kbe z = hs_pcs_sample(t, d), z2 = hs_pcs_sample(t, d);
    if (c->next_row) z2 = hs_kbe_mul_base(z, hs_kb_two_adic_root(c->log_h));
    for (size_t m = 0; m < c->n_mats; m++) {
        memset(&cl[m], 0, sizeof cl[m]);
        cl[m].log_h = c->log_h;
        cl[m].width = c->w[m];
        cl[m].cap = caps[m];
        cl[m].n_points = c->np[m];
        cl[m].points[0] = z;
        cl[m].points[1] = z2;
    }
}

static void pres_free(pres *s) {
    for (int m = 0; m < 2; m++) {
        hs_free(s->evals[m]);
        hs_pcs_matrix_free(s->mats[m]);
        free(s->caps[m]);
        free(s->values[m]);
    }
    free(s->bytes);
    memset(s, 0, sizeof *s);
}

/* Random matrices (or the given ones), commit, open, serialize. tamper: replace every LDE row
 * outside g*H with random data and recommit, with the direct DEEP quotient (1) or the normal one (2). */
static int prove(hs_rng *r, const pcase *c, pres *s, unsigned threads, int tamper) {
    const size_t h = (size_t)1 << c->log_h;
    for (size_t m = 0; m < c->n_mats; m++) {
        if (!s->evals[m]) s->evals[m] = rand_mat(r, h * c->w[m]);
        if (s->cosets) {
            hs_kb *buf = hs_alloc_array(h, c->w[m] * sizeof(hs_kb));
            if (!buf) return 0;
            memcpy(buf, s->evals[m], h * c->w[m] * sizeof(hs_kb));
            /* a side copy of none, some or all of the columns (hs_pcs_commit_cosets_owned) */
            const size_t spare = ((size_t)4 << c->log_h) * (size_t)hs_rng_below(r, c->w[m] + 2);
            if (!hs_pcs_commit_cosets_owned(&s->mats[m], &c->p, &plan, buf, c->log_h, c->w[m], 1, spare, threads))
                return 0;
        } else if (!hs_pcs_commit(&s->mats[m], &c->p, &plan, s->evals[m], c->log_h, c->w[m], 1, threads))
            return 0;
        if (tamper) {
            size_t n = h << c->p.log_blowup;
            hs_kb *l = hs_pcs_test_lde_mut(s->mats[m]);
            for (size_t i = h * c->w[m]; i < n * c->w[m]; i++) l[i] = rand_kb(r);
            if (!hs_pcs_test_recommit(s->mats[m], tamper == 1, threads)) return 0;
        }
        if (hs_pcs_cap_len(s->mats[m]) != cap_len(c)) return 0;
        s->caps[m] = malloc(cap_len(c) * sizeof(hs_digest));
        memcpy(s->caps[m], hs_pcs_cap(s->mats[m]), cap_len(c) * sizeof(hs_digest));
        s->values[m] = calloc(2 * c->w[m], sizeof(hs_kbe));
    }
    hs_transcript t;
    hs_pcs_claim cl[2];
    start_transcript(&t, c, cl, s->caps);
    for (size_t m = 0; m < c->n_mats; m++) cl[m].values = s->values[m];
    hs_pcs_proof *pr = NULL;
    if (!hs_pcs_open(&c->p, &plan, &t, s->mats, cl, c->n_mats, &pr, threads)) return 0;
    hs_writer w = {0};
    hs_pcs_proof_write(&w, &c->p, pr);
    s->size_reported = hs_pcs_proof_size(&c->p, pr);
    /* the in-memory proof verifies too */
    hs_transcript tv;
    hs_pcs_claim cv[2];
    start_transcript(&tv, c, cv, s->caps);
    for (size_t m = 0; m < c->n_mats; m++) cv[m].values = s->values[m];
    const char *why = NULL;
    int okmem = hs_pcs_verify(&c->p, &tv, cv, c->n_mats, pr, &why);
    if (!tamper && !okmem) fprintf(stderr, "in-memory proof rejected: %s\n", why);
    hs_pcs_proof_free(pr);
    if (w.err) return 0;
    s->bytes = w.data;
    s->len = w.len;
    return tamper ? 1 : okmem;
}

/* Parse and verify bytes against the caps and the (maybe altered) values. 1 = accepted. */
static int verify_bytes(const pcase *c, const pres *s, const uint8_t *bytes, size_t len, hs_kbe *const *values,
                        const char **why) {
    hs_transcript t;
    hs_pcs_claim cl[2];
    start_transcript(&t, c, cl, s->caps);
    for (size_t m = 0; m < c->n_mats; m++) cl[m].values = values[m];
    hs_reader rd;
    hs_r_init(&rd, bytes, len);
    hs_pcs_proof *pr = hs_pcs_proof_read(&rd, &c->p, cl, c->n_mats);
    if (!pr) {
        *why = rd.err ? rd.err : "(no reason)";
        if (!rd.err) hs_test_failures++, fprintf(stderr, "reader failed without a reason\n");
        return 0;
    }
    if (hs_r_left(&rd) != 0) {
        hs_pcs_proof_free(pr);
        *why = "trailing bytes";
        return 0;
    }
    int ok = hs_pcs_verify(&c->p, &t, cl, c->n_mats, pr, why);
    if (!ok && !*why) hs_test_failures++, fprintf(stderr, "verify failed without a reason\n");
    hs_pcs_proof_free(pr);
    return ok;
}

static void random_case(hs_rng *r, pcase *c, int it) {
    memset(c, 0, sizeof *c);
    c->p.ext_degree = degs[it % 3];
    c->log_h = 3 + (unsigned)hs_rng_below(r, 6);
    c->p.log_blowup = 1 + (unsigned)hs_rng_below(r, 3);
    c->p.log_arity = 1 + (unsigned)(it / 3) % 4;
    c->p.log_final_len = (unsigned)hs_rng_below(r, (c->log_h < 3 ? c->log_h : 3) + 1);
    c->p.num_queries = 1 + (unsigned)hs_rng_below(r, 12);
    c->p.commit_pow_bits = hs_rng_below(r, 4) == 0 ? 1 + (unsigned)hs_rng_below(r, 3) : 0;
    c->p.query_pow_bits = hs_rng_below(r, 3) == 0 ? 1 + (unsigned)hs_rng_below(r, 4) : 0;
    c->p.hash = (hs_merkle_hash)(it % 3 == 1 ? HS_MERKLE_POSEIDON2 : (it / 3) % 2 ? HS_MERKLE_KECCAK : HS_MERKLE_BLAKE3);
    c->p.cap_height = (unsigned)hs_rng_below(r, 4);
    c->n_mats = 1 + (size_t)hs_rng_below(r, 2);
    for (size_t m = 0; m < 2; m++) {
        c->w[m] = 1 + (size_t)hs_rng_below(r, 40);
        c->np[m] = 1 + (unsigned)hs_rng_below(r, 2);
    }
    c->next_row = (int)hs_rng_below(r, 2);
}

static void describe(const pcase *c) {
    fprintf(stderr, "  case: d=%u log_h=%u blowup=%u arity=%u final=%u q=%u pow=%u/%u hash=%d cap=%u mats=%zu w=%zu,%zu np=%u,%u\n",
            c->p.ext_degree, c->log_h, c->p.log_blowup, c->p.log_arity, c->p.log_final_len, c->p.num_queries,
            c->p.commit_pow_bits, c->p.query_pow_bits, (int)c->p.hash, c->p.cap_height, c->n_mats, c->w[0], c->w[1],
            c->np[0], c->np[1]);
}

static void test_honest(hs_rng *r) {
    unsigned long iters = hs_test_iters(48);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        pcase c;
        random_case(r, &c, (int)it);
        if (it < 4) { /* the four (matrices, points) shapes, explicitly */
            c.n_mats = 1 + it / 2;
            c.np[0] = c.np[1] = 1 + it % 2;
        }
        pres s1 = {0}, s2 = {0};
        if (!prove(r, &c, &s1, 1, 0)) {
            fprintf(stderr, "honest proof failed\n");
            describe(&c);
            hs_test_failures++;
            pres_free(&s1);
            continue;
        }
        CHECK_EQ_U64(s1.size_reported, s1.len);
        const char *why = NULL;
        if (!verify_bytes(&c, &s1, s1.bytes, s1.len, s1.values, &why)) {
            fprintf(stderr, "honest proof rejected: %s\n", why);
            describe(&c);
            hs_test_failures++;
        }
        /* the same matrices with 2 threads: identical bytes and values */
        for (size_t m = 0; m < c.n_mats; m++) {
            s2.evals[m] = hs_alloc_array((size_t)c.w[m] << c.log_h, sizeof(hs_kb));
            memcpy(s2.evals[m], s1.evals[m], (c.w[m] << c.log_h) * sizeof(hs_kb));
        }
        if (!prove(r, &c, &s2, 2, 0) || s2.len != s1.len || memcmp(s1.bytes, s2.bytes, s1.len)) {
            fprintf(stderr, "proof differs with 2 threads\n");
            describe(&c);
            hs_test_failures++;
        }
        /* committed one coset at a time (1 or 2 threads): identical bytes */
        {
            pres s3 = {0};
            s3.cosets = 1;
            for (size_t m = 0; m < c.n_mats; m++) {
                s3.evals[m] = hs_alloc_array((size_t)c.w[m] << c.log_h, sizeof(hs_kb));
                memcpy(s3.evals[m], s1.evals[m], (c.w[m] << c.log_h) * sizeof(hs_kb));
            }
            if (!prove(r, &c, &s3, 1 + (unsigned)(it % 2), 0) || s3.len != s1.len || memcmp(s1.bytes, s3.bytes, s1.len)) {
                fprintf(stderr, "proof differs when committed coset by coset\n");
                describe(&c);
                hs_test_failures++;
            }
            pres_free(&s3);
        }
        /* a wrong claimed value: one coordinate of one value */
        {
            size_t m = hs_rng_below(r, c.n_mats), k = hs_rng_below(r, c.np[m] * c.w[m]);
            hs_kbe *vals[2] = {s1.values[0], s1.values[1]};
            hs_kbe *alt = malloc(2 * c.w[m] * sizeof *alt);
            memcpy(alt, s1.values[m], 2 * c.w[m] * sizeof *alt);
            unsigned j = (unsigned)hs_rng_below(r, c.p.ext_degree);
            alt[k].c[j] = hs_kb_add(alt[k].c[j], HS_KB_ONE);
            vals[m] = alt;
            if (verify_bytes(&c, &s1, s1.bytes, s1.len, vals, &why)) {
                fprintf(stderr, "wrong value accepted\n");
                describe(&c);
                hs_test_failures++;
            }
            free(alt);
        }
        pres_free(&s1);
        pres_free(&s2);
    }
}

/* Data that is not low-degree: rejected by the DEEP check (normal prover) or by the FRI rounds
 * (the direct DEEP quotient passes the damage on to them). */
static void test_not_low_degree(hs_rng *r) {
    for (int it = 0; it < 12 && !TOO_MANY_FAILURES(); it++) {
        pcase c;
        random_case(r, &c, it);
        c.p.num_queries = 40; /* each query passes with probability <= 1/2 */
        c.p.log_blowup = 1;
        pres s = {0};
        if (!prove(r, &c, &s, 1, 1 + it % 2)) {
            fprintf(stderr, "tampered proof failed to build\n");
            hs_test_failures++;
        } else {
            const char *why = NULL;
            if (verify_bytes(&c, &s, s.bytes, s.len, s.values, &why)) {
                fprintf(stderr, "not-low-degree matrix accepted\n");
                describe(&c);
                hs_test_failures++;
            } else if (it < 2) {
                printf("test_fri: not low-degree rejected: %s\n", why);
            }
            /* a FRI-round reason, not a Merkle or transcript one */
            CHECK(why && (strstr(why, "fold") || strstr(why, "final") || strstr(why, "deep")));
        }
        pres_free(&s);
    }
}

static void test_tamper_bytes(hs_rng *r) {
    for (int it = 0; it < 4 && !TOO_MANY_FAILURES(); it++) {
        pcase c;
        memset(&c, 0, sizeof c);
        c.p.ext_degree = degs[it % 3];
        c.log_h = 3;
        c.p.log_blowup = 1;
        c.p.log_arity = 1 + (unsigned)it;
        c.p.log_final_len = 1;
        c.p.num_queries = 3;
        /* 12 bits of grinding, not 2: a flipped nonce bit is another nonce, and with 2 bits one in
         * four passes, which on these tiny domains (a handful of query positions) can re-derive the
         * same queries: a second valid proof, not a forgery, but this loop must see none */
        c.p.commit_pow_bits = it == 1 ? 12 : 0;
        c.p.query_pow_bits = it == 2 ? 12 : 0;
        c.p.hash = it == 0 ? HS_MERKLE_POSEIDON2 : HS_MERKLE_BLAKE3;
        c.p.cap_height = (unsigned)it;
        c.n_mats = 1 + (size_t)(it == 2);
        c.w[0] = 2, c.w[1] = 3;
        c.np[0] = 1 + (unsigned)(it == 1), c.np[1] = 2;
        if (it == 3) { /* a larger proof: a random sample of positions */
            c.p.ext_degree = 8, c.log_h = 7, c.p.log_blowup = 2, c.p.log_arity = 3, c.p.log_final_len = 2;
            c.p.num_queries = 12, c.p.hash = HS_MERKLE_KECCAK, c.n_mats = 2, c.w[0] = 17, c.w[1] = 5;
        }
        pres s = {0};
        if (!prove(r, &c, &s, 1, 0)) {
            hs_test_failures++;
            continue;
        }
        const char *why;
        uint8_t *b = malloc(s.len + 1);
        size_t accepted = 0;
        for (size_t k = 0; k < (it == 3 ? 300 : s.len); k++) {
            size_t i = it == 3 ? hs_rng_below(r, s.len) : k;
            memcpy(b, s.bytes, s.len);
            b[i] ^= (uint8_t)(1u << hs_rng_below(r, 8));
            if (verify_bytes(&c, &s, b, s.len, s.values, &why)) {
                if (accepted++ < 5) {
                    fprintf(stderr, "flipped byte %zu of %zu accepted (case %d, bit mask %02x); bits accepted:", i, s.len, (int)it, b[i] ^ s.bytes[i]);
                    for (unsigned bit = 0; bit < 8; bit++) {
                        memcpy(b, s.bytes, s.len);
                        b[i] ^= (uint8_t)(1u << bit);
                        if (verify_bytes(&c, &s, b, s.len, s.values, &why)) fprintf(stderr, " %u", bit);
                        else fprintf(stderr, " (%u: %s)", bit, why);
                    }
                    fprintf(stderr, "\n");
                }
                hs_test_failures++;
            }
        }
        if (it == 0) printf("test_fri: %zu-byte proof, every byte flipped: all rejected\n", s.len);
        /* truncations, and one byte too many */
        for (size_t l = 0; l < s.len; l += 1 + l / (it == 3 ? 4 : 16)) CHECK(!verify_bytes(&c, &s, s.bytes, l, s.values, &why));
        memcpy(b, s.bytes, s.len);
        b[s.len] = 0;
        CHECK(!verify_bytes(&c, &s, b, s.len + 1, s.values, &why));
        CHECK(verify_bytes(&c, &s, s.bytes, s.len, s.values, &why));
        /* shapes that do not match the proof */
        pcase c2 = c;
        c2.w[0]++;
        CHECK(!verify_bytes(&c2, &s, s.bytes, s.len, s.values, &why));
        c2 = c;
        c2.p.num_queries++;
        CHECK(!verify_bytes(&c2, &s, s.bytes, s.len, s.values, &why));
        c2 = c;
        c2.p.log_final_len = 0;
        CHECK(!verify_bytes(&c2, &s, s.bytes, s.len, s.values, &why));
        free(b);
        pres_free(&s);
    }
}

/* Zero folding rounds, height 1, arity above the degree, large widths. */
static void test_edges(hs_rng *r) {
    pcase cs[4];
    memset(cs, 0, sizeof cs);
    for (int i = 0; i < 4; i++) {
        cs[i].p.ext_degree = degs[i % 3];
        cs[i].p.log_blowup = 1 + (unsigned)i % 2;
        cs[i].p.log_arity = 4;
        cs[i].p.num_queries = 5;
        cs[i].p.hash = HS_MERKLE_KECCAK;
        cs[i].p.cap_height = 2;
        cs[i].n_mats = 1;
        cs[i].w[0] = 3;
        cs[i].np[0] = 2;
    }
    cs[0].log_h = 0; /* constants */
    cs[1].log_h = 4, cs[1].p.log_final_len = 4; /* no rounds */
    cs[2].log_h = 5, cs[2].p.log_final_len = 0; /* rounds of 4 and 1 */
    cs[3].log_h = 6, cs[3].w[0] = 300, cs[3].p.num_queries = 64; /* duplicates, wide rows */
    for (int i = 0; i < 4; i++) {
        pres s = {0};
        const char *why = NULL;
        if (!prove(r, &cs[i], &s, 2, 0) || !verify_bytes(&cs[i], &s, s.bytes, s.len, s.values, &why)) {
            fprintf(stderr, "edge case %d failed: %s\n", i, why ? why : "prove");
            describe(&cs[i]);
            hs_test_failures++;
        }
        pres_free(&s);
    }
}

/* The DEEP quotient's LDE shortcut against the direct computation over all rows. */
static void test_deep_direct(hs_rng *r) {
    for (int it = 0; it < 6 && !TOO_MANY_FAILURES(); it++) {
        unsigned d = degs[it % 3], log_h = 2 + (unsigned)hs_rng_below(r, 6), lb = 1 + (unsigned)hs_rng_below(r, 2);
        size_t h = (size_t)1 << log_h, n = h << lb, w[2] = {1 + hs_rng_below(r, 30), 1 + hs_rng_below(r, 30)};
        hs_kb *ev[2], *lde[2];
        hs_kbe *vals[2];
        hs_pcs_claim cl[2];
        for (int m = 0; m < 2; m++) {
            ev[m] = rand_mat(r, h * w[m]);
            lde[m] = hs_alloc_array(n * w[m], sizeof(hs_kb));
            CHECK(hs_ntt_lde(&plan, ev[m], lde[m], log_h, w[m], lb, 1, 1));
            vals[m] = malloc(2 * w[m] * sizeof(hs_kbe));
            memset(&cl[m], 0, sizeof cl[m]);
            cl[m].log_h = log_h, cl[m].width = w[m], cl[m].n_points = 1 + (unsigned)m;
            cl[m].points[0] = rand_kbe(r, d);
            cl[m].points[1] = m ? rand_kbe(r, d) : cl[m].points[0];
            cl[m].values = vals[m];
            for (size_t k = 0; k < 2 * w[m]; k++) vals[m][k] = rand_kbe(r, d);
        }
        cl[1].points[0] = cl[0].points[0]; /* a shared point */
        hs_fri_deep ds;
        CHECK(hs_fri_deep_init(&ds, d, cl, 2, rand_kbe(r, d)));
        CHECK(ds.nz == 2);
        hs_kb *F1 = hs_alloc_array(n, d * sizeof(hs_kb)), *F2 = hs_alloc_array(n, d * sizeof(hs_kb));
        const hs_kb *lp[2] = {lde[0], lde[1]};
        CHECK(hs_fri_deep_quotient(NULL, &plan, &ds, cl, lp, log_h, lb, 0, F1, 1));
        CHECK(hs_fri_deep_quotient(&hs_fri_kernels_portable, &plan, &ds, cl, lp, log_h, lb, 1, F2, 2));
        CHECK(memcmp(F1, F2, n * d * sizeof(hs_kb)) == 0);
        /* and the verifier's single-point formula */
        for (size_t i = 0; i < n; i += 1 + n / 8) {
            const hs_kb *rows[2] = {lde[0] + i * w[0], lde[1] + i * w[1]};
            hs_kbe f = hs_fri_deep_at(&hs_fri_kernels_portable, &ds, cl, rows,
                                      hs_fri_brdom_point(hs_kb_from_u32(HS_KB_GENERATOR),
                                                         hs_kb_two_adic_root(log_h + lb), log_h + lb, i));
            CHECK(memcmp(f.c, F1 + i * d, d * sizeof(hs_kb)) == 0);
        }
        hs_fri_deep_free(&ds);
        hs_free(F1);
        hs_free(F2);
        for (int m = 0; m < 2; m++) hs_free(ev[m]), hs_free(lde[m]), free(vals[m]);
    }
}

static void test_args(hs_rng *r) {
    hs_fri_params p = {4, 1, 3, 2, 10, 0, 0, HS_MERKLE_BLAKE3, 2};
    const char *why = NULL;
    CHECK(hs_fri_params_check(&p, 8, &why) && why == NULL);
    hs_fri_params q = p;
    q.ext_degree = 6;
    CHECK(!hs_fri_params_check(&q, 8, &why) && why);
    q = p, q.log_blowup = 0;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.log_blowup = 17;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.log_arity = 5;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.log_final_len = 9;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.num_queries = 0;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.num_queries = 1025;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.query_pow_bits = 41;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    q = p, q.hash = (hs_merkle_hash)7;
    CHECK(!hs_fri_params_check(&q, 8, &why));
    CHECK(!hs_fri_params_check(NULL, 8, &why));

    hs_kb *ev = rand_mat(r, 8 * 3);
    hs_pcs_matrix *m = NULL;
    CHECK(!hs_pcs_commit(&m, &q, &plan, ev, 3, 3, 1, 1) && !m);
    CHECK(!hs_pcs_commit(&m, &p, &plan, ev, 3, 0, 1, 1));
    CHECK(!hs_pcs_commit(&m, &p, &plan, NULL, 3, 3, 1, 1));
    q = p, q.log_final_len = 1;
    CHECK(hs_pcs_commit(&m, &q, &plan, ev, 3, 3, 1, 1));
    /* a point inside g*K, missing values, wrong width: open refuses */
    hs_transcript t;
    hs_transcript_init(&t, "args");
    hs_kbe vals[6];
    hs_pcs_claim cl = {3, 3, hs_pcs_cap(m), 1, {hs_kbe_from_base(hs_kb_from_u32(HS_KB_GENERATOR))}, vals};
    hs_pcs_proof *pr = NULL;
    CHECK(!hs_pcs_open(&q, &plan, &t, &m, &cl, 1, &pr, 1) && !pr);
    cl.points[0] = rand_kbe(r, 4);
    cl.values = NULL;
    CHECK(!hs_pcs_open(&q, &plan, &t, &m, &cl, 1, &pr, 1));
    cl.values = vals;
    cl.width = 2;
    CHECK(!hs_pcs_open(&q, &plan, &t, &m, &cl, 1, &pr, 1));
    cl.width = 3;
    CHECK(hs_pcs_open(&q, &plan, &t, &m, &cl, 1, &pr, 1) && pr);
    /* the verifier refuses a point in the domain and claims of other shapes */
    hs_transcript_init(&t, "args");
    hs_pcs_claim cv = cl;
    cv.points[0] = hs_kbe_from_base(hs_kb_mul(hs_kb_from_u32(HS_KB_GENERATOR), hs_kb_two_adic_root(4)));
    CHECK(!hs_pcs_verify(&q, &t, &cv, 1, pr, &why) && why);
    cv = cl;
    cv.n_points = 3;
    CHECK(!hs_pcs_verify(&q, &t, &cv, 1, pr, &why) && why);
    cv = cl;
    cv.log_h = 4;
    CHECK(!hs_pcs_verify(&q, &t, &cv, 1, pr, &why) && why);
    hs_reader rd;
    hs_r_init(&rd, "", 0);
    CHECK(!hs_pcs_proof_read(&rd, &q, &cv, 1) && rd.err);
    hs_pcs_proof_free(pr);
    hs_pcs_matrix_free(m);
    hs_free(ev);
}

/* hs_pcs_block of a coset matrix, visited in a random order, against the whole LDE's blocks. */
static void test_cosets_blocks(hs_rng *r) {
    for (int it = 0; it < 12 && !TOO_MANY_FAILURES(); it++) {
        pcase c;
        random_case(r, &c, it);
        const size_t h = (size_t)1 << c.log_h, w = c.w[0], nb = (size_t)1 << c.p.log_blowup;
        const int in_bitrev = it % 2;
        const unsigned threads = 1 + (unsigned)(it / 2 % 2);
        hs_kb *ev = rand_mat(r, h * w), *buf = hs_alloc_array(h, w * sizeof(hs_kb));
        memcpy(buf, ev, h * w * sizeof(hs_kb));
        hs_pcs_matrix *whole = NULL, *cos = NULL;
        CHECK(hs_pcs_commit(&whole, &c.p, &plan, ev, c.log_h, w, in_bitrev, threads));
        CHECK(hs_pcs_commit_cosets_owned(&cos, &c.p, &plan, buf, c.log_h, w, in_bitrev,
                                         ((size_t)4 << c.log_h) * (size_t)hs_rng_below(r, w + 2), threads));
        if (!whole || !cos) {
            hs_pcs_matrix_free(whole), hs_pcs_matrix_free(cos), hs_free(ev);
            continue;
        }
        CHECK(hs_pcs_is_cosets(cos) && !hs_pcs_is_cosets(whole));
        CHECK(!memcmp(hs_pcs_cap(whole), hs_pcs_cap(cos), hs_pcs_cap_len(whole) * sizeof(hs_digest)));
        CHECK(hs_pcs_test_lde_mut(cos) == NULL && !hs_pcs_test_recommit(cos, 0, 1));
        for (int k = 0; k < 6; k++) {
            size_t q = hs_rng_below(r, nb);
            const hs_kb *a = hs_pcs_block(whole, &plan, q, threads), *b = hs_pcs_block(cos, &plan, q, threads);
            CHECK(a && b && !memcmp(a, b, h * w * sizeof(hs_kb)));
        }
        CHECK(hs_pcs_block(cos, &plan, nb, threads) == NULL);
        hs_pcs_matrix_free(whole), hs_pcs_matrix_free(cos), hs_free(ev);
    }
    /* a failed commit frees the buffer it was given (ASan: no leak) */
    hs_fri_params bad = {4, 1, 1, 0, 0, 0, 0, HS_MERKLE_KECCAK, 0};
    hs_pcs_matrix *m = (hs_pcs_matrix *)1;
    CHECK(!hs_pcs_commit_cosets_owned(&m, &bad, &plan, hs_alloc_array(16, sizeof(hs_kb)), 3, 2, 1, 0, 1) && m == NULL);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_fri");
    if (!hs_ntt_plan_init(&plan, 12)) {
        fprintf(stderr, "plan\n");
        return 1;
    }
    test_kernels(&rng);
    test_bary(&rng);
    test_fold(&rng);
    test_deep_direct(&rng);
    test_args(&rng);
    test_honest(&rng);
    test_cosets_blocks(&rng);
    test_edges(&rng);
    test_not_low_degree(&rng);
    test_tamper_bytes(&rng);
    hs_ntt_plan_free(&plan);
    return hs_test_done("test_fri");
}
