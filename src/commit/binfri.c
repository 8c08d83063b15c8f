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
    hs_gf128 *cw[HS_BINFRI_MAX_ORACLES];        /* oracle j's codeword (in K) */
    hs_gf256 *cw256[HS_BINFRI_MAX_ORACLES];     /* or, j >= 1 with challenges in L, in L */
    hs_merkle_tree *tree[HS_BINFRI_MAX_ORACLES];
    int opened;
};

static const hs_field_desc *const K = &hs_field_gf2_128;
static const hs_field_desc *const L = &hs_field_gf2_256;

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
    p->queries = queries, p->cap_height = cap_height, p->hash = hash, p->chal_ext = 1;
    p->n_oracles = (n_vars + log_arity - 1) / log_arity;
    for (unsigned j = 0; j < p->n_oracles; j++) {
        p->oracle_log_len[j] = n_vars + log_inv_rate - j * log_arity;
        p->oracle_arity[j] = n_vars - j * log_arity < log_arity ? n_vars - j * log_arity : log_arity;
    }
    return 1;
}

int hs_binfri_params_set_challenge_ext(hs_binfri_params *p, unsigned ext, const char **why) {
    if (ext != 1 && ext != 2) return *why = "binfri: the challenge field is GF(2^128) or GF(2^256) (ext 1 or 2)", 0;
    p->chal_ext = ext;
    return 1;
}

const hs_field_desc *hs_binfri_challenge_field(const hs_binfri_params *p) { return p->chal_ext == 2 ? L : K; }

/* Terms, each a function of the code rate, the query count, log2 |K| and the number of rounds:
 * - sumcheck: l rounds of degree 2, each wrong with probability 2/|F| (Schwartz-Zippel), F the
 *   challenge field (K, or L = GF(2^256));
 * - folds: round i folds a word of length n_i = 2^(l+R-i); within the unique decoding radius a
 *   fold of a far word lands close with probability at most n_i/|F| (DP24 section 4, from the
 *   proximity gap of lines, BCIKS20 Thm 1.4's unique-decoding case), summed over the rounds;
 * - queries: each query passes a word at distance (1 - rho)/2 with probability (1 + rho)/2;
 * - the Merkle hash's collision resistance (an assumption). */
void hs_binfri_soundness(const hs_binfri_params *p, hs_sound_report *r) {
    const double kb = hs_field_bits(hs_binfri_challenge_field(p)), rho = ldexp(1.0, -(int)p->log_inv_rate);
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

/* bytes of one element of oracle j */
static size_t oracle_elem_bytes(const hs_binfri_params *p, unsigned j) { return j && p->chal_ext == 2 ? 32 : 16; }

size_t hs_binfri_open_size_bound(const hs_binfri_params *p) {
    const size_t e = hs_binfri_challenge_field(p)->elem_bytes;
    size_t s = (size_t)p->n_vars * 2 * e + e;
    for (unsigned j = 0; j < p->n_oracles; j++) {
        const unsigned h = p->oracle_log_len[j] - p->oracle_arity[j];
        if (j) s += ((size_t)1 << cap_of(p, j)) * 32;
        s += (size_t)p->queries * ((oracle_elem_bytes(p, j) << p->oracle_arity[j]) + 32 * (h - cap_of(p, j)));
    }
    return s;
}

void hs_binfri_absorb_params(const hs_binfri_params *p, hs_transcript *t) {
    static const char tag[] = "hashsnark/binfri/v1";
    hs_transcript_absorb(t, tag, sizeof tag - 1);
    const uint64_t v[6] = {p->n_vars, p->log_inv_rate, p->log_arity, p->queries, p->cap_height, (uint64_t)p->hash};
    for (int i = 0; i < 6; i++) hs_transcript_absorb_u64(t, v[i]);
    static const char ext[] = "hashsnark/binfri/challenges/gf2-256";
    if (p->chal_ext == 2) hs_transcript_absorb(t, ext, sizeof ext - 1); /* challenges in K absorb nothing more */
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

/* The twiddles of pairs j0..j0+n-1: twiddle(j0), then each the previous plus d[ctz(j)]. */
static void chunk_twiddles(hs_gf128 *tw, size_t j0, size_t n, const hs_gf128 d[64]) {
    hs_gf128 t = hs_binfri_twiddle(j0);
    for (size_t i = 0; i < n; i++) {
        if (i) t = hs_gf128_add(t, d[__builtin_ctzll(j0 + i)]);
        tw[i] = t;
    }
}

/* A codeword's fold in chunks of CHUNK pairs, independent (each starts from its own twiddle), spread
 * over threads: the values do not depend on the thread count. */
typedef struct {
    hs_gf128 d[64]; /* dsums */
    size_t pairs;
    long chunks;
} fold_plan;

static void fold_plan_init(fold_plan *f, unsigned log_len) {
    dsums(f->d);
    f->pairs = (size_t)1 << (log_len - 1);
    f->chunks = (long)((f->pairs + CHUNK - 1) / CHUNK);
}

static void fold_codeword_mt(hs_gf128 *out, const hs_gf128 *in, unsigned log_len, hs_gf128 r, unsigned threads) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    fold_plan f;
    fold_plan_init(&f, log_len);
    const size_t pairs = f.pairs;
#pragma omp parallel for schedule(static) num_threads(threads ? threads : 1) if (threads > 1 && f.chunks >= 16)
    for (long c = 0; c < f.chunks; c++) {
        hs_gf128 e[CHUNK], o[CHUNK], tw[CHUNK];
        const size_t j0 = (size_t)c * CHUNK, n = pairs - j0 < CHUNK ? pairs - j0 : CHUNK;
        chunk_twiddles(tw, j0, n, f.d);
        for (size_t i = 0; i < n; i++) {
            const size_t j = j0 + i;
            e[i] = in[2 * j], o[i] = hs_gf128_add(in[2 * j], in[2 * j + 1]);
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

/* cw: oracle j's 2^(log_len) elements of oracle_elem_bytes(p, j) bytes each */
static int build_tree(hs_merkle_tree **out, const hs_binfri_params *p, const void *cw, unsigned j, unsigned threads) {
    const unsigned a = p->oracle_arity[j], log_h = p->oracle_log_len[j] - a;
    const size_t w = (oracle_elem_bytes(p, j) / 4) << a, rows = (size_t)1 << log_h, per = 64;
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
            memcpy(buf, (const uint32_t *)cw + r0 * w, n * w * sizeof *buf); /* little-endian words = the canonical bytes */
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
        hs_free(wit->cw256[j]);
    }
    hs_free(wit->evals);
    free(wit);
}

const hs_gf128 *hs_binfri_witness_evals(const hs_binfri_witness *wit) { return wit->opened ? NULL : wit->evals; }

/* Writes and absorbs a tree's cap (a commitment, or a folded oracle's); comm (may be NULL) gets it. */
static void send_cap(const hs_merkle_tree *tree, hs_transcript *t, hs_writer *w, hs_mlc_commitment *comm) {
    const size_t nc = (size_t)1 << hs_merkle_cap_height(tree);
    hs_w_digests(w, hs_merkle_cap(tree), nc);
    hs_transcript_absorb_digests(t, hs_merkle_cap(tree), nc);
    if (comm) {
        comm->n = nc;
        memcpy(comm->d, hs_merkle_cap(tree), nc * sizeof *comm->d);
    }
}

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
    send_cap(wit->tree[0], t, w, comm);
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
static int is_oracle(const hs_binfri_witness *wit, const void *cw) {
    for (unsigned j = 0; j < HS_BINFRI_MAX_ORACLES; j++)
        if (cw == wit->cw[j] || cw == wit->cw256[j]) return 1;
    return 0;
}

/* The query phase: samples the leaves of oracle 0 and opens the distinct leaves of every oracle
 * (sorted) with their Merkle siblings. 0 when out of memory. */
static int open_queries(const hs_binfri_params *p, const hs_binfri_witness *wit, hs_transcript *t, hs_writer *w,
                        unsigned threads) {
    const size_t Q = p->queries;
    size_t *leaf = malloc(sizeof *leaf * Q * p->n_oracles), *ids = malloc(sizeof *ids * Q);
    hs_digest *sib = malloc(sizeof *sib * Q * 32);
    int ok = leaf && ids && sib;
    if (ok) sample_leaves(p, t, leaf);
    for (unsigned j = 0; ok && j < p->n_oracles; j++) {
        const size_t m = distinct(ids, leaf + (size_t)j * Q, Q);
        const unsigned aj = p->oracle_arity[j];
        for (size_t i = 0; i < m; i++) {
            if (wit->cw256[j]) hs_w_elems(w, L, wit->cw256[j] + (ids[i] << aj), (size_t)1 << aj);
            else hs_w_elems(w, K, wit->cw[j] + (ids[i] << aj), (size_t)1 << aj);
        }
        const size_t ns = hs_merkle_open_mt(wit->tree[j], ids, m, sib, threads ? threads : 1);
        if (ns == (size_t)-1) ok = 0;
        else hs_w_digests(w, sib, ns);
    }
    free(leaf), free(ids), free(sib);
    return ok && !w->err;
}

int hs_binfri_open_weighted(const hs_binfri_params *p, hs_binfri_witness *wit, hs_gf128 *weight, hs_gf128 claim,
                            hs_transcript *t, hs_writer *w, hs_gf128 *challenges, unsigned threads, const char **why) {
    if (p->chal_ext == 2) return *why = "binfri: challenges in GF(2^256) need the opening over GF(2^256)", 0;
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
            send_cap(wit->tree[j], t, w, NULL);
        }
    }
    if (!is_oracle(wit, cur)) hs_free(cur);
    (void)claim; /* equals T[0] * W(ch): the verifier's final check */
    hs_w_elems(w, K, &T[0], 1);
    hs_transcript_absorb_elems(t, K, &T[0], 1);
    if (challenges) memcpy(challenges, ch, l * sizeof *ch);
    if (!open_queries(p, wit, t, w, threads)) return *why = "binfri: out of memory", 0;
    return 1;
}

/* ---- the same over L = GF(2^256): the table lifted from K, the weight, the challenges and every
 * folded codeword in L (oracle 0 stays the committed codeword of K). Products by the batch kernel
 * mul256 (PCLMULQDQ or VPCLMULQDQ where present, portable C elsewhere: the same bits). ---- */

static hs_gf256 lift(hs_gf128 a) { return hs_gf256_from_base(a); }

hs_gf256 hs_binfri_fold_pair256(hs_gf256 f0, hs_gf256 f1, hs_gf128 tw, hs_gf256 r) {
    if (hs_gf128_is_zero(hs_gf128_add(hs_gf128_add(f0.c[1], f1.c[1]), r.c[1])) && hs_gf128_is_zero(f0.c[1]) &&
        hs_gf128_is_zero(r.c[1])) /* all in K (the verifier of challenges in K): K's products, a quarter the cost */
        return lift(hs_binfri_fold_pair(f0.c[0], f1.c[0], tw, r.c[0]));
    const hs_gf256 o = hs_gf256_add(f0, f1), e = hs_gf256_add(f0, hs_gf256_mul(lift(tw), o)); /* O(y), E(y) */
    return hs_gf256_add(e, hs_gf256_mul(r, hs_gf256_add(e, o)));
}

/* Folds a codeword of L (in256) or, for oracle 0, of K (in128) by r into out; chunks as
 * fold_codeword_mt, so the values do not depend on the thread count. */
static void fold_codeword256_mt(hs_gf256 *out, const hs_gf256 *in256, const hs_gf128 *in128, unsigned log_len,
                                hs_gf256 r, unsigned threads) {
    fold_plan f;
    fold_plan_init(&f, log_len);
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
#pragma omp parallel for schedule(static) num_threads(threads ? threads : 1) if (threads > 1 && f.chunks >= 16)
    for (long c = 0; c < f.chunks; c++) {
        hs_gf256 e[CHUNK], o[CHUNK], tw[CHUNK], rr[CHUNK];
        hs_gf128 x[CHUNK];
        const size_t j0 = (size_t)c * CHUNK, n = f.pairs - j0 < CHUNK ? f.pairs - j0 : CHUNK;
        chunk_twiddles(x, j0, n, f.d);
        for (size_t i = 0; i < n; i++) {
            const size_t j = j0 + i;
            const hs_gf256 f0 = in256 ? in256[2 * j] : lift(in128[2 * j]);
            const hs_gf256 f1 = in256 ? in256[2 * j + 1] : lift(in128[2 * j + 1]);
            tw[i] = lift(x[i]), e[i] = f0, o[i] = hs_gf256_add(f0, f1), rr[i] = r;
        }
        k->mul256(tw, tw, o, n); /* x O(y) */
        for (size_t i = 0; i < n; i++) {
            e[i] = hs_gf256_add(e[i], tw[i]); /* E(y) */
            o[i] = hs_gf256_add(o[i], e[i]);  /* E(y) + O(y) */
        }
        k->mul256(o, o, rr, n);
        for (size_t i = 0; i < n; i++) out[j0 + i] = hs_gf256_add(e[i], o[i]);
    }
}

/* T[j] = T[2j] + r (T[2j] + T[2j+1]), j < 2^(m-1), in place */
static void fold_table256(hs_gf256 *T, unsigned m, hs_gf256 r) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    const size_t pairs = (size_t)1 << (m - 1);
    hs_gf256 e[CHUNK], d[CHUNK], rr[CHUNK];
    for (size_t i = 0; i < CHUNK; i++) rr[i] = r;
    for (size_t j0 = 0; j0 < pairs; j0 += CHUNK) {
        const size_t n = pairs - j0 < CHUNK ? pairs - j0 : CHUNK;
        for (size_t i = 0; i < n; i++)
            e[i] = T[2 * (j0 + i)], d[i] = hs_gf256_add(T[2 * (j0 + i)], T[2 * (j0 + i) + 1]);
        k->mul256(d, d, rr, n);
        for (size_t i = 0; i < n; i++) T[j0 + i] = hs_gf256_add(e[i], d[i]);
    }
}

/* round_sums over L: h(0) = sum T0 W0, h(inf) = sum (T0 + T1)(W0 + W1) */
static void round_sums256(const hs_gf256 *T, const hs_gf256 *W, unsigned m, hs_gf256 h[2], unsigned threads) {
    const hs_gf128_kernels *k = hs_gf128_kernels_best();
    const size_t pairs = (size_t)1 << (m - 1);
    const long chunks = (long)((pairs + CHUNK - 1) / CHUNK);
    hs_gf256 s0 = hs_gf256_zero(), s1 = hs_gf256_zero();
#pragma omp parallel num_threads(threads ? threads : 1) if (threads > 1 && chunks >= 16)
    {
        hs_gf256 a[CHUNK], b[CHUNK], p0 = hs_gf256_zero(), p1 = hs_gf256_zero();
#pragma omp for schedule(static)
        for (long ch = 0; ch < chunks; ch++) {
            const size_t j0 = (size_t)ch * CHUNK, n = pairs - j0 < CHUNK ? pairs - j0 : CHUNK;
            for (int pass = 0; pass < 2; pass++) {
                for (size_t i = 0; i < n; i++) {
                    const size_t j = 2 * (j0 + i);
                    a[i] = pass ? hs_gf256_add(T[j], T[j + 1]) : T[j];
                    b[i] = pass ? hs_gf256_add(W[j], W[j + 1]) : W[j];
                }
                k->mul256(a, a, b, n);
                hs_gf256 *acc = pass ? &p1 : &p0;
                for (size_t i = 0; i < n; i++) *acc = hs_gf256_add(*acc, a[i]);
            }
        }
#pragma omp critical(hs_binfri_round_sums256)
        {
            s0 = hs_gf256_add(s0, p0);
            s1 = hs_gf256_add(s1, p1);
        }
    }
    h[0] = s0, h[1] = s1;
}

/* round_eval over L */
static hs_gf256 round_eval256(hs_gf256 claim, hs_gf256 h0, hs_gf256 hinf, hs_gf256 r) {
    const hs_gf256 h1 = hs_gf256_add(claim, h0), r2r = hs_gf256_add(hs_gf256_mul(r, r), r);
    hs_gf256 v = hs_gf256_mul(h0, hs_gf256_add(hs_gf256_one(), r));
    v = hs_gf256_add(v, hs_gf256_mul(h1, r));
    return hs_gf256_add(v, hs_gf256_mul(hinf, r2r));
}

void hs_binfri_eq_table256(hs_gf256 *out, const hs_gf256 *r, unsigned n) {
    out[0] = hs_gf256_one();
    for (unsigned b = 0; b < n; b++) {
        const size_t h = (size_t)1 << b;
        for (size_t v = 0; v < h; v++) {
            out[v + h] = hs_gf256_mul(out[v], r[b]);       /* r x */
            out[v] = hs_gf256_add(out[v], out[v + h]);     /* (1 + r) x */
        }
    }
}

int hs_binfri_open_weighted256(const hs_binfri_params *p, hs_binfri_witness *wit, hs_gf256 *weight, hs_gf256 claim,
                               hs_transcript *t, hs_writer *w, hs_gf256 *challenges, unsigned threads,
                               const char **why) {
    if (p->chal_ext != 2) return *why = "binfri: the opening over GF(2^256) needs challenges in GF(2^256)", 0;
    if (wit->opened) return *why = "binfri: the witness was opened already", 0;
    wit->opened = 1;
    const unsigned l = p->n_vars, a = p->log_arity;
    const size_t n = (size_t)1 << l;
    hs_gf256 *T = hs_alloc_array(n, sizeof *T), *cur = NULL /* oracle 0, in K */, ch[HS_BINFRI_MAX_VARS];
    if (!T) return *why = "binfri: out of memory", 0;
    for (size_t v = 0; v < n; v++) T[v] = lift(wit->evals[v]);
    unsigned cur_log = p->oracle_log_len[0];
    int ok = 1;
    for (unsigned i = 0; ok && i < l; i++) {
        hs_gf256 h[2], r;
        round_sums256(T, weight, l - i, h, threads);
        hs_w_elems(w, L, h, 2);
        hs_transcript_absorb_elems(t, L, h, 2);
        hs_transcript_sample(t, L, &r);
        ch[i] = r;
        claim = round_eval256(claim, h[0], h[1], r);
        fold_table256(T, l - i, r);
        fold_table256(weight, l - i, r);
        if (i + 1 == l) break;
        hs_gf256 *next = hs_alloc_array((size_t)1 << (cur_log - 1), sizeof *next);
        if (!next) {
            ok = 0;
            break;
        }
        fold_codeword256_mt(next, cur, cur ? NULL : wit->cw[0], cur_log, r, threads);
        if (cur && !is_oracle(wit, cur)) hs_free(cur);
        cur = next, cur_log--;
        if ((i + 1) % a == 0) {
            const unsigned j = (i + 1) / a;
            wit->cw256[j] = cur;
            ok = build_tree(&wit->tree[j], p, cur, j, threads);
            if (ok) send_cap(wit->tree[j], t, w, NULL);
        }
    }
    if (cur && !is_oracle(wit, cur)) hs_free(cur);
    if (ok) {
        hs_w_elems(w, L, &T[0], 1);
        hs_transcript_absorb_elems(t, L, &T[0], 1);
        if (challenges) memcpy(challenges, ch, l * sizeof *ch);
        ok = open_queries(p, wit, t, w, threads);
    }
    hs_free(T);
    if (!ok) return *why = "binfri: out of memory", 0;
    return 1;
}

/* ---- the verifier, one for both challenge fields: values of K are embedded in L, which gives
 * the same checks; only the byte sizes and the sampling follow the challenge field ---- */

/* n <= 2 elements of the challenge field: read into v (lifted from K), absorbed; 0 when truncated */
static int read_chal(const hs_binfri_params *p, hs_reader *r, hs_transcript *t, hs_gf256 *v, size_t n) {
    if (p->chal_ext == 2) {
        hs_r_elems(r, L, v, n);
        if (r->err) return 0;
        hs_transcript_absorb_elems(t, L, v, n);
        return 1;
    }
    hs_gf128 k[2];
    hs_r_elems(r, K, k, n);
    if (r->err) return 0;
    hs_transcript_absorb_elems(t, K, k, n);
    for (size_t i = 0; i < n; i++) v[i] = lift(k[i]);
    return 1;
}

hs_gf256 hs_binfri_sample_challenge(const hs_binfri_params *p, hs_transcript *t) {
    hs_gf256 x = hs_gf256_zero();
    if (p->chal_ext == 2) hs_transcript_sample(t, L, &x);
    else hs_transcript_sample(t, K, &x.c[0]);
    return x;
}

/* The leaf of 2^a positions at leaf index L folded by ch[0..a). */
static hs_gf256 fold_leaf256(const hs_gf256 *vals, uint64_t Li, unsigned a, const hs_gf256 *ch) {
    hs_gf256 b[1u << HS_BINFRI_MAX_ARITY];
    memcpy(b, vals, sizeof *b << a);
    for (unsigned s = 0; s < a; s++) {
        const size_t half = (size_t)1 << (a - s - 1);
        for (size_t i = 0; i < half; i++)
            b[i] = hs_binfri_fold_pair256(b[2 * i], b[2 * i + 1], hs_binfri_twiddle((Li << (a - s - 1)) + i), ch[s]);
    }
    return b[0];
}

int hs_binfri_verify_weighted256(const hs_binfri_params *p, const hs_binfri_commitment *comm, hs_gf256 claim,
                                 hs_binfri_weight256_fn *wfn, void *ctx, hs_transcript *t, hs_reader *r,
                                 const char **why) {
    const unsigned l = p->n_vars, a = p->log_arity, J = p->n_oracles;
    hs_gf256 ch[HS_BINFRI_MAX_VARS];
    hs_binfri_commitment caps[HS_BINFRI_MAX_ORACLES];
    caps[0] = *comm;
    if (comm->n != (size_t)1 << cap_of(p, 0)) return *why = "binfri: commitment of another shape", 0;
    for (unsigned i = 0; i < l; i++) {
        hs_gf256 h[2];
        if (!read_chal(p, r, t, h, 2)) return *why = "binfri: truncated round message", 0;
        ch[i] = hs_binfri_sample_challenge(p, t);
        claim = round_eval256(claim, h[0], h[1], ch[i]);
        if ((i + 1) % a == 0 && i + 1 < l) {
            const unsigned j = (i + 1) / a;
            caps[j].n = (size_t)1 << cap_of(p, j);
            hs_r_digests(r, caps[j].d, caps[j].n);
            if (r->err) return *why = "binfri: truncated oracle cap", 0;
            hs_transcript_absorb_digests(t, caps[j].d, caps[j].n);
        }
    }
    hs_gf256 c;
    if (!read_chal(p, r, t, &c, 1)) return *why = "binfri: truncated final value", 0;
    if (!hs_gf256_eq(claim, hs_gf256_mul(c, wfn(ctx, ch)))) return *why = "binfri: final check", 0;

    const size_t Q = p->queries;
    size_t *leaf = malloc(sizeof *leaf * Q * J), *ids = malloc(sizeof *ids * Q * J), nid[HS_BINFRI_MAX_ORACLES];
    hs_gf256 *rows[HS_BINFRI_MAX_ORACLES] = {0};
    hs_gf128 *krows = malloc(sizeof *krows * ((size_t)Q << a));
    hs_digest *sib = malloc(sizeof *sib * Q * 32), *dig = malloc(sizeof *dig * Q);
    uint32_t *words = malloc(sizeof *words * 8 * ((size_t)Q << a));
    int ok = leaf && ids && sib && dig && words && krows;
    for (unsigned j = 0; ok && j < J; j++) ok = (rows[j] = malloc(sizeof *rows[j] * (Q << p->oracle_arity[j]))) != NULL;
    if (!ok) *why = "binfri: out of memory";
    if (ok) sample_leaves(p, t, leaf);
    for (unsigned j = 0; ok && j < J; j++) {
        size_t *id = ids + (size_t)j * Q;
        const size_t m = nid[j] = distinct(id, leaf + (size_t)j * Q, Q);
        const unsigned aj = p->oracle_arity[j], log_h = p->oracle_log_len[j] - aj;
        const size_t per = (size_t)1 << aj, ns = hs_merkle_open_count(log_h, cap_of(p, j), id, m);
        const size_t eb = oracle_elem_bytes(p, j);
        if (eb == 32) {
            hs_r_elems(r, L, rows[j], m * per);
            memcpy(words, rows[j], m * per * eb); /* little-endian words = the canonical bytes */
        } else {
            hs_r_elems(r, K, krows, m * per);
            memcpy(words, krows, m * per * eb);
            for (size_t i = 0; i < m * per; i++) rows[j][i] = lift(krows[i]);
        }
        if (ns > Q * 32) ok = 0, *why = "binfri: internal opening count";
        else hs_r_digests(r, sib, ns);
        if (ok && r->err) ok = 0, *why = "binfri: truncated query answers";
        if (!ok) break;
        hs_merkle_hash_rows(p->hash, words, m, eb / 4 * per, dig, 1);
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
            const size_t Li = leaf[(size_t)j * Q + q], at = find(ids + (size_t)j * Q, nid[j], Li);
            const hs_gf256 v = fold_leaf256(rows[j] + (at << aj), Li, aj, ch + (size_t)j * a);
            hs_gf256 want = c;
            if (j + 1 < J) {
                const unsigned an = p->oracle_arity[j + 1];
                const size_t Ln = leaf[(size_t)(j + 1) * Q + q], atn = find(ids + (size_t)(j + 1) * Q, nid[j + 1], Ln);
                want = rows[j + 1][(atn << an) + (Li & (((size_t)1 << an) - 1))];
            }
            if (!hs_gf256_eq(v, want)) {
                static const char *names[] = {"binfri: fold check of oracle 0", "binfri: fold check of oracle 1",
                                              "binfri: fold check of oracle 2", "binfri: fold check of oracle 3",
                                              "binfri: fold check of oracle 4+"};
                ok = 0, *why = names[j < 4 ? j : 4];
            }
        }
    }
    for (unsigned j = 0; j < J; j++) free(rows[j]);
    free(leaf), free(ids), free(sib), free(dig), free(words), free(krows);
    return ok;
}

/* A weight of K called from the verifier over L (challenges in K: every c[1] is 0). */
typedef struct {
    hs_binfri_weight_fn *f;
    void *ctx;
    unsigned n;
} k_weight;

static hs_gf256 k_weight_at(void *ctx, const hs_gf256 *ch) {
    const k_weight *x = ctx;
    hs_gf128 c[HS_BINFRI_MAX_VARS];
    for (unsigned k = 0; k < x->n; k++) c[k] = ch[k].c[0];
    return lift(x->f(x->ctx, c));
}

int hs_binfri_verify_weighted(const hs_binfri_params *p, const hs_binfri_commitment *comm, hs_gf128 claim,
                              hs_binfri_weight_fn *wfn, void *ctx, hs_transcript *t, hs_reader *r, const char **why) {
    if (p->chal_ext == 2) return *why = "binfri: a weight over GF(2^128) with challenges in GF(2^256)", 0;
    k_weight x = {wfn, ctx, p->n_vars};
    return hs_binfri_verify_weighted256(p, comm, lift(claim), k_weight_at, &x, t, r, why);
}

/* ---- plain evaluation claims ---- */

int hs_binfri_open(const hs_binfri_params *p, hs_binfri_witness *wit, const hs_gf128 *point, hs_gf128 value,
                   hs_transcript *t, hs_writer *w, unsigned threads, const char **why) {
    hs_transcript_absorb_elems(t, K, point, p->n_vars);
    hs_transcript_absorb_elems(t, K, &value, 1);
    const size_t n = (size_t)1 << p->n_vars;
    hs_gf128 *W = hs_alloc_array(n, sizeof *W);
    if (!W) return *why = "binfri: out of memory", 0;
    hs_binfri_eq_table(W, point, p->n_vars);
    int ok;
    if (p->chal_ext == 2) {
        hs_gf256 *W2 = hs_alloc_array(n, sizeof *W2);
        if (!W2) return hs_free(W), *why = "binfri: out of memory", 0;
        for (size_t v = 0; v < n; v++) W2[v] = lift(W[v]);
        hs_free(W);
        W = NULL;
        ok = hs_binfri_open_weighted256(p, wit, W2, lift(value), t, w, NULL, threads, why);
        hs_free(W2);
    } else {
        ok = hs_binfri_open_weighted(p, wit, W, value, t, w, NULL, threads, why);
    }
    hs_free(W);
    return ok;
}

typedef struct {
    const hs_gf128 *point;
    unsigned n;
} eq_ctx;

/* eq(point, ch) = prod (1 + p_k + c_k) in characteristic 2 */
static hs_gf256 eq_at(void *ctx, const hs_gf256 *ch) {
    const eq_ctx *e = ctx;
    hs_gf256 v = hs_gf256_one();
    for (unsigned k = 0; k < e->n; k++)
        v = hs_gf256_mul(v, hs_gf256_add(hs_gf256_one(), hs_gf256_add(lift(e->point[k]), ch[k])));
    return v;
}

int hs_binfri_verify(const hs_binfri_params *p, const hs_binfri_commitment *comm, const hs_gf128 *point,
                     hs_gf128 value, hs_transcript *t, hs_reader *r, const char **why) {
    hs_transcript_absorb_elems(t, K, point, p->n_vars);
    hs_transcript_absorb_elems(t, K, &value, 1);
    eq_ctx e = {point, p->n_vars};
    return hs_binfri_verify_weighted256(p, comm, lift(value), eq_at, &e, t, r, why);
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
 * 7/|F| (Schwartz-Zippel, F the challenge field: K, or L when p->chal_ext is 2); the rest is FRI-Binius's opening of the weighted claim. */
static void mlc_sound(const hs_mlc *s, hs_sound_report *r) {
    if (ring(s)) {
        const double b = hs_field_bits(hs_binfri_challenge_field(P(s))) - log2((double)HS_RINGSW_LOG_PACK);
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
