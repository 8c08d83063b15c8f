/* Vision Mark-32 by a zerocheck on the binary commitment (gkrb/visionzc.h). */
#include "gkrb/visionzc.h"

#include <math.h>
#include <stddef.h>
#include <pthread.h>
#include <string.h>

#include "commit/ringsw.h"
#include "field/field_desc.h"
#include "field/gf2_tower.h"
#include "gkrb/gkrb.h"
#include "sumcheck/scg.h"
#include "transcript/transcript.h"
#include "util/mem.h"
#include "util/parallel.h"
#include "util/timer.h"

_Static_assert(sizeof(hs_gf128) == 2 * sizeof(uint64_t) && offsetof(hs_gf128, hi) == sizeof(uint64_t),
               "the rows are read as packed elements");

#define TAG "hashsnark vision32 zerocheck v1"
#define W HS_VISION32_WIDTH
#define NH HS_VZC_HALF
#define ROWS ((size_t)1 << HS_VZC_ROW_LOG)
#define COLS ((size_t)1 << HS_VZC_COL_LOG)
#define ZC_DEG 4  /* (X + alpha Y)(X Y + 1) times eq */
#define COL_DEG 2 /* C B */

/* ---- the constraint system, read off the native permutation ---- */

static uint32_t lin_img[2][W * 32][W]; /* L_par(e_{w, b}) at [par][32 w + b] */
static uint32_t kconst[NH + 1][W];     /* K_0..K_16 */
static hs_gf128 emb_img[2][W][W * 32]; /* emb(L_par(e_{w', b})[w]) at [par][w][32 w' + b] */
static uint32_t binv_tab[4][256];      /* B_inv's linear part inverted, by byte */
static uint32_t c_inv;                 /* B_inv's constant */
static const hs_gf128_linmap *emb_map;
static pthread_once_t cs_once = PTHREAD_ONCE_INIT;

static uint32_t blin(uint32_t v, int par) {
    return hs_vision32_sbox_aes(hs_gf2_aes32_inv(v), par) ^ hs_vision32_sbox_aes(0, par);
}

static void lin_apply(int par, const uint32_t y[W], uint32_t x[W]) {
    memset(x, 0, W * sizeof *x);
    for (int w = 0; w < W; w++)
        for (uint32_t v = y[w]; v; v &= v - 1) {
            const uint32_t *im = lin_img[par][32 * w + __builtin_ctz(v)];
            for (int k = 0; k < W; k++) x[k] ^= im[k];
        }
}

/* Inverse of a 32 x 32 bit matrix given by its column images; returns 0 if singular. */
static int invert32(const uint32_t col[32], uint32_t inv[32]) {
    uint32_t a[32], b[32]; /* rows of [M | I] as M^T: solve by columns */
    for (int i = 0; i < 32; i++) a[i] = col[i], b[i] = 1u << i;
    /* a[i] = M e_i; reduce a to unit vectors by elementary operations on the set, tracking b:
     * invariant a[i] = M b[i] */
    for (int bit = 0; bit < 32; bit++) {
        int piv = -1;
        for (int i = bit; i < 32; i++)
            if (a[i] >> bit & 1) {
                piv = i;
                break;
            }
        if (piv < 0) return 0;
        uint32_t t = a[piv];
        a[piv] = a[bit], a[bit] = t;
        t = b[piv], b[piv] = b[bit], b[bit] = t;
        for (int i = 0; i < 32; i++)
            if (i != bit && (a[i] >> bit & 1)) a[i] ^= a[bit], b[i] ^= b[bit];
    }
    for (int i = 0; i < 32; i++) inv[i] = b[i]; /* M b[i] = e_i */
    return 1;
}

static void cs_init(void) {
    emb_map = hs_gf2_aes32_to_flat();
    for (int par = 0; par < 2; par++)
        for (int w = 0; w < W; w++)
            for (int b = 0; b < 32; b++) {
                uint32_t *s = lin_img[par][32 * w + b];
                memset(s, 0, W * sizeof *s);
                s[w] = blin(1u << b, par);
                hs_vision32_mds_aes(s);
            }
    uint32_t col[32], inv[32];
    for (int b = 0; b < 32; b++) col[b] = blin(1u << b, 0);
    (void)invert32(col, inv); /* B_inv is a bijection: tests/test_visionzc.c checks y x = 1 */
    for (int j = 0; j < 4; j++)
        for (unsigned v = 0; v < 256; v++) {
            uint32_t r = 0;
            for (int k = 0; k < 8; k++)
                if (v >> k & 1) r ^= inv[8 * j + k];
            binv_tab[j][v] = r;
        }
    for (int par = 0; par < 2; par++)
        for (int w = 0; w < W; w++)
            for (int i = 0; i < W * 32; i++) {
                const uint32_t a = lin_img[par][i][w];
                hs_gf128 e = emb_map->t[0][a & 255];
                for (int j = 1; j < 4; j++) e = hs_gf128_add(e, emb_map->t[j][a >> (8 * j) & 255]);
                emb_img[par][w][i] = e;
            }
    c_inv = hs_vision32_sbox_aes(0, 0);
    uint32_t s[W] = {0}, tr[(NH + 1) * W], y[W], x[W];
    hs_vision32_permute_aes(s, tr);
    memcpy(kconst[0], tr, sizeof kconst[0]);
    for (int h = 0; h < NH; h++) {
        for (int w = 0; w < W; w++) y[w] = hs_gf2_aes32_inv(tr[W * h + w]);
        lin_apply(h & 1, y, x);
        for (int w = 0; w < W; w++) kconst[h + 1][w] = tr[W * (h + 1) + w] ^ x[w];
    }
}

static void cs_get(void) { pthread_once(&cs_once, cs_init); }

hs_gf128 hs_vzc_embed(uint32_t a) {
    cs_get();
    hs_gf128 r = emb_map->t[0][a & 255];
    for (int j = 1; j < 4; j++) r = hs_gf128_add(r, emb_map->t[j][a >> (8 * j) & 255]);
    return r;
}

void hs_vzc_next(unsigned h, const uint32_t y[W], uint32_t x[W]) {
    cs_get();
    lin_apply((int)(h & 1), y, x);
    for (int w = 0; w < W; w++) x[w] ^= kconst[h + 1][w];
}

void hs_vzc_k0(uint32_t k[W]) {
    cs_get();
    memcpy(k, kconst[0], sizeof kconst[0]);
}

/* x^-1 from the native S-box: B_inv(x^-1) + c = sbox(x), so x^-1 = B_inv^-1(sbox(x) + c). */
static inline uint32_t inv_fast(uint32_t x) {
    uint32_t v = hs_vision32_sbox_aes(x, 0) ^ c_inv;
    return binv_tab[0][v & 255] ^ binv_tab[1][v >> 8 & 255] ^ binv_tab[2][v >> 16 & 255] ^ binv_tab[3][v >> 24];
}

/* ---- witness ---- */

typedef struct {
    uint64_t *rows;
    uint32_t *out;
    const uint32_t *in;
} wit_ctx;

static void wit_batch(void *vc, size_t lo, size_t cnt) {
    const wit_ctx *c = vc;
    uint32_t s[W], tr[(NH + 1) * W];
    for (size_t p = lo; p < lo + cnt; p++) {
        for (int w = 0; w < W; w++) s[w] = hs_gf2_fanpaar_to_aes32(c->in[W * p + w]);
        hs_vision32_permute_aes(s, tr);
        uint64_t *r = c->rows + ROWS * p;
        memset(r, 0, ROWS * sizeof *r);
        for (int h = 0; h < NH; h++)
            for (int w = 0; w < W; w++) {
                const uint32_t x = tr[W * h + w];
                r[32 * h + w] = x | (uint64_t)inv_fast(x) << 32;
            }
        if (c->out)
            for (int w = 0; w < W; w++) c->out[W * p + w] = hs_gf2_aes32_to_fanpaar(tr[W * NH + w]);
    }
}

int hs_vzc_witness(uint64_t *rows, uint32_t *out, const uint32_t *in, size_t n, unsigned threads) {
    cs_get();
    wit_ctx c = {rows, out, in};
    hs_parallel_batches(n, 64, threads, wit_batch, &c);
    return 1;
}

/* ---- shared pieces of prover and verifier ---- */

void hs_vzc_config_default(hs_vzc_config *c) {
    c->log_inv_rate = 1, c->log_arity = 4, c->security_bits = 100, c->queries = 0;
}

static int fri_params(const hs_vzc_config *c, unsigned log_n, hs_binfri_params *p, const char **why) {
    if (log_n > HS_VZC_MAX_LOG_N) return *why = "vision32 zerocheck: log_n out of range", 0;
    return hs_binfri_params_init(p, log_n + HS_VZC_COL_LOG - HS_RINGSW_LOG_PACK, c->log_inv_rate, c->log_arity,
                                 c->security_bits, c->queries, HS_MERKLE_BLAKE3, 2, why);
}

static void start(hs_transcript *t, const hs_binfri_params *p, unsigned log_n, const uint32_t *in,
                  const uint32_t *out) {
    hs_transcript_init(t, TAG);
    hs_transcript_absorb_u64(t, log_n);
    hs_binfri_absorb_params(p, t);
    const size_t nw = (size_t)W << log_n;
    uint8_t buf[4 * 256];
    for (int k = 0; k < 2; k++) {
        const uint32_t *v = k ? out : in;
        for (size_t i = 0; i < nw; i += 256) {
            const size_t m = nw - i < 256 ? nw - i : 256;
            for (size_t j = 0; j < m; j++)
                for (int b = 0; b < 4; b++) buf[4 * j + (size_t)b] = (uint8_t)(v[i + j] >> (8 * b));
            hs_transcript_absorb(t, buf, 4 * m);
        }
    }
}

static const hs_scg_term zc_terms[4] = {{3, {0, 0, 1}}, {1, {0}}, {3, {0, 1, 1}}, {1, {1}}};

static void zc_instance(hs_scg_gf128_instance *in, unsigned nv, const hs_gf128 *const *tabs, hs_gf128 coeffs[4],
                        hs_gf128 alpha, const hs_gf128 *z) {
    coeffs[0] = coeffs[1] = hs_gf128_one();
    coeffs[2] = coeffs[3] = alpha;
    *in = (hs_scg_gf128_instance){nv, 2, 4, tabs, zc_terms, coeffs, z};
}

/* Draws alpha and z (z[k] goes with variable k, i.e. row bit nv - 1 - k, as scg.h binds them). */
static hs_gf128 draw_zc(hs_transcript *t, hs_gf128 *z, unsigned nv) {
    hs_gf128 alpha;
    hs_transcript_sample(t, &hs_field_gf2_128, &alpha);
    for (unsigned k = 0; k < nv; k++) hs_transcript_sample(t, &hs_field_gf2_128, &z[k]);
    return alpha;
}

/* sum_p eq_p emb(words[W p + w]) for each w < W, by byte tables (words in the AES tower). */
static int mle_words(hs_gf128 out[W], const uint32_t *words, const hs_gf128 *eq, size_t n) {
    hs_gf128 *acc = hs_calloc_array((size_t)W * 4 * 256, sizeof *acc);
    if (!acc) return 0;
    for (size_t p = 0; p < n; p++)
        for (int w = 0; w < W; w++) {
            const uint32_t v = words[W * p + w];
            hs_gf128 *a = acc + (size_t)w * 1024;
            for (int j = 0; j < 4; j++) {
                hs_gf128 *e = &a[256 * j + (v >> (8 * j) & 255)];
                *e = hs_gf128_add(*e, eq[p]);
            }
        }
    for (int w = 0; w < W; w++) {
        hs_gf128 s = hs_gf128_zero();
        for (int j = 0; j < 4; j++)
            for (unsigned v = 1; v < 256; v++) {
                const hs_gf128 a = acc[(size_t)w * 1024 + 256 * (unsigned)j + v];
                if (!hs_gf128_is_zero(a)) s = hs_gf128_add(s, hs_gf128_mul(a, emb_map->t[j][v]));
            }
        out[w] = s;
    }
    hs_free(acc);
    return 1;
}

/* The column weights C (COLS values) and the claim V of step 3 (visionzc.h). r: the row point
 * (coordinate b with row bit b: r_w = r[0..5), r_h = r[5..9), r_p = r[9..)); in, out: AES words. */
static int columns(hs_gf128 *C, hs_gf128 *V, const hs_gf128 *r, unsigned log_n, hs_gf128 beta, hs_gf128 vx,
                   hs_gf128 vy, const uint32_t *in_aes, const uint32_t *out_aes) {
    hs_gf128 eqw[32], eqh[16], E[32], G[2][W * 32];
    hs_gkrb_eq_table(eqw, r, 5);
    hs_gkrb_eq_table(eqh, r + 5, 4);
    for (int b = 0; b < 32; b++) E[b] = hs_vzc_embed(1u << b);
    memset(G, 0, sizeof G);
    for (int par = 0; par < 2; par++)
        for (int w = 0; w < W; w++) hs_gf128_scale_add(G[par], eqw[w], emb_img[par][w], W * 32);
    const hs_gf128 b2 = hs_gf128_mul(beta, beta), b3 = hs_gf128_mul(b2, beta);
    memset(C, 0, COLS * sizeof *C);
    for (unsigned h = 0; h < 16; h++)
        for (unsigned w = 0; w < 32; w++) {
            const hs_gf128 e = hs_gf128_mul(eqw[w], eqh[h]);
            const hs_gf128 cx = w < W ? hs_gf128_add(e, hs_gf128_mul(b2, e)) : e, cy = hs_gf128_mul(beta, e);
            hs_gf128 *cc = C + ((size_t)w << 6 | (size_t)h << 11);
            hs_gf128_scale_add(cc, cx, E, 32);
            hs_gf128_scale_add(cc + 32, cy, E, 32);
            if (w < W) hs_gf128_scale_add(cc + 32, h < 15 ? hs_gf128_mul(b2, eqh[h + 1]) : b3, G[h & 1] + 32 * w, 32);
        }
    /* the public parts */
    const size_t n = (size_t)1 << log_n;
    hs_gf128 *eqp = hs_alloc_array(n, sizeof *eqp), min[W], mout[W];
    if (!eqp) return 0;
    hs_gkrb_eq_table(eqp, r + 5 + 4, log_n);
    int ok = mle_words(min, in_aes, eqp, n) && mle_words(mout, out_aes, eqp, n);
    hs_free(eqp);
    if (!ok) return 0;
    hs_gf128 pd = hs_gf128_zero(), po = hs_gf128_zero();
    for (int w = 0; w < W; w++) {
        hs_gf128 d = hs_gf128_mul(eqh[0], hs_gf128_add(min[w], hs_vzc_embed(kconst[0][w])));
        for (int h = 1; h < NH; h++) d = hs_gf128_add(d, hs_gf128_mul(eqh[h], hs_vzc_embed(kconst[h][w])));
        pd = hs_gf128_add(pd, hs_gf128_mul(eqw[w], d));
        po = hs_gf128_add(po, hs_gf128_mul(eqw[w], hs_gf128_add(mout[w], hs_vzc_embed(kconst[NH][w]))));
    }
    *V = hs_gf128_add(hs_gf128_add(vx, hs_gf128_mul(beta, vy)), hs_gf128_add(hs_gf128_mul(b2, pd), hs_gf128_mul(b3, po)));
    return 1;
}

static void to_aes(uint32_t *dst, const uint32_t *src, size_t nw) { hs_gf2_fanpaar_to_aes32_many(dst, src, nw); }

/* scg's challenges (variable k = bit nv - 1 - k) as a point (coordinate b = bit b) */
static void rho_to_point(hs_gf128 *pt, const hs_gf128 *rho, unsigned nv) {
    for (unsigned b = 0; b < nv; b++) pt[b] = rho[nv - 1 - b];
}

/* ---- prover ---- */

/* The zerocheck's own prover: the same messages as scg.h's generic prover (Gruen's factoring,
 * variables bound from the top row bit down, q at the nodes 0, 1, x, inf with q(1) from the running
 * claim), its sums by the batch kernels of gf2_128.h on blocks of pairs, on `threads`. Every sum
 * is a XOR of exact products, so the messages depend on neither the thread count nor the kernel. */

#define ZB 256 /* pairs a block */

static inline hs_gf128 mulx(hs_gf128 a) { /* a X */
    const uint64_t c = a.hi >> 63;
    return (hs_gf128){a.lo << 1 ^ (0x87 & (0 - c)), a.hi << 1 | a.lo >> 63};
}

static void embed_rows(hs_gf128 *X, hs_gf128 *Y, const uint64_t *rows, size_t m) {
    for (size_t j = 0; j < m; j++) X[j] = hs_vzc_embed((uint32_t)rows[j]), Y[j] = hs_vzc_embed((uint32_t)(rows[j] >> 32));
}

typedef struct {
    hs_gf128 *X, *Y;
    const uint64_t *rows; /* round 0: the rows, embedded on the fly (X, Y unused) */
    const hs_gf128 *E;
    size_t half, chunk;
    hs_gf128 alpha;
    int need1;
    hs_gf128 *acc; /* 4 a chunk: q(0), q(1), q(x), q(inf) */
} zc_ctx;

/* acc += sum_j E_j (u_j)(v_j) with u = aX + alpha aY, v = aX aY + c (c = 1 at the finite nodes, 0 at infinity) */
static hs_gf128 node_sum(const hs_gf128 *E, const hs_gf128 *aX, const hs_gf128 *aY, hs_gf128 alpha, int inf,
                         size_t m, hs_gf128 *u, hs_gf128 *v) {
    memcpy(u, aX, m * sizeof *u);
    hs_gf128_scale_add(u, alpha, aY, m);
    hs_gf128_mul_many(v, aX, aY, m);
    if (!inf)
        for (size_t j = 0; j < m; j++) v[j].lo ^= 1;
    hs_gf128_mul_many(u, u, E, m);
    return hs_gf128_inner(u, v, m);
}

static void zc_batch(void *vc, size_t lo, size_t cnt) {
    const zc_ctx *c = vc;
    hs_gf128 *acc = c->acc + 4 * (lo / c->chunk);
    hs_gf128 dX[ZB], dY[ZB], tX[ZB], tY[ZB], u[ZB], v[ZB], lX[ZB], lY[ZB], hX[ZB], hY[ZB];
    for (size_t b = lo; b < lo + cnt; b += ZB) {
        const size_t m = lo + cnt - b < ZB ? lo + cnt - b : ZB;
        const hs_gf128 *aX, *aY, *bX, *bY;
        if (c->rows) {
            embed_rows(lX, lY, c->rows + b, m), embed_rows(hX, hY, c->rows + c->half + b, m);
            aX = lX, aY = lY, bX = hX, bY = hY;
        } else
            aX = c->X + b, aY = c->Y + b, bX = c->X + c->half + b, bY = c->Y + c->half + b;
        const hs_gf128 *E = c->E + b;
        acc[0] = hs_gf128_add(acc[0], node_sum(E, aX, aY, c->alpha, 0, m, u, v));
        if (c->need1) acc[1] = hs_gf128_add(acc[1], node_sum(E, bX, bY, c->alpha, 0, m, u, v));
        for (size_t j = 0; j < m; j++) {
            dX[j] = hs_gf128_add(aX[j], bX[j]), dY[j] = hs_gf128_add(aY[j], bY[j]);
            tX[j] = hs_gf128_add(aX[j], mulx(dX[j])), tY[j] = hs_gf128_add(aY[j], mulx(dY[j]));
        }
        acc[2] = hs_gf128_add(acc[2], node_sum(E, tX, tY, c->alpha, 0, m, u, v));
        acc[3] = hs_gf128_add(acc[3], node_sum(E, dX, dY, c->alpha, 1, m, u, v));
    }
}

typedef struct {
    hs_gf128 *X, *Y;
    const uint64_t *rows; /* round 0: fold the embedded rows into X, Y (half values each) */
    size_t half;
    hs_gf128 r;
} fold_zc_ctx;

static void zc_fold_batch(void *vc, size_t lo, size_t cnt) {
    const fold_zc_ctx *c = vc;
    if (c->rows) {
        hs_gf128 hX[ZB], hY[ZB];
        for (size_t b = lo; b < lo + cnt; b += ZB) {
            const size_t m = lo + cnt - b < ZB ? lo + cnt - b : ZB;
            embed_rows(c->X + b, c->Y + b, c->rows + b, m);
            embed_rows(hX, hY, c->rows + c->half + b, m);
            for (size_t j = 0; j < m; j++) hX[j] = hs_gf128_add(hX[j], c->X[b + j]), hY[j] = hs_gf128_add(hY[j], c->Y[b + j]);
            hs_gf128_scale_add(c->X + b, c->r, hX, m);
            hs_gf128_scale_add(c->Y + b, c->r, hY, m);
        }
        return;
    }
    hs_gf128 *tabs[2] = {c->X, c->Y};
    for (int k = 0; k < 2; k++) {
        hs_gf128 *a = tabs[k] + lo, *b = tabs[k] + c->half + lo;
        for (size_t j = 0; j < cnt; j++) b[j] = hs_gf128_add(a[j], b[j]);
        hs_gf128_scale_add(a, c->r, b, cnt);
    }
}

/* Runs the zerocheck on the rows (2^nv), with X, Y and E scratch (2^(nv-1) each: round 0 reads the
 * rows and folds them into X, Y); rho, fin as scg's prove. */
static int zc_prove(const uint64_t *rows, hs_gf128 *X, hs_gf128 *Y, hs_gf128 *E, unsigned nv, hs_gf128 alpha, const hs_gf128 *z,
                    hs_transcript *t, hs_writer *w, hs_gf128 *rho, hs_gf128 fin[2], unsigned threads) {
    hs_gf128 pt[HS_VZC_MAX_LOG_N + HS_VZC_ROW_LOG];
    for (unsigned b = 0; b + 1 < nv; b++) pt[b] = z[nv - 1 - b];
    hs_gkrb_eq_table(E, pt, nv - 1);
    const unsigned nt = threads < 1 ? 1 : threads > 64 ? 64 : threads;
    hs_gf128 claim = hs_gf128_zero(), m = hs_gf128_one(), acc[4 * 64];
    for (unsigned k = 0; k < nv; k++) {
        const size_t half = (size_t)1 << (nv - 1 - k);
        const int par = half >= 8192 && nt > 1;
        const size_t chunk = par ? (half + nt - 1) / nt : half, nch = (half + chunk - 1) / chunk;
        const int need1 = hs_gf128_is_zero(z[k]) || hs_gf128_is_zero(m);
        memset(acc, 0, sizeof acc);
        zc_ctx c = {X, Y, k ? NULL : rows, E, half, chunk, alpha, need1, acc};
        hs_parallel_batches(half, chunk, par ? nt : 1, zc_batch, &c);
        hs_gf128 q[4] = {acc[0], acc[1], acc[2], acc[3]}, p[ZC_DEG + 1];
        for (size_t i = 1; i < nch; i++)
            for (int j = 0; j < 4; j++) q[j] = hs_gf128_add(q[j], acc[4 * i + (size_t)j]);
        if (!need1) q[1] = hs_scg_gf128_gruen_q1(claim, m, z[k], q[0]);
        hs_scg_gf128_eq_expand(m, z[k], q, 3, p);
        rho[k] = hs_scg_gf128_prove_round(t, w, p, ZC_DEG);
        claim = hs_scg_gf128_eval(p, ZC_DEG, rho[k]);
        m = hs_gf128_mul(m, hs_gkrb_eq1(z[k], rho[k]));
        fold_zc_ctx f = {X, Y, k ? NULL : rows, half, rho[k]};
        hs_parallel_batches(half, par ? chunk : half, par ? nt : 1, zc_fold_batch, &f);
        if (half > 1)
            for (size_t j = 0; j < half / 2; j++) E[j] = hs_gf128_add(E[j], E[j + half / 2]);
    }
    fin[0] = X[0], fin[1] = Y[0];
    return 1;
}

#ifdef HS_TESTING
int hs_vzc_test_generic = 0;
#define HS_VZC_GENERIC (hs_vzc_test_generic != 0)
#else
#define HS_VZC_GENERIC 0
#endif


#ifdef HS_TESTING
typedef struct {
    const uint64_t *rows;
    hs_gf128 *X, *Y;
} tab_ctx;

static void tab_batch(void *vc, size_t lo, size_t cnt) {
    const tab_ctx *c = vc;
    for (size_t i = lo; i < lo + cnt; i++) {
        const uint64_t v = c->rows[i];
        c->X[i] = hs_vzc_embed((uint32_t)v);
        c->Y[i] = hs_vzc_embed((uint32_t)(v >> 32));
    }
}
#endif

/* Bp[c] = sum_p eq_p bit c of permutation p's 2^15 bits, by byte tables per chunk of permutations. */
typedef struct {
    const uint64_t *rows;
    const hs_gf128 *eq;
    hs_gf128 *acc; /* per chunk: 4096 bytes x 256 values */
    size_t chunk;
} fold_ctx;

#define BYTES_PER_PERM (COLS / 8)

static void fold_batch(void *vc, size_t lo, size_t cnt) {
    const fold_ctx *c = vc;
    hs_gf128 *acc = c->acc + (lo / c->chunk) * BYTES_PER_PERM * 256;
    for (size_t p = lo; p < lo + cnt; p++) {
        const uint64_t *r = c->rows + ROWS * p;
        const hs_gf128 e = c->eq[p];
        for (size_t i = 0; i < ROWS; i++) {
            uint64_t v = r[i];
            if (!v) continue;
            for (size_t j = 0; j < 8; j++, v >>= 8) {
                hs_gf128 *a = &acc[(8 * i + j) * 256 + (v & 255)];
                *a = hs_gf128_add(*a, e);
            }
        }
    }
}

static int fold_columns(hs_gf128 *Bp, const uint64_t *rows, const hs_gf128 *eq, size_t n, unsigned threads) {
    memset(Bp, 0, COLS * sizeof *Bp);
    if (n <= 64) { /* directly, bit by bit */
        for (size_t p = 0; p < n; p++)
            for (size_t i = 0; i < ROWS; i++)
                for (uint64_t v = rows[ROWS * p + i]; v; v &= v - 1) {
                    hs_gf128 *b = &Bp[64 * i + (size_t)__builtin_ctzll(v)];
                    *b = hs_gf128_add(*b, eq[p]);
                }
        return 1;
    }
    const unsigned nt = threads < 1 ? 1 : threads;
    const size_t chunk = (n + nt - 1) / nt, nch = (n + chunk - 1) / chunk;
    fold_ctx c = {rows, eq, hs_calloc_array(nch * BYTES_PER_PERM * 256, sizeof(hs_gf128)), chunk};
    if (!c.acc) return 0;
    hs_parallel_batches(n, chunk, nt, fold_batch, &c);
    for (size_t k = 1; k < nch; k++)
        for (size_t i = 0; i < BYTES_PER_PERM * 256; i++)
            c.acc[i] = hs_gf128_add(c.acc[i], c.acc[k * BYTES_PER_PERM * 256 + i]);
    for (size_t i = 0; i < BYTES_PER_PERM; i++)
        for (unsigned v = 1; v < 256; v++) {
            const hs_gf128 a = c.acc[i * 256 + v];
            for (unsigned u = v, k; u; u &= u - 1) {
                k = (unsigned)__builtin_ctz(u);
                Bp[8 * i + k] = hs_gf128_add(Bp[8 * i + k], a);
            }
        }
    hs_free(c.acc);
    return 1;
}

int hs_vzc_prove_rows(const hs_vzc_config *cfg, const uint32_t *in, const uint32_t *out, const uint64_t *rows,
                      unsigned log_n, unsigned threads, hs_writer *w, hs_vzc_times *times, const char **why) {
    cs_get();
    hs_binfri_params fp;
    if (!fri_params(cfg, log_n, &fp, why)) return 0;
    const size_t n = (size_t)1 << log_n, nrows = ROWS << log_n;
    const unsigned nv = log_n + HS_VZC_ROW_LOG;
    hs_vzc_times tm = {0, 0, 0, 0, 0};
    double t0 = hs_now();
    hs_transcript t;
    start(&t, &fp, log_n, in, out);
    hs_w_bytes(w, "VZC1", 4);
    hs_w_u8(w, (uint8_t)log_n);
    /* commit: the rows are the packed table (lo: w even, hi: w odd), read in place (an hs_gf128 is two
     * uint64_t, lo first; the commitment copies its table) */
    hs_binfri_witness *wit = NULL;
    int ok = hs_binfri_commit(&wit, &fp, (const hs_gf128 *)(const void *)rows, &t, w, NULL, threads, why);
    if (!ok) return 0;
    tm.commit = hs_now() - t0;
    t0 = hs_now();
    /* zerocheck */
    hs_gf128 z[HS_VZC_MAX_LOG_N + HS_VZC_ROW_LOG], rho[HS_VZC_MAX_LOG_N + HS_VZC_ROW_LOG],
        r[HS_VZC_MAX_LOG_N + HS_VZC_COL_LOG], fin[2], claim;
    const hs_gf128 alpha = draw_zc(&t, z, nv);
    const int generic = HS_VZC_GENERIC;
    hs_gf128 *X = hs_alloc_array(nrows >> !generic, sizeof *X), *Y = hs_alloc_array(nrows >> !generic, sizeof *Y),
             *C = NULL, *Bp = NULL;
    if (!X || !Y) goto nomem;
#ifdef HS_TESTING
    if (generic) {
        tab_ctx tc = {rows, X, Y};
        hs_parallel_batches(nrows, 4096, threads, tab_batch, &tc);
        const hs_gf128 *tabs[2] = {X, Y};
        hs_gf128 coeffs[4];
        hs_scg_gf128_instance zi;
        zc_instance(&zi, nv, tabs, coeffs, alpha, z);
        ok = hs_scg_gf128_prove(&zi, &t, w, &claim, rho, fin, why);
    } else
#endif
    {
        hs_gf128 *E = hs_alloc_array(nrows / 2, sizeof *E);
        if (!E) goto nomem;
        ok = zc_prove(rows, X, Y, E, nv, alpha, z, &t, w, rho, fin, threads);
        hs_free(E);
    }
    hs_free(X), hs_free(Y), X = Y = NULL;
    if (!ok) goto fail;
    hs_w_elems(w, &hs_field_gf2_128, fin, 2);
    hs_transcript_absorb_elems(&t, &hs_field_gf2_128, fin, 2);
    tm.zerocheck = hs_now() - t0;
    t0 = hs_now();
    /* the linear relations, the column sumcheck */
    rho_to_point(r, rho, nv);
    hs_gf128 beta;
    hs_transcript_sample(&t, &hs_field_gf2_128, &beta);
    C = hs_alloc_array(COLS, sizeof *C), Bp = hs_alloc_array(COLS, sizeof *Bp);
    hs_gf128 *eqp = hs_alloc_array(n, sizeof *eqp);
    uint32_t *ia = hs_alloc_array((size_t)W * n, sizeof *ia), *oa = hs_alloc_array((size_t)W * n, sizeof *oa);
    if (!C || !Bp || !eqp || !ia || !oa) {
        hs_free(eqp), hs_free(ia), hs_free(oa);
        goto nomem;
    }
    hs_gkrb_eq_table(eqp, r + 9, log_n);
    to_aes(ia, in, (size_t)W * n), to_aes(oa, out, (size_t)W * n);
    hs_gf128 V;
    ok = fold_columns(Bp, rows, eqp, n, threads) && columns(C, &V, r, log_n, beta, fin[0], fin[1], ia, oa);
    hs_free(eqp), hs_free(ia), hs_free(oa);
    if (!ok) goto nomem;
    {
        static const hs_scg_term ct[1] = {{2, {0, 1}}};
        const hs_gf128 one = hs_gf128_one(), *tabs[2] = {C, Bp};
        const hs_scg_gf128_instance ci = {HS_VZC_COL_LOG, 2, 1, tabs, ct, &one, NULL};
        hs_gf128 rho2[HS_VZC_COL_LOG], fin2[2];
        ok = hs_scg_gf128_prove(&ci, &t, w, &claim, rho2, fin2, why);
        if (!ok) goto fail;
        hs_w_elems(w, &hs_field_gf2_128, &fin2[1], 1);
        hs_transcript_absorb_elems(&t, &hs_field_gf2_128, &fin2[1], 1);
        /* the opening point: s (15 coordinates), then r_p */
        hs_gf128 s[HS_VZC_COL_LOG];
        rho_to_point(s, rho2, HS_VZC_COL_LOG);
        memmove(r + HS_VZC_COL_LOG, r + 9, log_n * sizeof *r);
        memcpy(r, s, sizeof s);
        tm.columns = hs_now() - t0;
        t0 = hs_now();
        ok = hs_ringsw_open(&fp, wit, r, fin2[1], &t, w, threads, why);
        tm.open = hs_now() - t0;
    }
    hs_free(C), hs_free(Bp);
    hs_binfri_witness_free(wit);
    if (ok && w->err) return *why = hs_why_nomem, 0;
    if (times) *times = tm;
    return ok;
nomem:
    *why = hs_why_nomem;
fail:
    hs_free(X), hs_free(Y), hs_free(C), hs_free(Bp);
    hs_binfri_witness_free(wit);
    return 0;
}

int hs_vzc_prove(const hs_vzc_config *c, const uint32_t *in, unsigned log_n, unsigned threads, uint32_t *out,
                 hs_writer *w, hs_vzc_times *times, const char **why) {
    if (log_n > HS_VZC_MAX_LOG_N) return *why = "vision32 zerocheck: log_n out of range", 0;
    const size_t n = (size_t)1 << log_n;
    double t0 = hs_now();
    uint64_t *rows = hs_alloc_array(ROWS * n, sizeof *rows);
    uint32_t *o = hs_alloc_array((size_t)W * n, sizeof *o);
    if (!rows || !o) {
        hs_free(rows), hs_free(o);
        return *why = hs_why_nomem, 0;
    }
    hs_vzc_witness(rows, o, in, n, threads);
    const double tw = hs_now() - t0;
    int ok = hs_vzc_prove_rows(c, in, o, rows, log_n, threads, w, times, why);
    if (times) times->witness = tw;
    if (ok && out) memcpy(out, o, (size_t)W * n * sizeof *o);
    hs_free(rows), hs_free(o);
    return ok;
}

/* ---- verifier ---- */

int hs_vzc_verify(const hs_vzc_config *cfg, const uint32_t *in, const uint32_t *out, unsigned log_n,
                  const uint8_t *proof, size_t len, unsigned threads, const char **why) {
    (void)threads;
    cs_get();
    hs_binfri_params fp;
    if (!fri_params(cfg, log_n, &fp, why)) return 0;
    const size_t n = (size_t)1 << log_n;
    const unsigned nv = log_n + HS_VZC_ROW_LOG;
    if (len < 5 || memcmp(proof, "VZC1", 4) || proof[4] != log_n)
        return *why = "vision32 zerocheck: header differs (magic VZC1, log_n)", 0;
    hs_transcript t;
    start(&t, &fp, log_n, in, out);
    hs_reader rd;
    hs_r_init(&rd, proof + 5, len - 5);
    hs_binfri_commitment comm;
    if (!hs_binfri_verify_commitment(&fp, &t, &rd, &comm, why)) return 0;
    hs_gf128 z[HS_VZC_MAX_LOG_N + HS_VZC_ROW_LOG], rho[HS_VZC_MAX_LOG_N + HS_VZC_ROW_LOG],
        r[HS_VZC_MAX_LOG_N + HS_VZC_COL_LOG], fin[2], coeffs[4], claim;
    const hs_gf128 alpha = draw_zc(&t, z, nv);
    if (!hs_scg_gf128_verify(&t, &rd, nv, ZC_DEG, hs_gf128_zero(), rho, &claim))
        return *why = "vision32 zerocheck: truncated or malformed zerocheck message", 0;
    hs_r_elems(&rd, &hs_field_gf2_128, fin, 2);
    if (rd.err) return *why = "vision32 zerocheck: truncated column values", 0;
    hs_transcript_absorb_elems(&t, &hs_field_gf2_128, fin, 2);
    {
        hs_scg_gf128_instance zi;
        zc_instance(&zi, nv, NULL, coeffs, alpha, z);
        if (!hs_scg_gf128_final_check(&zi, rho, fin, claim, why))
            return *why = "vision32 zerocheck: the S-box constraint at the zerocheck's point", 0;
    }
    rho_to_point(r, rho, nv);
    hs_gf128 beta, V;
    hs_transcript_sample(&t, &hs_field_gf2_128, &beta);
    hs_gf128 *C = hs_alloc_array(COLS, sizeof *C);
    uint32_t *ia = hs_alloc_array((size_t)W * n, sizeof *ia), *oa = hs_alloc_array((size_t)W * n, sizeof *oa);
    int ok = C && ia && oa;
    if (ok) {
        to_aes(ia, in, (size_t)W * n), to_aes(oa, out, (size_t)W * n);
        ok = columns(C, &V, r, log_n, beta, fin[0], fin[1], ia, oa);
    }
    hs_free(ia), hs_free(oa);
    if (!ok) return hs_free(C), *why = hs_why_nomem, 0;
    hs_gf128 rho2[HS_VZC_COL_LOG], s[HS_VZC_COL_LOG], bval;
    ok = hs_scg_gf128_verify(&t, &rd, HS_VZC_COL_LOG, COL_DEG, V, rho2, &claim);
    if (!ok) return hs_free(C), *why = "vision32 zerocheck: truncated or malformed column message", 0;
    hs_r_elems(&rd, &hs_field_gf2_128, &bval, 1);
    if (rd.err) return hs_free(C), *why = "vision32 zerocheck: truncated column evaluation", 0;
    hs_transcript_absorb_elems(&t, &hs_field_gf2_128, &bval, 1);
    rho_to_point(s, rho2, HS_VZC_COL_LOG);
    const hs_gf128 cs = hs_binfri_eval(C, HS_VZC_COL_LOG, s);
    hs_free(C);
    if (!hs_gf128_eq(claim, hs_gf128_mul(cs, bval)))
        return *why = "vision32 zerocheck: the linear relations (column sumcheck's last claim)", 0;
    memmove(r + HS_VZC_COL_LOG, r + 9, log_n * sizeof *r);
    memcpy(r, s, sizeof s);
    if (!hs_ringsw_verify(&fp, &comm, r, bval, &t, &rd, why)) return 0;
    if (hs_r_left(&rd)) return *why = "vision32 zerocheck: trailing bytes after the opening", 0;
    return 1;
}

/* ---- soundness ---- */

static void term(hs_sound_report *r, const char *name, double count) {
    const double b = 128.0 - log2(count);
    hs_sound_add(r, name, b, b, b);
}

int hs_vzc_soundness(const hs_vzc_config *c, unsigned log_n, hs_sound_report *out, const char **why) {
    hs_binfri_params fp;
    if (!fri_params(c, log_n, &fp, why)) return 0;
    memset(out, 0, sizeof *out);
    out->regime = HS_REGIME_UDR;
    const double nv = log_n + HS_VZC_ROW_LOG;
    term(out, "vzc.sbox_batch(alpha)", 1);
    term(out, "vzc.zerocheck_point(z)", nv);
    term(out, "vzc.zerocheck_rounds(deg 4)", ZC_DEG * nv);
    term(out, "vzc.linear_relations_at_r", nv + log_n + 5); /* D~(r) and O~(r_p, r_w) */
    term(out, "vzc.claim_batch(beta)", 3);
    term(out, "vzc.column_rounds(deg 2)", COL_DEG * HS_VZC_COL_LOG);
    const hs_mlc m = hs_ringsw_mlc(&fp);
    m.ops->soundness(&m, out);
    hs_sound_finish(out);
    return 1;
}
