/* KoalaBear extension fields (kb_ext.h) against a naive reference: schoolbook product of
 * canonical uint64 coefficients mod p, then long division by the defining polynomial.
 *
 * Where the moduli come from:
 *   X^4 - 3        Plonky3 koala-bear, BinomialExtensionField<KoalaBear, 4> with W = 3
 *   X^5 + X^2 - 1  Plonky3 quintic trinomial extension (PR #1293), used by leanMultisig; no
 *                  binomial quintic exists because 5 does not divide p - 1 = 2^24 * 127
 *   X^8 - 3        Plonky3 koala-bear, BinomialExtensionField<KoalaBear, 8> with W = 3
 * Irreducibility is checked here directly, not taken on trust (see check_irreducible_*). */
#include <stdlib.h>
#include <string.h>

#include "field/kb_ext.h"
#include "testutil.h"

#define P ((uint64_t)HS_KB_P)
#define MAXD 8

static uint64_t powmod(uint64_t a, uint64_t e) {
    uint64_t r = 1;
    a %= P;
    while (e) {
        if (e & 1) r = r * a % P;
        a = a * a % P;
        e >>= 1;
    }
    return r;
}
static uint64_t invmod(uint64_t a) { return powmod(a, P - 2); }

/* ---- uniform access to the three types through raw coefficient arrays ---- */

typedef struct {
    const char *name;
    unsigned d;
    uint64_t f[MAXD]; /* modulus X^d + sum f[i] X^i, canonical coefficients */
    void (*mul)(hs_kb *r, const hs_kb *a, const hs_kb *b);
    void (*add)(hs_kb *r, const hs_kb *a, const hs_kb *b);
    void (*sub)(hs_kb *r, const hs_kb *a, const hs_kb *b);
    void (*square)(hs_kb *r, const hs_kb *a);
    void (*neg)(hs_kb *r, const hs_kb *a);
    void (*inv)(hs_kb *r, const hs_kb *a);
    void (*mul_base)(hs_kb *r, const hs_kb *a, hs_kb s);
    void (*exp)(hs_kb *r, const hs_kb *a, uint64_t e);
    void (*from_base)(hs_kb *r, hs_kb s);
    void (*zero)(hs_kb *r);
    void (*one)(hs_kb *r);
    int (*eq)(const hs_kb *a, const hs_kb *b);
    int (*is_zero)(const hs_kb *a);
    void (*batch_inv)(hs_kb *out, const hs_kb *in, size_t n); /* n elements of d coefficients */
    int (*from_u32s)(hs_kb *r, const uint32_t *c);
    void (*to_u32s)(uint32_t *out, const hs_kb *a);
} ext_ops;

#define LOAD(T, x, src) \
    T x;                \
    memcpy(x.c, src, sizeof x.c)
#define STORE(dst, x) memcpy(dst, (x).c, sizeof (x).c)

#define WRAP_BIN(T, op)                                              \
    static void T##_w_##op(hs_kb *r, const hs_kb *a, const hs_kb *b) { \
        LOAD(T, x, a);                                                \
        LOAD(T, y, b);                                                \
        T z = T##_##op(x, y);                                         \
        STORE(r, z);                                                  \
    }
#define WRAP_UN(T, op)                                    \
    static void T##_w_##op(hs_kb *r, const hs_kb *a) {    \
        LOAD(T, x, a);                                    \
        T z = T##_##op(x);                                \
        STORE(r, z);                                      \
    }
#define WRAP(T)                                                                                    \
    WRAP_BIN(T, mul)                                                                               \
    WRAP_BIN(T, add)                                                                               \
    WRAP_BIN(T, sub)                                                                               \
    WRAP_UN(T, square)                                                                             \
    WRAP_UN(T, neg)                                                                                \
    WRAP_UN(T, inv)                                                                                \
    static void T##_w_mul_base(hs_kb *r, const hs_kb *a, hs_kb s) {                                \
        LOAD(T, x, a);                                                                             \
        T z = T##_mul_base(x, s);                                                                  \
        STORE(r, z);                                                                               \
    }                                                                                              \
    static void T##_w_exp(hs_kb *r, const hs_kb *a, uint64_t e) {                                  \
        LOAD(T, x, a);                                                                             \
        T z = T##_exp(x, e);                                                                       \
        STORE(r, z);                                                                               \
    }                                                                                              \
    static void T##_w_from_base(hs_kb *r, hs_kb s) {                                               \
        T z = T##_from_base(s);                                                                    \
        STORE(r, z);                                                                               \
    }                                                                                              \
    static void T##_w_zero(hs_kb *r) {                                                             \
        T z = T##_zero();                                                                          \
        STORE(r, z);                                                                               \
    }                                                                                              \
    static void T##_w_one(hs_kb *r) {                                                              \
        T z = T##_one();                                                                           \
        STORE(r, z);                                                                               \
    }                                                                                              \
    static int T##_w_eq(const hs_kb *a, const hs_kb *b) {                                          \
        LOAD(T, x, a);                                                                             \
        LOAD(T, y, b);                                                                             \
        return T##_eq(x, y);                                                                       \
    }                                                                                              \
    static int T##_w_is_zero(const hs_kb *a) {                                                     \
        LOAD(T, x, a);                                                                             \
        return T##_is_zero(x);                                                                     \
    }                                                                                              \
    static void T##_w_batch_inv(hs_kb *out, const hs_kb *in, size_t n) {                           \
        size_t d = sizeof(T) / sizeof(hs_kb);                                                      \
        T *xi = calloc(n ? n : 1, sizeof *xi), *xo = calloc(n ? n : 1, sizeof *xo);                \
        if (!xi || !xo) abort();                                                                   \
        for (size_t i = 0; i < n; i++) memcpy(xi[i].c, in + i * d, sizeof xi->c);                  \
        T##_batch_inv(xo, xi, n);                                                                  \
        for (size_t i = 0; i < n; i++) memcpy(out + i * d, xo[i].c, sizeof xo->c);                 \
        free(xi);                                                                                  \
        free(xo);                                                                                  \
    }                                                                                              \
    static int T##_w_from_u32s(hs_kb *r, const uint32_t *c) {                                      \
        T z;                                                                                       \
        int ok = T##_from_u32s(&z, c);                                                             \
        STORE(r, z);                                                                               \
        return ok;                                                                                 \
    }                                                                                              \
    static void T##_w_to_u32s(uint32_t *out, const hs_kb *a) {                                     \
        LOAD(T, x, a);                                                                             \
        T##_to_u32s(out, x);                                                                       \
    }

WRAP(hs_kb4)
WRAP(hs_kb5)
WRAP(hs_kb8)

#define OPS(T)                                                                                        \
    .mul = T##_w_mul, .add = T##_w_add, .sub = T##_w_sub, .square = T##_w_square, .neg = T##_w_neg,   \
    .inv = T##_w_inv, .mul_base = T##_w_mul_base, .exp = T##_w_exp, .from_base = T##_w_from_base,     \
    .zero = T##_w_zero, .one = T##_w_one, .eq = T##_w_eq, .is_zero = T##_w_is_zero,                   \
    .batch_inv = T##_w_batch_inv, .from_u32s = T##_w_from_u32s, .to_u32s = T##_w_to_u32s

static const ext_ops KB4 = {.name = "kb4", .d = 4, .f = {P - 3}, OPS(hs_kb4)};
static const ext_ops KB5 = {.name = "kb5", .d = 5, .f = {P - 1, 0, 1}, OPS(hs_kb5)};
static const ext_ops KB8 = {.name = "kb8", .d = 8, .f = {P - 3}, OPS(hs_kb8)};

/* ---- naive reference on canonical coefficients ---- */

static void canon(uint64_t *out, const ext_ops *o, const hs_kb *a) {
    for (unsigned i = 0; i < o->d; i++) out[i] = hs_kb_to_u32(a[i]);
}

/* r = a * b mod f by schoolbook product and long division. */
static void ref_mul(uint64_t *r, const ext_ops *o, const uint64_t *a, const uint64_t *b) {
    unsigned d = o->d;
    uint64_t t[2 * MAXD] = {0};
    for (unsigned i = 0; i < d; i++)
        for (unsigned j = 0; j < d; j++) t[i + j] = (t[i + j] + a[i] * b[j]) % P;
    for (unsigned k = 2 * d - 2; k >= d; k--) {
        /* X^k = X^(k-d) * X^d = -X^(k-d) * sum f_i X^i */
        uint64_t c = t[k];
        t[k] = 0;
        for (unsigned i = 0; i < d; i++) t[k - d + i] = (t[k - d + i] + (P - o->f[i]) % P * c) % P;
    }
    memcpy(r, t, d * sizeof *r);
}

static int same(const ext_ops *o, const hs_kb *x, const uint64_t *ref) {
    uint64_t c[MAXD];
    canon(c, o, x);
    for (unsigned i = 0; i < o->d; i++)
        if (c[i] != ref[i]) return 0;
    return 1;
}

/* Random element; the modes stress the lazy-reduction bounds (raw Montgomery values at p - 1)
 * and sparse / small cases, not just uniform ones. */
static void rand_elem(hs_kb *x, const ext_ops *o, hs_rng *rng) {
    unsigned mode = (unsigned)hs_rng_below(rng, 8);
    for (unsigned i = 0; i < o->d; i++) {
        switch (mode) {
        case 0: x[i] = HS_KB_P - 1; break;                                          /* largest raw */
        case 1: x[i] = HS_KB_P - 1 - (hs_kb)hs_rng_below(rng, 4); break;
        case 2: x[i] = hs_rng_below(rng, 3) ? 0 : (hs_kb)hs_rng_below(rng, P); break; /* sparse */
        case 3: x[i] = hs_kb_from_u32((uint32_t)hs_rng_below(rng, 3)); break;         /* small */
        default: x[i] = (hs_kb)hs_rng_below(rng, P); break;
        }
    }
}

static void x_elem(hs_kb *x, const ext_ops *o) { /* the generator X */
    o->zero(x);
    x[1] = HS_KB_ONE;
}

/* ---- random-element checks ---- */

static void test_arith(const ext_ops *o, hs_rng *rng, unsigned long iters) {
    unsigned d = o->d;
    hs_kb a[MAXD], b[MAXD], c[MAXD], r[MAXD], s[MAXD], t[MAXD], one[MAXD], zero[MAXD];
    uint64_t ca[MAXD], cb[MAXD], cc[MAXD], ref[MAXD];
    o->one(one);
    o->zero(zero);
    CHECK(o->is_zero(zero) && !o->is_zero(one));
    CHECK_EQ_U64(hs_kb_to_u32(one[0]), 1);

    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        rand_elem(a, o, rng);
        rand_elem(b, o, rng);
        rand_elem(c, o, rng);
        canon(ca, o, a);
        canon(cb, o, b);
        canon(cc, o, c);

        o->mul(r, a, b);
        ref_mul(ref, o, ca, cb);
        if (!same(o, r, ref)) {
            fprintf(stderr, "%s: mul mismatch at iteration %lu\n", o->name, it);
            hs_test_failures++;
        }
        o->square(s, a);
        ref_mul(ref, o, ca, ca);
        CHECK(same(o, s, ref));
        o->mul(t, a, a);
        CHECK(o->eq(s, t));

        o->add(r, a, b);
        for (unsigned i = 0; i < d; i++) ref[i] = (ca[i] + cb[i]) % P;
        CHECK(same(o, r, ref));
        o->sub(r, a, b);
        for (unsigned i = 0; i < d; i++) ref[i] = (ca[i] + P - cb[i]) % P;
        CHECK(same(o, r, ref));
        o->neg(r, a);
        for (unsigned i = 0; i < d; i++) ref[i] = (P - ca[i]) % P;
        CHECK(same(o, r, ref));

        hs_kb sc = b[d - 1];
        o->mul_base(r, a, sc);
        for (unsigned i = 0; i < d; i++) ref[i] = ca[i] * cb[d - 1] % P;
        CHECK(same(o, r, ref));
        o->from_base(t, sc); /* embedding: mul by from_base == mul_base */
        o->mul(s, a, t);
        CHECK(o->eq(r, s));

        /* ring laws */
        o->mul(r, b, a);
        o->mul(s, a, b);
        CHECK(o->eq(r, s));
        o->add(t, b, c);
        o->mul(r, a, t);
        o->mul(t, a, c);
        o->add(s, s, t);
        CHECK(o->eq(r, s)); /* a(b + c) = ab + ac */
        o->mul(t, a, b);
        o->mul(r, t, c);
        o->mul(t, b, c);
        o->mul(s, a, t);
        CHECK(o->eq(r, s)); /* (ab)c = a(bc) */
        o->mul(r, a, one);
        CHECK(o->eq(r, a));
        o->mul(r, a, zero);
        CHECK(o->is_zero(r));

        /* canonical export and import */
        uint32_t u[MAXD];
        o->to_u32s(u, a);
        for (unsigned i = 0; i < d; i++) CHECK_EQ_U64(u[i], ca[i]);
        CHECK(o->from_u32s(r, u) == 1);
        CHECK(o->eq(r, a));

        if (it % 4 == 0) {
            o->inv(r, a);
            o->mul(s, r, a);
            if (o->is_zero(a)) {
                CHECK(o->is_zero(r));
            } else {
                CHECK(o->eq(s, one));
                o->inv(t, r);
                CHECK(o->eq(t, a));
            }
        }
        if (it % 16 == 0) {
            /* small exponents against repeated multiplication; a^(e1+e2) = a^e1 a^e2 */
            uint64_t acc[MAXD] = {1};
            for (unsigned e = 0; e < 12; e++) {
                o->exp(r, a, e);
                CHECK(same(o, r, acc));
                ref_mul(acc, o, acc, ca);
            }
            uint64_t e1 = hs_rng_u64(rng) >> 1, e2 = hs_rng_u64(rng) >> 1;
            o->exp(r, a, e1 + e2);
            o->exp(s, a, e1);
            o->exp(t, a, e2);
            o->mul(s, s, t);
            CHECK(o->eq(r, s));
            o->exp(r, a, UINT64_MAX);
            o->exp(s, a, UINT64_MAX >> 1);
            o->square(s, s);
            o->mul(s, s, a);
            CHECK(o->eq(r, s));
        }
    }

    /* fixed values */
    o->inv(r, zero);
    CHECK(o->is_zero(r));
    o->inv(r, one);
    CHECK(o->eq(r, one));
    o->exp(r, zero, 0);
    CHECK(o->eq(r, one));
    x_elem(a, o);
    o->inv(r, a);
    o->mul(s, r, a);
    CHECK(o->eq(s, one));

    /* non-canonical input is reduced and reported */
    uint32_t u[MAXD] = {0};
    u[0] = HS_KB_P;
    u[d - 1] = UINT32_MAX;
    CHECK(o->from_u32s(r, u) == 0);
    CHECK(hs_kb_to_u32(r[0]) == 0 && hs_kb_to_u32(r[d - 1]) == (uint32_t)(UINT32_MAX % P));
    for (unsigned i = 0; i < d; i++) { /* p itself, in each position alone, is rejected */
        memset(u, 0, sizeof u);
        u[i] = HS_KB_P;
        CHECK(o->from_u32s(r, u) == 0 && o->is_zero(r));
        u[i] = HS_KB_P - 1;
        CHECK(o->from_u32s(r, u) == 1);
    }
}

/* a^(p^d) = a by raising to p, d times (p^d overflows 64 bits); a^(p^k) != a for 0 < k < d
 * (a random a lies in no proper subfield except with negligible probability); and so
 * a^(p^d - 1) = a^(p^d) / a = 1. */
static void test_frobenius(const ext_ops *o, hs_rng *rng) {
    hs_kb a[MAXD], b[MAXD], r[MAXD], one[MAXD];
    o->one(one);
    for (int n = 0; n < 3; n++) {
        for (unsigned i = 0; i < o->d; i++) a[i] = (hs_kb)hs_rng_below(rng, P);
        memcpy(b, a, sizeof b);
        for (unsigned k = 1; k <= o->d; k++) {
            o->exp(b, b, P);
            CHECK(o->eq(b, a) == (k == o->d));
        }
        o->inv(r, a);
        o->mul(r, r, b);
        CHECK(o->eq(r, one));
    }
}

/* For X^d - 3 with d | p - 1: X^p = 3^((p-1)/d) X, an independent check of exp and of W. */
static void test_frobenius_binomial(const ext_ops *o) {
    CHECK((P - 1) % o->d == 0);
    hs_kb x[MAXD], r[MAXD], want[MAXD];
    x_elem(x, o);
    o->exp(r, x, P);
    o->zero(want);
    want[1] = hs_kb_from_u32((uint32_t)powmod(3, (P - 1) / o->d));
    CHECK(o->eq(r, want));
}

/* X^d - W is irreducible over F_p iff W is no q-th power for each prime q | d, and W is not of
 * the form -4c^4 when 4 | d (Capelli). For d = 4, 8 the only prime is 2; and with p = 1 mod 4,
 * -1 and hence -4 are squares, so -4c^4 is a square: "3 is a non-square" covers both. */
static void check_irreducible_binomial(unsigned d) {
    CHECK(d == 4 || d == 8);
    CHECK(P % 4 == 1);
    CHECK_EQ_U64(powmod(3, (P - 1) / 2), P - 1);
    CHECK_EQ_U64(hs_kb_to_u32(hs_kb_exp(hs_kb_from_u32(3), (P - 1) / 2)), P - 1);
}

/* Polynomial gcd over F_p on canonical coefficients; returns the degree of the gcd (-1 for 0). */
static int poly_deg(const uint64_t *a, int n) {
    while (n > 0 && a[n - 1] == 0) n--;
    return n - 1;
}
static int poly_gcd_deg(uint64_t *a, uint64_t *b, int n) {
    int da = poly_deg(a, n), db = poly_deg(b, n);
    while (db >= 0) {
        /* a = a mod b */
        uint64_t li = invmod(b[db]);
        while (da >= db) {
            uint64_t q = a[da] * li % P;
            for (int i = 0; i <= db; i++) a[da - db + i] = (a[da - db + i] + (P - q) * b[i]) % P;
            da = poly_deg(a, da);
        }
        uint64_t *t = a;
        a = b;
        b = t;
        int dt = da;
        da = db;
        db = dt;
    }
    return da;
}

/* A reducible quintic has a factor of degree 1 or 2, i.e. shares a root with X^(p^k) - X for
 * k = 1 or 2; so gcd(X^(p^k) - X mod f, f) = 1 for k = 1, 2 proves X^5 + X^2 - 1 irreducible.
 * X^(p^k) mod f is the element X raised to p, k times, in the ring F_p[X]/f (hs_kb5_exp is
 * correct in that ring whether or not f is irreducible: it only multiplies). */
static void check_irreducible_quintic(void) {
    hs_kb5 x = hs_kb5_zero(), y;
    x.c[1] = HS_KB_ONE;
    y = x;
    for (int k = 1; k <= 5; k++) {
        y = hs_kb5_exp(y, P);
        uint64_t g[6] = {0}, f[6] = {P - 1, 0, 1, 0, 0, 1};
        for (int i = 0; i < 5; i++) g[i] = hs_kb_to_u32(y.c[i]);
        g[1] = (g[1] + P - 1) % P; /* X^(p^k) - X */
        if (k <= 2) {
            CHECK(poly_gcd_deg(g, f, 6) == 0);
        } else if (k == 5) {
            CHECK(poly_deg(g, 6) == -1); /* X^(p^5) = X: f splits in F_(p^5) */
        }
    }
}

static void test_batch_inv(const ext_ops *o, hs_rng *rng) {
    enum { N = 200 };
    size_t d = o->d;
    hs_kb *in = malloc(N * d * sizeof *in), *out = malloc(N * d * sizeof *out);
    hs_kb r[MAXD];
    if (!in || !out) abort();
    for (size_t i = 0; i < N; i++) {
        if (i % 7 == 2 || i == N - 1) {
            o->zero(in + i * d);
        } else {
            rand_elem(in + i * d, o, rng);
        }
    }
    memset(out, 0xff, N * d * sizeof *out);
    o->batch_inv(out, in, N);
    for (size_t i = 0; i < N && !TOO_MANY_FAILURES(); i++) {
        o->inv(r, in + i * d);
        CHECK(o->eq(out + i * d, r));
    }
    o->batch_inv(out, in, 0);
    o->zero(in);
    memset(out, 0xff, d * sizeof *out);
    o->batch_inv(out, in, 1);
    CHECK(o->is_zero(out));
    free(in);
    free(out);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_kb_ext");
    unsigned long iters = hs_test_iters(10000);
    CHECK(sizeof(hs_kb4) == 4 * sizeof(hs_kb) && sizeof(hs_kb5) == 5 * sizeof(hs_kb) &&
          sizeof(hs_kb8) == 8 * sizeof(hs_kb));
    /* the lazy-reduction bounds kb_ext.h relies on */
    CHECK(2 * (P - 1) * (P - 1) < (P << 32));     /* two products: no fold needed */
    CHECK(4 * (P - 1) * (P - 1) < 2 * (P << 32)); /* four products: one fold */
    CHECK((P << 32) <= UINT64_MAX / 2);           /* two lazy values add without overflow */

    check_irreducible_binomial(4);
    check_irreducible_binomial(8);
    check_irreducible_quintic();

    const ext_ops *all[] = {&KB4, &KB5, &KB8};
    for (int k = 0; k < 3; k++) {
        test_arith(all[k], &rng, iters);
        test_frobenius(all[k], &rng);
        test_batch_inv(all[k], &rng);
    }
    test_frobenius_binomial(&KB4);
    test_frobenius_binomial(&KB8);
    return hs_test_done("test_kb_ext");
}
