/* XMSS aggregation by GKR + WHIR (src/statement/xmssagg.h): completeness for a few signature
 * counts, the prover's refusal of an invalid signature (with its index), a cheating prover's
 * proofs rejected (an invalid signature proven without the native check, a flipped chain mask),
 * altered proof bytes rejected, a proof checked against another key list, epoch, message or
 * count rejected, the same proof on 1 and 2 threads, and the statement registry's entry (named by
 * the peek, the generic verifier refusing). */
#include <string.h>

#include "preset/preset.h"
#include "proof/bytes.h"
#include "sig/xmss.h"
#include "statement/registry.h"
#include "statement/xmssagg.h"
#include "testutil.h"

#define SCHEME "leanvm-kb-2605"

typedef struct {
    const char *scheme;
    size_t n;
    uint32_t epoch;
    uint8_t msg[32];
    uint32_t *pk, *sig;
} batch;

static void batch_free(batch *b) { free(b->pk), free(b->sig); }

static int make_batch(batch *b, const hs_xmss_scheme *s, size_t n, hs_rng *rng) {
    b->scheme = s->name, b->n = n;
    b->epoch = (uint32_t)hs_rng_u64(rng);
    for (int i = 0; i < 32; i++) b->msg[i] = (uint8_t)hs_rng_u64(rng);
    for (int i = 3; i < 32; i += 4) b->msg[i] &= 0x3f; /* elements below 2^30 */
    b->pk = malloc(n * hs_xmss_pk_words(s) * sizeof *b->pk);
    b->sig = malloc(n * hs_xmss_sig_words(s) * sizeof *b->sig);
    if (!b->pk || !b->sig) return 0;
    for (size_t k = 0; k < n; k++)
        if (!hs_xmss_sign_random(s, hs_rng_u64(rng), b->epoch, b->msg, b->pk + k * hs_xmss_pk_words(s),
                                 b->sig + k * hs_xmss_sig_words(s), 1000000))
            return 0;
    return 1;
}

static int prove(const hs_xa_shape *sh, const batch *b, hs_writer *w, size_t *bad, char *why) {
    memset(w, 0, sizeof *w);
    const char *r = NULL;
    why[0] = 0;
    const int ok = hs_xa_prove(sh, b->pk, b->epoch, b->msg, b->sig, 2, w, NULL, bad, why, 200, &r);
    if (!ok && r) snprintf(why, 200, "%s", r);
    return ok;
}

static int verify(const uint8_t *p, size_t len, const batch *b, const char **why) {
    return hs_xa_verify(p, len, b->scheme, b->n, b->pk, b->epoch, b->msg, 2, why);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_xmssagg");
    const hs_preset *p = hs_preset_find("proven128");
    CHECK(p != NULL);
    /* leanvm-kb-2605 at N = 1, 2, 5, 8; leanvm-kb (raw-permutation leaf, hashed byte message) at 1, 3 */
    const size_t counts[] = {1, 2, 5, 8, 1, 3};
    const char *schemes[] = {SCHEME, SCHEME, SCHEME, SCHEME, "leanvm-kb", "leanvm-kb"};
    const int san = hs_test_sanitized();
    for (size_t ci = 0; ci < 6; ci++) {
        if (san && (counts[ci] > 2 || (ci >= 4 && counts[ci] != 1))) continue;
        const hs_xmss_scheme *s = hs_xmss_scheme_find(schemes[ci]);
        CHECK(s != NULL);
        batch b;
        CHECK(make_batch(&b, s, counts[ci], &rng));
        hs_xa_shape sh;
        const char *why = NULL;
        CHECK(hs_xa_shape_make(&sh, p, s, b.n, &why));
        hs_writer w;
        size_t bad = 99;
        char wb[200];
        const int ok = prove(&sh, &b, &w, &bad, wb);
        if (!ok) fprintf(stderr, "prove N=%zu: %s\n", b.n, wb);
        CHECK(ok);
        const int v = verify(w.data, w.len, &b, &why);
        if (!v) fprintf(stderr, "verify N=%zu: %s\n", b.n, why);
        CHECK(v);
        printf("  %s, N = %zu: %zu proof bytes\n", s->name, b.n, w.len);
        hs_xa_shape peek;
        CHECK(hs_xa_peek(w.data, w.len, &peek, &why) && peek.n_sigs == b.n && peek.scheme == s);
        /* the statement registry names it; its generic verifier refuses, naming the API to use */
        hs_stmt_shape ss;
        const hs_stmt *st = hs_stmt_peek(w.data, w.len, &ss, &why);
        CHECK(st && st->id == HS_STMT_XMSS_AGG && ss.u.xa.n_sigs == b.n && hs_stmt_preset(&ss) == p);
        const hs_stmt_public pub = {2, NULL, NULL, 0, NULL, 0, 0, NULL, NULL};
        why = NULL;
        CHECK(st->verify(w.data, w.len, &ss, &pub, &why) == HS_STMT_REJECTED && why && strstr(why, "key list"));
        hs_sound_report rep;
        CHECK(st->soundness(&ss, &rep) && rep.n_terms > 10);
        if (ci == 2 || ci == 4) { /* the proof does not depend on the threads */
            hs_writer w1 = {0};
            const char *r1 = NULL;
            char wb1[200];
            size_t bad1 = 0;
            CHECK(hs_xa_prove(&sh, b.pk, b.epoch, b.msg, b.sig, 1, &w1, NULL, &bad1, wb1, sizeof wb1, &r1));
            CHECK(w1.len == w.len && !memcmp(w1.data, w.data, w.len));
            hs_w_free(&w1);
        }
        if (counts[ci] == 2 || (ci == 5 && !san)) {
            /* another message, epoch, key list, count: rejected */
            batch o = b;
            o.msg[0] ^= 1;
            CHECK(!verify(w.data, w.len, &o, &why));
            o = b;
            o.epoch ^= 1;
            CHECK(!verify(w.data, w.len, &o, &why));
            o = b;
            o.pk = malloc(b.n * hs_xmss_pk_words(s) * sizeof *o.pk);
            memcpy(o.pk, b.pk, b.n * hs_xmss_pk_words(s) * sizeof *o.pk);
            o.pk[hs_xmss_pk_words(s) + 5] ^= 1; /* key 1's parameter */
            CHECK(!verify(w.data, w.len, &o, &why));
            memcpy(o.pk, b.pk, b.n * hs_xmss_pk_words(s) * sizeof *o.pk);
            o.pk[0] ^= 1; /* key 0's root */
            CHECK(!verify(w.data, w.len, &o, &why));
            /* the keys swapped: a proof is for the list in its order */
            memcpy(o.pk, b.pk + hs_xmss_pk_words(s), hs_xmss_pk_words(s) * sizeof *o.pk);
            memcpy(o.pk + hs_xmss_pk_words(s), b.pk, hs_xmss_pk_words(s) * sizeof *o.pk);
            CHECK(!verify(w.data, w.len, &o, &why));
            free(o.pk);
            o = b;
            o.n = 1;
            CHECK(!verify(w.data, w.len, &o, &why));
            /* altered bytes (leanvm-kb-2605's proof): every byte of the header, then a sample */
            uint8_t *q = malloc(w.len);
            memcpy(q, w.data, w.len);
            const size_t end = ci < 4 ? w.len : 0;
            const size_t stride = san ? 4999 : 127;
            size_t tried = 0, rejected = 0;
            for (size_t i = 0; i < end; i += i < 64 ? (san ? 5 : 1) : stride + (hs_rng_u64(&rng) % 7)) {
                const uint8_t d = (uint8_t)(1 + hs_rng_u64(&rng) % 255);
                q[i] ^= d;
                tried++, rejected += !verify(q, w.len, &b, &why);
                q[i] ^= d;
            }
            CHECK_EQ_U64(rejected, tried);
            CHECK(!verify(q, w.len - 1, &b, &why));
            if (tried) printf("  %zu altered proofs rejected\n", tried);
            free(q);
#ifdef HS_TESTING
            /* a cheating prover: a flipped mask, and a wrong sibling proven without the native check */
            hs_writer w2;
            hs_xa_shape ch = sh;
            ch.corrupt_mask = 1 + 7 * 3 + 2;
            if (prove(&ch, &b, &w2, &bad, wb)) CHECK(!verify(w2.data, w2.len, &b, &why));
            hs_w_free(&w2);
            batch e = b;
            e.sig = malloc(b.n * hs_xmss_sig_words(s) * sizeof *e.sig);
            memcpy(e.sig, b.sig, b.n * hs_xmss_sig_words(s) * sizeof *e.sig);
            e.sig[hs_xmss_sig_words(s) + s->rand + (s->v + 3) * s->digest] ^= 1; /* signature 1, level 3 */
            CHECK(!prove(&sh, &e, &w2, &bad, wb));
            CHECK_EQ_U64(bad, 1);
            printf("  refused: signature %zu: %s\n", bad, wb);
            hs_w_free(&w2);
            ch = sh;
            ch.skip_native = 1;
            CHECK(prove(&ch, &e, &w2, &bad, wb));
            CHECK(!verify(w2.data, w2.len, &e, &why));
            printf("  cheating proof rejected: %s\n", why);
            hs_w_free(&w2);
            e.sig[hs_xmss_sig_words(s) + s->rand + (s->v + 3) * s->digest] ^= 1;
            e.sig[s->rand + 5] ^= 1; /* signature 0, chain 1's tip */
            CHECK(!prove(&sh, &e, &w2, &bad, wb));
            CHECK_EQ_U64(bad, 0);
            hs_w_free(&w2);
            CHECK(prove(&ch, &e, &w2, &bad, wb));
            CHECK(!verify(w2.data, w2.len, &e, &why));
            hs_w_free(&w2);
            free(e.sig);
#endif
        }
        hs_w_free(&w);
        batch_free(&b);
        if (TOO_MANY_FAILURES()) break;
    }
    const hs_xmss_scheme *s = hs_xmss_scheme_find(SCHEME);
    hs_sound_report rep;
    CHECK(hs_soundness_xa(p, s, 1024, &rep));
    printf("  soundness at N = 1024: %.1f claimed bits, %.1f protocol bits, %zu terms\n", rep.claimed_bits,
           rep.protocol_bits, rep.n_terms);
    CHECK(rep.claimed_bits > 100);
    const char *why = NULL;
    hs_xa_shape sh;
    CHECK(hs_xa_shape_make(&sh, p, hs_xmss_scheme_find("leanvm-kb"), 4, &why));
    CHECK(!hs_xa_shape_make(&sh, p, s, 0, &why));
    return hs_test_done("test_xmssagg");
}
