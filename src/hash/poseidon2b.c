/* Poseidon2b, both instances: the portable permutation, the batch dispatch, the tower edges and
 * the sponges (poseidon2b.h). */
#include "hash/poseidon2b.h"

#include <string.h>

#include "field/gf2_tower.h"
#include "util/parallel.h"

/* a X^k, 1 <= k <= 56: shift, then the k bits past X^127 come back times X^7 + X^2 + X + 1. */
static inline hs_gf128 mulx(hs_gf128 a, unsigned k) {
    uint64_t top = a.hi >> (64 - k);
    return (hs_gf128){(a.lo << k) ^ top ^ (top << 1) ^ (top << 2) ^ (top << 7), (a.hi << k) | (a.lo >> (64 - k))};
}

/* The exponents of M_P's diagonal in the reference instance: d = X^5, X^13, X^9, X^11. */
static const unsigned ref_diag_exp[HS_P2B_WIDTH] = {5, 13, 9, 11};

static inline hs_gf128 times2(hs_p2b_inst inst, hs_gf128 x) {
    return inst == HS_P2B_REF ? mulx(x, 1) : hs_gf128_mul(x, hs_p2b_frost_two);
}
static inline hs_gf128 times4(hs_p2b_inst inst, hs_gf128 x) {
    return inst == HS_P2B_REF ? mulx(x, 2) : hs_gf128_mul(x, hs_p2b_frost_four);
}

/* Poseidon2's 4x4 ladder for [[5,7,1,3],[4,6,1,1],[1,3,5,7],[1,1,4,6]] (5 = 4 + 1, 7 = 4 + 2 + 1,
 * ... as field elements): t0 = x0 + x1, t1 = x2 + x3, t2 = 2 x1 + t1, t3 = 2 x3 + t0,
 * t4 = 4 t1 + t3, t5 = 4 t0 + t2; y = (t3 + t5, t5, t2 + t4, t4). */
void hs_p2b_mf(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH]) {
    hs_gf128 t0 = hs_gf128_add(s[0], s[1]), t1 = hs_gf128_add(s[2], s[3]);
    hs_gf128 t2 = hs_gf128_add(times2(inst, s[1]), t1), t3 = hs_gf128_add(times2(inst, s[3]), t0);
    hs_gf128 t4 = hs_gf128_add(times4(inst, t1), t3), t5 = hs_gf128_add(times4(inst, t0), t2);
    s[0] = hs_gf128_add(t3, t5);
    s[1] = t5;
    s[2] = hs_gf128_add(t2, t4);
    s[3] = t4;
}

/* y_i = d_i x_i + sum_{j != i} x_j = (d_i + 1) x_i + sum_j x_j. */
void hs_p2b_mp(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH]) {
    hs_gf128 sum = hs_gf128_add(hs_gf128_add(s[0], s[1]), hs_gf128_add(s[2], s[3]));
    for (int i = 0; i < HS_P2B_WIDTH; i++) {
        hs_gf128 d = inst == HS_P2B_REF ? hs_gf128_add(mulx(s[i], ref_diag_exp[i]), s[i])
                                        : hs_gf128_mul(s[i], hs_p2b_frost_diag1[i]);
        s[i] = hs_gf128_add(d, sum);
    }
}

/* x^7 = x^3 x^4 with x^2, x^4 by squaring: two products, two squarings. */
static inline hs_gf128 sbox(hs_gf128 x) {
    hs_gf128 x2 = hs_gf128_square(x);
    return hs_gf128_mul(hs_gf128_mul(x2, x), hs_gf128_square(x2));
}

static void round_r(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH], unsigned r) {
    const hs_gf128 *rc = inst == HS_P2B_REF ? hs_p2b_ref_rc[r] : hs_p2b_frost_rc[r];
    if (hs_p2b_full_round(r)) {
        for (int i = 0; i < HS_P2B_WIDTH; i++) s[i] = sbox(hs_gf128_add(s[i], rc[i]));
        hs_p2b_mf(inst, s);
    } else {
        s[0] = sbox(hs_gf128_add(s[0], rc[0]));
        hs_p2b_mp(inst, s);
    }
}

void hs_p2b_permute(hs_p2b_inst inst, hs_gf128 s[HS_P2B_WIDTH]) {
    hs_p2b_mf(inst, s);
    for (unsigned r = 0; r < HS_P2B_ROUNDS; r++) round_r(inst, s, r);
}

void hs_p2b_trace(hs_p2b_inst inst, const hs_gf128 in[HS_P2B_WIDTH], hs_gf128 out[HS_P2B_ROUNDS + 1][HS_P2B_WIDTH]) {
    hs_gf128 s[HS_P2B_WIDTH];
    memcpy(s, in, sizeof s);
    hs_p2b_mf(inst, s);
    memcpy(out[0], s, sizeof s);
    for (unsigned r = 0; r < HS_P2B_ROUNDS; r++) {
        round_r(inst, s, r);
        memcpy(out[r + 1], s, sizeof s);
    }
}

/* ---- batches ---- */

static void many_portable(hs_p2b_inst inst, hs_gf128 *st, size_t n) {
    for (size_t k = 0; k < n; k++) hs_p2b_permute(inst, st + HS_P2B_WIDTH * k);
}

static const hs_p2b_kernels kernels_portable = {"portable", 1, many_portable};

/* A kernel here exists exactly where the field's kernel of the same instruction set does (the same
 * build flags and CPU checks), so availability is the field's answer. */
const hs_p2b_kernels *hs_p2b_kernels_get(hs_gf128_impl impl) {
    static const hs_p2b_kernels *const table[HS_GF128_IMPL_COUNT] = {
        &kernels_portable,
#ifdef HS_HAVE_PCLMUL
        &hs_p2b_kernels_clmul,
#else
        NULL,
#endif
#ifdef HS_HAVE_VPCLMUL
        &hs_p2b_kernels_vpclmul2,
#else
        NULL,
#endif
#ifdef HS_HAVE_VPCLMUL512
        &hs_p2b_kernels_vpclmul4,
#else
        NULL,
#endif
    };
    return (unsigned)impl < HS_GF128_IMPL_COUNT && hs_gf128_kernels_get(impl) ? table[impl] : NULL;
}

const hs_p2b_kernels *hs_p2b_kernels_best(void) {
    const hs_p2b_kernels *best = &kernels_portable;
    for (int i = 0; i < HS_GF128_IMPL_COUNT; i++) {
        const hs_p2b_kernels *k = hs_p2b_kernels_get((hs_gf128_impl)i);
        if (k) best = k;
    }
    return best;
}

typedef struct {
    hs_p2b_inst inst;
    hs_gf128 *states;
    int tower; /* FROST-GKR tower values in and out */
} batch_ctx;

static void convert(hs_gf128 *st, size_t n, const hs_gf128_linmap *m) {
    for (size_t i = 0; i < n * HS_P2B_WIDTH; i++) st[i] = hs_gf128_linmap_apply(m, st[i]);
}

static void batch(void *vctx, size_t lo, size_t cnt) {
    const batch_ctx *c = vctx;
    hs_gf128 *st = c->states + HS_P2B_WIDTH * lo;
    if (c->tower) convert(st, cnt, hs_gf2_tower_to_flat(HS_TOWER_FROST));
    hs_p2b_kernels_best()->many(c->inst, st, cnt);
    if (c->tower) convert(st, cnt, hs_gf2_flat_to_tower(HS_TOWER_FROST));
}

/* 256 states (16 KiB) a chunk: a multiple of every kernel's block. */
void hs_p2b_permute_many(hs_p2b_inst inst, hs_gf128 *states, size_t n, unsigned threads) {
    batch_ctx c = {inst, states, 0};
    hs_parallel_batches(n, 256, threads, batch, &c);
}

void hs_p2b_frost_permute_tower_many(hs_gf128 *states, size_t n, unsigned threads) {
    batch_ctx c = {HS_P2B_FROST, states, 1};
    hs_parallel_batches(n, 256, threads, batch, &c);
}

void hs_p2b_frost_permute_tower(hs_gf128 s[HS_P2B_WIDTH]) {
    convert(s, 1, hs_gf2_tower_to_flat(HS_TOWER_FROST));
    hs_p2b_permute(HS_P2B_FROST, s);
    convert(s, 1, hs_gf2_flat_to_tower(HS_TOWER_FROST));
}

/* ---- sponges ---- */

static hs_gf128 le128(const uint8_t *b) {
    hs_gf128 x = {0, 0};
    for (int i = 7; i >= 0; i--) x.lo = x.lo << 8 | b[i], x.hi = x.hi << 8 | b[8 + i];
    return x;
}

static void put_le128(uint8_t *b, hs_gf128 x) {
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(x.lo >> (8 * i)), b[8 + i] = (uint8_t)(x.hi >> (8 * i));
}

/* Rate 2, capacity 2, zero state; block words read as little-endian u128 and mapped by `in`
 * (NULL: already flat), the digest mapped back by `out`. always_pad: a padding block even after a
 * message of a multiple of 32 bytes. */
static void sponge(hs_p2b_inst inst, uint8_t digest[32], const uint8_t *msg, size_t len, int always_pad,
                   const hs_gf128_linmap *in, const hs_gf128_linmap *out) {
    hs_gf128 s[HS_P2B_WIDTH] = {{0, 0}, {0, 0}, {0, 0}, {0, 0}};
    uint8_t block[32];
    size_t off = 0;
    for (;;) {
        size_t k = len - off < 32 ? len - off : 32;
        if (k < 32) {
            if (k == 0 && !always_pad) break;
            memset(block, 0, sizeof block);
            if (k) memcpy(block, msg + off, k);
            block[k] |= 0x80;
            block[31] |= 0x01;
        } else {
            memcpy(block, msg + off, 32);
        }
        for (int i = 0; i < 2; i++) {
            hs_gf128 w = le128(block + 16 * i);
            s[i] = hs_gf128_add(s[i], in ? hs_gf128_linmap_apply(in, w) : w);
        }
        hs_p2b_permute(inst, s);
        if (k < 32) break;
        off += 32;
    }
    for (int i = 0; i < 2; i++) put_le128(digest + 16 * i, out ? hs_gf128_linmap_apply(out, s[i]) : s[i]);
}

void hs_p2b_frost_sponge(uint8_t out[32], const uint8_t *in, size_t len) {
    sponge(HS_P2B_FROST, out, in, len, 0, hs_gf2_tower_to_flat(HS_TOWER_FROST), hs_gf2_flat_to_tower(HS_TOWER_FROST));
}

void hs_p2b_ref_sponge(uint8_t out[32], const uint8_t *in, size_t len) {
    sponge(HS_P2B_REF, out, in, len, 1, NULL, NULL);
}
