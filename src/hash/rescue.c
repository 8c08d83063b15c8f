/* RPO256 and RPX256 permutations and sponges (see rpo.h), portable scalar code.
 *
 * Inside a permutation the state is kept lazy (any uint64 congruent mod p, see field/gl_ext3.h)
 * and made canonical once at the end; the 12 lanes are independent in every S-box layer, so the
 * loops below give the CPU 12 multiplication chains to overlap. */
#include <string.h>

#include "hash/rescue_impl.h"
#include "hash/rpo.h"
#include "util/parallel.h"
#include "util/cpu.h"

#define W HS_RESCUE_WIDTH

static inline void rpo_round_lazy(uint64_t s[W], unsigned r) {
    hs_rescue_mds_lazy(s);
    hs_rescue_add_rc_lazy(s, hs_rescue_ark1[r], W);
    hs_rescue_sbox_lazy(s, W);
    hs_rescue_mds_lazy(s);
    hs_rescue_add_rc_lazy(s, hs_rescue_ark2[r], W);
    hs_rescue_inv_sbox_lazy(s, W);
}
static inline void rpx_ext_round_lazy(uint64_t s[W], unsigned r) {
    hs_rescue_add_rc_lazy(s, hs_rescue_ark1[r], W);
    hs_rescue_ext_sbox_lazy(s);
}
static inline void rpx_final_round_lazy(uint64_t s[W], unsigned r) {
    hs_rescue_mds_lazy(s);
    hs_rescue_add_rc_lazy(s, hs_rescue_ark1[r], W);
}
static inline void canonical(uint64_t s[W]) { hs_rescue_canonical(s, W); }

void hs_rescue_mds(uint64_t s[W]) {
    hs_rescue_mds_lazy(s);
    canonical(s);
}

void hs_rescue_mds_naive(uint64_t s[W]) {
    uint64_t in[W];
    for (int i = 0; i < W; i++) in[i] = hs_gl_from_u64(s[i]);
    for (int i = 0; i < W; i++) {
        hs_gl acc = 0;
        for (int j = 0; j < W; j++) acc = hs_gl_add(acc, hs_gl_mul(hs_rescue_mds_row[(j - i + W) % W], in[j]));
        s[i] = acc;
    }
}

void hs_rpo_round(uint64_t s[W], unsigned r) {
    rpo_round_lazy(s, r);
    canonical(s);
}
void hs_rpx_fb_round(uint64_t s[W], unsigned r) { hs_rpo_round(s, r); }
void hs_rpx_ext_round(uint64_t s[W], unsigned r) {
    rpx_ext_round_lazy(s, r);
    canonical(s);
}
void hs_rpx_final_round(uint64_t s[W], unsigned r) {
    rpx_final_round_lazy(s, r);
    canonical(s);
}

void hs_rpo_permute_portable(uint64_t s[W]) {
    for (unsigned r = 0; r < HS_RESCUE_ROUNDS; r++) rpo_round_lazy(s, r);
    canonical(s);
}

void hs_rpx_permute_portable(uint64_t s[W]) {
    rpo_round_lazy(s, 0);
    rpx_ext_round_lazy(s, 1);
    rpo_round_lazy(s, 2);
    rpx_ext_round_lazy(s, 3);
    rpo_round_lazy(s, 4);
    rpx_ext_round_lazy(s, 5);
    rpx_final_round_lazy(s, 6);
    canonical(s);
}

#ifndef HS_HAVE_AVX2
void hs_rpo_permute_avx2(uint64_t s[W]) { hs_rpo_permute_portable(s); }
void hs_rpx_permute_avx2(uint64_t s[W]) { hs_rpx_permute_portable(s); }
void hs_rpo_permute_many_avx2(uint64_t *states, size_t n) { hs_rpo_permute_many_portable(states, n); }
void hs_rpx_permute_many_avx2(uint64_t *states, size_t n) { hs_rpx_permute_many_portable(states, n); }
#endif
#ifndef HS_HAVE_AVX512
void hs_rpo_permute_many_avx512(uint64_t *states, size_t n) { hs_rpo_permute_many_avx2(states, n); }
void hs_rpx_permute_many_avx512(uint64_t *states, size_t n) { hs_rpx_permute_many_avx2(states, n); }
#endif

void hs_rpo_permute(uint64_t s[W]) {
    if (hs_cpu_has_avx2())
        hs_rpo_permute_avx2(s);
    else
        hs_rpo_permute_portable(s);
}
void hs_rpx_permute(uint64_t s[W]) {
    if (hs_cpu_has_avx2())
        hs_rpx_permute_avx2(s);
    else
        hs_rpx_permute_portable(s);
}

/* ---- batches ---- */

void hs_rpo_permute_many_portable(uint64_t *states, size_t n) {
    for (size_t k = 0; k < n; k++) hs_rpo_permute_portable(states + k * W);
}
void hs_rpx_permute_many_portable(uint64_t *states, size_t n) {
    for (size_t k = 0; k < n; k++) hs_rpx_permute_portable(states + k * W);
}

typedef void (*many_fn)(uint64_t *, size_t);

typedef struct {
    many_fn f;
    uint64_t *states;
} many_ctx;

static void many_batch(void *ctx, size_t lo, size_t cnt) {
    many_ctx *m = ctx;
    m->f(m->states + lo * W, cnt);
}

static void permute_many(many_fn portable, many_fn avx2, many_fn avx512, uint64_t *states, size_t n,
                         unsigned threads) {
    many_ctx m = {hs_cpu_has_avx512() ? avx512 : hs_cpu_has_avx2() ? avx2 : portable, states};
    hs_parallel_batches(n, 72, threads, many_batch, &m); /* a multiple of the AVX-512 groups (9 and 8) */
}

void hs_rpo_permute_many(uint64_t *states, size_t n, unsigned threads) {
    permute_many(hs_rpo_permute_many_portable, hs_rpo_permute_many_avx2, hs_rpo_permute_many_avx512, states, n,
                 threads);
}
void hs_rpx_permute_many(uint64_t *states, size_t n, unsigned threads) {
    permute_many(hs_rpx_permute_many_portable, hs_rpx_permute_many_avx2, hs_rpx_permute_many_avx512, states, n,
                 threads);
}

/* ---- sponge ---- */

void hs_rescue_hash_elements_layout(uint64_t out[HS_RESCUE_DIGEST], const uint64_t *in, size_t n,
                                    hs_rescue_perm_fn perm, hs_rescue_layout layout) {
    uint64_t s[W] = {0};
    const unsigned rate = layout == HS_RESCUE_LAYOUT_V0_21 ? 0 : 4; /* first rate lane */
    const unsigned cap = layout == HS_RESCUE_LAYOUT_V0_21 ? 8 : 0;  /* first capacity lane */
    const unsigned rem = (unsigned)(n % HS_RESCUE_RATE);
    s[cap] = layout == HS_RESCUE_LAYOUT_V0_10 ? (rem != 0) : rem;
    unsigned k = 0;
    /* n = 0: no permutation, the zero digest (as miden) */
    for (size_t i = 0; i < n; i++) {
        s[rate + k] = hs_gl_from_u64(in[i]);
        if (++k == HS_RESCUE_RATE) {
            perm(s);
            k = 0;
        }
    }
    if (k > 0) {
        unsigned j = k;
        if (layout == HS_RESCUE_LAYOUT_V0_10) s[rate + j++] = 1;
        for (; j < HS_RESCUE_RATE; j++) s[rate + j] = 0;
        perm(s);
    }
    memcpy(out, s + rate, HS_RESCUE_DIGEST * sizeof *out);
}

void hs_rpo256_hash_elements(uint64_t out[HS_RESCUE_DIGEST], const uint64_t *in, size_t n) {
    hs_rescue_hash_elements_layout(out, in, n, hs_rpo_permute, HS_RESCUE_LAYOUT_V0_21);
}
void hs_rpx256_hash_elements(uint64_t out[HS_RESCUE_DIGEST], const uint64_t *in, size_t n) {
    hs_rescue_hash_elements_layout(out, in, n, hs_rpx_permute, HS_RESCUE_LAYOUT_V0_21);
}

/* merge = hash_elements of the 8 elements: state[8] = 8 mod 8 = 0, one permutation. */
void hs_rpo256_merge(uint64_t out[HS_RESCUE_DIGEST], const uint64_t in[2 * HS_RESCUE_DIGEST]) {
    uint64_t s[W] = {0};
    for (int i = 0; i < 8; i++) s[i] = hs_gl_from_u64(in[i]);
    hs_rpo_permute(s);
    memcpy(out, s, HS_RESCUE_DIGEST * sizeof *out);
}
void hs_rpx256_merge(uint64_t out[HS_RESCUE_DIGEST], const uint64_t in[2 * HS_RESCUE_DIGEST]) {
    uint64_t s[W] = {0};
    for (int i = 0; i < 8; i++) s[i] = hs_gl_from_u64(in[i]);
    hs_rpx_permute(s);
    memcpy(out, s, HS_RESCUE_DIGEST * sizeof *out);
}
