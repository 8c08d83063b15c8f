/* FRI-Binius (binfri.h). */
#include "commit/binfri.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commit/ringsw.h"
#include "field/field_desc.h"
#include "poly/additive_ntt.h"
#include "util/mem.h"

#define CHUNK 256 /* pairs a pass of the batch kernels works on */

struct hs_binfri_witness {
    hs_binfri_params p;
    hs_gf128 *evals;                            /* 2^l, folded in place by the opening */
    hs_gf128 *cw[HS_BINFRI_MAX_ORACLES];        /* oracle j's codeword */
    hs_merkle_tree *tree[HS_BINFRI_MAX_ORACLES];
    int opened;
};

static const hs_field_desc *const K = &hs_field_gf2_128;

/* ---- parameters and soundness ---- */

unsigned hs_binfri_queries_for(unsigned bits, unsigned log_inv_rate) {
    const double per = hs_sound_query_bits_udr(ldexp(1.0, -(int)log_inv_rate));
    return (unsigned)ceil(bits / per - 1e-9);
}

int hs_binfri_params_init(hs_binfri_params *p, unsigned n_vars, unsigned log_inv_rate, unsigned log_arity,
                          unsigned security_bits, unsigned queries, hs_merkle_hash hash, unsigned cap_height,
                          const char **why) {
    memset(p, 0, sizeof *p);
    if (n_vars < 1 || n_vars > HS_BINFRI_MAX_VARS) return *why = "binfri: variables out of range (1..28)", 0;
    if (log_inv_rate < 1 || log_inv_rate > HS_BINFRI_MAX_RATE) return *why = "binfri: rate out of range (1/2..1/8)", 0;
    if (log_arity < 1 || log_arity > HS_BINFRI_MAX_ARITY) return *why = "binfri: fold arity out of range (1..6)", 0;
    if (hash != HS_MERKLE_KECCAK && hash != HS_MERKLE_BLAKE3)
        return *why = "binfri: the Merkle hash must be keccak or blake3 (leaves are raw bytes)", 0;
    if (cap_height > HS_BINFRI_MAX_CAP) return *why = "binfri: cap height out of range (0..4)", 0;
    if (!queries) {
        if (security_bits < 1 || security_bits > 256) return *why = "binfri: security bits out of range (1..256)", 0;
        queries = hs_binfri_queries_for(security_bits, log_inv_rate);
    }
    if (queries > HS_BINFRI_MAX_QUERIES) return *why = "binfri: too many queries (1..1024)", 0;
    p->n_vars = n_vars, p->log_inv_rate = log_inv_rate, p->log_arity = log_arity, p->security_bits = security_bits;
    p->queries = queries, p->cap_height = cap_height, p->hash = hash;
    p->n_oracles = (n_vars + log_arity - 1) / log_arity;
    for (unsigned j = 0; j < p->n_oracles; j++) {
        p->oracle_log_len[j] = n_vars + log_inv_rate - j * log_arity;
        p->oracle_arity[j] = n_vars - j * log_arity < log_arity ? n_vars - j * log_arity : log_arity;
    }
    return 1;
}

/* Terms, each a function of the code rate, the query count, log2 |K| and the number of rounds:
 * - sumcheck: l rounds of degree 2, each wrong with probability 2/|K| (Schwartz-Zippel);
 * - folds: round i folds a word of length n_i = 2^(l+R-i); within the unique decoding radius a
 *   fold of a far word lands close with probability at most n_i/|K| (DP24 section 4, from the
 *   proximity gap of lines, BCIKS20 Thm 1.4's unique-decoding case), summed over the rounds;
 * - queries: each query passes a word at distance (1 - rho)/2 with probability (1 + rho)/2;
 * - the Merkle hash's collision resistance (an assumption). */
void hs_binfri_soundness(const hs_binfri_params *p, hs_sound_report *r) {
    const double kb = hs_field_bits(K), rho = ldexp(1.0, -(int)p->log_inv_rate);
    const double sc = kb - log2(2.0 * p->n_vars);
    double folds = 0;
    for (unsigned i = 0; i < p->n_vars; i++) folds += ldexp(1.0, (int)(p->n_vars + p->log_inv_rate - i));
    const double fb = kb - log2(folds), qb = p->queries * hs_sound_query_bits_udr(rho);
    /* unique decoding only: the same bound stands in every regime column (no Johnson or
     * conjectured improvement is claimed) */
    hs_sound_add(r, "binfri.sumcheck", sc, sc, sc);
    hs_sound_add(r, "binfri.folds", fb, fb, fb);
    hs_sound_add(r, "binfri.queries", qb, qb, qb);
    hs_sound_add_assumption(r, "binfri.merkle", hs_sound_merkle_bits((int)p->hash));
}

static unsigned cap_of(const hs_binfri_params *p, unsigned j) {
    const unsigned h = p->oracle_log_len[j] - p->oracle_arity[j];
    return p->cap_height < h ? p->cap_height : h;
}

size_t hs_binfri_commit_size(const hs_binfri_params *p) { return ((size_t)1 << cap_of(p, 0)) * 32; }

size_t hs_binfri_open_size_bound(const hs_binfri_params *p) {
    size_t s = (size_t)p->n_vars * 2 * 16 + 16;
    for (unsigned j = 0; j < p->n_oracles; j++) {
        const unsigned h = p->oracle_log_len[j] - p->oracle_arity[j];
        if (j) s += ((size_t)1 << cap_of(p, j)) * 32;
        s += (size_t)p->queries * (((size_t)16 << p->oracle_arity[j]) + 32 * (h - cap_of(p, j)));
    }
    return s;
}

void hs_binfri_absorb_params(const hs_binfri_params *p, hs_transcript *t) {
    static const char tag[] = "hashsnark/binfri/v1";
    hs_transcript_absorb(t, tag, sizeof tag - 1);
    const uint64_t v[6] = {p->n_vars, p->log_inv_rate, p->log_arity, p->queries, p->cap_height, (uint64_t)p->hash};
    for (int i = 0; i < 6; i++) hs_transcript_absorb_u64(t, v[i]);
}

/* ---- folding ---- */

/* dsum[c] = beta_1 + ... + beta_{c+1}: twiddle(j) + twiddle(j - 1) when j has c trailing zeros */
static void dsums(hs_gf128 d[64]) {
    hs_gf128 s = hs_gf128_zero();
    for (unsigned c = 0; c < 64; c++) d[c] = s = hs_gf128_add(s, hs_antt_beta(c + 1));
}

hs_gf128 hs_binfri_twiddle(uint64_t j) { return hs_antt_point(2 * j); }

hs_gf128 hs_binfri_fold_pair(hs_gf128 f0, hs_gf128 f1, hs_gf128 tw, hs_gf128 r) {
    const hs_gf128 o = hs_gf128_add(f0, f1), e = hs_gf128_add(f0, hs_gf128_mul(tw, o)); /* O(y), E(y) */
    return hs_gf128_add(e, hs_gf128_mul(r, hs_gf128_add(e, o)));
}

/* Chunks of CHUNK pairs, independent (each starts from its own twiddle), spread over threads: the
 * values do not depend on the thread count. */
static void fold_codeword_mt(hs_gf128 *out, const hs_gf128 *in, unsigned log_len, hs_gf128 r, unsigned threads) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    hs_gf128 d[64];
    dsums(d);
    const size_t pairs = (size_t)1 << (log_len - 1);
    const long chunks = (long)((pairs + CHUNK - 1) / CHUNK);
#pragma omp parallel for schedule(static) num_threads(threads ? threads : 1) if (threads > 1 && chunks >= 16)
    for (long c = 0; c < chunks; c++) {
        hs_gf128 e[CHUNK], o[CHUNK], tw[CHUNK];
        const size_t j0 = (size_t)c * CHUNK, n = pairs - j0 < CHUNK ? pairs - j0 : CHUNK;
        hs_gf128 t = hs_binfri_twiddle(j0);
        for (size_t i = 0; i < n; i++) {
            const size_t j = j0 + i;
            if (i) t = hs_gf128_add(t, d[__builtin_ctzll(j)]);
            tw[i] = t, e[i] = in[2 * j], o[i] = hs_gf128_add(in[2 * j], in[2 * j + 1]);
        }
        k->mul(tw, tw, o, n); /* tw = x O(y) */
        for (size_t i = 0; i < n; i++) {
            e[i] = hs_gf128_add(e[i], tw[i]); /* E(y) */
            o[i] = hs_gf128_add(o[i], e[i]);  /* E(y) + O(y) */
        }
        memcpy(out + j0, e, n * sizeof *e);
        k->scale_add(out + j0, r, o, n);
    }
}

void hs_binfri_fold_codeword(hs_gf128 *out, const hs_gf128 *in, unsigned log_len, hs_gf128 r) {
    fold_codeword_mt(out, in, log_len, r, 1);
}

/* The leaf of 2^a positions at leaf index L folded by ch[0..a). */
static hs_gf128 fold_leaf(const hs_gf128 *vals, uint64_t L, unsigned a, const hs_gf128 *ch) {
    hs_gf128 b[1u << HS_BINFRI_MAX_ARITY];
    memcpy(b, vals, sizeof *b << a);
    for (unsigned s = 0; s < a; s++) {
        const size_t half = (size_t)1 << (a - s - 1);
        for (size_t i = 0; i < half; i++)
            b[i] = hs_binfri_fold_pair(b[2 * i], b[2 * i + 1], hs_binfri_twiddle((L << (a - s - 1)) + i), ch[s]);
    }
    return b[0];
}

/* ---- multilinear tables ---- */

void hs_binfri_eq_table(hs_gf128 *out, const hs_gf128 *r, unsigned n) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    out[0] = hs_gf128_one();
    for (unsigned b = 0; b < n; b++) {
        const size_t h = (size_t)1 << b;
        memset(out + h, 0, h * sizeof *out);
        k->scale_add(out + h, r[b], out, h);                              /* r x */
        for (size_t v = 0; v < h; v++) out[v] = hs_gf128_add(out[v], out[v + h]); /* (1 + r) x */
    }
}

/* T[j] = T[2j] + r (T[2j] + T[2j+1]), j < 2^(m-1), in place */
static void fold_table(hs_gf128 *T, unsigned m, hs_gf128 r) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    const size_t pairs = (size_t)1 << (m - 1);
    hs_gf128 e[CHUNK], d[CHUNK];
    for (size_t j0 = 0; j0 < pairs; j0 += CHUNK) {
        const size_t n = pairs - j0 < CHUNK ? pairs - j0 : CHUNK;
        for (size_t i = 0; i < n; i++)
            e[i] = T[2 * (j0 + i)], d[i] = hs_gf128_add(T[2 * (j0 + i)], T[2 * (j0 + i) + 1]);
        k->scale_add(e, r, d, n);
        memcpy(T + j0, e, n * sizeof *e);
    }
}

hs_gf128 hs_binfri_eval(const hs_gf128 *evals, unsigned n, const hs_gf128 *point) {
    hs_gf128 *T = hs_alloc_array((size_t)1 << n, sizeof *T);
    if (!T) return hs_gf128_zero();
    memcpy(T, evals, sizeof *T << n);
    for (unsigned b = 0; b < n; b++) fold_table(T, n - b, point[b]);
    const hs_gf128 v = T[0];
    hs_free(T);
    return v;
}

/* The round polynomial's values h(0) and h(inf) of sum_v T(v) W(v) binding the lowest variable: the
 * sums over the pairs of T0 W0 and of (T0 + T1)(W0 + W1). Each is a sum of products reduced once
 * by the kernels' inner product. This is the degree-2 product round of a sumcheck over nodes
 * {0, 1, inf}; it becomes an instance of the generic sumcheck once the tree has one. */
static void round_sums(const hs_gf128 *T, const hs_gf128 *W, unsigned m, hs_gf128 *h0, hs_gf128 *hinf,
                       unsigned threads) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    const size_t pairs = (size_t)1 << (m - 1);
    const long chunks = (long)((pairs + CHUNK - 1) / CHUNK);
    hs_gf128 s0 = hs_gf128_zero(), s1 = hs_gf128_zero();
    /* sums in characteristic 2 are XORs: exact in any order, so the thread count changes nothing */
#pragma omp parallel num_threads(threads ? threads : 1) if (threads > 1 && chunks >= 16)
    {
        hs_gf128 a[CHUNK], b[CHUNK], c[CHUNK], d[CHUNK], p0 = hs_gf128_zero(), p1 = hs_gf128_zero();
#pragma omp for schedule(static)
        for (long ch = 0; ch < chunks; ch++) {
            const size_t j0 = (size_t)ch * CHUNK, n = pairs - j0 < CHUNK ? pairs - j0 : CHUNK;
            for (size_t i = 0; i < n; i++) {
                const size_t j = 2 * (j0 + i);
                a[i] = T[j], b[i] = W[j], c[i] = hs_gf128_add(T[j], T[j + 1]), d[i] = hs_gf128_add(W[j], W[j + 1]);
            }
            p0 = hs_gf128_add(p0, k->inner(a, b, n));
            p1 = hs_gf128_add(p1, k->inner(c, d, n));
        }
#pragma omp critical(hs_binfri_round_sums)
        {
            s0 = hs_gf128_add(s0, p0);
            s1 = hs_gf128_add(s1, p1);
        }
    }
    *h0 = s0, *hinf = s1;
}

/* h(r) from h(0), h(1) = claim + h(0) and the leading coefficient h(inf):
 * h(X) = h0 + (h0 + h1 + hinf) X + hinf X^2 = h0 (1 + r) + h1 r + hinf (r^2 + r). */
static hs_gf128 round_eval(hs_gf128 claim, hs_gf128 h0, hs_gf128 hinf, hs_gf128 r) {
    const hs_gf128 h1 = hs_gf128_add(claim, h0);
    hs_gf128 v = hs_gf128_mul(h0, hs_gf128_add(hs_gf128_one(), r));
    v = hs_gf128_add(v, hs_gf128_mul(h1, r));
    return hs_gf128_add(v, hs_gf128_mul(hinf, hs_gf128_add(hs_gf128_square(r), r)));
}

/* ---- Merkle trees over codewords ---- */

static int build_tree(hs_merkle_tree **out, const hs_binfri_params *p, const hs_gf128 *cw, unsigned j,
                      unsigned threads) {
    const unsigned a = p->oracle_arity[j], log_h = p->oracle_log_len[j] - a;
    const size_t w = (size_t)4 << a, rows = (size_t)1 << log_h, per = 64;
    if (!hs_merkle_begin(out, p->hash, log_h, p->cap_height)) return 0;
    int fail = 0;
#pragma omp parallel num_threads(threads ? threads : 1) if (threads > 1 && rows >= 1024)
    {
        uint32_t *buf = malloc(per * w * sizeof *buf);
        if (!buf) {
#pragma omp atomic write
            fail = 1;
        }
#pragma omp for schedule(static)
        for (size_t r0 = 0; r0 < rows; r0 += per) {
            if (!buf) continue;
            const size_t n = rows - r0 < per ? rows - r0 : per;
            memcpy(buf, cw + (r0 << a), n * w * sizeof *buf); /* little-endian words = the canonical bytes */
            hs_merkle_set_leaves(*out, buf, r0, n, w);
        }
        free(buf);
    }
    if (fail) {
        hs_merkle_free(*out);
        *out = NULL;
        return 0;
    }
    hs_merkle_finish(*out, threads ? threads : 1);
    return 1;
}

void hs_binfri_witness_free(hs_binfri_witness *wit) {
    if (!wit) return;
    for (unsigned j = 0; j < HS_BINFRI_MAX_ORACLES; j++) {
        hs_merkle_free(wit->tree[j]);
        hs_free(wit->cw[j]);
    }
    hs_free(wit->evals);
    free(wit);
}

const hs_gf128 *hs_binfri_witness_evals(const hs_binfri_witness *wit) { return wit->opened ? NULL : wit->evals; }

int hs_binfri_commit(hs_binfri_witness **out, const hs_binfri_params *p, const hs_gf128 *evals, hs_transcript *t,
                     hs_writer *w, hs_binfri_commitment *comm, unsigned threads, const char **why) {
    *out = NULL;
    hs_binfri_witness *wit = calloc(1, sizeof *wit);
    const size_t n = (size_t)1 << p->n_vars, len = (size_t)1 << p->oracle_log_len[0];
    if (!wit) return *why = "binfri: out of memory", 0;
    wit->p = *p;
    wit->evals = hs_alloc_array(n, sizeof *wit->evals);
    wit->cw[0] = hs_alloc_array(len, sizeof *wit->cw[0]);
    if (!wit->evals || !wit->cw[0]) return hs_binfri_witness_free(wit), *why = "binfri: out of memory", 0;
    memcpy(wit->evals, evals, n * sizeof *evals);
    memcpy(wit->cw[0], evals, n * sizeof *evals);
    memset(wit->cw[0] + n, 0, (len - n) * sizeof *evals);
    hs_antt_forward(wit->cw[0], p->oracle_log_len[0], 1, threads ? threads : 1);
    if (!build_tree(&wit->tree[0], p, wit->cw[0], 0, threads))
        return hs_binfri_witness_free(wit), *why = "binfri: out of memory", 0;
    const size_t nc = (size_t)1 << hs_merkle_cap_height(wit->tree[0]);
    hs_w_digests(w, hs_merkle_cap(wit->tree[0]), nc);
    hs_transcript_absorb_digests(t, hs_merkle_cap(wit->tree[0]), nc);
    if (comm) {
        comm->n = nc;
        memcpy(comm->d, hs_merkle_cap(wit->tree[0]), nc * sizeof *comm->d);
    }
    *out = wit;
    return 1;
}

int hs_binfri_verify_commitment(const hs_binfri_params *p, hs_transcript *t, hs_reader *r, hs_binfri_commitment *comm,
                                const char **why) {
    comm->n = (size_t)1 << cap_of(p, 0);
    hs_r_digests(r, comm->d, comm->n);
    if (r->err) return *why = "binfri: truncated commitment", 0;
    hs_transcript_absorb_digests(t, comm->d, comm->n);
    return 1;
}

/* ---- queries ---- */

static int cmp_size(const void *a, const void *b) {
    const size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The distinct values of v[0..n) sorted into out; returns their count. */
static size_t distinct(size_t *out, const size_t *v, size_t n) {
    memcpy(out, v, n * sizeof *v);
    qsort(out, n, sizeof *out, cmp_size);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!m || out[m - 1] != out[i]) out[m++] = out[i];
    return m;
}

static size_t find(const size_t *v, size_t n, size_t x) {
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        const size_t mid = (lo + hi) / 2;
        if (v[mid] <= x) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* leaf[q] for every oracle: leaf_0 = the sampled index, leaf_j = leaf_{j-1} >> a_j */
static void sample_leaves(const hs_binfri_params *p, hs_transcript *t, size_t *leaf /* [n_oracles][queries] */) {
    const unsigned bits = p->oracle_log_len[0] - p->oracle_arity[0];
    for (unsigned q = 0; q < p->queries; q++) leaf[q] = hs_transcript_sample_bits(t, bits);
    for (unsigned j = 1; j < p->n_oracles; j++)
        for (unsigned q = 0; q < p->queries; q++)
            leaf[(size_t)j * p->queries + q] = leaf[(size_t)(j - 1) * p->queries + q] >> p->oracle_arity[j];
}

/* ---- opening ---- */

/* 1 when cw is one of the witness's oracles (kept), 0 for an intermediate fold (freed) */
static int is_oracle(const hs_binfri_witness *wit, const hs_gf128 *cw) {
    for (unsigned j = 0; j < HS_BINFRI_MAX_ORACLES; j++)
        if (cw == wit->cw[j]) return 1;
    return 0;
}

int hs_binfri_open_weighted(const hs_binfri_params *p, hs_binfri_witness *wit, hs_gf128 *weight, hs_gf128 claim,
                            hs_transcript *t, hs_writer *w, hs_gf128 *challenges, unsigned threads, const char **why) {
    if (wit->opened) return *why = "binfri: the witness was opened already", 0;
    wit->opened = 1;
    const unsigned l = p->n_vars, a = p->log_arity;
    hs_gf128 *T = wit->evals, *cur = wit->cw[0], ch[HS_BINFRI_MAX_VARS];
    unsigned cur_log = p->oracle_log_len[0];
    for (unsigned i = 0; i < l; i++) {
        hs_gf128 h[2];
        round_sums(T, weight, l - i, &h[0], &h[1], threads);
        hs_w_elems(w, K, h, 2);
        hs_transcript_absorb_elems(t, K, h, 2);
        hs_gf128 r;
        hs_transcript_sample(t, K, &r);
        ch[i] = r;
        claim = round_eval(claim, h[0], h[1], r);
        fold_table(T, l - i, r);
        fold_table(weight, l - i, r);
        if (i + 1 == l) break; /* the last fold is the constant T[0] */
        hs_gf128 *next = hs_alloc_array((size_t)1 << (cur_log - 1), sizeof *next);
        if (!next) return *why = "binfri: out of memory", 0;
        fold_codeword_mt(next, cur, cur_log, r, threads);
        if (!is_oracle(wit, cur)) hs_free(cur);
        cur = next, cur_log--;
        if ((i + 1) % a == 0) {
            const unsigned j = (i + 1) / a;
            wit->cw[j] = cur;
            if (!build_tree(&wit->tree[j], p, cur, j, threads)) return *why = "binfri: out of memory", 0;
            const size_t nc = (size_t)1 << hs_merkle_cap_height(wit->tree[j]);
            hs_w_digests(w, hs_merkle_cap(wit->tree[j]), nc);
            hs_transcript_absorb_digests(t, hs_merkle_cap(wit->tree[j]), nc);
        }
    }
    if (!is_oracle(wit, cur)) hs_free(cur);
    (void)claim; /* equals T[0] * W(ch): the verifier's final check */
    hs_w_elems(w, K, &T[0], 1);
    hs_transcript_absorb_elems(t, K, &T[0], 1);
    if (challenges) memcpy(challenges, ch, l * sizeof *ch);

    const size_t Q = p->queries;
    size_t *leaf = malloc(sizeof *leaf * Q * p->n_oracles), *ids = malloc(sizeof *ids * Q);
    hs_digest *sib = malloc(sizeof *sib * Q * 32);
    int ok = leaf && ids && sib;
    if (ok) sample_leaves(p, t, leaf);
    for (unsigned j = 0; ok && j < p->n_oracles; j++) {
        const size_t m = distinct(ids, leaf + (size_t)j * Q, Q);
        const unsigned aj = p->oracle_arity[j];
        for (size_t i = 0; i < m; i++) hs_w_elems(w, K, wit->cw[j] + (ids[i] << aj), (size_t)1 << aj);
        const size_t ns = hs_merkle_open_mt(wit->tree[j], ids, m, sib, threads ? threads : 1);
        if (ns == (size_t)-1) ok = 0;
        else hs_w_digests(w, sib, ns);
    }
    free(leaf), free(ids), free(sib);
    if (!ok) return *why = "binfri: out of memory", 0;
    if (w->err) return *why = "binfri: out of memory", 0;
    return 1;
}

int hs_binfri_verify_weighted(const hs_binfri_params *p, const hs_binfri_commitment *comm, hs_gf128 claim,
                              hs_binfri_weight_fn *wfn, void *ctx, hs_transcript *t, hs_reader *r, const char **why) {
    const unsigned l = p->n_vars, a = p->log_arity, J = p->n_oracles;
    hs_gf128 ch[HS_BINFRI_MAX_VARS];
    hs_binfri_commitment caps[HS_BINFRI_MAX_ORACLES];
    caps[0] = *comm;
    if (comm->n != (size_t)1 << cap_of(p, 0)) return *why = "binfri: commitment of another shape", 0;
    for (unsigned i = 0; i < l; i++) {
        hs_gf128 h[2];
        hs_r_elems(r, K, h, 2);
        if (r->err) return *why = "binfri: truncated round message", 0;
        hs_transcript_absorb_elems(t, K, h, 2);
        hs_transcript_sample(t, K, &ch[i]);
        claim = round_eval(claim, h[0], h[1], ch[i]);
        if ((i + 1) % a == 0 && i + 1 < l) {
            const unsigned j = (i + 1) / a;
            caps[j].n = (size_t)1 << cap_of(p, j);
            hs_r_digests(r, caps[j].d, caps[j].n);
            if (r->err) return *why = "binfri: truncated oracle cap", 0;
            hs_transcript_absorb_digests(t, caps[j].d, caps[j].n);
        }
    }
    hs_gf128 c;
    hs_r_elems(r, K, &c, 1);
    if (r->err) return *why = "binfri: truncated final value", 0;
    hs_transcript_absorb_elems(t, K, &c, 1);
    if (!hs_gf128_eq(claim, hs_gf128_mul(c, wfn(ctx, ch)))) return *why = "binfri: final check", 0;

    const size_t Q = p->queries;
    size_t *leaf = malloc(sizeof *leaf * Q * J), *ids = malloc(sizeof *ids * Q * J), nid[HS_BINFRI_MAX_ORACLES];
    hs_gf128 *rows[HS_BINFRI_MAX_ORACLES] = {0};
    hs_digest *sib = malloc(sizeof *sib * Q * 32), *dig = malloc(sizeof *dig * Q);
    uint32_t *words = malloc(sizeof *words * 4 * ((size_t)Q << a));
    int ok = leaf && ids && sib && dig && words;
    for (unsigned j = 0; ok && j < J; j++) ok = (rows[j] = malloc(sizeof *rows[j] * (Q << p->oracle_arity[j]))) != NULL;
    if (!ok) *why = "binfri: out of memory";
    if (ok) sample_leaves(p, t, leaf);
    for (unsigned j = 0; ok && j < J; j++) {
        size_t *id = ids + (size_t)j * Q;
        const size_t m = nid[j] = distinct(id, leaf + (size_t)j * Q, Q);
        const unsigned aj = p->oracle_arity[j], log_h = p->oracle_log_len[j] - aj;
        const size_t per = (size_t)1 << aj, ns = hs_merkle_open_count(log_h, cap_of(p, j), id, m);
        hs_r_elems(r, K, rows[j], m * per);
        if (ns > Q * 32) ok = 0, *why = "binfri: internal opening count";
        else hs_r_digests(r, sib, ns);
        if (ok && r->err) ok = 0, *why = "binfri: truncated query answers";
        if (!ok) break;
        memcpy(words, rows[j], m * per * 16); /* little-endian words = the canonical bytes */
        hs_merkle_hash_rows(p->hash, words, m, 4 * per, dig, 1);
        if (!hs_merkle_verify(p->hash, log_h, cap_of(p, j), caps[j].d, id, dig, m, sib, ns)) {
            static const char *names[] = {"binfri: merkle path of oracle 0", "binfri: merkle path of oracle 1",
                                          "binfri: merkle path of oracle 2", "binfri: merkle path of oracle 3",
                                          "binfri: merkle path of oracle 4+"};
            ok = 0, *why = names[j < 4 ? j : 4];
        }
    }
    for (size_t q = 0; ok && q < Q; q++) {
        for (unsigned j = 0; ok && j < J; j++) {
            const unsigned aj = p->oracle_arity[j];
            const size_t L = leaf[(size_t)j * Q + q], at = find(ids + (size_t)j * Q, nid[j], L);
            const hs_gf128 v = fold_leaf(rows[j] + (at << aj), L, aj, ch + (size_t)j * a);
            hs_gf128 want = c;
            if (j + 1 < J) {
                const unsigned an = p->oracle_arity[j + 1];
                const size_t Ln = leaf[(size_t)(j + 1) * Q + q], atn = find(ids + (size_t)(j + 1) * Q, nid[j + 1], Ln);
                want = rows[j + 1][(atn << an) + (L & (((size_t)1 << an) - 1))];
            }
            if (!hs_gf128_eq(v, want)) {
                static const char *names[] = {"binfri: fold check of oracle 0", "binfri: fold check of oracle 1",
                                              "binfri: fold check of oracle 2", "binfri: fold check of oracle 3",
                                              "binfri: fold check of oracle 4+"};
                ok = 0, *why = names[j < 4 ? j : 4];
            }
        }
    }
    for (unsigned j = 0; j < J; j++) free(rows[j]);
    free(leaf), free(ids), free(sib), free(dig), free(words);
    return ok;
}

/* ---- plain evaluation claims ---- */

int hs_binfri_open(const hs_binfri_params *p, hs_binfri_witness *wit, const hs_gf128 *point, hs_gf128 value,
                   hs_transcript *t, hs_writer *w, unsigned threads, const char **why) {
    hs_transcript_absorb_elems(t, K, point, p->n_vars);
    hs_transcript_absorb_elems(t, K, &value, 1);
    hs_gf128 *W = hs_alloc_array((size_t)1 << p->n_vars, sizeof *W);
    if (!W) return *why = "binfri: out of memory", 0;
    hs_binfri_eq_table(W, point, p->n_vars);
    const int ok = hs_binfri_open_weighted(p, wit, W, value, t, w, NULL, threads, why);
    hs_free(W);
    return ok;
}

typedef struct {
    const hs_gf128 *point;
    unsigned n;
} eq_ctx;

/* eq(point, ch) = prod (1 + p_k + c_k) in characteristic 2 */
static hs_gf128 eq_at(void *ctx, const hs_gf128 *ch) {
    const eq_ctx *e = ctx;
    hs_gf128 v = hs_gf128_one();
    for (unsigned k = 0; k < e->n; k++)
        v = hs_gf128_mul(v, hs_gf128_add(hs_gf128_one(), hs_gf128_add(e->point[k], ch[k])));
    return v;
}

int hs_binfri_verify(const hs_binfri_params *p, const hs_binfri_commitment *comm, const hs_gf128 *point,
                     hs_gf128 value, hs_transcript *t, hs_reader *r, const char **why) {
    hs_transcript_absorb_elems(t, K, point, p->n_vars);
    hs_transcript_absorb_elems(t, K, &value, 1);
    eq_ctx e = {point, p->n_vars};
    return hs_binfri_verify_weighted(p, comm, value, eq_at, &e, t, r, why);
}

/* ---- the commitment interface (mlc.h): plain (hs_binfri_mlc) and ring-switched (hs_ringsw_mlc,
 * ringsw.h) share every operation but the opening, its verifier and the terms ---- */

_Static_assert((1u << HS_BINFRI_MAX_CAP) <= HS_MLC_MAX_DIGESTS, "a binfri cap fits an hs_mlc_commitment");

static const hs_mlc_ops ringsw_ops;
static const hs_binfri_params *P(const hs_mlc *s) { return s->params; }
static int ring(const hs_mlc *s) { return s->ops == &ringsw_ops; }
static void mlc_absorb(const hs_mlc *s, hs_transcript *t) {
    static const char tag[] = "hashsnark/ringsw/v1";
    if (ring(s)) hs_transcript_absorb(t, tag, sizeof tag - 1);
    hs_binfri_absorb_params(P(s), t);
}
static int mlc_commit(const hs_mlc *s, void **wit, const void *evals, hs_transcript *t, hs_writer *w,
                      hs_mlc_commitment *comm, unsigned threads, const char **why) {
    hs_binfri_witness *b = NULL;
    const int ok = hs_binfri_commit(&b, P(s), evals, t, w, comm, threads, why);
    *wit = b;
    return ok;
}
static int mlc_open(const hs_mlc *s, void *wit, const void *point, const void *value, hs_transcript *t,
                    hs_writer *w, unsigned threads, const char **why) {
    const hs_gf128 v = *(const hs_gf128 *)value;
    return ring(s) ? hs_ringsw_open(P(s), wit, point, v, t, w, threads, why)
                   : hs_binfri_open(P(s), wit, point, v, t, w, threads, why);
}
static void mlc_free(void *wit) { hs_binfri_witness_free(wit); }
static int mlc_read(const hs_mlc *s, hs_transcript *t, hs_reader *r, hs_mlc_commitment *comm, const char **why) {
    return hs_binfri_verify_commitment(P(s), t, r, comm, why);
}
static int mlc_verify(const hs_mlc *s, const hs_mlc_commitment *comm, const void *point, const void *value,
                      hs_transcript *t, hs_reader *r, const char **why) {
    const hs_gf128 v = *(const hs_gf128 *)value;
    return ring(s) ? hs_ringsw_verify(P(s), comm, point, v, t, r, why) : hs_binfri_verify(P(s), comm, point, v, t, r, why);
}
/* Ring switching adds the row batch: if the sent rows differ from the true ones, the difference of
 * the two claims is a nonzero multilinear in the 7 coordinates of r', zero with probability at most
 * 7/|K| (Schwartz-Zippel); the rest is FRI-Binius's opening of the weighted claim. */
static void mlc_sound(const hs_mlc *s, hs_sound_report *r) {
    if (ring(s)) {
        const double b = hs_field_bits(K) - log2((double)HS_RINGSW_LOG_PACK);
        hs_sound_add(r, "ringsw.batch", b, b, b);
    }
    hs_binfri_soundness(P(s), r);
}
static size_t mlc_csize(const hs_mlc *s) { return hs_binfri_commit_size(P(s)); }
static size_t mlc_osize(const hs_mlc *s) {
    return (ring(s) ? (size_t)16 << HS_RINGSW_LOG_PACK : 0) + hs_binfri_open_size_bound(P(s));
}

static const hs_mlc_ops binfri_ops = {"binfri", mlc_absorb, mlc_commit, mlc_open,  mlc_free,
                                      mlc_read, mlc_verify, mlc_sound,  mlc_csize, mlc_osize};
static const hs_mlc_ops ringsw_ops = {"ringsw", mlc_absorb, mlc_commit, mlc_open,  mlc_free,
                                      mlc_read, mlc_verify, mlc_sound,  mlc_csize, mlc_osize};

hs_mlc hs_binfri_mlc(const hs_binfri_params *p) {
    return (hs_mlc){&binfri_ops, K, p->n_vars, (size_t)1 << p->n_vars, p};
}

hs_mlc hs_ringsw_mlc(const hs_binfri_params *p) {
    return (hs_mlc){&ringsw_ops, K, p->n_vars + HS_RINGSW_LOG_PACK, (size_t)1 << p->n_vars, p};
}
