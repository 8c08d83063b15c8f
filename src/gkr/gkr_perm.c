/* The permutations the gkr backend proves (gkr_perm.h): their descriptions, and the tables the
 * walk derives from them once (inverses, the partial rounds' affine maps over the basis). */
#include "gkr/gkr_perm.h"

#include <pthread.h>
#include <string.h>

#include "gkr/gkr_witness.h"
#include "hash/poseidon1_kb.h"
#include "hash/poseidon2_monty31.h"

enum { W = HS_GKR_MAX_WIDTH };

/* Gauss-Jordan on [M | I]; 0 if M is singular. */
static int invert(unsigned w, const hs_kb *m, hs_kb *inv) {
    hs_kb a[W][2 * W];
    for (unsigned i = 0; i < w; i++)
        for (unsigned k = 0; k < w; k++) a[i][k] = m[i * w + k], a[i][w + k] = i == k ? HS_KB_ONE : 0;
    for (unsigned c = 0; c < w; c++) {
        unsigned piv = c;
        while (piv < w && a[piv][c] == 0) piv++;
        if (piv == w) return 0;
        if (piv != c)
            for (unsigned k = 0; k < 2 * w; k++) {
                hs_kb tmp = a[c][k];
                a[c][k] = a[piv][k], a[piv][k] = tmp;
            }
        const hs_kb iv = hs_kb_inv(a[c][c]);
        for (unsigned k = 0; k < 2 * w; k++) a[c][k] = hs_kb_mul(a[c][k], iv);
        for (unsigned i = 0; i < w; i++) {
            if (i == c || a[i][c] == 0) continue;
            const hs_kb f = a[i][c];
            for (unsigned k = 0; k < 2 * w; k++) a[i][k] = hs_kb_sub(a[i][k], hs_kb_mul(f, a[c][k]));
        }
    }
    for (unsigned i = 0; i < w; i++)
        for (unsigned k = 0; k < w; k++) inv[i * w + k] = a[i][w + k];
    return 1;
}

/* The inverse of layer f (round r), row-major; the identity for f = NULL. 0 if singular. */
static int layer_inverse(const hs_gkr_perm *p, hs_gkr_linear_fn f, unsigned r, hs_kb *inv) {
    const unsigned w = p->width;
    hs_kb m[W * W];
    for (unsigned k = 0; k < w; k++) {
        hs_kb e[W] = {0};
        e[k] = HS_KB_ONE;
        if (f) f(p->ctx, r, e);
        for (unsigned i = 0; i < w; i++) m[i * w + k] = e[i];
    }
    return invert(w, m, inv);
}

/* Symbolic replay of the partial rounds: each lane an affine row over the basis (gkr_perm.h). */
static void derive_maps(hs_gkr_perm *p) {
    const unsigned w = p->width, R = p->partial;
    hs_kb st[W][HS_GKR_MAP_STRIDE];
    memset(st, 0, sizeof st);
    for (unsigned j = 1; j < w; j++) st[j][j - 1] = HS_KB_ONE;
    for (unsigned r = 0; r < R; r++) {
        for (unsigned j = 1; j < w; j++) memcpy(p->pmap[r] + (j - 1) * HS_GKR_MAP_STRIDE, st[j], sizeof st[j]);
        if (r + 1 == R) break; /* s_(R-1) feeds no partial round */
        memset(st[0], 0, sizeof st[0]);
        st[0][w - 1 + r] = HS_KB_ONE, st[0][HS_GKR_MAP_CONST] = p->rc_post[r];
        for (unsigned b = 0; b < HS_GKR_MAP_STRIDE; b++) {
            hs_kb v[W];
            for (unsigned j = 0; j < w; j++) v[j] = st[j][b];
            p->part(p->ctx, r, v);
            for (unsigned j = 0; j < w; j++) st[j][b] = v[j];
        }
        st[0][HS_GKR_MAP_CONST] = hs_kb_add(st[0][HS_GKR_MAP_CONST], p->rc_pre[r + 1]);
        memcpy(p->lane0[r + 1], st[0], sizeof st[0]);
    }
}

static int derive(hs_gkr_perm *p) {
    p->layers = 2 * HS_GKR_HALF + p->partial;
    p->basis = p->width - 1 + p->partial - 1;
    derive_maps(p);
    return layer_inverse(p, p->initial, 0, p->initial_inv) && layer_inverse(p, p->full, 0, p->full_inv) &&
           layer_inverse(p, p->entry, 0, p->entry_inv) && layer_inverse(p, p->part, p->partial - 1, p->last_inv);
}

/* ---- Poseidon2 (Plonky3's KoalaBear instances) ---- */

static void p2_external(const void *ctx, unsigned r, hs_kb *s) {
    (void)r;
    hs_p2_external_linear(ctx, s);
}
static void p2_internal(const void *ctx, unsigned r, hs_kb *s) {
    (void)r;
    hs_p2_internal_linear(ctx, s);
}

static void p2_describe(hs_gkr_perm *p, unsigned id, const char *name, const hs_p2_params *pp) {
    p->id = id, p->name = name, p->width = pp->width, p->partial = pp->partial, p->ctx = pp;
    p->initial = p->full = p2_external, p->part = p2_internal;
    for (unsigned L = 0; L < HS_GKR_HALF; L++)
        for (unsigned j = 0; j < pp->width; j++)
            p->rc_full[L][j] = pp->rc_init[L][j], p->rc_full[HS_GKR_HALF + L][j] = pp->rc_final[L][j];
    for (unsigned r = 0; r < pp->partial; r++) p->rc_pre[r] = pp->rc_int[r];
}

/* ---- Poseidon1 (Plonky3's KoalaBear instances, the sparse partial rounds of
 * src/hash/poseidon1_kb.h) ---- */

static void p1_mds(const void *ctx, unsigned r, hs_kb *s) {
    (void)r;
    hs_p1_mds(ctx, s);
}
/* x = m_i x (lane 0 passes: m_i = diag(1, Ahat_0), but any m_i works here) */
static void p1_entry(const void *ctx, unsigned r, hs_kb *s) {
    (void)r;
    const hs_p1_params *pp = ctx;
    hs_kb t[W];
    for (unsigned i = 0; i < pp->width; i++) {
        hs_kb acc = 0;
        for (unsigned k = 0; k < pp->width; k++) acc = hs_kb_add(acc, hs_kb_mul(pp->mont.m_i[i][k], s[k]));
        t[i] = acc;
    }
    memcpy(s, t, pp->width * sizeof *t);
}
/* x = S_r x: lane 0 = m00 x_0 + <ahat_r, x_1..>, lane j = x_j + b_r[j-1] x_0 */
static void p1_sparse(const void *ctx, unsigned r, hs_kb *s) {
    const hs_p1_params *pp = ctx;
    const hs_p1_consts *c = &pp->mont;
    const hs_kb q = s[0];
    hs_kb acc = hs_kb_mul(c->m00, q);
    for (unsigned j = 1; j < pp->width; j++) {
        acc = hs_kb_add(acc, hs_kb_mul(c->ahat[r][j - 1], s[j]));
        s[j] = hs_kb_add(s[j], hs_kb_mul(c->b[r][j - 1], q));
    }
    s[0] = acc;
}

/* What the Poseidon1 AVX2 witness kernels (gkr_witness_p1_avx2.c) assume: width 16 with 20
 * partial rounds and a circulant row summing below 2^11, or width 24 with 23; m_i = diag(1, Ahat_0). */
static int p1_avx2_fits(const hs_p1_params *pp) {
    const int w16 = pp->width == 16 && pp->partial == 20 && pp->mds_small && pp->mds_row_sum < 2048;
    if (!w16 && !(pp->width == 24 && pp->partial == 23)) return 0;
    for (unsigned i = 0; i < pp->width; i++)
        if (pp->mont.m_i[0][i] != (i ? 0 : HS_KB_ONE) || pp->mont.m_i[i][0] != (i ? 0 : HS_KB_ONE)) return 0;
    return 1;
}

static void p1_describe(hs_gkr_perm *p, unsigned id, const char *name, const hs_p1_params *pp) {
    p->id = id, p->name = name, p->width = pp->width, p->partial = pp->partial, p->ctx = pp;
    p->full = p1_mds, p->entry = p1_entry, p->part = p1_sparse;
    for (unsigned L = 0; L < HS_GKR_HALF; L++)
        for (unsigned j = 0; j < pp->width; j++)
            p->rc_full[L][j] = pp->mont.rc[L][j], p->rc_full[HS_GKR_HALF + L][j] = pp->mont.rc[HS_GKR_HALF + pp->partial + L][j];
    for (unsigned r = 0; r < pp->partial; r++) p->rc_post[r] = pp->mont.chat[r];
    for (unsigned j = 0; j < pp->width; j++) p->entry_c[j] = pp->mont.cbar[j];
    if (p1_avx2_fits(pp)) p->rows_avx2 = pp->width == 16 ? hs_gkr_wit_rows_p1kb16_avx2 : hs_gkr_wit_rows_p1kb24_avx2;
}

/* ---- the table ---- */

static hs_gkr_perm perms[HS_GKR_PERM_IDS];
static int perm_ok[HS_GKR_PERM_IDS];
static pthread_once_t perms_once = PTHREAD_ONCE_INIT;

static void init_perms(void) {
    p2_describe(&perms[0], HS_GKR_P2_KB16, "poseidon2-kb16", hs_p2_kb16());
    perms[0].rows_avx2 = hs_gkr_wit_rows_p2kb16_avx2;
    p2_describe(&perms[1], HS_GKR_P2_KB24, "poseidon2-kb24", hs_p2_kb24());
    perms[1].rows_avx2 = hs_gkr_wit_rows_p2kb24_avx2;
#ifdef HS_HAVE_AVX512
    perms[0].rows_avx512 = hs_gkr_wit_rows_p2kb16_avx512;
    perms[1].rows_avx512 = hs_gkr_wit_rows_p2kb24_avx512;
#endif
    p1_describe(&perms[2], HS_GKR_P1_KB16, "poseidon1-kb16", hs_p1_kb16());
    p1_describe(&perms[3], HS_GKR_P1_KB24, "poseidon1-kb24", hs_p1_kb24());
    for (unsigned i = 0; i < HS_GKR_PERM_IDS; i++) perm_ok[i] = derive(&perms[i]);
}

const hs_gkr_perm *hs_gkr_perm_get(unsigned id) {
    pthread_once(&perms_once, init_perms);
    return id >= 1 && id <= HS_GKR_PERM_IDS && perm_ok[id - 1] ? &perms[id - 1] : NULL;
}

const hs_gkr_perm *hs_gkr_perm_find(const char *name) {
    for (unsigned id = 1; name && id <= HS_GKR_PERM_IDS; id++) {
        const hs_gkr_perm *p = hs_gkr_perm_get(id);
        if (p && !strcmp(p->name, name)) return p;
    }
    return NULL;
}

void hs_gkr_layer_rc(const hs_gkr_perm *p, unsigned layer, hs_kb *rc) {
    memset(rc, 0, p->width * sizeof *rc);
    if (layer >= p->layers) return;
    if (hs_gkr_layer_full(p, layer))
        memcpy(rc, p->rc_full[layer < HS_GKR_HALF ? layer : layer - p->partial], p->width * sizeof *rc);
    else
        rc[0] = p->rc_pre[layer - HS_GKR_HALF];
}

int hs_gkr_linear_inverse(const hs_gkr_perm *p, unsigned layer, hs_kb *inv) {
    if (layer >= p->layers) return 0;
    if (hs_gkr_layer_full(p, layer)) return layer_inverse(p, p->full, 0, inv);
    return layer_inverse(p, p->part, layer - HS_GKR_HALF, inv);
}

void hs_gkr_apply_inv(const hs_gkr_perm *p, const hs_kb *inv, const hs_kb5 *v, hs_kb5 *out) {
    const unsigned w = p->width;
    hs_kb5 o[W];
    for (unsigned i = 0; i < w; i++) {
        hs_kb5 acc = hs_kb5_zero();
        for (unsigned k = 0; k < w; k++) acc = hs_kb5_add(acc, hs_kb5_mul_base(v[k], inv[i * w + k]));
        o[i] = acc;
    }
    memcpy(out, o, w * sizeof *o); /* out may be v */
}
