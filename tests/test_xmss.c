/* leanVM's KoalaBear XMSS (src/sig/xmss.h), both forms: bit-exact with the known answers of
 * tests/vectors/xmss_leanvm_kb.json (valid signatures with every intermediate value of the trace,
 * invalid ones rejected at the encoding), invalid signatures derived from the valid ones (each
 * rejected for its reason), the pitfalls one by one (left/right by the epoch's bits, the Merkle and
 * chain tweaks, the digit packing, the limbs checked against p - 1), the generator's signatures,
 * and the batch verifier against the single one at 1 and 2 threads. */
#include <string.h>

#include "field/kb.h"
#include "sig/xmss.h"
#include "testutil.h"
#include "vecjson.h"

enum { HS_REASON_LEN_T = 256 };

typedef struct {
    const hs_xmss_scheme *s;
    uint32_t pk[HS_XMSS_MAX_PK], sig[HS_XMSS_MAX_SIG];
    uint8_t msg[32];
    uint32_t epoch;
} sigcase;

static void load_case(sigcase *c, const hs_xmss_scheme *s, const vj *cs) {
    memset(c, 0, sizeof *c);
    c->s = s;
    const unsigned d = s->digest;
    c->epoch = (uint32_t)vj_u64(vj_get(cs, "epoch"));
    CHECK_EQ_U64(vj_u32s(vj_path(cs, "public_key.merkle_root"), c->pk, d), d);
    CHECK_EQ_U64(vj_u32s(vj_path(cs, "public_key.public_param"), c->pk + d, s->param), s->param);
    CHECK_EQ_U64(vj_u32s(vj_path(cs, "signature.randomness"), c->sig, s->rand), s->rand);
    const vj *tips = vj_path(cs, "signature.chain_tips"), *path = vj_path(cs, "signature.merkle_proof");
    CHECK_EQ_U64(vj_len(tips), s->v);
    CHECK_EQ_U64(vj_len(path), s->height);
    for (unsigned i = 0; i < s->v && i < vj_len(tips); i++) vj_u32s(vj_at(tips, i), c->sig + s->rand + i * d, d);
    for (unsigned l = 0; l < s->height && l < vj_len(path); l++)
        vj_u32s(vj_at(path, l), c->sig + s->rand + (s->v + l) * d, d);
    const vj *m = vj_get(cs, "message");
    if (s->msg_limbs) {
        CHECK_EQ_U64(vj_hex(m, c->msg, 32), 32);
    } else {
        uint32_t e[8];
        CHECK_EQ_U64(vj_u32s(m, e, 8), 8);
        for (unsigned i = 0; i < 32; i++) c->msg[i] = (uint8_t)(e[i / 4] >> (8 * (i % 4)));
    }
}

static int eq_u32s(const uint32_t *got, const vj *want, unsigned n) {
    uint32_t w[64];
    if (vj_u32s(want, w, 64) != n) return 0;
    return !memcmp(got, w, n * sizeof *w);
}

/* The chain end of chain i: its last active slot's output, or the tip when no step is taken. */
static const uint32_t *chain_end(const hs_xmss_scheme *s, const hs_xmss_slot *t, const uint32_t *sig, unsigned i) {
    size_t first = hs_xmss_slot_first(s, HS_XK_CHAIN) + (size_t)i * (hs_xmss_chain_len(s) - 1);
    const uint32_t *end = sig + s->rand + i * s->digest;
    for (unsigned p = 0; p + 1 < hs_xmss_chain_len(s); p++)
        if (t[first + p].active) end = t[first + p].out;
    return end;
}

static void count_active(const hs_xmss_scheme *s, const hs_xmss_slot *t, unsigned *ff, unsigned *raw) {
    *ff = *raw = 0;
    for (size_t j = 0; j < hs_xmss_slots(s); j++)
        if (t[j].active && t[j].kind != HS_XK_MSG) (*(s->call[t[j].kind].feed_forward ? ff : raw))++;
}

static hs_xmss_slot *trace_buf(const hs_xmss_scheme *s) { return malloc(hs_xmss_slots(s) * sizeof(hs_xmss_slot)); }

static hs_xmss_result verify(const sigcase *c, hs_xmss_slot *t, char *why) {
    return hs_xmss_check(c->s, c->pk, c->epoch, c->msg, c->sig, t, why, HS_REASON_LEN_T);
}

static void test_vectors(const vj *doc) {
    const char *forms[2] = {"leanvm-kb-2605", "leanvm-kb"};
    for (int f = 0; f < 2; f++) {
        const hs_xmss_scheme *s = hs_xmss_scheme_find(forms[f]);
        CHECK(s != NULL);
        if (!s) continue;
        const vj *form = vj_get(vj_get(doc, "forms"), forms[f]);
        CHECK_EQ_U64(vj_u64(vj_path(form, "scheme.v")), s->v);
        CHECK_EQ_U64(vj_u64(vj_path(form, "scheme.target_sum")), s->target_sum);
        CHECK_EQ_U64(vj_u64(vj_path(form, "scheme.chain_length")), hs_xmss_chain_len(s));
        CHECK_EQ_U64(vj_u64(vj_path(form, "scheme.log_lifetime")), s->height);
        CHECK_EQ_U64(vj_u64(vj_path(form, "scheme.digest_len_fe")), s->digest);
        CHECK_EQ_U64(vj_u64(vj_path(form, "scheme.randomness_len_fe")), s->rand);
        const vj *cases = vj_get(form, "cases");
        hs_xmss_slot *t = trace_buf(s);
        size_t nvalid = 0;
        for (size_t k = 0; k < vj_len(cases); k++) {
            const vj *cs = vj_at(cases, k), *tr = vj_get(cs, "debug_trace");
            sigcase c;
            load_case(&c, s, cs);
            char why[HS_REASON_LEN_T];
            hs_xmss_result r = verify(&c, t, why);
            int valid = !strcmp(vj_get(cs, "valid")->text, "true");
            if (valid != (r == HS_XR_OK))
                fprintf(stderr, "%s %s: result %d (%s)\n", forms[f], vj_str(vj_get(cs, "name")), (int)r, why);
            CHECK_EQ_U64(r == HS_XR_OK, valid);
            /* the trace against the reference's intermediate values */
            const vj *mfe = vj_get(tr, "message_fe");
            if (s->msg_limbs) {
                CHECK(mfe != NULL);
                CHECK(t[hs_xmss_slot_first(s, HS_XK_MSG)].active);
                CHECK(eq_u32s(t[hs_xmss_slot_first(s, HS_XK_MSG)].out, mfe, 8));
                uint32_t m[8];
                hs_xmss_message_elems(s, c.msg, m);
                CHECK(eq_u32s(m, mfe, 8));
            }
            CHECK(eq_u32s(t[hs_xmss_slot_first(s, HS_XK_ENC0)].out, vj_get(tr, "encoding_pre"), 8));
            const uint32_t *dig = t[hs_xmss_slot_first(s, HS_XK_ENC1)].out;
            CHECK(eq_u32s(dig, vj_get(tr, "encoding_digest"), 8));
            uint8_t digit[HS_XMSS_MAX_CHAINS];
            hs_xmss_result dr = hs_xmss_decode(s, dig, digit, NULL, 0);
            uint32_t want_digits[64];
            CHECK_EQ_U64(vj_u32s(vj_get(tr, "digits"), want_digits, 64), s->v);
            unsigned sum = 0;
            for (unsigned i = 0; i < s->v; i++) {
                CHECK_EQ_U64(digit[i], want_digits[i]);
                sum += digit[i];
            }
            CHECK_EQ_U64(sum, vj_u64(vj_get(tr, "digit_sum")));
            unsigned ff, raw;
            count_active(s, t, &ff, &raw);
            CHECK_EQ_U64(ff, vj_u64(vj_path(tr, "counts.compressions")));
            CHECK_EQ_U64(raw, vj_u64(vj_path(tr, "counts.permutations")));
            CHECK_EQ_U64(t[hs_xmss_slot_first(s, HS_XK_MSG)].active && s->msg_limbs,
                         vj_u64(vj_path(tr, "counts.off_circuit_message_hash_compressions")));
            if (!valid) {
                CHECK_EQ_U64(r, HS_XR_DIGIT_SUM);
                CHECK_EQ_U64(dr, HS_XR_DIGIT_SUM);
                CHECK(strstr(why, "digit sum") != NULL);
                continue;
            }
            nvalid++;
            CHECK_EQ_U64(dr, HS_XR_OK);
            unsigned cf, cp;
            hs_xmss_counts(s, &cf, &cp);
            CHECK_EQ_U64(cf, ff);
            CHECK_EQ_U64(cp, raw);
            const vj *ends = vj_get(tr, "chain_ends");
            for (unsigned i = 0; i < s->v; i++) CHECK(eq_u32s(chain_end(s, t, c.sig, i), vj_at(ends, i), s->digest));
            const hs_xmss_slot *last_leaf = &t[hs_xmss_slot_first(s, HS_XK_LEAF) + hs_xmss_leaf_steps(s) - 1];
            CHECK(eq_u32s(last_leaf->out + s->call[HS_XK_LEAF].out_lane, vj_get(tr, "leaf"), s->digest));
            const vj *nodes = vj_get(tr, "merkle_nodes");
            for (unsigned l = 0; l < s->height; l++)
                CHECK(eq_u32s(t[hs_xmss_slot_first(s, HS_XK_MERKLE) + l].out, vj_at(nodes, l), s->digest));
            /* pitfall: epoch bit l = 0 means the node is the left child (lanes 8..11), 1 the right */
            const hs_xmss_slot *m0 = &t[hs_xmss_slot_first(s, HS_XK_MERKLE)];
            const uint32_t *sib0 = c.sig + s->rand + s->v * s->digest;
            const uint32_t *leaf = last_leaf->out + s->call[HS_XK_LEAF].out_lane;
            CHECK(!memcmp(m0->in + ((c.epoch & 1) ? 12 : 8), leaf, 16));
            CHECK(!memcmp(m0->in + ((c.epoch & 1) ? 8 : 12), sib0, 16));
        }
        CHECK_EQ_U64(nvalid, 2);
        free(t);
    }
}

/* Invalid signatures derived from a valid one, each rejected for its reason. */
static void test_derived(const sigcase *valid) {
    const hs_xmss_scheme *s = valid->s;
    const unsigned d = s->digest;
    char why[HS_REASON_LEN_T];
    sigcase c = *valid;
    CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_OK);
    CHECK_EQ_U64(why[0], 0);
    /* a wrong sibling at every level */
    for (unsigned l = 0; l < s->height; l += 7) {
        c = *valid;
        uint32_t *w = &c.sig[s->rand + (s->v + l) * d + (l % d)];
        *w = (*w + 1) % HS_KB_P;
        CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_ROOT);
        CHECK(strstr(why, "root") != NULL);
    }
    /* a wrong root */
    c = *valid;
    c.pk[3] = (c.pk[3] + 1) % HS_KB_P;
    CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_ROOT);
    /* an altered chain tip (first and last chain) */
    for (unsigned i = 0; i < s->v; i += s->v - 1) {
        c = *valid;
        c.sig[s->rand + i * d + 2] ^= 1;
        CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_ROOT);
    }
    /* a wrong epoch, parameter or message: the encoding or the root fails */
    c = *valid;
    c.epoch ^= 1u << 20;
    hs_xmss_result r = verify(&c, NULL, why);
    CHECK(r == HS_XR_DIGIT_SUM || r == HS_XR_ROOT || r == HS_XR_LIMB);
    c = *valid;
    c.msg[0] ^= 1;
    r = verify(&c, NULL, why);
    CHECK(r == HS_XR_DIGIT_SUM || r == HS_XR_ROOT || r == HS_XR_LIMB);
    c = *valid;
    c.pk[d] = (c.pk[d] + 1) % HS_KB_P;
    r = verify(&c, NULL, why);
    CHECK(r == HS_XR_DIGIT_SUM || r == HS_XR_ROOT || r == HS_XR_LIMB);
    /* non-canonical encodings of the same values: w + p where that fits 32 bits */
    const uint32_t pk_w = hs_xmss_pk_words(s), sig_w = hs_xmss_sig_words(s);
    for (unsigned i = 0; i < pk_w; i++) {
        if (valid->pk[i] > UINT32_MAX - HS_KB_P) continue;
        c = *valid;
        c.pk[i] += HS_KB_P;
        CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_NONCANONICAL);
        CHECK(strstr(why, "public key") != NULL);
    }
    for (unsigned i = 0; i < sig_w; i += 37) {
        c = *valid;
        c.sig[i] = c.sig[i] <= UINT32_MAX - HS_KB_P ? c.sig[i] + HS_KB_P : HS_KB_P;
        CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_NONCANONICAL);
        CHECK(strstr(why, "not below p") != NULL);
    }
    if (!s->msg_limbs) { /* an element message: its elements must be canonical */
        c = *valid;
        uint32_t e = (uint32_t)c.msg[4] | (uint32_t)c.msg[5] << 8 | (uint32_t)c.msg[6] << 16 | (uint32_t)c.msg[7] << 24;
        e = e <= UINT32_MAX - HS_KB_P ? e + HS_KB_P : HS_KB_P;
        for (int b = 0; b < 4; b++) c.msg[4 + b] = (uint8_t)(e >> (8 * b));
        CHECK_EQ_U64(verify(&c, NULL, why), HS_XR_NONCANONICAL);
        CHECK(strstr(why, "message element lane 1") != NULL);
    }
}

/* Digits: the low 24 bits of each limb, 3 bits a digit, least significant first; limbs equal to
 * p - 1 rejected among the first limbs_checked only. */
static void test_decode(hs_rng *rng) {
    for (int f = 0; f < 2; f++) {
        const hs_xmss_scheme *s = hs_xmss_scheme_at((size_t)f);
        uint8_t want[64], got[64];
        uint32_t limb[8] = {0};
        /* digits summing to the target: start at 7 everywhere, take away at random */
        for (unsigned i = 0; i < s->v; i++) want[i] = 7;
        for (unsigned drop = 7 * s->v - s->target_sum; drop;) {
            unsigned i = (unsigned)hs_rng_below(rng, s->v);
            if (want[i]) want[i]--, drop--;
        }
        for (unsigned i = 0; i < s->v; i++) limb[i / 8] |= (uint32_t)want[i] << (3 * (i % 8));
        for (unsigned k = 0; k < 8; k++) limb[k] |= (uint32_t)hs_rng_below(rng, 127) << 24; /* high bits ignored */
        for (unsigned k = 6; k < 8; k++) limb[k] = (uint32_t)hs_rng_below(rng, HS_KB_P - 1);
        char why[HS_REASON_LEN_T];
        CHECK_EQ_U64(hs_xmss_decode(s, limb, got, why, sizeof why), HS_XR_OK);
        CHECK(!memcmp(got, want, s->v));
        /* digit 0 is the lowest 3 bits of limb 0, digit 8 the lowest of limb 1 */
        CHECK_EQ_U64(got[0], limb[0] & 7);
        CHECK_EQ_U64(got[8], limb[1] & 7);
        CHECK_EQ_U64(got[7], (limb[0] >> 21) & 7);
        /* moving one unit between digits keeps the sum; adding one breaks it */
        uint32_t l2[8];
        memcpy(l2, limb, sizeof l2);
        l2[0] ^= 1u << 24; /* bit 24: not a digit bit */
        CHECK_EQ_U64(hs_xmss_decode(s, l2, got, why, sizeof why), HS_XR_OK);
        memcpy(l2, limb, sizeof l2);
        if ((l2[5] & 7) < 7) l2[5] += 1;
        else l2[5] -= 1;
        CHECK_EQ_U64(hs_xmss_decode(s, l2, got, why, sizeof why), HS_XR_DIGIT_SUM);
        CHECK(strstr(why, "digit sum") != NULL);
        /* p - 1 = 127 * 2^24: its low 24 bits are zero, so set it where the digits of that limb are 0 */
        for (unsigned k = 0; k < 8; k++) {
            memcpy(l2, limb, sizeof l2);
            l2[k] = HS_KB_P - 1;
            hs_xmss_result r = hs_xmss_decode(s, l2, got, why, sizeof why);
            if (k < s->limbs_checked) {
                CHECK_EQ_U64(r, HS_XR_LIMB);
                CHECK(strstr(why, "p - 1") != NULL);
            } else {
                CHECK_EQ_U64(r, HS_XR_OK); /* limbs 6 and 7 carry no digit */
            }
        }
    }
    CHECK_EQ_U64(hs_xmss_scheme_find("leanvm-kb-2605")->limbs_checked, 8);
    CHECK_EQ_U64(hs_xmss_scheme_find("leanvm-kb")->limbs_checked, 6);
}

/* The generator at epochs with many bits set; the tweaks of the trace against their formula. */
static void test_make(hs_rng *rng, sigcase *made) {
    const uint32_t epochs[3] = {0, 0x9e3779b9u, 0xffffffffu};
    for (int f = 0; f < 2; f++) {
        const hs_xmss_scheme *s = hs_xmss_scheme_at((size_t)f);
        hs_xmss_slot *t = trace_buf(s);
        for (int k = 0; k < 3; k++) {
            sigcase c;
            memset(&c, 0, sizeof c);
            c.s = s;
            c.epoch = epochs[k];
            for (int b = 0; b < 32; b++) c.msg[b] = (uint8_t)hs_rng_u64(rng);
            if (!s->msg_limbs) for (int b = 3; b < 32; b += 4) c.msg[b] &= 0x3f; /* elements below 2^30 */
            unsigned long tries = hs_xmss_sign_random(s, hs_rng_u64(rng), c.epoch, c.msg, c.pk, c.sig, 1000000);
            CHECK(tries > 0);
            char why[HS_REASON_LEN_T];
            CHECK_EQ_U64(verify(&c, t, why), HS_XR_OK);
            if (k == 1) made[f] = c;
            unsigned ff, raw, cf, cp;
            count_active(s, t, &ff, &raw);
            hs_xmss_counts(s, &cf, &cp);
            CHECK_EQ_U64(ff, cf);
            CHECK_EQ_U64(raw, cp);
            CHECK_EQ_U64(ff + raw, 166);
            const uint32_t e = c.epoch;
            /* Merkle level l: tweak(2, l + 1, epoch >> (l + 1)) */
            for (unsigned l = 0; l < s->height; l++) {
                const hs_xmss_slot *m = &t[hs_xmss_slot_first(s, HS_XK_MERKLE) + l];
                uint64_t idx = (uint64_t)e >> (l + 1);
                CHECK_EQ_U64(m->in[0], (2u << 26) + ((idx >> 16) << 10) + l + 1);
                CHECK_EQ_U64(m->in[1], idx & 0xffff);
                /* and the node's side by bit l */
                const uint32_t *sib = c.sig + s->rand + (s->v + l) * s->digest;
                CHECK(!memcmp(m->in + (((e >> l) & 1) ? 8 : 12), sib, 16));
            }
            /* chain i, position s: tweak(0, 8 i + s, epoch), no + 1 */
            for (size_t j = hs_xmss_slot_first(s, HS_XK_CHAIN); j < hs_xmss_slot_first(s, HS_XK_LEAF0); j++) {
                if (!t[j].active) continue;
                CHECK_EQ_U64(t[j].in[0], ((e >> 16) << 10) + 8u * t[j].index + t[j].pos);
                CHECK_EQ_U64(t[j].in[1], e & 0xffff);
            }
            CHECK_EQ_U64(t[hs_xmss_slot_first(s, HS_XK_ENC0)].in[14], (3u << 26) + ((e >> 16) << 10));
            CHECK_EQ_U64(t[hs_xmss_slot_first(s, HS_XK_LEAF0)].in[0], (1u << 26) + ((e >> 16) << 10));
            test_derived(&c);
        }
        free(t);
    }
}

/* The batch verifier against the single one, mixed valid and invalid items, 1 and 2 threads. */
static void test_many(hs_rng *rng, const sigcase *made) {
    for (int f = 0; f < 2; f++) {
        const hs_xmss_scheme *s = made[f].s;
        const size_t n = hs_test_sanitized() ? 20 : 70;
        const unsigned pkw = hs_xmss_pk_words(s), sigw = hs_xmss_sig_words(s);
        uint32_t *pk = malloc(n * pkw * 4), *sig = malloc(n * sigw * 4), *ep = malloc(n * 4);
        uint8_t *msg = malloc(n * 32);
        hs_xmss_result *r1 = malloc(n * sizeof *r1), *r2 = malloc(n * sizeof *r2);
        char *why1 = malloc(n * 64), *why2 = malloc(n * 64);
        for (size_t k = 0; k < n; k++) {
            memcpy(pk + k * pkw, made[f].pk, pkw * 4);
            memcpy(sig + k * sigw, made[f].sig, sigw * 4);
            memcpy(msg + k * 32, made[f].msg, 32);
            ep[k] = made[f].epoch;
            switch (hs_rng_below(rng, 5)) { /* 0, 1: valid */
            case 2: sig[k * sigw + hs_rng_below(rng, sigw)] ^= 4; break;
            case 3: ep[k] ^= 2; break;
            case 4: sig[k * sigw + hs_rng_below(rng, sigw)] = HS_KB_P; break;
            default: break;
            }
        }
        CHECK(hs_xmss_check_many(s, n, pk, ep, msg, sig, r1, why1, 64, 1));
        CHECK(hs_xmss_check_many(s, n, pk, ep, msg, sig, r2, why2, 64, 2));
        size_t ok = 0;
        for (size_t k = 0; k < n && !TOO_MANY_FAILURES(); k++) {
            char why[HS_REASON_LEN_T];
            hs_xmss_result r = hs_xmss_check(s, pk + k * pkw, ep[k], msg + k * 32, sig + k * sigw, NULL, why, 64);
            CHECK_EQ_U64(r1[k], r);
            CHECK_EQ_U64(r2[k], r);
            CHECK(!strcmp(why1 + k * 64, why));
            CHECK(!strcmp(why2 + k * 64, why));
            ok += r == HS_XR_OK;
        }
        CHECK(ok > 0 && ok < n);
        free(pk), free(sig), free(ep), free(msg), free(r1), free(r2), free(why1), free(why2);
    }
}

/* The message's base-p limbs (the message hash's input lanes 1..9), against the known answers of
 * leanEthereum/leanVM crates/xmss/src/lib.rs at 05213d3e, test encode_message_reference_vectors;
 * lane 0 is the domain separator 1004, lanes 10..15 zero. */
static void test_message_limbs(void) {
    static const uint32_t want[4][9] = {
        {158200685, 22817125, 768861932, 1220633732, 741473605, 1829125427, 227592113, 282695284, 33},
        {1539525976, 1261153412, 1969546126, 1544481308, 1871195519, 936857536, 333911385, 1230415057, 272},
        {1914907182, 1596164347, 55024625, 1538471654, 1366473412, 361154807, 606204774, 1101267152, 271},
        {0, 0, 0, 0, 0, 0, 0, 0, 0},
    };
    const hs_xmss_scheme *s = hs_xmss_scheme_find("leanvm-kb");
    hs_xmss_slot *t = trace_buf(s);
    uint32_t pk[HS_XMSS_MAX_PK] = {0}, sig[HS_XMSS_MAX_SIG] = {0};
    for (int c = 0; c < 4; c++) {
        uint8_t msg[32];
        for (int i = 0; i < 32; i++)
            msg[i] = (uint8_t)(c == 0 ? i : c == 1 ? 0xff : c == 2 ? (i % 2 ? 0xff : 0) : 0);
        CHECK(hs_xmss_check(s, pk, 0, msg, sig, t, NULL, 0) != HS_XR_OK);
        const hs_xmss_slot *m = &t[hs_xmss_slot_first(s, HS_XK_MSG)];
        CHECK(m->active && m->kind == HS_XK_MSG);
        CHECK_EQ_U64(m->in[0], 1004);
        for (int i = 0; i < 9; i++) CHECK_EQ_U64(m->in[1 + i], want[c][i]);
        for (int i = 10; i < 16; i++) CHECK_EQ_U64(m->in[i], 0);
    }
    free(t);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_xmss");
    vj *doc = vj_load("xmss_leanvm_kb.json");
    test_vectors(doc);
    for (int f = 0; f < 2; f++) { /* derived from the vectors' first valid case */
        const char *name = f ? "leanvm-kb" : "leanvm-kb-2605";
        sigcase c;
        load_case(&c, hs_xmss_scheme_find(name), vj_at(vj_get(vj_get(vj_get(doc, "forms"), name), "cases"), 1));
        test_derived(&c);
    }
    vj_free(doc);
    test_decode(&rng);
    test_message_limbs();
    sigcase made[2];
    test_make(&rng, made);
    test_many(&rng, made);
    return hs_test_done("test_xmss");
}
