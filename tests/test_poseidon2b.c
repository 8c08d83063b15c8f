/* Poseidon2b (hash/poseidon2b.h), both instances, against public data:
 *  - poseidon2b: the Sage reference notebook's known answer on [0, 1, 2, 3] and the round-by-round
 *    trace of tests/vectors/poseidon2b.json (github.com/Poseidon-Hash/Poseidon2b sage-ref);
 *  - poseidon2b-frost: the known answers of tests/vectors/poseidon2b_frost_constants.json (computed
 *    from github.com/ignotusnemo/frost-gkr's native permutation), in the tower and in flat; and an
 *    independent tower-basis evaluation (hs_gf2_frost_mul, the integer tables of the file read as
 *    tower elements, matrices multiplied as matrices) that must agree with the flat computation
 *    after every round, on the known inputs and on random states;
 *  - the linear layers (ladder and diagonal forms) equal the matrices of the files;
 *  - every batch kernel (PCLMULQDQ, VPCLMULQDQ 2 and 4 lanes) equals the portable permutation on
 *    random states, at sizes with and without a tail, and across threads;
 *  - the sponges: the padding rules and single-block digests recomputed from the permutation. */
#include <string.h>

#include "field/gf2_tower.h"
#include "hash/poseidon2b.h"
#include "testutil.h"
#include "vecjson.h"

#define W HS_P2B_WIDTH
#define EQ128(a, b) CHECK(hs_gf128_eq((a), (b)))

static hs_gf128 hx(const vj *s) {
    hs_gf128 x;
    vj_u128(s, &x.lo, &x.hi);
    return x;
}

static void read4(const vj *arr, hs_gf128 out[W]) {
    CHECK(vj_len(arr) == W);
    for (size_t i = 0; i < W; i++) out[i] = hx(vj_at(arr, i));
}

static hs_gf128 rnd(hs_rng *r) { return (hs_gf128){hs_rng_u64(r), hs_rng_u64(r)}; }

/* y = M x, every entry a field element, with product mul (flat or tower) */
static void matvec(hs_gf128 (*mul)(hs_gf128, hs_gf128), hs_gf128 m[W][W], hs_gf128 s[W]) {
    hs_gf128 y[W];
    for (int i = 0; i < W; i++) {
        y[i] = hs_gf128_zero();
        for (int j = 0; j < W; j++) y[i] = hs_gf128_add(y[i], mul(m[i][j], s[j]));
    }
    memcpy(s, y, sizeof y);
}

/* the linear layers of inst are the matrices MF and MP (flat), on random states */
static void check_layers(hs_rng *rng, hs_p2b_inst inst, hs_gf128 MF[W][W], hs_gf128 MP[W][W]) {
    for (int it = 0; it < 50; it++)
        for (int m = 0; m < 2; m++) {
            hs_gf128 a[W], b[W];
            for (int i = 0; i < W; i++) a[i] = b[i] = rnd(rng);
            if (m) hs_p2b_mp(inst, a);
            else hs_p2b_mf(inst, a);
            matvec(hs_gf128_mul, m ? MP : MF, b);
            for (int i = 0; i < W; i++) EQ128(a[i], b[i]);
        }
}

static hs_gf128 tmul(hs_gf128 a, hs_gf128 b) { return hs_gf2_frost_mul(a, b, 128); }

static void reference(hs_rng *rng) {
    vj *v = vj_load("poseidon2b.json");
    const vj *cases = vj_get(v, "cases");
    CHECK(vj_len(cases) >= 1);
    for (size_t c = 0; c < vj_len(cases); c++) {
        hs_gf128 s[W], want[W];
        read4(vj_get(vj_at(cases, c), "input"), s);
        read4(vj_get(vj_at(cases, c), "output"), want);
        hs_p2b_permute(HS_P2B_REF, s);
        for (int i = 0; i < W; i++) EQ128(s[i], want[i]);
    }
    /* round by round */
    const vj *tr = vj_get(v, "trace");
    const vj *states = vj_get(tr, "states");
    CHECK(vj_len(states) == HS_P2B_ROUNDS + 1);
    hs_gf128 in[W], got[HS_P2B_ROUNDS + 1][W];
    read4(vj_get(tr, "input"), in);
    hs_p2b_trace(HS_P2B_REF, in, got);
    for (size_t r = 0; r <= HS_P2B_ROUNDS && r < vj_len(states); r++) {
        hs_gf128 want[W];
        read4(vj_at(states, r), want);
        for (int i = 0; i < W; i++) {
            if (!hs_gf128_eq(got[r][i], want[i])) fprintf(stderr, "reference trace: state %zu lane %d differs\n", r, i);
            EQ128(got[r][i], want[i]);
        }
    }
    /* the linear layers are the matrices: M_F's integers and M_P = J - I + diag(X^5, X^13, X^9, X^11)
     * as flat elements (the integer 2^k is X^k) */
    static const uint64_t mf[W][W] = {{5, 7, 1, 3}, {4, 6, 1, 1}, {1, 3, 5, 7}, {1, 1, 4, 6}};
    static const unsigned dexp[W] = {5, 13, 9, 11};
    hs_gf128 MF[W][W], MP[W][W];
    for (int i = 0; i < W; i++)
        for (int j = 0; j < W; j++) {
            MF[i][j] = (hs_gf128){mf[i][j], 0};
            MP[i][j] = i == j ? (hs_gf128){1ull << dexp[i], 0} : hs_gf128_one();
        }
    check_layers(rng, HS_P2B_REF, MF, MP);
    vj_free(v);
}

/* FROST-GKR's permutation in its own tower, as its source writes it: the integer tables read as
 * tower elements, one state after every round into out (states after the initial layer and after
 * each round, as hs_p2b_trace). */
typedef struct {
    hs_gf128 rc[HS_P2B_ROUNDS][W], mf[W][W], mp[W][W];
} frost_tables;

static void frost_tower_trace(frost_tables *t, const hs_gf128 in[W], hs_gf128 out[HS_P2B_ROUNDS + 1][W]) {
    hs_gf128 s[W];
    memcpy(s, in, sizeof s);
    matvec(tmul, t->mf, s);
    memcpy(out[0], s, sizeof s);
    for (unsigned r = 0; r < HS_P2B_ROUNDS; r++) {
        int full = hs_p2b_full_round(r);
        for (int i = 0; i < (full ? W : 1); i++) {
            hs_gf128 x = hs_gf128_add(s[i], t->rc[r][i]), x2 = tmul(x, x), x4 = tmul(x2, x2);
            s[i] = tmul(x4, tmul(x2, x));
        }
        matvec(tmul, full ? t->mf : t->mp, s);
        memcpy(out[r + 1], s, sizeof s);
    }
}

static void frost(hs_rng *rng) {
    vj *v = vj_load("poseidon2b_frost_constants.json");
    frost_tables t;
    const vj *rc = vj_get(v, "ROUND_CONSTANTS"), *mf = vj_get(v, "MDS_FULL"), *mp = vj_get(v, "MDS_PARTIAL");
    CHECK(vj_len(rc) == W && vj_len(mf) == W && vj_len(mp) == W);
    for (size_t i = 0; i < W; i++) {
        uint64_t row[HS_P2B_ROUNDS];
        CHECK(vj_u64s(vj_at(rc, i), row, HS_P2B_ROUNDS) == HS_P2B_ROUNDS);
        for (unsigned r = 0; r < HS_P2B_ROUNDS; r++) t.rc[r][i] = (hs_gf128){row[r], 0};
        uint64_t a[W], b[W];
        CHECK(vj_u64s(vj_at(mf, i), a, W) == W && vj_u64s(vj_at(mp, i), b, W) == W);
        for (int j = 0; j < W; j++) t.mf[i][j] = (hs_gf128){a[j], 0}, t.mp[i][j] = (hs_gf128){b[j], 0};
    }
    /* the source adds only lane 0's constant in a partial round */
    for (unsigned r = 0; r < HS_P2B_ROUNDS; r++)
        if (!hs_p2b_full_round(r))
            for (int i = 1; i < W; i++) t.rc[r][i] = hs_gf128_zero();

    const hs_gf128_linmap *to = hs_gf2_tower_to_flat(HS_TOWER_FROST), *from = hs_gf2_flat_to_tower(HS_TOWER_FROST);
    /* the generated flat constants are the tower ones mapped */
    for (unsigned r = 0; r < HS_P2B_ROUNDS; r++)
        for (int i = 0; i < W; i++) EQ128(hs_p2b_frost_rc[r][i], hs_gf128_linmap_apply(to, t.rc[r][i]));

    const vj *cases = vj_get(v, "cases");
    size_t nc = vj_len(cases);
    CHECK(nc >= 3);
    int reps = hs_test_sanitized() ? 2 : 6;
    for (size_t c = 0; c < nc + (size_t)reps; c++) {
        hs_gf128 in[W], want[W], s[W];
        const vj *cs = c < nc ? vj_at(cases, c) : NULL;
        if (cs) {
            read4(vj_get(cs, "input"), in);
            read4(vj_get(cs, "output"), want);
            hs_gf128 inf[W], outf[W];
            read4(vj_get(cs, "input_flat"), inf);
            read4(vj_get(cs, "output_flat"), outf);
            memcpy(s, inf, sizeof s);
            hs_p2b_permute(HS_P2B_FROST, s);
            for (int i = 0; i < W; i++) {
                EQ128(s[i], outf[i]);
                EQ128(hs_gf128_linmap_apply(to, in[i]), inf[i]);
            }
        } else {
            for (int i = 0; i < W; i++) in[i] = rnd(rng);
        }
        /* tower: the public entry and the tower model */
        memcpy(s, in, sizeof s);
        hs_p2b_frost_permute_tower(s);
        hs_gf128 tw[HS_P2B_ROUNDS + 1][W], fl[HS_P2B_ROUNDS + 1][W], inflat[W];
        frost_tower_trace(&t, in, tw);
        for (int i = 0; i < W; i++) {
            EQ128(s[i], tw[HS_P2B_ROUNDS][i]);
            if (cs) EQ128(s[i], want[i]);
            inflat[i] = hs_gf128_linmap_apply(to, in[i]);
        }
        /* flat round by round equals tower round by round, both ways */
        hs_p2b_trace(HS_P2B_FROST, inflat, fl);
        for (int r = 0; r <= HS_P2B_ROUNDS; r++)
            for (int i = 0; i < W; i++) {
                EQ128(hs_gf128_linmap_apply(to, tw[r][i]), fl[r][i]);
                EQ128(hs_gf128_linmap_apply(from, fl[r][i]), tw[r][i]);
            }
    }
    /* the linear layers are the matrices of the file in flat */
    hs_gf128 MF[W][W], MP[W][W];
    for (size_t i = 0; i < W; i++) {
        read4(vj_at(vj_get(v, "MDS_FULL_FLAT"), i), MF[i]);
        read4(vj_at(vj_get(v, "MDS_PARTIAL_FLAT"), i), MP[i]);
    }
    check_layers(rng, HS_P2B_FROST, MF, MP);
    vj_free(v);
}

/* every kernel against the portable permutation, both instances */
static void kernels(hs_rng *rng) {
    static const size_t sizes[] = {1, 2, 3, 4, 5, 7, 16, 17, 31, 64, 69};
    size_t max = 69;
    hs_gf128 *a = malloc(max * W * sizeof *a), *b = malloc(max * W * sizeof *b);
    CHECK(a && b);
    int tested = 0;
    for (int impl = 0; impl < HS_GF128_IMPL_COUNT; impl++) {
        const hs_p2b_kernels *k = hs_p2b_kernels_get((hs_gf128_impl)impl);
        if (!k) {
            printf("  poseidon2b kernel %d: not available on this CPU/build, skipped\n", impl);
            continue;
        }
        tested++;
        for (int inst = 0; inst < HS_P2B_INST_COUNT; inst++)
            for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
                size_t n = sizes[si];
                for (size_t i = 0; i < n * W; i++) a[i] = b[i] = rnd(rng);
                k->many((hs_p2b_inst)inst, a, n);
                for (size_t s = 0; s < n; s++) hs_p2b_permute((hs_p2b_inst)inst, b + W * s);
                int same = !memcmp(a, b, n * W * sizeof *a);
                if (!same) fprintf(stderr, "kernel %s, instance %d, n = %zu differs\n", k->name, inst, n);
                CHECK(same);
            }
    }
    printf("  poseidon2b: %d kernels checked, best %s\n", tested, hs_p2b_kernels_best()->name);
    free(a), free(b);

    /* the threaded batch: 1 and 3 threads, chunks and tails */
    size_t n = 1000;
    hs_gf128 *x = malloc(n * W * sizeof *x), *y = malloc(n * W * sizeof *y), *z = malloc(n * W * sizeof *z);
    CHECK(x && y && z);
    for (size_t i = 0; i < n * W; i++) x[i] = y[i] = z[i] = rnd(rng);
    hs_p2b_permute_many(HS_P2B_REF, x, n, 1);
    hs_p2b_permute_many(HS_P2B_REF, y, n, 3);
    CHECK(!memcmp(x, y, n * W * sizeof *x));
    for (size_t s = 0; s < n; s += 97) {
        hs_p2b_permute(HS_P2B_REF, z + W * s);
        CHECK(!memcmp(z + W * s, x + W * s, W * sizeof *z));
    }
    /* tower batch = tower one by one */
    for (size_t i = 0; i < 8 * W; i++) x[i] = y[i] = rnd(rng);
    hs_p2b_frost_permute_tower_many(x, 8, 2);
    for (size_t s = 0; s < 8; s++) hs_p2b_frost_permute_tower(y + W * s);
    CHECK(!memcmp(x, y, 8 * W * sizeof *x));
    free(x), free(y), free(z);
}

static void put_le(uint8_t *b, hs_gf128 x) {
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(x.lo >> (8 * i)), b[8 + i] = (uint8_t)(x.hi >> (8 * i));
}

static void sponges(hs_rng *rng) {
    uint8_t msg[100], pad[64], d1[32], d2[32], want[32];
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)hs_rng_u64(rng);
    /* FROST-GKR: nothing absorbed, nothing permuted: the digest is the zero rate */
    hs_p2b_frost_sponge(d1, NULL, 0);
    memset(want, 0, sizeof want);
    CHECK(!memcmp(d1, want, 32));
    /* one block = its two lanes (tower values) permuted, lanes 0 and 1 out */
    hs_gf128 s[W] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    for (int i = 0; i < 2; i++)
        for (int b = 15; b >= 0; b--) {
            hs_gf128 *w = &s[i];
            w->hi = w->hi << 8 | w->lo >> 56;
            w->lo = w->lo << 8 | msg[16 * i + b];
        }
    hs_p2b_frost_permute_tower(s);
    put_le(want, s[0]), put_le(want + 16, s[1]);
    hs_p2b_frost_sponge(d1, msg, 32);
    CHECK(!memcmp(d1, want, 32));
    /* a partial block equals the message with the pad bytes written out */
    for (size_t len = 33; len < 64; len += 7) {
        memcpy(pad, msg, len);
        memset(pad + len, 0, 64 - len);
        pad[len] |= 0x80, pad[63] |= 0x01;
        hs_p2b_frost_sponge(d1, msg, len);
        hs_p2b_frost_sponge(d2, pad, 64);
        CHECK(!memcmp(d1, d2, 32));
        hs_p2b_ref_sponge(d2, pad, 64); /* the reference's sponge always pads: differs */
        hs_p2b_ref_sponge(d1, msg, len);
        CHECK(memcmp(d1, d2, 32) != 0);
    }
    /* reference sponge: the empty message is one block of padding alone, in flat */
    hs_gf128 r[W] = {{0x80, 0}, {0, 1ull << 56}, {0, 0}, {0, 0}};
    hs_p2b_permute(HS_P2B_REF, r);
    put_le(want, r[0]), put_le(want + 16, r[1]);
    hs_p2b_ref_sponge(d1, NULL, 0);
    CHECK(!memcmp(d1, want, 32));
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_poseidon2b");
    reference(&rng);
    frost(&rng);
    kernels(&rng);
    sponges(&rng);
    return hs_test_done("test_poseidon2b");
}
