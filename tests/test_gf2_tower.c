/* Binary towers and their conversions to the flat GHASH basis (field/gf2_tower.h), against public
 * data in tests/vectors/gf2_towers.json (FROST-GKR's tower definition, TOWER_TO_FLAT and
 * FLAT_TO_TOWER matrices and worked products, github.com/ignotusnemo/frost-gkr at 0c08595; Binius'
 * AES-tower byte maps for Vision Mark-32, IrreducibleOSS/binius crates/field/src/aes_field.rs):
 *  - each conversion is a field isomorphism: conv(a b) = conv(a) conv(b) and conv(a + b) =
 *    conv(a) + conv(b) on random elements of every level, conv(1) = 1, and the inverse round-trips;
 *  - FROST-GKR: the worked products in the tower and in flat, the image of the AES generator
 *    (tower 0x2) = 0x3d5bd35c94646a247573da4a5f7710ed, and our inverse matrix = its FLAT_TO_TOWER;
 *  - Fan-Paar: X0^2 = X0 + 1 at every level, and Binius' multiplicative generator of
 *    BinaryField128b (0x2e895399af449ace499596f6e5fccafa, binary_field.rs) maps to an element of
 *    order 2^128 - 1;
 *  - Binius' published conversions (tests/vectors/binius_ghash.json): every basis image of our
 *    Fan-Paar conversion equals BINARY_TO_POLYVAL_TRANSFORMATION (github.com/IrreducibleOSS/binius
 *    crates/field/src/polyval.rs at 47675e1) followed by POLYVAL_TO_GHASH_TRANSFORMATION
 *    (github.com/IrreducibleOSS/binius64 crates/field/src/ghash.rs at 9f0f66b), bit for bit; that
 *    composition is multiplicative in our GHASH field; and Binius64's AESTowerField8b-to-GHASH
 *    table (verifier/field/src/ghash.rs at c39f1ec) is multiplicative and equals FROST-GKR's
 *    conversion after the inverse Frobenius of GF(2^8) (table[a] = frost(a^128): FROST-GKR sends
 *    the AES generator 0x02 where Binius64 sends 0x04);
 *  - Vision's AES32: its 8-bit maps are inverse, AES32 <-> BinaryField32b is an isomorphism, AES8
 *    is the AES field, a a^-1 = 1, and the batch (GFNI) conversions equal the scalar ones. */
#include <stdlib.h>
#include <string.h>

#include "field/gf2_8.h"
#include "field/gf2_tower.h"
#include "testutil.h"
#include "vecjson.h"

static hs_gf128 hex(const char *s) {
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    size_t n = strlen(s);
    CHECK(n <= 32);
    hs_gf128 x = {0, 0};
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 99;
        CHECK(d < 16);
        x.hi = x.hi << 4 | x.lo >> 60;
        x.lo = x.lo << 4 | (d & 15);
    }
    return x;
}

#define EQ128(a, b) CHECK(hs_gf128_eq((a), (b)))

static hs_gf128 rnd_level(hs_rng *r, unsigned bits) {
    hs_gf128 x = {hs_rng_u64(r), hs_rng_u64(r)};
    if (bits <= 64) x.hi = 0, x.lo &= bits == 64 ? ~0ull : (1ull << bits) - 1;
    return x;
}

static hs_gf128 tmul(hs_gf2_tower t, hs_gf128 a, hs_gf128 b, unsigned bits) {
    return t == HS_TOWER_FANPAAR ? hs_gf2_fanpaar_mul(a, b, bits) : hs_gf2_frost_mul(a, b, bits);
}

/* conv and its inverse are an isomorphism at every level of tower t */
static void isomorphism(hs_rng *rng, hs_gf2_tower t) {
    const hs_gf128_linmap *to = hs_gf2_tower_to_flat(t), *from = hs_gf2_flat_to_tower(t);
    EQ128(hs_gf128_linmap_apply(to, hs_gf128_one()), hs_gf128_one());
    EQ128(hs_gf128_linmap_apply(from, hs_gf128_one()), hs_gf128_one());
    int reps = hs_test_sanitized() ? 20 : 200;
    for (unsigned bits = t == HS_TOWER_FANPAAR ? 1 : 8; bits <= 128; bits *= 2) {
        for (int it = 0; it < reps && !TOO_MANY_FAILURES(); it++) {
            hs_gf128 a = rnd_level(rng, bits), b = rnd_level(rng, bits);
            hs_gf128 fa = hs_gf128_linmap_apply(to, a), fb = hs_gf128_linmap_apply(to, b);
            EQ128(hs_gf128_linmap_apply(to, tmul(t, a, b, bits)), hs_gf128_mul(fa, fb));
            EQ128(hs_gf128_linmap_apply(to, hs_gf128_add(a, b)), hs_gf128_add(fa, fb));
            EQ128(hs_gf128_linmap_apply(from, fa), a);
            hs_gf128 w = rnd_level(rng, 128);
            EQ128(hs_gf128_linmap_apply(to, hs_gf128_linmap_apply(from, w)), w);
            /* a subfield product stays in the subfield */
            hs_gf128 p = tmul(t, a, b, bits);
            if (bits <= 64) CHECK(p.hi == 0 && (bits == 64 || p.lo >> bits == 0));
        }
    }
}

static void frost(const vj *v) {
    const vj *conv = vj_path(v, "frost_gkr.basis_conversion");
    const vj *t2f = vj_get(conv, "TOWER_TO_FLAT"), *f2t = vj_get(conv, "FLAT_TO_TOWER");
    CHECK(vj_len(t2f) == 128 && vj_len(f2t) == 128);
    const hs_gf128_linmap *to = hs_gf2_tower_to_flat(HS_TOWER_FROST), *from = hs_gf2_flat_to_tower(HS_TOWER_FROST);
    hs_gf128 img[128], inv[128];
    for (int i = 0; i < 128; i++) {
        hs_gf128 e = {i < 64 ? 1ull << i : 0, i < 64 ? 0 : 1ull << (i - 64)};
        img[i] = hex(vj_str(vj_at(t2f, (size_t)i)));
        EQ128(hs_gf128_linmap_apply(to, e), img[i]);
        EQ128(hs_gf128_linmap_apply(from, e), hex(vj_str(vj_at(f2t, (size_t)i))));
    }
    CHECK(hs_gf2_matrix_invert(inv, img));
    for (int i = 0; i < 128; i++) EQ128(inv[i], hex(vj_str(vj_at(f2t, (size_t)i))));
    /* the AES generator x (tower 0x2) */
    EQ128(hs_gf128_linmap_apply(to, (hs_gf128){2, 0}), hex("3d5bd35c94646a247573da4a5f7710ed"));
    const vj *ex = vj_path(v, "frost_gkr.field_examples");
    size_t nprod = 0;
    for (size_t i = 0; i < vj_len(ex); i++) {
        const vj *e = vj_at(ex, i);
        if (!vj_get(e, "a")) continue;
        hs_gf128 a = hex(vj_str(vj_get(e, "a"))), b = hex(vj_str(vj_get(e, "b"))), ab = hex(vj_str(vj_get(e, "a_times_b")));
        EQ128(hs_gf2_frost_mul(a, b, 128), ab);
        EQ128(hs_gf128_linmap_apply(to, a), hex(vj_str(vj_get(e, "a_flat"))));
        EQ128(hs_gf128_linmap_apply(to, b), hex(vj_str(vj_get(e, "b_flat"))));
        EQ128(hs_gf128_mul(hex(vj_str(vj_get(e, "a_flat"))), hex(vj_str(vj_get(e, "b_flat")))),
              hex(vj_str(vj_get(e, "a_times_b_flat"))));
        nprod++;
    }
    CHECK(nprod >= 4);
    /* Block8 is the AES field */
    for (unsigned a = 0; a < 256; a += 7)
        for (unsigned b = 0; b < 256; b += 3) CHECK_EQ_U64(hs_gf2_frost_mul((hs_gf128){a, 0}, (hs_gf128){b, 0}, 128).lo, hs_gf8_mul((uint8_t)a, (uint8_t)b));
}

/* the order of g is 2^128 - 1: g^((2^128 - 1) / p) != 1 for each prime p dividing it */
static int full_order(hs_gf128 g) {
    static const uint64_t primes[] = {3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721ull};
    hs_gf2_u128 all = ~(hs_gf2_u128)0;
    if (!hs_gf128_eq(hs_gf128_pow(g, (uint64_t)all, (uint64_t)(all >> 64)), hs_gf128_one())) return 0;
    for (size_t i = 0; i < sizeof primes / sizeof primes[0]; i++) {
        hs_gf2_u128 e = all / primes[i];
        if (hs_gf128_eq(hs_gf128_pow(g, (uint64_t)e, (uint64_t)(e >> 64)), hs_gf128_one())) return 0;
    }
    return 1;
}

static hs_gf128 linmap_rows(const hs_gf128 img[128], hs_gf128 v) {
    hs_gf128 r = {0, 0};
    for (int i = 0; i < 128; i++)
        if ((i < 64 ? v.lo >> i : v.hi >> (i - 64)) & 1) r = hs_gf128_add(r, img[i]);
    return r;
}

static void binius(const vj *v, hs_rng *rng) {
    const vj *b2p = vj_get(v, "BINARY_TO_POLYVAL_TRANSFORMATION"), *p2g = vj_get(v, "POLYVAL_TO_GHASH_TRANSFORMATION");
    const vj *aes = vj_get(v, "AES8_TO_GHASH_LOOKUP_TABLE");
    CHECK(vj_len(b2p) == 128 && vj_len(p2g) == 128 && vj_len(aes) == 256);
    if (vj_len(b2p) != 128 || vj_len(p2g) != 128 || vj_len(aes) != 256) return;
    hs_gf128 pg[128], fg[128], tab[256];
    for (size_t i = 0; i < 128; i++) pg[i] = hex(vj_str(vj_at(p2g, i)));
    const hs_gf128_linmap *to = hs_gf2_tower_to_flat(HS_TOWER_FANPAAR);
    for (int i = 0; i < 128; i++) {
        fg[i] = linmap_rows(pg, hex(vj_str(vj_at(b2p, (size_t)i))));
        EQ128(hs_gf128_linmap_apply(to, (hs_gf128){i < 64 ? 1ull << i : 0, i < 64 ? 0 : 1ull << (i - 64)}), fg[i]);
    }
    for (int it = 0; it < 16; it++) {
        const hs_gf128 a = rnd_level(rng, 128), b = rnd_level(rng, 128);
        EQ128(linmap_rows(fg, hs_gf2_fanpaar_mul(a, b, 128)), hs_gf128_mul(linmap_rows(fg, a), linmap_rows(fg, b)));
    }
    const hs_gf128_linmap *frost = hs_gf2_tower_to_flat(HS_TOWER_FROST);
    for (unsigned a = 0; a < 256; a++) tab[a] = hex(vj_str(vj_at(aes, a)));
    for (unsigned a = 0; a < 256; a++) {
        uint8_t r = (uint8_t)a; /* a^128, the inverse Frobenius of GF(2^8) */
        for (int k = 0; k < 7; k++) r = hs_gf8_mul(r, r);
        EQ128(tab[a], hs_gf128_linmap_apply(frost, (hs_gf128){r, 0}));
        for (unsigned b = 0; b < 256; b += 17) EQ128(tab[hs_gf8_mul((uint8_t)a, (uint8_t)b)], hs_gf128_mul(tab[a], tab[b]));
    }
    EQ128(tab[4], hex("3d5bd35c94646a247573da4a5f7710ed")); /* FROST-GKR's image of its generator 0x02 */
}

static void fanpaar(void) {
    for (unsigned bits = 2; bits <= 128; bits *= 2) EQ128(hs_gf2_fanpaar_mul((hs_gf128){2, 0}, (hs_gf128){2, 0}, bits), ((hs_gf128){3, 0}));
    /* X1^2 = X0 X1 + 1 in T2 (X1 = 0x4, X0 X1 = 0x8) */
    EQ128(hs_gf2_fanpaar_mul((hs_gf128){4, 0}, (hs_gf128){4, 0}, 4), ((hs_gf128){9, 0}));
    const hs_gf128_linmap *to = hs_gf2_tower_to_flat(HS_TOWER_FANPAAR);
    hs_gf128 g = hs_gf128_linmap_apply(to, hex("2e895399af449ace499596f6e5fccafa"));
    CHECK(full_order(g));
    CHECK(!full_order(hs_gf128_linmap_apply(to, (hs_gf128){2, 0}))); /* X0 has order 3 */
    hs_gf128 img[128], inv[128];
    for (int i = 0; i < 128; i++) img[i] = hs_gf128_linmap_apply(to, (hs_gf128){i < 64 ? 1ull << i : 0, i < 64 ? 0 : 1ull << (i - 64)});
    CHECK(hs_gf2_matrix_invert(inv, img));
}

static void vision(hs_rng *rng, const vj *v) {
    const vj *f = vj_path(v, "binius_vision32.fields");
    const vj *b2a = vj_get(f, "binary8_to_aes8_basis"), *a2b = vj_get(f, "aes8_to_binary8_basis");
    CHECK(vj_len(b2a) == 8 && vj_len(a2b) == 8);
    uint8_t ib[8], ia[8];
    for (size_t j = 0; j < 8; j++) ib[j] = (uint8_t)hex(vj_str(vj_at(b2a, j))).lo, ia[j] = (uint8_t)hex(vj_str(vj_at(a2b, j))).lo;
    CHECK_EQ_U64(hs_gf2_fanpaar8_to_aes8_matrix(), hs_gf8_matrix(ib));
    CHECK_EQ_U64(hs_gf2_aes8_to_fanpaar8_matrix(), hs_gf8_matrix(ia));
    for (unsigned x = 0; x < 256; x++) {
        uint32_t y = hs_gf2_fanpaar_to_aes32(x);
        CHECK_EQ_U64(hs_gf2_aes32_to_fanpaar(y), x);
        for (unsigned z = 0; z < 256; z += 5) /* AES8 is the AES field */
            if (hs_gf2_aes32_mul(x, z) != hs_gf8_mul((uint8_t)x, (uint8_t)z)) CHECK(0);
    }
    const hs_gf128_linmap *to = hs_gf2_aes32_to_flat();
    int reps = hs_test_sanitized() ? 50 : 500;
    for (int it = 0; it < reps && !TOO_MANY_FAILURES(); it++) {
        uint32_t a = (uint32_t)hs_rng_u64(rng), b = (uint32_t)hs_rng_u64(rng);
        if (it < 16) a &= 0xffff, b &= 0xffff; /* the AES16 subfield */
        uint32_t ab = hs_gf2_aes32_mul(a, b), fa = hs_gf2_aes32_to_fanpaar(a), fb = hs_gf2_aes32_to_fanpaar(b);
        CHECK_EQ_U64(hs_gf2_aes32_to_fanpaar(ab), hs_gf2_fanpaar_mul((hs_gf128){fa, 0}, (hs_gf128){fb, 0}, 32).lo);
        CHECK_EQ_U64(hs_gf2_fanpaar_to_aes32(fa), a);
        EQ128(hs_gf128_linmap_apply(to, (hs_gf128){ab, 0}),
              hs_gf128_mul(hs_gf128_linmap_apply(to, (hs_gf128){a, 0}), hs_gf128_linmap_apply(to, (hs_gf128){b, 0})));
        EQ128(hs_gf128_linmap_apply(to, (hs_gf128){a ^ b, 0}),
              hs_gf128_add(hs_gf128_linmap_apply(to, (hs_gf128){a, 0}), hs_gf128_linmap_apply(to, (hs_gf128){b, 0})));
        if (a) CHECK_EQ_U64(hs_gf2_aes32_mul(a, hs_gf2_aes32_inv(a)), 1);
    }
    CHECK_EQ_U64(hs_gf2_aes32_inv(0), 0);
    EQ128(hs_gf128_linmap_apply(to, hs_gf128_one()), hs_gf128_one());
    enum { N = 77 };
    uint32_t in[N], out[N], back[N];
    for (int i = 0; i < N; i++) in[i] = (uint32_t)hs_rng_u64(rng);
    hs_gf2_aes32_to_fanpaar_many(out, in, N);
    memcpy(back, out, sizeof back);
    hs_gf2_fanpaar_to_aes32_many(back, back, N);
    for (int i = 0; i < N; i++) {
        CHECK_EQ_U64(out[i], hs_gf2_aes32_to_fanpaar(in[i]));
        CHECK_EQ_U64(back[i], in[i]);
    }
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_gf2_tower");
    vj *v = vj_load("gf2_towers.json");
    frost(v);
    fanpaar();
    vision(&rng, v);
    vj *b = vj_load("binius_ghash.json");
    CHECK(b != NULL);
    if (b) binius(b, &rng);
    vj_free(b);
    isomorphism(&rng, HS_TOWER_FANPAAR);
    isomorphism(&rng, HS_TOWER_FROST);
    vj_free(v);
    return hs_test_done("test_gf2_tower");
}
