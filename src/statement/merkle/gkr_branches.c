/* Merkle branches by GKR + WHIR: layout, prover, verifier (gkr_branches.h has the protocol). */
#include "statement/merkle/gkr_branches.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "gkr/gkr_kern.h"
#include "hash/blake3.h"
#include "hash/poseidon2_monty31.h"
#include "poly/mle.h"
#include "proof/frame.h"
#include "sumcheck/sumcheck.h"
#include "util/bits.h"
#include "util/mem.h"
#include "util/verify.h"
#include "util/timer.h"

#define MB_VERSION 1u
#define MB_BACKEND 2u
#define MB_EXT 5u
#define MB_HEADER 35
#define MB_TAG "hashsnark/gkr/merkle-branches/v1"
#define W8 HS_MB_DIGEST
#define LOG_COLS 4 /* S || O: 16 columns */
#define MUX_DEG 3

int hs_mb_shape_make(hs_mb_shape *s, const hs_preset *p, unsigned depth, size_t m, const char **why) {
    memset(s, 0, sizeof *s);
    if (!p) return *why = "unknown preset", 0;
    if (depth < 1 || depth > HS_MB_MAX_DEPTH) return *why = "tree depth out of range (1..64)", 0;
    if (m < 1) return *why = "no openings", 0;
    if (m > ((size_t)1 << HS_GKR_MAX_LOG)) return *why = "too many openings (at most 2^24 rows)", 0;
    unsigned delta = hs_ceil_log2(depth), mu = hs_ceil_log2(m);
    if (delta < 1) delta = 1;
    while (mu + delta < 4) mu++;
    if (mu + delta > HS_GKR_MAX_LOG) return *why = "too many openings for this depth (the rows exceed 2^24)", 0;
    s->preset = p, s->depth = depth, s->m = m, s->mu = mu, s->delta = delta, s->n = mu + delta;
    hs_gkr_whir_config(p, &s->whir);
    return 1;
}

static void header_bytes(const hs_mb_shape *s, uint8_t out[MB_HEADER]) {
    hs_writer w = {0};
    const hs_frame fr = {MB_VERSION, MB_BACKEND, (uint8_t)s->preset->id, HS_GKR_P2_KB16, HS_MB_STATEMENT};
    hs_frame_write(&w, &fr);
    hs_w_u8(&w, (uint8_t)s->depth);
    hs_w_u32(&w, (uint32_t)s->m);
    hs_w_u8(&w, (uint8_t)s->mu);
    hs_w_u8(&w, (uint8_t)s->delta);
    hs_w_u8(&w, MB_EXT);
    hs_w_u8(&w, HS_GKR_SKIP);
    hs_gkr_write_whir_config(&w, &s->whir);
    memset(out, 0, MB_HEADER);
    if (!w.err && w.len == MB_HEADER) memcpy(out, w.data, MB_HEADER);
    hs_w_free(&w);
}

static int parse_header(hs_reader *r, hs_mb_shape *s, const char **why) {
    const uint8_t *start = r->p;
    hs_frame fr;
    if (!hs_frame_read(r, &fr, why)) return 0;
    const uint32_t version = fr.version;
    const unsigned backend = fr.backend, preset = fr.preset, perm = fr.hash, statement = fr.statement;
    const unsigned depth = hs_r_u8(r);
    const uint32_t m = hs_r_u32(r);
    uint8_t rest[MB_HEADER - 21];
    hs_r_bytes(r, rest, sizeof rest);
    if (r->err) return *why = "truncated header", 0;
    if (version != MB_VERSION) return *why = "unsupported proof version", 0;
    if (backend != MB_BACKEND) return *why = "not a gkr proof (backend byte)", 0;
    if (statement != HS_MB_STATEMENT) return *why = "not a Merkle branches proof (statement byte)", 0;
    if (perm != HS_GKR_P2_KB16) return *why = "unsupported tree hash (Merkle branches prove poseidon2-kb16)", 0;
    if (!hs_mb_shape_make(s, hs_preset_by_id(preset), depth, m, why)) return 0;
    uint8_t expect[MB_HEADER];
    header_bytes(s, expect);
    if (memcmp(expect, start, MB_HEADER)) return *why = "parameters do not match the preset", 0;
    return 1;
}

HS_FRAME_PEEK_FN(hs_mb_peek, hs_mb_shape, parse_header)

/* The transcript's start: tag, header, root, the digest of the opening list (O(m) hashing). */
static void transcript_start(hs_transcript *t, const uint8_t *hb, const hs_kb *root, size_t m, const uint64_t *idx,
                             const hs_kb *leaves) {
    hs_transcript_init(t, MB_TAG);
    hs_transcript_absorb(t, hb, MB_HEADER);
    hs_transcript_absorb_elems(t, &hs_field_kb, root, W8);
    hs_blake3_hasher h;
    hs_blake3_init(&h);
    for (size_t p = 0; p < m; p++) {
        uint8_t b[8];
        for (int k = 0; k < 8; k++) b[k] = (uint8_t)(idx[p] >> (8 * k));
        hs_blake3_update(&h, b, 8);
        hs_blake3_update_kb(&h, leaves + p * W8, W8);
    }
    hs_digest dg;
    hs_blake3_finalize(&h, dg.b);
    hs_transcript_absorb_digests(t, &dg, 1);
}

static int check_indices(unsigned depth, size_t m, const uint64_t *idx, const char **why) {
    for (size_t p = 0; p < m; p++)
        if (depth < 64 && idx[p] >> depth) return *why = "an opening's index is not below 2^depth", 0;
    return 1;
}

static void sample(hs_transcript *t, hs_kb5 *v, unsigned cnt) {
    for (unsigned i = 0; i < cnt; i++) v[i] = hs_gkr_sample(t);
}

/* ---- the identities ---- */

hs_kb5 hs_mb_kappa(const hs_kb5 *r, unsigned delta, unsigned j) {
    hs_kb5 k = r[delta - j - 1];
    for (unsigned t = delta - j; t < delta; t++) k = hs_kb5_mul(k, hs_kb5_sub(hs_kb5_one(), r[t]));
    return k;
}

void hs_mb_shift_point(const hs_kb5 *rho, unsigned n, unsigned j, hs_kb5 *q) {
    memcpy(q, rho, (n - j - 1) * sizeof *q);
    q[n - j - 1] = hs_kb5_zero();
    for (unsigned t = n - j; t < n; t++) q[t] = hs_kb5_one();
}

static hs_kb5 bits_mle_with(const uint64_t *idx, size_t m, unsigned depth, unsigned mu, const hs_kb5 *ep,
                            const hs_kb5 *ei) {
    hs_kb5 acc = hs_kb5_zero(), tail = hs_kb5_zero(), beta0 = hs_kb5_zero();
    for (size_t p = 0; p < ((size_t)1 << mu); p++) {
        if (p >= m) {
            tail = hs_kb5_add(tail, ep[p]);
            continue;
        }
        hs_kb5 beta = hs_kb5_zero();
        for (unsigned i = 0; i < depth; i++)
            if ((idx[p] >> i) & 1) beta = hs_kb5_add(beta, ei[i]);
        if (p == 0) beta0 = beta;
        acc = hs_kb5_add(acc, hs_kb5_mul(ep[p], beta));
    }
    return hs_kb5_add(acc, hs_kb5_mul(tail, beta0)); /* the dummy paths repeat opening 0 */
}

hs_kb5 hs_mb_bits_mle(const uint64_t *idx, size_t m, unsigned depth, unsigned mu, unsigned delta, const hs_kb5 *r) {
    hs_kb5 *ep = hs_mle_eq_new(r, mu, 1), *ei = hs_mle_eq_new(r + mu, delta, 1), v = hs_kb5_zero();
    if (ep && ei) v = bits_mle_with(idx, m, depth, mu, ep, ei);
    hs_free(ep), hs_free(ei);
    return v;
}

static void leaves_mle_with(const hs_kb *leaves, size_t m, unsigned mu, const hs_kb5 *ep, hs_kb5 out[W8]) {
    hs_kb5 tail = hs_kb5_zero();
    for (unsigned l = 0; l < W8; l++) out[l] = hs_kb5_zero();
    for (size_t p = 0; p < ((size_t)1 << mu); p++) {
        if (p >= m) {
            tail = hs_kb5_add(tail, ep[p]);
            continue;
        }
        for (unsigned l = 0; l < W8; l++) out[l] = hs_kb5_add(out[l], hs_kb5_mul_base(ep[p], leaves[p * W8 + l]));
    }
    for (unsigned l = 0; l < W8; l++) out[l] = hs_kb5_add(out[l], hs_kb5_mul_base(tail, leaves[l]));
}

void hs_mb_leaves_mle(const hs_kb *leaves, size_t m, unsigned mu, const hs_kb5 *r_p, hs_kb5 out[W8]) {
    hs_kb5 *ep = hs_mle_eq_new(r_p, mu, 1);
    for (unsigned l = 0; l < W8; l++) out[l] = hs_kb5_zero();
    if (ep) leaves_mle_with(leaves, m, mu, ep, out);
    hs_free(ep);
}

/* cur_l at rho2 = (r_p, r) by the shift identity: eq(r, 0) L_l^(r_p) + sum_j kappa_j(r) o_(j,l). */
static void shift_cur_with(const hs_kb *leaves, size_t m, unsigned mu, unsigned delta, const hs_kb5 *rho2,
                           const hs_kb5 *ep, const hs_kb5 *ei, const hs_kb5 *o, hs_kb5 c[W8]) {
    hs_kb5 Lv[W8], kap[8];
    leaves_mle_with(leaves, m, mu, ep, Lv);
    for (unsigned j = 0; j < delta; j++) kap[j] = hs_mb_kappa(rho2 + mu, delta, j);
    for (unsigned l = 0; l < W8; l++) {
        c[l] = hs_kb5_mul(ei[0], Lv[l]); /* ei[0] = eq(r, 0^delta) */
        for (unsigned j = 0; j < delta; j++) c[l] = hs_kb5_add(c[l], hs_kb5_mul(kap[j], o[j * W8 + l]));
    }
}

static int shift_cur(const hs_kb *leaves, size_t m, unsigned mu, unsigned delta, const hs_kb5 *rho2, const hs_kb5 *o,
                     hs_kb5 c[W8]) {
    hs_kb5 *ep = hs_mle_eq_new(rho2, mu, 1), *ei = hs_mle_eq_new(rho2 + mu, delta, 1);
    if (ep && ei) shift_cur_with(leaves, m, mu, delta, rho2, ep, ei, o, c);
    const int ok = ep && ei;
    hs_free(ep), hs_free(ei);
    return ok;
}

/* lam[k] = lambda^k, k < 16; the mux's A and B coefficients. */
static void lambda_powers(hs_kb5 lambda, hs_kb5 lam[16]) {
    lam[0] = hs_kb5_one();
    for (unsigned k = 1; k < 16; k++) lam[k] = hs_kb5_mul(lam[k - 1], lambda);
}

/* A + b B at cur c, sibling s (K values) and bit b. */
static hs_kb5 mux_value(const hs_kb5 lam[16], const hs_kb5 *c, const hs_kb5 *s, hs_kb5 b) {
    hs_kb5 A = hs_kb5_zero(), B = hs_kb5_zero();
    for (unsigned l = 0; l < W8; l++) {
        A = hs_kb5_add(A, hs_kb5_add(hs_kb5_mul(lam[l], c[l]), hs_kb5_mul(lam[8 + l], s[l])));
        B = hs_kb5_add(B, hs_kb5_mul(hs_kb5_sub(lam[l], lam[8 + l]), hs_kb5_sub(s[l], c[l])));
    }
    return hs_kb5_add(A, hs_kb5_mul(b, B));
}

/* sum_k lambda^k v_k over the 16 claims on X. */
static hs_kb5 lambda_claim(const hs_kb5 lam[16], const hs_kb5 *v) {
    hs_kb5 acc = hs_kb5_zero();
    for (unsigned k = 0; k < 16; k++) acc = hs_kb5_add(acc, hs_kb5_mul(lam[k], v[k]));
    return acc;
}

/* ---- prover ---- */

static unsigned team(size_t h, unsigned threads) { return h < 4096 || threads < 1 ? 1 : threads; }

/* The mux sumcheck's prover in Gruen's form (the round polynomials are those of the plain sum of
 * eq(rho, x) (A + b B)): p(X) = m eq(rho_r, X) q(X), q(X) = sum_x' T_r(x') (A + b B)(X, x') of
 * degree 2 from q(0), q(2) and the claim; T_r = eq(rho[r+1..], .) (the suffix tables, built once).
 * Round 0 reads A, B from their planes and the bits as bytes (b in {0, 1}: its products are
 * additions); it folds into K tables of N/2 (Ak, Bk, bk), which later rounds fold in place. */
typedef struct {
    hs_kb5 *T, *Ak, *Bk, *bk;
} mux_tables;

static int mux_alloc(mux_tables *mt, size_t N) {
    mt->T = hs_alloc_array(N, sizeof *mt->T);
    mt->Ak = hs_alloc_array(N / 2, sizeof *mt->Ak), mt->Bk = hs_alloc_array(N / 2, sizeof *mt->Bk);
    mt->bk = hs_alloc_array(N / 2, sizeof *mt->bk);
    return mt->T && mt->Ak && mt->Bk && mt->bk;
}

static void mux_free(mux_tables *mt) {
    hs_free(mt->T), hs_free(mt->Ak), hs_free(mt->Bk), hs_free(mt->bk);
    memset(mt, 0, sizeof *mt);
}

static inline hs_kb5 small_times(int s, hs_kb5 v) { /* s in {-1, 0, 1, 2} */
    return s == 0 ? hs_kb5_zero() : s == 1 ? v : s == 2 ? hs_kb5_add(v, v) : hs_kb5_neg(v);
}

static int mux_prove(unsigned n, const hs_kb5 *rho, hs_kb5 claim, hs_mle_k5 Ap, hs_mle_k5 Bp, const uint8_t *bits,
                     mux_tables *mt, hs_transcript *t, hs_writer *w, unsigned threads, hs_kb5 *rho2) {
    hs_mle_suffix_eq_table(mt->T, rho, n, 0, threads); /* T_r at offset 2^(n-1-r) - 1 */
    hs_kb5 m = hs_kb5_one();
    for (unsigned r = 0; r < n; r++) {
        const size_t h = (size_t)1 << (n - 1 - r);
        const hs_kb5 *T = mt->T + h - 1;
        hs_kb5 q0 = hs_kb5_zero(), q2 = hs_kb5_zero();
        hs_kb5 *A = mt->Ak, *B = mt->Bk, *bk = mt->bk;
#pragma omp parallel num_threads(team(h, threads))
        {
            hs_kb5 l0 = hs_kb5_zero(), l2 = hs_kb5_zero();
#pragma omp for schedule(static)
            for (size_t x = 0; x < h; x++) {
                hs_kb5 a0, a1, b0, b1, v0, v2;
                if (r == 0) {
                    a0 = hs_mle_k5_get(Ap, x), a1 = hs_mle_k5_get(Ap, x + h);
                    b0 = hs_mle_k5_get(Bp, x), b1 = hs_mle_k5_get(Bp, x + h);
                    const int s0 = bits[x], s2 = 2 * bits[x + h] - s0;
                    v0 = s0 ? hs_kb5_add(a0, b0) : a0;
                    v2 = hs_kb5_add(hs_kb5_sub(hs_kb5_add(a1, a1), a0), small_times(s2, hs_kb5_sub(hs_kb5_add(b1, b1), b0)));
                } else {
                    a0 = A[x], a1 = A[x + h], b0 = B[x], b1 = B[x + h];
                    const hs_kb5 s0 = bk[x], s2 = hs_kb5_sub(hs_kb5_add(bk[x + h], bk[x + h]), s0);
                    v0 = hs_kb5_add(a0, hs_kb5_mul(s0, b0));
                    v2 = hs_kb5_add(hs_kb5_sub(hs_kb5_add(a1, a1), a0), hs_kb5_mul(s2, hs_kb5_sub(hs_kb5_add(b1, b1), b0)));
                }
                l0 = hs_kb5_add(l0, hs_kb5_mul(T[x], v0)), l2 = hs_kb5_add(l2, hs_kb5_mul(T[x], v2));
            }
#pragma omp critical(hs_mb_mux)
            q0 = hs_kb5_add(q0, l0), q2 = hs_kb5_add(q2, l2);
        }
        hs_kb5 p[MUX_DEG + 1];
        if (!hs_sc_gruen_expand(claim, m, rho[r], (const hs_kb5[]){q0, q2}, MUX_DEG, p)) return 0;
        const hs_kb5 ch = hs_sc_prove_round(t, w, p, MUX_DEG);
        rho2[r] = ch;
        claim = hs_sc_interpolate(p, MUX_DEG, ch);
        const hs_kb5 omz = hs_kb5_sub(hs_kb5_one(), rho[r]), omr = hs_kb5_sub(hs_kb5_one(), ch);
        m = hs_kb5_mul(m, hs_kb5_add(hs_kb5_mul(rho[r], ch), hs_kb5_mul(omz, omr)));
        const hs_kb5 nch = hs_kb5_neg(ch);
#pragma omp parallel for num_threads(team(h, threads)) schedule(static)
        for (size_t x = 0; x < h; x++) {
            if (r == 0) {
                const hs_kb5 a0 = hs_mle_k5_get(Ap, x), b0 = hs_mle_k5_get(Bp, x);
                A[x] = hs_kb5_add(a0, hs_kb5_mul(ch, hs_kb5_sub(hs_mle_k5_get(Ap, x + h), a0)));
                B[x] = hs_kb5_add(b0, hs_kb5_mul(ch, hs_kb5_sub(hs_mle_k5_get(Bp, x + h), b0)));
                const int d = bits[x + h] - bits[x]; /* b0 + ch (b1 - b0) */
                const hs_kb5 b0k = bits[x] ? hs_kb5_one() : hs_kb5_zero();
                bk[x] = d == 0 ? b0k : hs_kb5_add(b0k, d > 0 ? ch : nch);
            } else {
                A[x] = hs_kb5_add(A[x], hs_kb5_mul(ch, hs_kb5_sub(A[x + h], A[x])));
                B[x] = hs_kb5_add(B[x], hs_kb5_mul(ch, hs_kb5_sub(B[x + h], B[x])));
                bk[x] = hs_kb5_add(bk[x], hs_kb5_mul(ch, hs_kb5_sub(bk[x + h], bk[x])));
            }
        }
    }
    return 1;
}

/* out[l] = O_l at (prefix, 0, 1^j): the rows whose low j + 1 bits are 0 1^j (2^(n-j-1) of them). */
static int eval_shift(const hs_kb *const *O, unsigned n, unsigned j, const hs_kb5 *prefix, hs_kb5 out[W8],
                      unsigned threads) {
    const unsigned k = n - j - 1;
    const size_t cnt = (size_t)1 << k, low = ((size_t)1 << j) - 1;
    hs_kb5 *e = hs_mle_eq_new(prefix, k, threads);
    if (!e) return 0;
    for (unsigned l = 0; l < W8; l++) out[l] = hs_kb5_zero();
#pragma omp parallel num_threads(team(cnt, threads))
    {
        hs_kb5 loc[W8];
        for (unsigned l = 0; l < W8; l++) loc[l] = hs_kb5_zero();
#pragma omp for schedule(static)
        for (size_t y = 0; y < cnt; y++) {
            const size_t row = (y << (j + 1)) | low;
            for (unsigned l = 0; l < W8; l++) loc[l] = hs_kb5_add(loc[l], hs_kb5_mul_base(e[y], O[l][row]));
        }
#pragma omp critical(hs_mb_shift)
        for (unsigned l = 0; l < W8; l++) out[l] = hs_kb5_add(out[l], loc[l]);
    }
    hs_free(e);
    return 1;
}

/* The opening statements (gkr_branches.h): O at z_out, S at rho2, O at each q_j, O at the root
 * point. Points and values live in the caller's arrays. */
typedef struct {
    hs_kb5 *z_out, *rho2, *q, *root_pt; /* q: delta points of n values */
    hs_kb5 v_out[HS_GKR_MAX_WIDTH], cs[2 * W8], o[6 * W8], rv[W8];
    uint32_t sel_S[W8], sel_O[W8];
    hs_whir_statement st[6 + 3];
} mb_claims;

static size_t build_statements(mb_claims *c, unsigned n, unsigned delta) {
    for (unsigned l = 0; l < W8; l++) c->sel_S[l] = l, c->sel_O[l] = W8 + l;
    size_t k = 0;
    c->st[k++] = (hs_whir_statement){n, c->z_out, W8, c->sel_O, c->v_out};
    c->st[k++] = (hs_whir_statement){n, c->rho2, W8, c->sel_S, c->cs + W8};
    for (unsigned j = 0; j < delta; j++) c->st[k++] = (hs_whir_statement){n, c->q + (size_t)j * n, W8, c->sel_O, c->o + j * W8};
    c->st[k++] = (hs_whir_statement){n, c->root_pt, W8, c->sel_O, c->rv};
    return k;
}

/* The root's point (s, bits_delta(d - 1)). */
static void root_point(hs_transcript *t, unsigned mu, unsigned delta, unsigned depth, hs_kb5 *pt) {
    sample(t, pt, mu);
    for (unsigned i = 0; i < delta; i++)
        pt[mu + i] = ((depth - 1) >> (delta - 1 - i)) & 1 ? hs_kb5_one() : hs_kb5_zero();
}

int hs_mb_prove(const hs_mb_shape *shape_in, const uint64_t *idx, const hs_kb *leaves, const hs_kb *siblings,
                unsigned threads, hs_writer *out, hs_kb root_out[W8], hs_mb_timing *timing, const char **why) {
    hs_mb_timing tdummy, *tm = timing ? timing : &tdummy;
    memset(tm, 0, sizeof *tm);
    hs_mb_shape s;
    if (!hs_mb_shape_make(&s, shape_in->preset, shape_in->depth, shape_in->m, why)) return 0;
    if (!check_indices(s.depth, s.m, idx, why)) return 0;
    const unsigned n = s.n, mu = s.mu, delta = s.delta, d = s.depth;
    const size_t N = (size_t)1 << n, P = (size_t)1 << mu, D = (size_t)1 << delta;
    const size_t corrupt_row = HS_TEST_HOOK(shape_in->corrupt_row);
    const hs_gkr_perm *Pm = hs_gkr_perm_get(HS_GKR_P2_KB16);
    const hs_p2_params *pp = hs_p2_kb16();
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, n + LOG_COLS, &s.whir, NULL, why)) return 0;
    double t0 = hs_now(), tstart = t0, tt;
    int ok = 0;
    hs_gkr_witness wit = {0};
    hs_whir_witness *ww = NULL;
    hs_kb *X = hs_alloc_array(N, 16 * sizeof *X), *S = hs_alloc_array(N, W8 * sizeof *S),
          *C = hs_alloc_array(N, W8 * sizeof *C), *st = hs_alloc_array(P, 16 * sizeof *st),
          *cur = hs_alloc_array(P, W8 * sizeof *cur);
    hs_kb5 *pts = NULL;
    hs_kb *AB = NULL;
    uint8_t *bits = NULL;
    mux_tables mt = {0};
    hs_kb root[W8];
    *why = hs_why_nomem;
    if (!X || !S || !C || !st || !cur) goto done;

    /* the rows level by level: every path's level i is one batch of permutations */
    for (size_t p = 0; p < P; p++) memcpy(cur + p * W8, leaves + (p < s.m ? p : 0) * W8, W8 * sizeof *cur);
    for (size_t i = 0; i < D; i++) {
        for (size_t p = 0; p < P; p++) {
            const size_t q = p < s.m ? p : 0, row = p * D + i;
            const int bit = i < d ? (int)((idx[q] >> i) & 1) : 0;
            const hs_kb *sib = i < d ? siblings + (q * d + i) * W8 : NULL;
            hs_kb *x = st + p * 16;
            for (unsigned l = 0; l < W8; l++) {
                const hs_kb sv = sib ? sib[l] : 0, cv = cur[p * W8 + l];
                x[l] = bit ? sv : cv, x[W8 + l] = bit ? cv : sv;
            }
            memcpy(X + row * 16, x, 16 * sizeof *X);
        }
        hs_p2_permute_many(pp, st, P, 0, threads);
        for (size_t p = 0; p < P; p++) {
            memcpy(cur + p * W8, st + p * 16, W8 * sizeof *cur);
            if (corrupt_row && corrupt_row - 1 == p * D + i)
                cur[p * W8] = hs_kb_add(cur[p * W8], HS_KB_ONE);
        }
        if (i == d - 1) {
            memcpy(root, cur, sizeof root);
            for (size_t p = 1; p < P && !corrupt_row; p++)
                if (memcmp(cur + p * W8, root, sizeof root)) {
                    *why = "the openings do not reach one root (a sibling or leaf is wrong)";
                    goto done;
                }
        }
    }
    if (root_out) memcpy(root_out, root, sizeof root);
    /* S and cur as columns, row by row from X (the bit says which half is the sibling) */
#pragma omp parallel for num_threads(team(N, threads)) schedule(static)
    for (size_t x = 0; x < N; x++) {
        const size_t p = x / D, i = x % D, q = p < s.m ? p : 0;
        const int bit = i < d && ((idx[q] >> i) & 1);
        const hs_kb *row = X + x * 16;
        for (unsigned l = 0; l < W8; l++) S[l * N + x] = row[bit ? l : W8 + l], C[l * N + x] = row[bit ? W8 + l : l];
    }
    *why = hs_why_nomem;
    if (!hs_gkr_witness_build(&wit, Pm, X, n, threads, NULL, HS_GKR_WIT_IO)) goto done;
    /* O as committed: the witness's outputs lanes 0..7 (the test hook: its altered node, from
     * which the rows above it were hashed) */
    HS_VERIFY_SPOIL(corrupt_row != 0);
    if (corrupt_row && corrupt_row <= N) wit.out[corrupt_row - 1] = hs_kb_add(wit.out[corrupt_row - 1], HS_KB_ONE);
    hs_free(st), st = NULL;
    tt = hs_now(), tm->witness_s = tt - t0, t0 = tt;

    uint8_t hb[MB_HEADER];
    header_bytes(&s, hb);
    hs_w_bytes(out, hb, MB_HEADER);
    hs_transcript tr;
    transcript_start(&tr, hb, root, s.m, idx, leaves);
    const hs_kb *cols[16];
    for (unsigned l = 0; l < W8; l++) cols[l] = S + l * N, cols[W8 + l] = wit.out + l * N;
    if (!hs_whir_commit(&ww, &wp, NULL, cols, LOG_COLS, n, &tr, out, NULL, threads, why)) goto done;
    tt = hs_now(), tm->commit_s = tt - t0, t0 = tt;

    *why = hs_why_nomem;
    pts = malloc(((size_t)4 + delta) * n * sizeof *pts);
    if (!pts) goto done;
    mb_claims cl;
    cl.z_out = pts, cl.rho2 = pts + n, cl.root_pt = pts + 2 * n, cl.q = pts + 4 * n;
    hs_kb5 *rho = pts + 3 * n, x_claim[16];
    if (!hs_gkr_walk_prove(Pm, &wit, X, NULL, threads, &tr, out, cl.z_out, cl.v_out, rho, x_claim, why)) goto done;
    hs_free(X), X = NULL;
    tt = hs_now(), tm->walk_s = tt - t0, t0 = tt;

    /* the mux sumcheck: A and B by the linear-combination kernel over cur || S */
    *why = hs_why_nomem;
    const size_t cap = hs_gkr_plane_cap(N); /* padded planes: the mux's 20 plane streams apart in the caches */
    AB = hs_alloc_array(2 * cap, 5 * sizeof *AB);
    bits = hs_alloc_array(N, 1);
    if (!AB || !bits || !mux_alloc(&mt, N)) goto done;
    hs_kb5 lam[16], cA[16], cB[16];
    lambda_powers(hs_gkr_sample(&tr), lam);
    for (unsigned l = 0; l < W8; l++) {
        const hs_kb5 mu_l = hs_kb5_sub(lam[l], lam[8 + l]);
        cA[l] = lam[l], cA[8 + l] = lam[8 + l], cB[l] = hs_kb5_neg(mu_l), cB[8 + l] = mu_l;
    }
    const hs_kb *ccols[16];
    for (unsigned l = 0; l < W8; l++) ccols[l] = C + l * N, ccols[W8 + l] = S + l * N;
    if (!hs_gkr_lin_combine(ccols, 16, cA, AB, cap, n, threads) ||
        !hs_gkr_lin_combine(ccols, 16, cB, AB + 5 * cap, cap, n, threads))
        goto done;
    hs_free(C), C = NULL;
    for (size_t x = 0; x < N; x++) {
        const size_t p = x / D, i = x % D, q = p < s.m ? p : 0;
        bits[x] = (uint8_t)(i < d && ((idx[q] >> i) & 1));
    }
    const hs_mle_k5 Ap = hs_mle_k5_planes(AB, cap), Bp = hs_mle_k5_planes(AB + 5 * cap, cap);
    *why = "degenerate claim point";
    if (!mux_prove(n, rho, lambda_claim(lam, x_claim), Ap, Bp, bits, &mt, &tr, out, threads, cl.rho2)) goto done;
    mux_free(&mt), hs_free(AB), AB = NULL, hs_free(bits), bits = NULL;
    /* S at rho2; O at the shift's delta points; cur at rho2 from those by the shift identity */
    const hs_kb *scols[W8], *ocols[W8];
    for (unsigned l = 0; l < W8; l++) scols[l] = S + l * N, ocols[l] = wit.out + l * N;
    *why = hs_why_nomem;
    if (!hs_gkr_eval_cols(scols, W8, n, cl.rho2, cl.cs + W8, threads)) goto done;
    for (unsigned j = 0; j < delta; j++) {
        hs_mb_shift_point(cl.rho2, n, j, cl.q + (size_t)j * n);
        if (!eval_shift(ocols, n, j, cl.rho2, cl.o + j * W8, threads)) goto done;
    }
    if (!shift_cur(leaves, s.m, mu, delta, cl.rho2, cl.o, cl.cs)) goto done;
    hs_gkr_send_k(&tr, out, cl.cs, 16);
    hs_gkr_send_k(&tr, out, cl.o, (size_t)delta * W8);
    root_point(&tr, mu, delta, d, cl.root_pt);
    for (unsigned l = 0; l < W8; l++) cl.rv[l] = hs_kb5_from_base(root[l]);
    tt = hs_now(), tm->mux_s = tt - t0, t0 = tt;
    const size_t nst = build_statements(&cl, n, delta);
    if (!hs_whir_open(&wp, ww, cl.st, nst, &tr, out, threads, why)) goto done;
    tt = hs_now(), tm->open_s = tt - t0, tm->total_s = tt - tstart;
    ok = !out->err;
    *why = ok ? NULL : hs_why_nomem;
done:
    hs_whir_witness_free(ww);
    hs_gkr_witness_free(&wit);
    hs_free(X), hs_free(S), hs_free(C), hs_free(st), hs_free(cur);
    hs_free(AB), hs_free(bits), mux_free(&mt);
    free(pts);
    return ok;
}

/* ---- verifier ---- */

int hs_mb_verify(const uint8_t *proof, size_t len, const hs_kb root[W8], unsigned depth, size_t m, const uint64_t *idx,
                 const hs_kb *leaves, unsigned threads, const char **why) {
    hs_reader r;
    hs_r_init(&r, proof, len);
    hs_mb_shape s;
    if (!parse_header(&r, &s, why)) return 0;
    if (s.depth != depth) return *why = "the proof is for another tree depth", 0;
    if (s.m != m) return *why = "the proof is for another number of openings", 0;
    if (!check_indices(depth, m, idx, why)) return 0;
    for (size_t k = 0; k < W8; k++)
        if (root[k] >= HS_KB_P) return *why = "root word out of range", 0;
    const unsigned n = s.n, mu = s.mu, delta = s.delta;
    const hs_gkr_perm *Pm = hs_gkr_perm_get(HS_GKR_P2_KB16);
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, n + LOG_COLS, &s.whir, NULL, why)) return 0;
    hs_transcript tr;
    transcript_start(&tr, proof, root, m, idx, leaves);
    hs_whir_commitment comm;
    if (!hs_whir_verify_commitment(&wp, &tr, &r, &comm, why)) return 0;
    if (hs_r_left(&r) < hs_gkr_walk_bytes(Pm, n, 0) + ((size_t)MUX_DEG * n + 16 + (size_t)delta * W8) * 20)
        return *why = "truncated proof", 0;
    int ok = 0;
    hs_kb5 *pts = malloc(((size_t)4 + delta) * n * sizeof *pts), *ep = NULL, *ei = NULL;
    if (!pts) return *why = hs_why_nomem, 0;
    mb_claims cl;
    cl.z_out = pts, cl.rho2 = pts + n, cl.root_pt = pts + 2 * n, cl.q = pts + 4 * n;
    hs_kb5 *rho = pts + 3 * n, x_claim[16], lam[16];
    if (!hs_gkr_walk_verify(Pm, n, NULL, threads, &tr, &r, cl.z_out, cl.v_out, rho, x_claim, why)) goto done;
    lambda_powers(hs_gkr_sample(&tr), lam);
    hs_kb5 claim = lambda_claim(lam, x_claim);
    for (unsigned i = 0; i < n; i++)
        if (!hs_sc_verify_round(&tr, &r, MUX_DEG, &claim, &cl.rho2[i])) {
            *why = r.err ? r.err : "truncated proof";
            goto done;
        }
    if (!hs_gkr_recv_k(&tr, &r, cl.cs, 16)) {
        *why = r.err;
        goto done;
    }
    *why = hs_why_nomem;
    if (!(ep = hs_mle_eq_new(cl.rho2, mu, 1)) || !(ei = hs_mle_eq_new(cl.rho2 + mu, delta, 1))) goto done;
    const hs_kb5 bv = bits_mle_with(idx, m, depth, mu, ep, ei);
    if (!hs_kb5_eq(hs_kb5_mul(hs_mle_eq(rho, cl.rho2, n), mux_value(lam, cl.cs, cl.cs + W8, bv)), claim)) {
        *why = "mux sumcheck: final evaluation does not match (a sibling, leaf or index bit is wrong)";
        goto done;
    }
    if (!hs_gkr_recv_k(&tr, &r, cl.o, (size_t)delta * W8)) {
        *why = r.err;
        goto done;
    }
    /* the shift: cur at rho2 from the leaves and the delta O claims */
    hs_kb5 cv[W8];
    shift_cur_with(leaves, m, mu, delta, cl.rho2, ep, ei, cl.o, cv);
    for (unsigned l = 0; l < W8; l++) {
        if (!hs_kb5_eq(cv[l], cl.cs[l])) {
            *why = "shift: the path nodes do not match the leaves and the committed outputs";
            goto done;
        }
    }
    for (unsigned j = 0; j < delta; j++) hs_mb_shift_point(cl.rho2, n, j, cl.q + (size_t)j * n);
    root_point(&tr, mu, delta, depth, cl.root_pt);
    for (unsigned l = 0; l < W8; l++) cl.rv[l] = hs_kb5_from_base(root[l]);
    const size_t nst = build_statements(&cl, n, delta);
    if (!hs_whir_verify(&wp, &comm, cl.st, nst, &tr, &r, why)) goto done;
    if (hs_r_left(&r) != 0) {
        *why = "trailing bytes after the proof";
        goto done;
    }
    ok = 1;
    *why = NULL;
done:
    free(pts);
    hs_free(ep), hs_free(ei);
    return ok;
}

/* ---- openings of a seeded random tree ---- */

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* 8 words below p from the stream s (Montgomery form). */
static void draw_node(uint64_t s, hs_kb *out) {
    for (unsigned l = 0; l < W8; l++) {
        uint64_t v;
        do v = splitmix(&s) >> 33; /* 31 bits */
        while (v >= HS_KB_P);
        out[l] = hs_kb_from_u32((uint32_t)v);
    }
}

/* The node the generator assigns to an unopened subtree at (level, pos). */
static void default_node(uint64_t seed, unsigned level, uint64_t pos, hs_kb *out) {
    uint64_t s = seed ^ 0x5bd1e995u;
    s = splitmix(&s) ^ ((uint64_t)level << 56) ^ pos;
    draw_node(splitmix(&s), out);
}

typedef struct {
    uint64_t pos;
    size_t path;
} mb_node;

static int node_cmp(const void *a, const void *b) {
    const mb_node *x = a, *y = b;
    return x->pos < y->pos ? -1 : x->pos > y->pos ? 1 : (x->path > y->path) - (x->path < y->path);
}

int hs_mb_random_openings(unsigned depth, size_t m, uint64_t seed, uint64_t *idx, hs_kb *leaves, hs_kb *siblings,
                          hs_kb root[W8], const char **why) {
    if (depth < 1 || depth > HS_MB_MAX_DEPTH || m < 1) return *why = "depth or opening count out of range", 0;
    const hs_p2_params *pp = hs_p2_kb16();
    uint64_t s = seed;
    for (size_t p = 0; p < m; p++) {
        idx[p] = depth >= 64 ? splitmix(&s) : splitmix(&s) & (((uint64_t)1 << depth) - 1);
        default_node(seed, 0, idx[p], leaves + p * W8); /* the leaf at that position, opened or not */
    }
    mb_node *nd = malloc(m * sizeof *nd);
    hs_kb *cur = malloc(m * W8 * sizeof *cur);
    if (!nd || !cur) {
        free(nd), free(cur);
        return *why = hs_why_nomem, 0;
    }
    memcpy(cur, leaves, m * W8 * sizeof *cur);
    for (unsigned i = 0; i < depth; i++) {
        for (size_t p = 0; p < m; p++) nd[p] = (mb_node){i < 64 ? idx[p] >> i : 0, p};
        qsort(nd, m, sizeof *nd, node_cmp);
        for (size_t p = 0; p < m; p++) {
            const uint64_t pos = i < 64 ? idx[p] >> i : 0, sp = pos ^ 1;
            hs_kb *sib = siblings + (p * depth + i) * W8;
            size_t lo = 0, hi = m; /* the first node at sp, if any path has it */
            while (lo < hi) {
                const size_t mid = lo + (hi - lo) / 2;
                if (nd[mid].pos < sp) lo = mid + 1;
                else hi = mid;
            }
            if (lo < m && nd[lo].pos == sp) memcpy(sib, cur + nd[lo].path * W8, W8 * sizeof *sib);
            else default_node(seed, i, sp, sib);
        }
        for (size_t p = 0; p < m; p++) {
            const hs_kb *sib = siblings + (p * depth + i) * W8;
            uint32_t state[16];
            const int bit = (int)((idx[p] >> i) & 1);
            memcpy(state + (bit ? W8 : 0), cur + p * W8, W8 * sizeof *state);
            memcpy(state + (bit ? 0 : W8), sib, W8 * sizeof *state);
            hs_p2_permute(pp, state);
            memcpy(cur + p * W8, state, W8 * sizeof *cur);
        }
    }
    memcpy(root, cur, W8 * sizeof *root);
    free(nd), free(cur);
    return 1;
}

/* ---- soundness (docs/SOUNDNESS.md "Merkle branches") ---- */

int hs_soundness_mb(const hs_preset *p, unsigned depth, size_t m, hs_sound_report *out) {
    memset(out, 0, sizeof *out);
    hs_mb_shape s;
    const char *why = NULL;
    if (!hs_mb_shape_make(&s, p, depth, m, &why)) return 0;
    const double kb = hs_field_bits(&hs_field_kb5), n = s.n;
    /* the walk over the 2^n compressions; its ends (alpha, epsilon) included */
    hs_soundness_gkr_walk(out, hs_gkr_perm_get(HS_GKR_P2_KB16), s.n);
    /* lambda combines the 16 claims on X: a polynomial of degree 15 in lambda */
    hs_sound_add(out, "mux.lambda", kb - log2(15.0), kb - log2(15.0), kb - log2(15.0));
    /* the mux sumcheck: n rounds of degree 3 */
    const double mux = kb - log2(3.0 * n);
    hs_sound_add(out, "mux.sumcheck", mux, mux, mux);
    /* the shift identity is exact (every lane's delta claims are sent): no term. The root: a wrong
     * O(., d - 1) differs from the constant R in its MLE over the mu path variables at a random s
     * except with probability mu/|K| (Schwartz-Zippel) */
    const double rt = kb - log2(s.mu > 0 ? (double)s.mu : 1.0);
    hs_sound_add(out, "root.point", rt, rt, rt);
    hs_whir_params wp;
    if (!hs_whir_params_derive(&wp, s.n + LOG_COLS, &s.whir, out, &why)) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    /* WHIR statements: 8 claims at each of delta + 3 points, combined with powers of gamma */
    const double sb = kb - log2(8.0 * (s.delta + 3) - 1.0);
    hs_sound_add(out, "whir.statement_batching", sb, sb, sb);
    const double mb = hs_sound_merkle_bits((int)s.whir.hash);
    hs_sound_add(out, "merkle.collision", mb, mb, mb);
    /* the statement assumes the compression collision-resistant (every Merkle tree does): its
     * 8-element digests cap the headline (docs/MERKLE_GKR.md) */
    hs_sound_add_assumption(out, "p2kb16.digest_collision", hs_sound_digest_bits(HS_MB_DIGEST));
    out->regime = s.whir.regime == HS_REGIME_CONJECTURED ? HS_REGIME_JOHNSON : s.whir.regime;
    hs_sound_finish(out);
    return 1;
}
