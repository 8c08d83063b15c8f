/* Vision Mark-32 as Binius implements it (hash/vision32.h), against the data of
 * tests/vectors/vision32_binius.json (constants and MDS matrix, copied from Binius) and
 * vision32_binius_derived.json (Binius' three digest known answers and its first 16 S-box cases;
 * more digests and two round-by-round traces from tools/gen_vision32.py, an independent Python
 * reference that reproduces those known answers):
 *  - the S-box: the upstream cases, and on random words and 0 against the tower's own inverse
 *    (field/gf2_tower.h, by exponentiation) followed by the affine map applied bit by bit;
 *  - the MDS layer (an additive NTT) against the 24 x 24 matrix, on unit and random states;
 *  - the permutation's 17 intermediate states and output; the digests, directly and through the C
 *    interface (hs_hash_bytes, split nowhere: the sponge is one call);
 *  - every batch kernel this CPU has (AVX2 and AVX-512 without GFNI, GFNI 256- and 512-bit)
 *    against the portable twin on random states, batches of every size up to 130 (partial
 *    register batches), words that make an S-box input 0; the threaded batch API and
 *    hs_perm_many_u32 / hs_perm_one_u32 likewise. */
#include <string.h>

#include "field/gf2_8.h"
#include "field/gf2_tower.h"
#include "hash/vision32.h"
#include "hashsnark.h"
#include "testutil.h"
#include "vecjson.h"

static uint32_t hexw(const vj *s) { return (uint32_t)strtoul(vj_str(s), NULL, 16); }

static void sboxes(hs_rng *rng, const vj *consts, const vj *der) {
    const vj *sc = vj_get(der, "sbox_cases");
    const vj *in = vj_get(sc, "input"), *o1 = vj_get(sc, "sbox_inv_affine"), *o2 = vj_get(sc, "sbox_fwd_affine");
    CHECK(vj_len(in) == 16 && vj_len(o1) == 16 && vj_len(o2) == 16);
    for (size_t i = 0; i < vj_len(in); i++) {
        uint32_t x = hs_gf2_fanpaar_to_aes32(hexw(vj_at(in, i)));
        CHECK_EQ_U64(hs_gf2_aes32_to_fanpaar(hs_vision32_sbox_aes(x, 0)), hexw(vj_at(o1, i)));
        CHECK_EQ_U64(hs_gf2_aes32_to_fanpaar(hs_vision32_sbox_aes(x, 1)), hexw(vj_at(o2, i)));
    }
    uint32_t img[2][32], cst[2];
    const char *names[2][2] = {{"permutation.affine_inv_aes", "permutation.affine_inv_const_aes"},
                               {"permutation.affine_fwd_aes", "permutation.affine_fwd_const_aes"}};
    for (int m = 0; m < 2; m++) {
        const vj *a = vj_path(consts, names[m][0]);
        CHECK(vj_len(a) == 32);
        for (int i = 0; i < 32; i++) img[m][i] = hexw(vj_at(a, (size_t)i));
        cst[m] = hexw(vj_path(consts, names[m][1]));
    }
    unsigned long iters = hs_test_sanitized() ? 200 : 2000;
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        uint32_t x = it == 0 ? 0 : it == 1 ? 1 : (uint32_t)hs_rng_u64(rng);
        if (it == 2) x = 0x10000; /* X4: a 0 low half */
        if (it == 3) x = 0xabcd;  /* a 0 high half */
        uint32_t y = hs_gf2_aes32_inv(x);
        if (x) CHECK_EQ_U64(hs_gf2_aes32_mul(x, y), 1);
        for (int m = 0; m < 2; m++) {
            uint32_t want = cst[m];
            for (int i = 0; i < 32; i++)
                if (y >> i & 1) want ^= img[m][i];
            CHECK_EQ_U64(hs_vision32_sbox_aes(x, m), want);
        }
    }
}

static void mds(hs_rng *rng, const vj *consts) {
    const vj *rows = vj_path(consts, "permutation.mds_matrix_aes8");
    uint8_t M[24][24];
    CHECK(vj_len(rows) == 24);
    for (size_t i = 0; i < 24; i++)
        for (size_t j = 0; j < 24; j++) M[i][j] = (uint8_t)hexw(vj_at(vj_at(rows, i), j));
    for (int it = 0; it < 24 + 50; it++) {
        uint32_t s[24], want[24] = {0};
        for (int j = 0; j < 24; j++) s[j] = it < 24 ? (j == it) * 0x01010101u * (uint32_t)(1 + it) : (uint32_t)hs_rng_u64(rng);
        for (int i = 0; i < 24; i++)
            for (int j = 0; j < 24; j++)
                for (int b = 0; b < 4; b++) want[i] ^= (uint32_t)hs_gf8_mul(M[i][j], (uint8_t)(s[j] >> (8 * b))) << (8 * b);
        hs_vision32_mds_aes(s);
        CHECK(!memcmp(s, want, sizeof s));
    }
}

static void permutations(const vj *der) {
    const vj *cases = vj_get(der, "permutation_cases");
    CHECK(vj_len(cases) == 2);
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *k = vj_at(cases, c);
        uint32_t in[24], s[24], out[24], trace[17 * 24];
        for (size_t i = 0; i < 24; i++) in[i] = hexw(vj_at(vj_get(k, "input"), i)), out[i] = hexw(vj_at(vj_get(k, "output"), i));
        for (int i = 0; i < 24; i++) s[i] = hs_gf2_fanpaar_to_aes32(in[i]);
        hs_vision32_permute_aes(s, trace);
        const vj *tr = vj_get(k, "trace_aes");
        CHECK(vj_len(tr) == 17);
        for (size_t r = 0; r < 17 && r < vj_len(tr); r++)
            for (size_t i = 0; i < 24; i++)
                if (trace[24 * r + i] != hexw(vj_at(vj_at(tr, r), i))) {
                    fprintf(stderr, "  trace %s: state %zu word %zu: %08x, want %s\n", vj_str(vj_get(k, "name")), r, i,
                            trace[24 * r + i], vj_str(vj_at(vj_at(tr, r), i)));
                    CHECK(0);
                }
        for (int i = 0; i < 24; i++) CHECK_EQ_U64(hs_gf2_aes32_to_fanpaar(s[i]), out[i]);
        memcpy(s, in, sizeof s);
        hs_vision32_permute(s);
        CHECK(!memcmp(s, out, sizeof s));
        /* the C interface */
        const hs_perm *p;
        CHECK(hs_perm_find(&p, "vision32") == HS_OK);
        CHECK(hs_perm_width(p) == 24 && hs_perm_word_bits(p) == 32 && hs_perm_modulus(p) == 0);
        memcpy(s, in, sizeof s);
        CHECK(hs_perm_one_u32(p, s) == HS_OK);
        CHECK(!memcmp(s, out, sizeof s));
    }
}

static void digests(const vj *der) {
    const vj *cases = vj_get(der, "digest_cases");
    const hs_hash *h;
    CHECK(hs_hash_find(&h, "vision32") == HS_OK);
    CHECK(hs_hash_word_bits(h) == 8 && hs_hash_digest_len(h) == 32);
    size_t upstream = 0;
    for (size_t c = 0; c < vj_len(cases); c++) {
        const vj *k = vj_at(cases, c);
        static uint8_t msg[1024];
        uint8_t want[32], got[32], api[32];
        size_t n = vj_hex(vj_get(k, "message_hex"), msg, sizeof msg);
        CHECK(vj_hex(vj_get(k, "digest_hex"), want, 32) == 32);
        hs_vision32_hash(got, msg, n);
        if (memcmp(got, want, 32)) {
            fprintf(stderr, "  digest %s (%zu bytes) differs\n", vj_str(vj_get(k, "name")), n);
            CHECK(0);
        }
        CHECK(hs_hash_bytes(h, api, 32, msg, n) == HS_OK);
        CHECK(!memcmp(api, want, 32));
        upstream += !strncmp(vj_str(vj_get(k, "origin")), "upstream:", 9);
    }
    CHECK(upstream == 3);
}

static void kernels(hs_rng *rng) {
    enum { MAXN = 130 };
    static uint32_t in[MAXN * 24], want[MAXN * 24], got[MAXN * 24];
    /* canonical RK[0] words: the first S-box input of such a word is 0 */
    const uint32_t rk0[3] = {0x545e66a7, 0x073fdd58, 0x84362677};
    const hs_v32_kernel *ref = hs_vision32_kernel(HS_V32_PORTABLE);
    CHECK(ref && hs_vision32_kernel_best());
    for (size_t i = 0; i < MAXN * 24; i++) in[i] = (uint32_t)hs_rng_u64(rng);
    in[0] = rk0[0], in[24 + 1] = rk0[1], in[24 * 40 + 2] = rk0[2], in[24 * 70] = 0;
    memcpy(want, in, sizeof in);
    ref->permute_many(want, MAXN);
    for (size_t k = 0; k < MAXN; k++) { /* the portable batch is the single-state permutation */
        uint32_t s[24];
        memcpy(s, in + 24 * k, sizeof s);
        hs_vision32_permute(s);
        CHECK(!memcmp(s, want + 24 * k, sizeof s));
    }
    for (int impl = 1; impl < HS_V32_IMPL_COUNT; impl++) {
        const hs_v32_kernel *k = hs_vision32_kernel((hs_v32_impl)impl);
        if (!k) {
            printf("  vision32 kernel %d: not on this CPU, build or SIMD level\n", impl);
            continue;
        }
        printf("  vision32 kernel %s (%u states a batch)\n", k->name, k->lanes);
        size_t step = hs_test_sanitized() ? 13 : 1;
        for (size_t n = 0; n <= MAXN && !TOO_MANY_FAILURES(); n += step) {
            memcpy(got, in, sizeof in);
            k->permute_many(got, n);
            CHECK(!memcmp(got, want, n * 24 * sizeof *got));
            CHECK(!memcmp(got + n * 24, in + n * 24, (MAXN - n) * 24 * sizeof *got)); /* nothing past n */
        }
    }
    for (unsigned threads = 1; threads <= 3; threads++) {
        memcpy(got, in, sizeof in);
        hs_vision32_permute_many(got, MAXN, threads);
        CHECK(!memcmp(got, want, sizeof got));
    }
    const hs_perm *p;
    hs_ctx *ctx = NULL;
    CHECK(hs_perm_find(&p, "vision32") == HS_OK && hs_ctx_new(&ctx, 2) == HS_OK);
    memcpy(got, in, sizeof in);
    CHECK(hs_perm_many_u32(ctx, p, got, MAXN) == HS_OK);
    CHECK(!memcmp(got, want, sizeof got));
    hs_ctx_free(ctx);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_vision32");
    vj *consts = vj_load("vision32_binius.json"), *der = vj_load("vision32_binius_derived.json");
    sboxes(&rng, consts, der);
    mds(&rng, consts);
    permutations(der);
    digests(der);
    kernels(&rng);
    vj_free(consts);
    vj_free(der);
    return hs_test_done("test_vision32");
}
