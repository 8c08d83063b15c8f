/* Ragged regions for the Poseidon2b walk over GF(2^128) (p2bragged.h): the three variants' walks
 * on p2bgkr_internal.h's layer steps, the verifier, the statement's binding. */
#include "gkrb/p2bragged.h"

#include <math.h>
#include <string.h>

#include "field/field_desc.h"
#include "gkrb/gkrb.h"
#include "gkrb/p2bgkr_internal.h"
#include "hash/blake3.h"
#include "sumcheck/scg.h"
#include "util/mem.h"
#include "util/timer.h"

static const uint8_t p2br_magic[4] = {'P', '2', 'R', '1'};

#define P2BR_D (HS_P2BG_SBOX_DEGREE + 1) /* the round polynomials' degree */

static int p2br_fail(const char **why, const char *msg) {
    *why = msg;
    return 0;
}

int hs_p2br_shape_make(hs_p2br_shape *s, hs_p2b_inst inst, unsigned variant, const unsigned *widths, unsigned n_regions,
                       const char **why) {
    memset(s, 0, sizeof *s);
    if ((unsigned)inst >= HS_P2B_INST_COUNT) return p2br_fail(why, "poseidon2b-ragged: unknown instance");
    if (variant > HS_P2BR_RAGGED) return p2br_fail(why, "poseidon2b-ragged: unknown variant");
    if (n_regions < 1 || n_regions > HS_P2BR_MAX_REGIONS)
        return p2br_fail(why, "poseidon2b-ragged: the number of regions is outside 1..32");
    s->inst = inst, s->variant = variant, s->n_regions = n_regions;
    for (unsigned a = 0; a < n_regions; a++) {
        if (widths[a] < HS_P2BR_MIN_W || widths[a] > HS_P2BR_MAX_W)
            return p2br_fail(why, "poseidon2b-ragged: a region's width is outside 1..24");
        s->widths[a] = widths[a];
        if (widths[a] > s->W) s->W = widths[a];
    }
    for (unsigned a = 0; a < n_regions; a++)
        s->physical_rows += (size_t)1 << (variant == HS_P2BR_PADDED ? s->W : s->widths[a]);
    return 1;
}

size_t hs_p2br_proof_bytes(const hs_p2br_shape *s) {
    const size_t layer_regs = 16 * HS_P2B_WIDTH, round = 16 * P2BR_D;
    size_t n = 7 + s->n_regions;
    if (s->variant == HS_P2BR_INDEPENDENT)
        for (unsigned a = 0; a < s->n_regions; a++) n += HS_P2B_ROUNDS * (round * s->widths[a] + layer_regs);
    else n += HS_P2B_ROUNDS * (round * s->W + layer_regs * s->n_regions);
    return n;
}

/* ---- the walks a variant runs ---- */

typedef struct {
    unsigned K;                        /* regions in the walk */
    unsigned reg[HS_P2BR_MAX_REGIONS]; /* their indices */
    unsigned n[HS_P2BR_MAX_REGIONS];   /* their table variables */
    unsigned nv;                       /* the sumcheck's variables */
} p2br_walk;

static unsigned p2br_walks(const hs_p2br_shape *s, p2br_walk *wk) {
    if (s->variant == HS_P2BR_INDEPENDENT) {
        for (unsigned a = 0; a < s->n_regions; a++) wk[a] = (p2br_walk){1, {a}, {s->widths[a]}, s->widths[a]};
        return s->n_regions;
    }
    wk[0].K = s->n_regions, wk[0].nv = s->W;
    for (unsigned a = 0; a < s->n_regions; a++)
        wk[0].reg[a] = a, wk[0].n[a] = s->variant == HS_P2BR_PADDED ? s->W : s->widths[a];
    return 1;
}

double hs_p2br_soundness_bits(const hs_p2br_shape *s) {
    p2br_walk wk[HS_P2BR_MAX_REGIONS];
    const unsigned nw = p2br_walks(s, wk);
    double e = s->W;
    for (unsigned i = 0; i < nw; i++)
        e += (HS_P2B_ROUNDS + 1) * (4.0 * wk[i].K - 1) + HS_P2B_ROUNDS * (double)P2BR_D * wk[i].nv;
    return 128.0 - log2(e);
}

/* ---- binding ---- */

#define P2BR_DIGEST_ELEMS 1024

static void p2br_digest_tables(hs_blake3_hasher *h, const hs_gf128 *const *tab, const hs_p2br_shape *s) {
    uint8_t buf[16 * P2BR_DIGEST_ELEMS];
    for (unsigned a = 0; a < s->n_regions; a++) {
        const size_t elems = (size_t)HS_P2B_WIDTH << s->widths[a];
        for (size_t i0 = 0; i0 < elems; i0 += P2BR_DIGEST_ELEMS) {
            const size_t m = elems - i0 < P2BR_DIGEST_ELEMS ? elems - i0 : P2BR_DIGEST_ELEMS;
            hs_field_gf2_128.write(buf, tab[a] + i0, m);
            hs_blake3_update(h, buf, 16 * m);
        }
    }
}

/* Binds the statement, draws zeta (W values), then absorbs the variant. */
static void p2br_start(hs_transcript *t, const hs_p2br_shape *s, const hs_gf128 *const *in, const hs_gf128 *const *out,
                       hs_gf128 *zeta) {
    hs_blake3_hasher h;
    uint8_t dg[HS_BLAKE3_OUT_LEN];
    hs_transcript_init(t, "hashsnark poseidon2b ragged gkr gf2-128 v1");
    hs_transcript_absorb_u64(t, (uint64_t)s->inst);
    hs_transcript_absorb_u64(t, s->n_regions);
    for (unsigned a = 0; a < s->n_regions; a++) hs_transcript_absorb_u64(t, s->widths[a]);
    hs_blake3_init(&h);
    p2br_digest_tables(&h, in, s);
    p2br_digest_tables(&h, out, s);
    hs_blake3_finalize(&h, dg);
    hs_transcript_absorb(t, dg, sizeof dg);
    for (unsigned b = 0; b < s->W; b++) hs_transcript_sample(t, &hs_field_gf2_128, &zeta[b]);
    hs_transcript_absorb_u64(t, s->variant);
}

/* ---- shared algebra ---- */

typedef hs_gf128 p2br_mats[2][HS_P2B_WIDTH][HS_P2B_WIDTH];

/* Region k's weights c_k = M^T (g^{4k}, .., g^{4k+3}) for the K regions, and the batched claim
 * sum_k sum_i gamma^{4k+i} v_{k,i} when v is non-NULL. */
static hs_gf128 p2br_batch(hs_gf128 (*m)[HS_P2B_WIDTH], hs_gf128 gamma, unsigned K, hs_gf128 (*v)[HS_P2B_WIDTH],
                           hs_gf128 (*c)[HS_P2B_WIDTH]) {
    hs_gf128 g = hs_gf128_one(), claim = hs_gf128_zero();
    for (unsigned k = 0; k < K; k++) {
        hs_gf128 gk[HS_P2B_WIDTH];
        for (unsigned i = 0; i < HS_P2B_WIDTH; i++) {
            gk[i] = g;
            if (v) claim = hs_gf128_add(claim, hs_gf128_mul(g, v[k][i]));
            g = hs_gf128_mul(g, gamma);
        }
        for (unsigned j = 0; j < HS_P2B_WIDTH; j++) {
            c[k][j] = hs_gf128_zero();
            for (unsigned i = 0; i < HS_P2B_WIDTH; i++) c[k][j] = hs_gf128_add(c[k][j], hs_gf128_mul(gk[i], m[i][j]));
        }
    }
    return claim;
}

/* prod_{lo <= s < hi} (1 + x_s): the padding selector. */
static hs_gf128 p2br_selector(const hs_gf128 *x, unsigned lo, unsigned hi) {
    hs_gf128 p = hs_gf128_one();
    for (unsigned s = lo; s < hi; s++) p = hs_gf128_mul(p, hs_gf128_add(hs_gf128_one(), x[s]));
    return p;
}

/* A point in round order (x[s] for the variable round s binds) in row-bit order (p2bgkr.h). */
static void p2br_bits(hs_gf128 *bits, const hs_gf128 *x, unsigned n) {
    for (unsigned b = 0; b < n; b++) bits[b] = x[n - 1 - b];
}

/* ---- the prover ---- */

typedef struct {
    const hs_p2br_shape *s;
    p2br_mats mats;
    hs_transcript *t;
    hs_writer *w;
    unsigned threads;
    hs_p2bg_times *tm;
} p2br_prover;

/* One walk over the K witnesses wit (region k's u_r tables of 2^{n_k} rows) from the points zr
 * (round order, n_k coordinates each; updated to the terminal points). */
static int p2br_walk_prove(p2br_prover *P, const p2br_walk *wk, hs_p2bg_witness *wit,
                           hs_gf128 (*zr)[HS_P2BR_MAX_W]) {
    const unsigned K = wk->K, nv = wk->nv, th = P->threads ? P->threads : 1;
    hs_gf128 *T[HS_P2BR_MAX_REGIONS] = {0}, *E[HS_P2BR_MAX_REGIONS] = {0};
    hs_gf128 *acc = hs_alloc_array((size_t)K * th * HS_P2BG_ACC_PER_THREAD, sizeof *acc); /* a region's own */
    int ok = acc != NULL;
    for (unsigned k = 0; k < K && ok; k++) {
        const size_t half = (size_t)1 << (wk->n[k] - 1);
        T[k] = hs_alloc_array(HS_P2B_WIDTH * half, sizeof *T[k]);
        E[k] = hs_alloc_array(half, sizeof *E[k]);
        ok = T[k] && E[k];
    }
    hs_gf128(*c)[HS_P2B_WIDTH] = hs_alloc_array(K, sizeof *c), (*a)[HS_P2B_WIDTH] = hs_alloc_array(K, sizeof *a);
    hs_gf128(*pk)[P2BR_D + 1] = hs_alloc_array(K, sizeof *pk);
    hs_p2bg_layer *L = hs_alloc_array(K, sizeof *L);
    hs_gf128 *m = hs_alloc_array(K, sizeof *m), (*C)[P2BR_D] = hs_alloc_array(K, sizeof *C);
    ok = ok && c && a && pk && L && m && C;
    (void)hs_gf128_kernels_best(); /* resolve the dispatch before any team starts */
    for (unsigned r = HS_P2B_ROUNDS; ok && r-- > 0;) {
        hs_gf128 gamma, rho[HS_P2BR_MAX_W], rprev = hs_gf128_zero();
        hs_transcript_sample(P->t, &hs_field_gf2_128, &gamma);
        p2br_batch(P->mats[hs_p2b_full_round(r)], gamma, K, NULL, c);
        const unsigned nsb = hs_p2b_full_round(r) ? HS_P2B_WIDTH : 1;
        for (unsigned k = 0; k < K; k++) {
            hs_gf128 zb[HS_P2BR_MAX_W];
            const double tb = hs_now();
            const hs_gf128 *src = hs_p2bg_witness_round(&wit[k], r);
            P->tm->witness += hs_now() - tb;
            p2br_bits(zb, zr[k], wk->n[k]);
            hs_p2bg_layer_begin(&L[k], src, wk->n[k], zb, T[k], E[k], acc + (size_t)k * th * HS_P2BG_ACC_PER_THREAD);
            m[k] = hs_gf128_one();
        }
        for (unsigned s = 0; s < nv; s++) {
            hs_gf128 p[P2BR_D + 1];
            memset(p, 0, sizeof p);
            /* the regions' sums: a region with a thread team's worth of pairs on the team, the
             * others side by side, one thread each, largest first, when together they are worth a
             * team (every team is a barrier: p2bgkr.h's HS_P2BG_PAR_MIN) */
            unsigned small[HS_P2BR_MAX_REGIONS], ns = 0;
            size_t small_pairs = 0;
            for (unsigned u0 = 0; u0 < K; u0++) {
                /* every other round backwards: the region whose tables the last round read last
                 * (still in cache) goes first (round 0 after the witness's blocks: backwards) */
                const unsigned k = s % 2 ? u0 : K - 1 - u0;
                if (s >= wk->n[k]) continue;
                const size_t h = (size_t)1 << (wk->n[k] - 1 - s);
                if (th > 1 && h >= hs_p2bg_par_min()) {
                    hs_p2bg_layer_coefs(&L[k], rprev, nsb, c[k], th, C[k]);
                    continue;
                }
                small_pairs += h;
                unsigned u = ns++;
                for (; u > 0 && wk->n[small[u - 1]] < wk->n[k]; u--) small[u] = small[u - 1];
                small[u] = k;
            }
#pragma omp parallel for num_threads(ns > 1 && th > 1 && small_pairs >= hs_p2bg_par_min() ? th : 1) schedule(dynamic, 1)
            for (unsigned u = 0; u < ns; u++) hs_p2bg_layer_coefs(&L[small[u]], rprev, nsb, c[small[u]], 1, C[small[u]]);
            for (unsigned k = 0; k < K; k++) {
                if (s < wk->n[k]) { /* the region's own round: m eq(z, X) q(X) */
                    hs_gf128 q[P2BR_D];
                    hs_p2bg_round_values(C[k], q);
                    hs_scg_gf128_eq_expand(m[k], zr[k][s], q, HS_P2BG_SBOX_DEGREE, pk[k]);
                } else { /* a padding variable: (1 + X) K_k, nothing at infinity (degree 1) */
                    for (unsigned x = 0; x < P2BR_D; x++)
                        pk[k][x] = hs_gf128_mul(m[k], hs_gf128_add(hs_gf128_one(), hs_scg_gf128_node(x)));
                    pk[k][P2BR_D] = hs_gf128_zero();
                }
                for (unsigned x = 0; x <= P2BR_D; x++) p[x] = hs_gf128_add(p[x], pk[k][x]);
            }
            const hs_gf128 rs = hs_scg_gf128_prove_round(P->t, P->w, p, P2BR_D);
            rho[s] = rprev = rs;
            for (unsigned k = 0; k < K; k++) {
                if (s + 1 < wk->n[k]) m[k] = hs_gf128_mul(m[k], hs_gkrb_eq1(zr[k][s], rs));
                else m[k] = hs_scg_gf128_eval(pk[k], P2BR_D, rs); /* from here m is the running claim K_k */
                if (s + 1 == wk->n[k]) hs_p2bg_layer_finals(&L[k], rs, a[k]);
            }
        }
        hs_w_elems(P->w, &hs_field_gf2_128, a, (size_t)HS_P2B_WIDTH * K);
        hs_transcript_absorb_elems(P->t, &hs_field_gf2_128, a, (size_t)HS_P2B_WIDTH * K);
        for (unsigned k = 0; k < K; k++) memcpy(zr[k], rho, wk->n[k] * sizeof *rho);
    }
    hs_gf128 gamma; /* the verifier's last batching, to keep the transcripts in step */
    hs_transcript_sample(P->t, &hs_field_gf2_128, &gamma);
    for (unsigned k = 0; k < K; k++) hs_free(T[k]), hs_free(E[k]);
    hs_free(acc), hs_free(c), hs_free(a), hs_free(pk), hs_free(L), hs_free(m), hs_free(C);
    return ok;
}

/* Region a's padded input table (padded variant): its row u at u 2^{W - w_a}, zero elsewhere. */
static hs_gf128 *p2br_padded_inputs(const hs_p2br_shape *s, unsigned a, const hs_gf128 *in) {
    const unsigned sh = s->W - s->widths[a];
    hs_gf128 *p = hs_alloc_array((size_t)HS_P2B_WIDTH << s->W, sizeof *p);
    if (!p) return NULL;
    memset(p, 0, ((size_t)HS_P2B_WIDTH << s->W) * sizeof *p);
    for (size_t u = 0; u < (size_t)1 << s->widths[a]; u++)
        memcpy(p + HS_P2B_WIDTH * (u << sh), in + HS_P2B_WIDTH * u, HS_P2B_WIDTH * sizeof *p);
    return p;
}

/* Region a's witness: of its own rows, or (padded) of its padded table; its outputs (the native
 * rows) to out. */
static int p2br_witness(const hs_p2br_shape *s, unsigned a, const hs_gf128 *in, hs_gf128 *out, hs_p2bg_witness *w,
                        unsigned threads, const char **why) {
    const int pad = s->variant == HS_P2BR_PADDED;
    const unsigned n = pad ? s->W : s->widths[a], sh = n - s->widths[a];
    hs_gf128 *pin = pad ? p2br_padded_inputs(s, a, in) : NULL;
    if (pad && !pin) return p2br_fail(why, hs_why_nomem);
    const int ok = hs_p2bg_witness_build(w, s->inst, pad ? pin : in, n, threads, why);
    hs_free(pin);
    if (!ok) return 0;
    for (size_t u = 0; u < (size_t)1 << s->widths[a]; u++)
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++) out[HS_P2B_WIDTH * u + l] = w->out[(l << n) + (u << sh)];
    return 1;
}

int hs_p2br_prove(const hs_p2br_shape *s, const hs_gf128 *const *in, hs_gf128 *const *out, unsigned threads,
                  hs_writer *w, hs_p2bg_times *times, const char **why) {
    hs_p2bg_times tm = {0, 0, 0};
    hs_p2br_shape chk;
    if (!hs_p2br_shape_make(&chk, s->inst, s->variant, s->widths, s->n_regions, why)) return 0;
    const unsigned A = s->n_regions;
    const int indep = s->variant == HS_P2BR_INDEPENDENT;
    hs_gf128 *outs[HS_P2BR_MAX_REGIONS] = {0};
    hs_p2bg_witness wit[HS_P2BR_MAX_REGIONS];
    unsigned built = 0;
    int ok = 0;
    const double t0 = hs_now();
    for (unsigned a = 0; a < A; a++) {
        outs[a] = out ? out[a] : hs_alloc_array((size_t)HS_P2B_WIDTH << s->widths[a], sizeof *outs[a]);
        if (!outs[a]) {
            *why = hs_why_nomem;
            goto done;
        }
        if (indep) { /* the outputs now, the witnesses one walk at a time */
            memcpy(outs[a], in[a], ((size_t)HS_P2B_WIDTH << s->widths[a]) * sizeof *outs[a]);
            hs_p2b_permute_many(s->inst, outs[a], (size_t)1 << s->widths[a], threads);
        } else {
            if (!p2br_witness(s, a, in[a], outs[a], &wit[a], threads, why)) goto done;
            built++;
        }
    }
    const double t1 = hs_now();
    tm.witness = t1 - t0;
    hs_transcript t;
    hs_gf128 zeta[HS_P2BR_MAX_W];
    p2br_start(&t, s, in, (const hs_gf128 *const *)outs, zeta);
    hs_w_bytes(w, p2br_magic, 4);
    hs_w_u8(w, (uint8_t)s->inst);
    hs_w_u8(w, (uint8_t)s->variant);
    hs_w_u8(w, (uint8_t)A);
    for (unsigned a = 0; a < A; a++) hs_w_u8(w, (uint8_t)s->widths[a]);
    p2br_prover P = {s, {{{{0}}}}, &t, w, threads, &tm};
    hs_p2bg_matrix(s->inst, 0, P.mats[0]);
    hs_p2bg_matrix(s->inst, 1, P.mats[1]);
    const double t2 = hs_now();
    tm.bind = t2 - t1;
    p2br_walk wk[HS_P2BR_MAX_REGIONS];
    const unsigned nw = p2br_walks(s, wk);
    hs_gf128(*zr)[HS_P2BR_MAX_W] = hs_alloc_array(HS_P2BR_MAX_REGIONS, sizeof *zr);
    if (!zr) {
        *why = hs_why_nomem;
        goto done;
    }
    memset(zr, 0, HS_P2BR_MAX_REGIONS * sizeof *zr);
    for (unsigned i = 0; i < nw; i++) {
        for (unsigned k = 0; k < wk[i].K; k++) {
            memset(zr[k], 0, sizeof zr[k]);
            memcpy(zr[k], zeta, s->widths[wk[i].reg[k]] * sizeof *zeta); /* padded: zero past w_a */
        }
        if (indep) {
            const double tb = hs_now();
            if (!p2br_witness(s, wk[i].reg[0], in[wk[i].reg[0]], outs[wk[i].reg[0]], &wit[0], threads, why)) break;
            tm.witness += hs_now() - tb;
            built = 1;
        }
        if (!p2br_walk_prove(&P, &wk[i], wit, zr)) {
            *why = hs_why_nomem;
            break;
        }
        if (indep) hs_p2bg_witness_free(&wit[0]), built = 0;
        if (i + 1 == nw) ok = 1;
    }
    hs_free(zr);
    tm.layers = hs_now() - t2 - (tm.witness - (t1 - t0));
    if (ok && w->err) ok = 0, *why = hs_why_nomem;
done:
    for (unsigned a = 0; a < built; a++) hs_p2bg_witness_free(&wit[a]);
    if (!out)
        for (unsigned a = 0; a < A; a++) hs_free(outs[a]);
    if (ok && times) *times = tm;
    return ok;
}

/* ---- the verifier ---- */

/* One walk: v (the regions' claims at zr) through the 66 layers to the inputs. */
static int p2br_walk_verify(hs_transcript *t, hs_reader *rd, const hs_p2br_shape *s, const p2br_walk *wk, p2br_mats mats,
                            const hs_gf128 *const *in, hs_gf128 (*zr)[HS_P2BR_MAX_W], hs_gf128 (*v)[HS_P2B_WIDTH],
                            unsigned threads, const char **why) {
    const unsigned K = wk->K, nv = wk->nv;
    const hs_gf128(*rc)[HS_P2B_WIDTH] = s->inst == HS_P2B_REF ? hs_p2b_ref_rc : hs_p2b_frost_rc;
    hs_gf128 c[HS_P2BR_MAX_REGIONS][HS_P2B_WIDTH], a[HS_P2BR_MAX_REGIONS][HS_P2B_WIDTH], rho[HS_P2BR_MAX_W], gamma;
    for (unsigned r = HS_P2B_ROUNDS; r-- > 0;) {
        hs_transcript_sample(t, &hs_field_gf2_128, &gamma);
        hs_gf128 claim = p2br_batch(mats[hs_p2b_full_round(r)], gamma, K, v, c);
        for (unsigned i = 0; i < nv; i++)
            if (!hs_scg_gf128_verify_round(t, rd, P2BR_D, &claim, &rho[i])) break;
        hs_r_elems(rd, &hs_field_gf2_128, a, (size_t)HS_P2B_WIDTH * K);
        if (rd->err) return p2br_fail(why, rd->err);
        hs_gf128 e = hs_gf128_zero();
        for (unsigned k = 0; k < K; k++) {
            hs_gf128 g = hs_gf128_zero();
            for (unsigned l = 0; l < HS_P2B_WIDTH; l++) {
                hs_gf128 x = a[k][l];
                if (l == 0 || hs_p2b_full_round(r)) { /* x^7 */
                    const hs_gf128 x2 = hs_gf128_square(x);
                    x = hs_gf128_mul(hs_gf128_mul(x2, x), hs_gf128_square(x2));
                }
                g = hs_gf128_add(g, hs_gf128_mul(c[k][l], x));
            }
            const unsigned n = wk->n[k];
            const hs_gf128 sel = hs_gf128_mul(hs_gkrb_eq_eval(zr[k], rho, n), p2br_selector(rho, n, nv));
            e = hs_gf128_add(e, hs_gf128_mul(sel, g));
        }
        if (!hs_gf128_eq(claim, e)) return p2br_fail(why, "poseidon2b-ragged: a round's sumcheck ends off its claimed values");
        hs_transcript_absorb_elems(t, &hs_field_gf2_128, a, (size_t)HS_P2B_WIDTH * K);
        for (unsigned k = 0; k < K; k++) {
            /* the native round adds RC[r][l] where it has an S-box */
            for (unsigned l = 0; l < HS_P2B_WIDTH; l++)
                v[k][l] = l == 0 || hs_p2b_full_round(r) ? hs_gf128_add(a[k][l], rc[r][l]) : a[k][l];
            memcpy(zr[k], rho, wk->n[k] * sizeof *rho);
        }
    }
    /* s_0 = M_F x: the last claims through M_F^T against the inputs' extensions */
    hs_transcript_sample(t, &hs_field_gf2_128, &gamma);
    const hs_gf128 claim = p2br_batch(mats[1], gamma, K, v, c);
    hs_gf128 e = hs_gf128_zero();
    for (unsigned k = 0; k < K; k++) {
        const unsigned ra = wk->reg[k], w = s->widths[ra];
        hs_gf128 x[HS_P2B_WIDTH], zb[HS_P2BR_MAX_W];
        p2br_bits(zb, zr[k], w);
        if (!hs_gkrb_mle_rows(x, in[ra], HS_P2B_WIDTH, w, zb, threads)) return p2br_fail(why, hs_why_nomem);
        const hs_gf128 sel = p2br_selector(zr[k], w, wk->n[k]); /* padded: the padding rows' inputs are zero */
        for (unsigned l = 0; l < HS_P2B_WIDTH; l++) e = hs_gf128_add(e, hs_gf128_mul(hs_gf128_mul(c[k][l], sel), x[l]));
    }
    if (!hs_gf128_eq(claim, e)) return p2br_fail(why, "poseidon2b-ragged: the input tables' extensions differ from the last claims");
    return 1;
}

int hs_p2br_verify(const hs_p2br_shape *s, const hs_gf128 *const *in, const hs_gf128 *const *out, const uint8_t *proof,
                   size_t len, unsigned threads, hs_p2br_claims *claims, const char **why) {
    hs_p2br_shape chk;
    if (!hs_p2br_shape_make(&chk, s->inst, s->variant, s->widths, s->n_regions, why)) return 0;
    const unsigned A = s->n_regions;
    hs_reader rd;
    hs_r_init(&rd, proof, len);
    uint8_t magic[4], hw[HS_P2BR_MAX_REGIONS];
    hs_r_bytes(&rd, magic, 4);
    const unsigned pinst = hs_r_u8(&rd), pvar = hs_r_u8(&rd), pa = hs_r_u8(&rd);
    if (rd.err || memcmp(magic, p2br_magic, 4) != 0)
        return p2br_fail(why, "poseidon2b-ragged: not a poseidon2b ragged-regions proof (magic)");
    if (pinst != (unsigned)s->inst) return p2br_fail(why, "poseidon2b-ragged: the proof's instance differs from the statement's");
    if (pvar != s->variant) return p2br_fail(why, "poseidon2b-ragged: the proof's variant differs from the statement's");
    if (pa != A) return p2br_fail(why, "poseidon2b-ragged: the proof's region count differs from the statement's");
    hs_r_bytes(&rd, hw, A);
    if (rd.err) return p2br_fail(why, rd.err);
    for (unsigned a = 0; a < A; a++)
        if (hw[a] != s->widths[a]) return p2br_fail(why, "poseidon2b-ragged: a region's width differs from the statement's");
    if (len != hs_p2br_proof_bytes(s)) return p2br_fail(why, "poseidon2b-ragged: proof length differs from the format's");
    hs_transcript t;
    hs_gf128 zeta[HS_P2BR_MAX_W];
    p2br_start(&t, s, in, out, zeta);
    p2br_mats mats;
    hs_p2bg_matrix(s->inst, 0, mats[0]);
    hs_p2bg_matrix(s->inst, 1, mats[1]);
    hs_gf128 vout[HS_P2BR_MAX_REGIONS][HS_P2B_WIDTH];
    for (unsigned a = 0; a < A; a++) {
        hs_gf128 zb[HS_P2BR_MAX_W];
        p2br_bits(zb, zeta, s->widths[a]);
        if (!hs_gkrb_mle_rows(vout[a], out[a], HS_P2B_WIDTH, s->widths[a], zb, threads)) return p2br_fail(why, hs_why_nomem);
    }
    if (claims) {
        memcpy(claims->z_out, zeta, sizeof zeta);
        memcpy(claims->v_out, vout, sizeof vout);
    }
    p2br_walk wk[HS_P2BR_MAX_REGIONS];
    const unsigned nw = p2br_walks(s, wk);
    for (unsigned i = 0; i < nw; i++) {
        hs_gf128 zr[HS_P2BR_MAX_REGIONS][HS_P2BR_MAX_W], v[HS_P2BR_MAX_REGIONS][HS_P2B_WIDTH];
        for (unsigned k = 0; k < wk[i].K; k++) {
            const unsigned a = wk[i].reg[k];
            memset(zr[k], 0, sizeof zr[k]);
            memcpy(zr[k], zeta, s->widths[a] * sizeof *zeta);
            memcpy(v[k], vout[a], sizeof v[k]);
        }
        if (!p2br_walk_verify(&t, &rd, s, &wk[i], mats, in, zr, v, threads, why)) return 0;
        if (claims)
            for (unsigned k = 0; k < wk[i].K; k++) {
                const unsigned a = wk[i].reg[k];
                claims->n_in[a] = wk[i].n[k];
                memcpy(claims->rho_in[a], zr[k], sizeof zr[k]);
                memcpy(claims->s0_claim[a], v[k], sizeof v[k]);
            }
    }
    if (hs_r_left(&rd) != 0) return p2br_fail(why, "poseidon2b-ragged: trailing bytes");
    return 1;
}
