/* FRI-Binius (commit/binfri.h): folding a codeword equals encoding the folded coefficients;
 * completeness for several sizes, rates and arities; every byte of a small proof altered is
 * rejected, with the reason its class names (round message, oracle cap, final value, query answer,
 * Merkle sibling); truncated proofs and wrong values rejected; the query counts of the unique
 * decoding bound against Binius64's published ones. */
#include <stdlib.h>
#include <string.h>

#include "commit/binfri.h"
#include "commit/ringsw.h"
#include "poly/additive_ntt.h"
#include "testutil.h"

static hs_gf128 rnd(hs_rng *r) { return (hs_gf128){hs_rng_u64(r), hs_rng_u64(r)}; }

static void encode(hs_gf128 *cw, const hs_gf128 *c, unsigned l, unsigned R) {
    memset(cw, 0, sizeof *cw << (l + R));
    memcpy(cw, c, sizeof *c << l);
    hs_antt_forward(cw, l + R, 1, 1);
}

/* fold(encode(t)) = encode(t(r, .)), and the pair fold agrees with the codeword fold */
static void fold_consistency(hs_rng *rng) {
    for (unsigned l = 1; l <= 8; l++) {
        const unsigned R = 1 + l % 2, m = l + R;
        hs_gf128 *t = malloc(sizeof *t << l), *cw = malloc(sizeof *cw << m), *f = malloc(sizeof *f << m),
                 *g = malloc(sizeof *g << m);
        for (size_t i = 0; i < ((size_t)1 << l); i++) t[i] = rnd(rng);
        const hs_gf128 r = rnd(rng);
        encode(cw, t, l, R);
        hs_binfri_fold_codeword(f, cw, m, r);
        for (size_t j = 0; j < ((size_t)1 << (m - 1)); j += 7)
            CHECK(hs_gf128_eq(f[j], hs_binfri_fold_pair(cw[2 * j], cw[2 * j + 1], hs_binfri_twiddle(j), r)));
        /* the folded coefficients t(r, .) */
        hs_gf128 *tf = malloc(sizeof *tf << l);
        for (size_t j = 0; j < ((size_t)1 << (l - 1)); j++)
            tf[j] = hs_gf128_add(t[2 * j], hs_gf128_mul(r, hs_gf128_add(t[2 * j], t[2 * j + 1])));
        if (l > 1) encode(g, tf, l - 1, R);
        else {
            for (size_t j = 0; j < ((size_t)1 << R); j++) g[j] = tf[0];
        }
        CHECK(!memcmp(f, g, sizeof *f << (m - 1)));
        free(t), free(cw), free(f), free(g), free(tf);
    }
}

static void eval_matches_eq(hs_rng *rng) {
    const unsigned n = 6;
    hs_gf128 t[64], W[64], p[6];
    for (unsigned i = 0; i < 64; i++) t[i] = rnd(rng);
    for (unsigned i = 0; i < n; i++) p[i] = rnd(rng);
    hs_binfri_eq_table(W, p, n);
    hs_gf128 s = hs_gf128_zero();
    for (unsigned i = 0; i < 64; i++) s = hs_gf128_add(s, hs_gf128_mul(t[i], W[i]));
    CHECK(hs_gf128_eq(s, hs_binfri_eval(t, n, p)));
    /* at a cube point the value is the table's */
    hs_gf128 c[6];
    for (unsigned i = 0; i < n; i++) c[i] = (37 >> i & 1) ? hs_gf128_one() : hs_gf128_zero();
    CHECK(hs_gf128_eq(hs_binfri_eval(t, n, c), t[37]));
}

typedef struct {
    hs_binfri_params p;
    hs_gf128 point[HS_BINFRI_MAX_VARS + HS_RINGSW_LOG_PACK], value;
    hs_writer w;
    size_t commit_len;
    int ring; /* ring switching: the table is GF(2) values packed 128 an element */
} proof;

static unsigned g_threads = 2; /* the prover's */
static unsigned g_ext = 1;     /* the challenge field: GF(2^128) (1) or GF(2^256) (2) */

static hs_mlc mlc_of(const proof *pf) { return pf->ring ? hs_ringsw_mlc(&pf->p) : hs_binfri_mlc(&pf->p); }

static int make_as(proof *pf, hs_rng *rng, unsigned l, unsigned R, unsigned a, unsigned q, hs_merkle_hash h,
                   unsigned cap, int ring) {
    const char *why = NULL;
    memset(pf, 0, sizeof *pf);
    pf->ring = ring;
    if (!hs_binfri_params_init(&pf->p, l, R, a, 96, q, h, cap, &why)) {
        fprintf(stderr, "params: %s\n", why);
        return 0;
    }
    if (!hs_binfri_params_set_challenge_ext(&pf->p, g_ext, &why)) return 0;
    hs_gf128 *t = malloc(sizeof *t << l);
    for (size_t i = 0; i < ((size_t)1 << l); i++) t[i] = rnd(rng);
    const hs_mlc s = mlc_of(pf); /* through the commitment interface (mlc.h) */
    for (unsigned i = 0; i < s.n_vars; i++) pf->point[i] = rnd(rng);
    pf->value = ring ? hs_ringsw_eval(t, l, pf->point) : hs_binfri_eval(t, l, pf->point);
    CHECK(s.field == &hs_field_gf2_128 && s.n_vars == l + (ring ? 7 : 0) && s.table_elems == (size_t)1 << l);
    hs_transcript tr;
    hs_transcript_init(&tr, "test_binfri");
    s.ops->absorb_params(&s, &tr);
    void *wit = NULL;
    int ok = s.ops->commit(&s, &wit, t, &tr, &pf->w, NULL, g_threads, &why);
    pf->commit_len = pf->w.len;
    ok = ok && s.ops->open(&s, wit, pf->point, &pf->value, &tr, &pf->w, g_threads, &why);
    if (!ok) fprintf(stderr, "prove: %s\n", why);
    s.ops->free_witness(wit);
    free(t);
    return ok;
}

static int make(proof *pf, hs_rng *rng, unsigned l, unsigned R, unsigned a, unsigned q, hs_merkle_hash h,
                unsigned cap) {
    return make_as(pf, rng, l, R, a, q, h, cap, 0);
}

/* 1 if accepted (and every byte read); else 0 with *why */
static int check(const proof *pf, const uint8_t *bytes, size_t len, hs_gf128 value, const char **why) {
    const hs_mlc s = mlc_of(pf);
    hs_transcript tr;
    hs_transcript_init(&tr, "test_binfri");
    s.ops->absorb_params(&s, &tr);
    hs_reader r;
    hs_r_init(&r, bytes, len);
    hs_mlc_commitment c;
    if (!s.ops->read_commitment(&s, &tr, &r, &c, why)) return 0;
    if (!s.ops->verify(&s, &c, pf->point, &value, &tr, &r, why)) return 0;
    if (hs_r_left(&r)) return *why = "trailing bytes", 0;
    return 1;
}

static void completeness(hs_rng *rng) {
    static const unsigned cfg[][5] = {{1, 1, 1, 8, 0}, {2, 2, 1, 8, 1}, {3, 1, 2, 8, 0}, {5, 2, 3, 16, 2},
                                      {8, 1, 4, 30, 2}, {10, 2, 4, 40, 4}, {11, 1, 3, 0, 2}, {13, 2, 4, 0, 0}};
    for (size_t i = 0; i < sizeof cfg / sizeof *cfg; i++) {
        proof pf;
        const hs_merkle_hash h = i % 2 ? HS_MERKLE_BLAKE3 : HS_MERKLE_KECCAK;
        CHECK(make(&pf, rng, cfg[i][0], cfg[i][1], cfg[i][2], cfg[i][3], h, cfg[i][4]));
        const char *why = NULL;
        const int ok = check(&pf, pf.w.data, pf.w.len, pf.value, &why);
        if (!ok) fprintf(stderr, "l=%u R=%u a=%u: %s\n", cfg[i][0], cfg[i][1], cfg[i][2], why);
        CHECK(ok);
        CHECK(pf.w.len <= hs_binfri_commit_size(&pf.p) + hs_binfri_open_size_bound(&pf.p));
        /* a wrong value */
        CHECK(!check(&pf, pf.w.data, pf.w.len, hs_gf128_add(pf.value, hs_gf128_one()), &why));
        /* truncated anywhere: rejected as truncated, never a crash */
        for (size_t cut = 0; cut < pf.w.len; cut += 1 + pf.w.len / 13) {
            CHECK(!check(&pf, pf.w.data, cut, pf.value, &why));
            CHECK(strstr(why, "truncated") != NULL);
        }
        hs_w_free(&pf.w);
    }
}

/* The byte classes of a proof, in order: commit cap, then per round 32 bytes of round message
 * (oracle caps between), final value, then per oracle the answers and the siblings. */
static void tamper(hs_rng *rng) {
    proof pf;
    CHECK(make(&pf, rng, 6, 1, 2, 6, HS_MERKLE_KECCAK, 1));
    const hs_binfri_params *p = &pf.p;
    uint8_t *b = malloc(pf.w.len);
    size_t rejected = 0;
    for (size_t i = 0; i < pf.w.len; i++) {
        memcpy(b, pf.w.data, pf.w.len);
        b[i] ^= (uint8_t)(1u << (i % 8));
        const char *why = NULL;
        if (!check(&pf, b, pf.w.len, pf.value, &why) && why) rejected++;
    }
    CHECK_EQ_U64(rejected, pf.w.len);
    /* named reasons per class */
    const size_t caps = 2 * 32; /* cap height 1 */
    size_t off = pf.commit_len;
    const char *why = NULL;
    memcpy(b, pf.w.data, pf.w.len), b[off] ^= 1; /* first round message */
    CHECK(!check(&pf, b, pf.w.len, pf.value, &why) && !strcmp(why, "binfri: final check"));
    off += 2 * 32; /* rounds 0, 1, then oracle 1's cap */
    memcpy(b, pf.w.data, pf.w.len), b[off + 3] ^= 4;
    /* a cap is absorbed: the later challenges move, and the sumcheck's final claim with them */
    CHECK(!check(&pf, b, pf.w.len, pf.value, &why) && !strcmp(why, "binfri: final check"));
    off += caps + 2 * 32 + caps + 2 * 32; /* oracle 2's cap, rounds 4, 5 */
    const size_t final_at = off;
    memcpy(b, pf.w.data, pf.w.len), b[final_at] ^= 0x80;
    CHECK(!check(&pf, b, pf.w.len, pf.value, &why) && !strcmp(why, "binfri: final check"));
    memcpy(b, pf.w.data, pf.w.len), b[final_at + 16] ^= 1; /* oracle 0's first query answer */
    CHECK(!check(&pf, b, pf.w.len, pf.value, &why) && !strcmp(why, "binfri: merkle path of oracle 0"));
    memcpy(b, pf.w.data, pf.w.len), b[pf.w.len - 1] ^= 1; /* the last oracle's last sibling */
    CHECK(!check(&pf, b, pf.w.len, pf.value, &why) && !strcmp(why, "binfri: merkle path of oracle 2"));
    CHECK(p->n_oracles == 3);
    /* trailing byte */
    uint8_t *longer = malloc(pf.w.len + 1);
    memcpy(longer, pf.w.data, pf.w.len), longer[pf.w.len] = 0;
    CHECK(!check(&pf, longer, pf.w.len + 1, pf.value, &why) && !strcmp(why, "trailing bytes"));
    free(longer), free(b);
    hs_w_free(&pf.w);
}

static void queries_counts(void) {
    /* Binius64's calculate_n_test_queries at 96 bits: 232 at rate 1/2, 142 at 1/4; 100 bits: 241 / 148 */
    CHECK_EQ_U64(hs_binfri_queries_for(96, 1), 232);
    CHECK_EQ_U64(hs_binfri_queries_for(96, 2), 142);
    CHECK_EQ_U64(hs_binfri_queries_for(100, 1), 241);
    CHECK_EQ_U64(hs_binfri_queries_for(100, 2), 148);
    hs_binfri_params p;
    const char *why;
    CHECK(hs_binfri_params_init(&p, 20, 1, 4, 96, 0, HS_MERKLE_KECCAK, 2, &why));
    hs_sound_report r = {0};
    r.regime = HS_REGIME_UDR;
    hs_binfri_soundness(&p, &r);
    hs_sound_finish(&r);
    CHECK(r.protocol_bits >= 96 && r.protocol_bits < 97);
    CHECK(!hs_binfri_params_init(&p, 0, 1, 4, 96, 0, HS_MERKLE_KECCAK, 2, &why));
    CHECK(!hs_binfri_params_init(&p, 10, 1, 4, 96, 0, HS_MERKLE_POSEIDON2, 2, &why));
}

/* Ring switching: the packed evaluation against the unpacked one; completeness; wrong values;
 * altered bytes (a sample), truncations; partial evaluations altered consistently with the value
 * (s_0 and s_1 moved so that sum_u eq(r_lo, u) s_u is unchanged) caught by the row batch. */
static void ring_switching(hs_rng *rng) {
    for (unsigned l = 1; l <= 3; l++) { /* hs_ringsw_eval = evaluating the 2^(l+7) bits as a GF(2^128) table */
        const size_t n = (size_t)1 << l, N = n << 7;
        hs_gf128 *pk = malloc(sizeof *pk * n), *u = malloc(sizeof *u * N), pt[3 + 7];
        for (size_t v = 0; v < n; v++) pk[v] = rnd(rng);
        for (size_t i = 0; i < N; i++) {
            const hs_gf128 e = pk[i >> 7];
            const unsigned b = i & 127;
            u[i] = ((b < 64 ? e.lo >> b : e.hi >> (b - 64)) & 1) ? hs_gf128_one() : hs_gf128_zero();
        }
        for (unsigned i = 0; i < l + 7; i++) pt[i] = rnd(rng);
        CHECK(hs_gf128_eq(hs_ringsw_eval(pk, l, pt), hs_binfri_eval(u, l + 7, pt)));
        free(pk), free(u);
    }
    static const unsigned cfg[][4] = {{1, 1, 1, 6}, {3, 2, 2, 8}, {6, 1, 3, 10}, {9, 1, 4, 0}};
    for (size_t i = 0; i < sizeof cfg / sizeof *cfg; i++) {
        proof pf;
        CHECK(make_as(&pf, rng, cfg[i][0], cfg[i][1], cfg[i][2], cfg[i][3], HS_MERKLE_BLAKE3, 1, 1));
        const char *why = NULL;
        const int ok = check(&pf, pf.w.data, pf.w.len, pf.value, &why);
        if (!ok) fprintf(stderr, "ringsw l=%u: %s\n", cfg[i][0], why);
        CHECK(ok);
        const hs_mlc s = mlc_of(&pf);
        CHECK(pf.w.len <= s.ops->commit_size(&s) + s.ops->open_size_bound(&s));
        CHECK(!check(&pf, pf.w.data, pf.w.len, hs_gf128_add(pf.value, hs_gf128_one()), &why));
        CHECK(!strcmp(why, "ringsw: partial evaluations against the value"));
        for (size_t cut = 0; cut < pf.w.len; cut += 1 + pf.w.len / 11) {
            CHECK(!check(&pf, pf.w.data, cut, pf.value, &why));
            CHECK(strstr(why, "truncated") != NULL);
        }
        uint8_t *b = malloc(pf.w.len);
        const size_t step = hs_test_sanitized() ? 97 : 13;
        for (size_t k = 0; k < pf.w.len; k += step) {
            memcpy(b, pf.w.data, pf.w.len);
            b[k] ^= (uint8_t)(1u << (k % 8));
            CHECK(!check(&pf, b, pf.w.len, pf.value, &why));
        }
        /* s_0 += d, s_1 += d eq(r_lo, 0) / eq(r_lo, 1): the value check still holds */
        hs_gf128 eq_lo[128], s01[2];
        hs_binfri_eq_table(eq_lo, pf.point, 7);
        memcpy(s01, pf.w.data + pf.commit_len, sizeof s01);
        const hs_gf128 d = rnd(rng);
        s01[0] = hs_gf128_add(s01[0], d);
        s01[1] = hs_gf128_add(s01[1], hs_gf128_mul(d, hs_gf128_mul(eq_lo[0], hs_gf128_inv(eq_lo[1]))));
        memcpy(b, pf.w.data, pf.w.len);
        memcpy(b + pf.commit_len, s01, sizeof s01);
        CHECK(!check(&pf, b, pf.w.len, pf.value, &why));
        CHECK(strcmp(why, "ringsw: partial evaluations against the value") != 0);
        free(b);
        /* soundness terms through the interface */
        hs_sound_report r = {0};
        r.regime = HS_REGIME_UDR;
        s.ops->soundness(&s, &r);
        hs_sound_finish(&r);
        CHECK(r.n_terms >= 5);
        hs_w_free(&pf.w);
    }
}

/* Proof bytes do not depend on the prover's thread count (sums in characteristic 2 are exact) */
static void thread_invariance(hs_rng *rng) {
    for (int ring = 0; ring < 2; ring++) {
        hs_rng r1 = *rng, r2 = *rng;
        proof a, b;
        g_threads = 1;
        CHECK(make_as(&a, &r1, 14, 1, 3, 20, HS_MERKLE_KECCAK, 2, ring));
        g_threads = 2;
        CHECK(make_as(&b, &r2, 14, 1, 3, 20, HS_MERKLE_KECCAK, 2, ring));
        CHECK(a.w.len == b.w.len && !memcmp(a.w.data, b.w.data, a.w.len));
        hs_w_free(&a.w), hs_w_free(&b.w);
        *rng = r1;
    }
}

/* Challenges in GF(2^256): the fold over L agrees with K's on embedded values; plain and
 * ring-switched openings verify at several shapes, within the size bound, the same at 1 and 2
 * threads, and differ from the GF(2^128) proof after the commitment (which they share); every
 * altered byte, a wrong value and every truncation are rejected; the K-only entry points refuse
 * the L parameters. */
static void gf256_challenges(hs_rng *rng) {
    for (int i = 0; i < 64; i++) {
        const hs_gf128 f0 = rnd(rng), f1 = rnd(rng), tw = rnd(rng), r = rnd(rng);
        const hs_gf256 got = hs_binfri_fold_pair256(hs_gf256_from_base(f0), hs_gf256_from_base(f1), tw,
                                                    hs_gf256_from_base(r));
        CHECK(hs_gf256_eq(got, hs_gf256_from_base(hs_binfri_fold_pair(f0, f1, tw, r))));
    }
    static const unsigned cfg[][5] = {{1, 1, 1, 8, 0}, {4, 2, 2, 8, 1}, {7, 1, 3, 16, 2}, {9, 2, 4, 12, 0}};
    for (int ring = 0; ring < 2; ring++)
        for (size_t i = 0; i < sizeof cfg / sizeof *cfg; i++) {
            hs_rng r1 = *rng, r2 = *rng, r3 = *rng;
            proof pf, p1, pk;
            g_ext = 2, g_threads = 2;
            CHECK(make_as(&pf, &r1, cfg[i][0], cfg[i][1], cfg[i][2], cfg[i][3], HS_MERKLE_BLAKE3, cfg[i][4], ring));
            g_threads = 1;
            CHECK(make_as(&p1, &r2, cfg[i][0], cfg[i][1], cfg[i][2], cfg[i][3], HS_MERKLE_BLAKE3, cfg[i][4], ring));
            g_ext = 1, g_threads = 2;
            CHECK(make_as(&pk, &r3, cfg[i][0], cfg[i][1], cfg[i][2], cfg[i][3], HS_MERKLE_BLAKE3, cfg[i][4], ring));
            *rng = r1;
            CHECK(pf.w.len == p1.w.len && !memcmp(pf.w.data, p1.w.data, pf.w.len));
            CHECK(pk.commit_len == pf.commit_len && !memcmp(pk.w.data, pf.w.data, pf.commit_len));
            CHECK(pk.w.len != pf.w.len || memcmp(pk.w.data, pf.w.data, pf.w.len));
            const hs_mlc s = mlc_of(&pf);
            CHECK(pf.w.len <= s.ops->commit_size(&s) + s.ops->open_size_bound(&s));
            const char *why = NULL;
            const int ok = check(&pf, pf.w.data, pf.w.len, pf.value, &why);
            if (!ok) fprintf(stderr, "gf2-256 ring=%d l=%u: %s\n", ring, cfg[i][0], why);
            CHECK(ok);
            CHECK(!check(&pf, pf.w.data, pf.w.len, hs_gf128_add(pf.value, hs_gf128_one()), &why));
            uint8_t *b = malloc(pf.w.len);
            size_t rejected = 0, tried = 0;
            /* every byte of one proof, about 200 spread over the others */
            const size_t step = ring == 0 && i == 1 && !hs_test_sanitized() ? 1 : 1 + pf.w.len / 200;
            for (size_t k = 0; k < pf.w.len; k += step, tried++) {
                memcpy(b, pf.w.data, pf.w.len);
                b[k] ^= (uint8_t)(1u << (k % 8));
                why = NULL;
                if (!check(&pf, b, pf.w.len, pf.value, &why) && why) rejected++;
            }
            CHECK_EQ_U64(rejected, tried);
            for (size_t cut = 0; cut < pf.w.len; cut += 1 + pf.w.len / 13) {
                CHECK(!check(&pf, pf.w.data, cut, pf.value, &why));
                CHECK(strstr(why, "truncated") != NULL);
            }
            free(b);
            hs_w_free(&pf.w), hs_w_free(&p1.w), hs_w_free(&pk.w);
        }
    g_ext = 1, g_threads = 2;
    hs_binfri_params p;
    const char *why = NULL;
    CHECK(hs_binfri_params_init(&p, 4, 1, 2, 96, 0, HS_MERKLE_KECCAK, 0, &why));
    CHECK(!hs_binfri_params_set_challenge_ext(&p, 3, &why) && why);
    CHECK(hs_binfri_params_set_challenge_ext(&p, 2, &why) && hs_binfri_challenge_field(&p) == &hs_field_gf2_256);
    hs_gf128 w[16] = {{0, 0}};
    CHECK(!hs_binfri_open_weighted(&p, NULL, w, hs_gf128_zero(), NULL, NULL, NULL, 1, &why) && strstr(why, "GF(2^256)"));
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_binfri");
    fold_consistency(&rng);
    eval_matches_eq(&rng);
    completeness(&rng);
    tamper(&rng);
    queries_counts();
    ring_switching(&rng);
    thread_invariance(&rng);
    gf256_challenges(&rng);
    return hs_test_done("test_binfri");
}
