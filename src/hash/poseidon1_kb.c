#include "hash/poseidon1_kb.h"

#include <pthread.h>
#include <string.h>

#include "field/kb.h"
#include "util/cpu.h"
#include "util/parallel.h"

extern const uint32_t hs_p1kb16_rc[28][16], hs_p1kb16_mds_row[16];
extern const uint32_t hs_p1kb24_rc[31][24], hs_p1kb24_mds_row[24];

#define MAXW HS_P1_MAX_WIDTH
#define MAXP HS_P1_MAX_PARTIAL
#define HF HS_P1_HALF_FULL

/* ---- dense linear algebra over KoalaBear (Montgomery form), for deriving the sparse form ---- */

typedef hs_kb mat[MAXW][MAXW];

/* inv = a^-1 (n x n) by Gauss-Jordan elimination on [a | I]; a is clobbered. 0 if singular. */
static int mat_inverse(unsigned n, mat a, mat inv) {
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) inv[i][j] = i == j ? hs_kb_one() : hs_kb_zero();
    for (unsigned c = 0; c < n; c++) {
        unsigned piv = c;
        while (piv < n && hs_kb_is_zero(a[piv][c])) piv++;
        if (piv == n) return 0;
        if (piv != c)
            for (unsigned j = 0; j < n; j++) {
                hs_kb t = a[c][j];
                a[c][j] = a[piv][j], a[piv][j] = t;
                t = inv[c][j];
                inv[c][j] = inv[piv][j], inv[piv][j] = t;
            }
        hs_kb s = hs_kb_inv(a[c][c]);
        for (unsigned j = 0; j < n; j++) a[c][j] = hs_kb_mul(a[c][j], s), inv[c][j] = hs_kb_mul(inv[c][j], s);
        for (unsigned r = 0; r < n; r++) {
            hs_kb f = a[r][c];
            if (r == c || hs_kb_is_zero(f)) continue;
            for (unsigned j = 0; j < n; j++) {
                a[r][j] = hs_kb_sub(a[r][j], hs_kb_mul(f, a[c][j]));
                inv[r][j] = hs_kb_sub(inv[r][j], hs_kb_mul(f, inv[c][j]));
            }
        }
    }
    return 1;
}

/* sum_j a[j] b[j] over n terms (any representation whose products REDC to the wanted one). */
static hs_kb kb_dot(const hs_kb *a, const hs_kb *b, unsigned n) {
    hs_kb acc = hs_kb_zero();
    for (unsigned j = 0; j < n; j++) acc = hs_kb_add(acc, hs_kb_mul(a[j], b[j]));
    return acc;
}

/* The sparse form and the unrolled block from the textbook constants in pp->mont (see the
 * header for the recurrences). Returns 0 if a matrix on the way is singular. */
static int derive_sparse(hs_p1_params *pp) {
    const unsigned w = pp->width, np = pp->partial, n = w - 1;
    hs_p1_consts *c = &pp->mont;
    mat m, minv, a, ah, ahinv, next;
    memcpy(m, c->mds, sizeof m);
    memcpy(a, c->mds, sizeof a);
    if (!mat_inverse(w, a, minv)) return 0;
    memcpy(a, c->mds, sizeof a); /* A = M for the last partial round */

    /* Constants, last partial round first: the vector d added before round r's S-box becomes,
     * moved through M^-1, a vector added after round r-1's S-box; its lane 0 stays there (chat),
     * its lanes 1..w-1 pass through that S-box untouched and join round r-1's own constants. */
    hs_kb d[MAXW], e[MAXW];
    memcpy(d, c->rc[HF + np - 1], sizeof d);
    c->chat[np - 1] = hs_kb_zero();
    for (unsigned r = np - 1; r >= 1; r--) {
        for (unsigned i = 0; i < w; i++) e[i] = kb_dot(minv[i], d, w);
        c->chat[r - 1] = e[0];
        const hs_kb *rc = c->rc[HF + r - 1];
        d[0] = rc[0];
        for (unsigned i = 1; i < w; i++) d[i] = hs_kb_add(e[i], rc[i]);
    }
    memcpy(c->cbar, d, sizeof c->cbar);

    /* Matrices, last partial round first: round r's matrix A = [[a00, v^T], [b, Ah]] is
     * S_r D_r with D_r = diag(1, Ah) and S_r's first row (a00, Ah^-T v); D_r commutes with the
     * lane-0 S-box and constant, so round r-1's matrix becomes D_r M. Row 0 of every A is row 0
     * of M, so a00 = m00 throughout. */
    c->m00 = m[0][0];
    for (unsigned r = np; r-- > 0;) {
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = 0; j < n; j++) ah[i][j] = a[i + 1][j + 1];
        memcpy(next, ah, sizeof next);
        if (!mat_inverse(n, next, ahinv)) return 0;
        for (unsigned k = 0; k < n; k++) {
            hs_kb s = hs_kb_zero();
            for (unsigned j = 0; j < n; j++) s = hs_kb_add(s, hs_kb_mul(ahinv[j][k], a[0][j + 1]));
            c->ahat[r][k] = s;
            c->b[r][k] = a[k + 1][0];
        }
        if (r == 0) break;
        for (unsigned j = 0; j < w; j++) {
            next[0][j] = m[0][j];
            for (unsigned i = 1; i < w; i++) {
                hs_kb s = hs_kb_zero();
                for (unsigned k = 0; k < n; k++) s = hs_kb_add(s, hs_kb_mul(ah[i - 1][k], m[k + 1][j]));
                next[i][j] = s;
            }
        }
        memcpy(a, next, sizeof a);
    }
    for (unsigned i = 0; i < w; i++)
        for (unsigned j = 0; j < w; j++)
            c->m_i[i][j] = i && j ? ah[i - 1][j - 1] : i == j ? hs_kb_one() : hs_kb_zero();

    /* The unrolled block: x_1.. inside the block is B + sum_{i<r} b_i q_i with B = Ah_0 (u + cbar)_1..,
     * so t_{r+1} = m00 q_r + <ahat_r, B> + sum_{i<r} <ahat_r, b_i> q_i; the chat parts of the q's
     * and the cbar part of B are constants. */
    for (unsigned r = 0; r < np; r++) {
        for (unsigned i = 0; i < np; i++) c->ab[r][i] = i < r ? kb_dot(c->ahat[r], c->b[i], n) : hs_kb_zero();
        for (unsigned k = 0; k < n; k++) {
            hs_kb s = hs_kb_zero();
            for (unsigned j = 0; j < n; j++) s = hs_kb_add(s, hs_kb_mul(ah[j][k], c->ahat[r][j]));
            c->g[r][k] = s;
        }
        hs_kb off = hs_kb_add(kb_dot(c->g[r], c->cbar + 1, n), hs_kb_mul(c->m00, c->chat[r]));
        c->off_t[r] = hs_kb_add(off, kb_dot(c->ab[r], c->chat, r));
    }
    for (unsigned j = 0; j < n; j++) {
        hs_kb off = kb_dot(ah[j], c->cbar + 1, n);
        for (unsigned i = 0; i < np; i++) off = hs_kb_add(off, hs_kb_mul(c->b[i][j], c->chat[i]));
        c->off_w[j] = off;
    }
    /* the same forms on the last initial full round's S-box outputs v, u = M v */
    for (unsigned k = 0; k < w; k++) {
        for (unsigned r = 0; r < np; r++) {
            hs_kb s = hs_kb_zero();
            for (unsigned j = 0; j < n; j++) s = hs_kb_add(s, hs_kb_mul(c->g[r][j], m[j + 1][k]));
            c->gm[r][k] = s;
        }
        for (unsigned i = 0; i < n; i++) {
            hs_kb s = hs_kb_zero();
            for (unsigned j = 0; j < n; j++) s = hs_kb_add(s, hs_kb_mul(ah[i][j], m[j + 1][k]));
            c->am[i][k] = s;
        }
    }
    return 1;
}

static void to_canonical(hs_p1_consts *out, const hs_p1_consts *in) {
    const uint32_t *src = (const uint32_t *)in;
    uint32_t *dst = (uint32_t *)out;
    for (size_t i = 0; i < sizeof *in / sizeof *src; i++) dst[i] = hs_kb_to_u32(src[i]);
}

int hs_p1_params_init(hs_p1_params *pp, unsigned width, unsigned partial, const uint32_t *rc,
                      const uint32_t *mds_row) {
    memset(pp, 0, sizeof *pp);
    if ((width != 16 && width != 24) || partial == 0 || partial > MAXP) return 0;
    const unsigned w = width, rounds = 2 * HF + partial;
    for (unsigned i = 0; i < rounds * w; i++)
        if (rc[i] >= HS_KB_P) return 0;
    for (unsigned i = 0; i < w; i++)
        if (mds_row[i] >= HS_KB_P) return 0;
    pp->width = w;
    pp->half_full = HF;
    pp->partial = partial;
    pp->rounds = rounds;
    hs_p1_consts *c = &pp->mont;
    pp->mds_small = 1;
    for (unsigned i = 0; i < w; i++) {
        c->mds_row[i] = hs_kb_from_u32(mds_row[i]);
        pp->mds_row_sum += mds_row[i];
        if (mds_row[i] >= (1u << 16)) pp->mds_small = 0; /* w 2^16 p < 2^64 */
    }
    for (unsigned i = 0; i < w; i++)
        for (unsigned j = 0; j < w; j++) c->mds[i][j] = c->mds_row[(j + w - i) % w];
    for (unsigned r = 0; r < rounds; r++)
        for (unsigned i = 0; i < w; i++) c->rc[r][i] = hs_kb_from_u32(rc[r * w + i]);
    if (!derive_sparse(pp)) {
        memset(pp, 0, sizeof *pp);
        return 0;
    }
    to_canonical(&pp->canon, &pp->mont);
    return 1;
}

static hs_p1_params kb16, kb24;
static pthread_once_t defaults_once = PTHREAD_ONCE_INIT;

static void init_defaults(void) {
    hs_p1_params_init(&kb16, 16, 20, &hs_p1kb16_rc[0][0], hs_p1kb16_mds_row);
    hs_p1_params_init(&kb24, 24, 23, &hs_p1kb24_rc[0][0], hs_p1kb24_mds_row);
}

const hs_p1_params *hs_p1_kb16(void) {
    pthread_once(&defaults_once, init_defaults);
    return &kb16;
}
const hs_p1_params *hs_p1_kb24(void) {
    pthread_once(&defaults_once, init_defaults);
    return &kb24;
}

/* ---- portable permutation ---- */

/* sum_j c[j] x[j] for canonical constants c and Montgomery values x: the R factor rides on x, so
 * the sum is already the Montgomery form and needs only a reduction mod p, not a REDC. Products
 * (< p^2 < 2^62) are summed in 64 bits and pulled back below 2^63 by a multiple of p when the sum
 * passes it (never, for small constants such as KB16's MDS row). */
#define FOLD63 (((1ull << 63) / HS_KB_P) * HS_KB_P)
static inline hs_kb dot_c(const uint32_t *c, const hs_kb *x, unsigned n) {
    uint64_t acc = 0;
    for (unsigned j = 0; j < n; j++) {
        acc += (uint64_t)c[j] * x[j];
        if (acc >> 63) acc -= FOLD63;
    }
    return (hs_kb)(acc % HS_KB_P);
}

void hs_p1_mds(const hs_p1_params *pp, uint32_t *s) {
    const unsigned w = pp->width;
    hs_kb t[MAXW];
    for (unsigned i = 0; i < w; i++) t[i] = dot_c(pp->canon.mds[i], s, w);
    memcpy(s, t, w * sizeof *s);
}

static void full_round(const hs_p1_params *pp, const hs_kb *rc, hs_kb *s) {
    for (unsigned i = 0; i < pp->width; i++) s[i] = hs_kb_cube(hs_kb_add(s[i], rc[i]));
    hs_p1_mds(pp, s);
}

void hs_p1_partial_sparse(const hs_p1_params *pp, uint32_t *s, uint32_t *t_out, uint32_t *w_out) {
    const unsigned w = pp->width, n = w - 1;
    const hs_p1_consts *mt = &pp->mont, *cn = &pp->canon;
    hs_kb x[MAXW], y[MAXW] = {0};
    for (unsigned i = 0; i < w; i++) y[i] = hs_kb_add(s[i], mt->cbar[i]);
    x[0] = y[0]; /* m_i = diag(1, Ahat_0) */
    for (unsigned i = 1; i < w; i++) x[i] = dot_c(cn->m_i[i] + 1, y + 1, n);
    if (w_out) memcpy(w_out, x, w * sizeof *x), w_out += w;
    for (unsigned r = 0; r < pp->partial; r++) {
        if (t_out) t_out[r] = x[0];
        hs_kb q = hs_kb_add(hs_kb_cube(x[0]), mt->chat[r]);
        x[0] = hs_kb_add(hs_kb_mul(mt->m00, q), dot_c(cn->ahat[r], x + 1, n));
        for (unsigned j = 1; j < w; j++) x[j] = hs_kb_add(x[j], hs_kb_mul(mt->b[r][j - 1], q));
        if (w_out) memcpy(w_out, x, w * sizeof *x), w_out += w;
    }
    memcpy(s, x, w * sizeof *s);
}

/* The permutation; rec != NULL also writes the round record (hs_p1_permute_many_record). */
static void permute_rec(const hs_p1_params *pp, hs_kb *s, uint32_t *rec) {
    const unsigned w = pp->width, np = pp->partial;
    hs_kb t[MAXP];
    if (rec) memcpy(rec, s, w * sizeof *s);
    for (unsigned r = 0; r < HF; r++) {
        full_round(pp, pp->mont.rc[r], s);
        if (rec) memcpy(rec + w * (1 + r), s, w * sizeof *s);
    }
    hs_p1_partial_sparse(pp, s, rec ? t : NULL, NULL);
    if (rec)
        for (unsigned r = 0; r < np; r++) rec[5 * w + r] = hs_kb_cube(t[r]);
    for (unsigned r = 0; r < HF; r++) {
        full_round(pp, pp->mont.rc[HF + np + r], s);
        if (rec) memcpy(rec + 5 * w + np + w * r, s, w * sizeof *s);
    }
}

void hs_p1_permute(const hs_p1_params *pp, uint32_t *s) { permute_rec(pp, s, NULL); }

void hs_p1_permute_trace(const hs_p1_params *pp, uint32_t *s, uint32_t *out) {
    const unsigned w = pp->width;
    for (unsigned r = 0; r < pp->rounds; r++) {
        const hs_kb *rc = pp->mont.rc[r];
        if (r < HF || r >= HF + pp->partial) {
            full_round(pp, rc, s);
        } else {
            for (unsigned i = 0; i < w; i++) s[i] = hs_kb_add(s[i], rc[i]);
            s[0] = hs_kb_cube(s[0]);
            hs_p1_mds(pp, s);
        }
        if (out) memcpy(out + w * r, s, w * sizeof *s);
    }
}

void hs_p1_permute_many_portable(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical) {
    const unsigned w = pp->width;
    for (size_t k = 0; k < n; k++) {
        uint32_t *s = states + k * w;
        if (canonical)
            for (unsigned i = 0; i < w; i++) s[i] = hs_kb_from_u32(s[i]);
        permute_rec(pp, s, NULL);
        if (canonical)
            for (unsigned i = 0; i < w; i++) s[i] = hs_kb_to_u32(s[i]);
    }
}

void hs_p1_permute_many_record_portable(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    const unsigned w = pp->width, rw = HS_P1_REC_WORDS(pp);
    for (size_t k = 0; k < n; k++) permute_rec(pp, states + k * w, rec + k * rw);
}

#ifndef HS_HAVE_AVX2
void hs_p1_permute_many_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical) {
    hs_p1_permute_many_portable(pp, states, n, canonical);
}
void hs_p1_permute_many_record_avx2(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    hs_p1_permute_many_record_portable(pp, states, n, rec);
}
#endif

#ifndef HS_HAVE_AVX512
void hs_p1_permute_many_avx512(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical) {
    hs_p1_permute_many_avx2(pp, states, n, canonical);
}
void hs_p1_permute_many_record_avx512(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec) {
    hs_p1_permute_many_record_avx2(pp, states, n, rec);
}
#endif

typedef struct {
    const hs_p1_params *pp;
    uint32_t *states, *rec;
    int canonical;
} many_ctx;

/* Chunks of 512 states: a multiple of 16, a few L1-sized blocks. */
static void many_batch(void *ctx, size_t lo, size_t cnt) {
    const many_ctx *m = ctx;
    uint32_t *s = m->states + lo * m->pp->width;
    const int avx2 = hs_cpu_has_avx2(), avx512 = hs_cpu_has_avx512();
    if (m->rec) {
        uint32_t *r = m->rec + lo * HS_P1_REC_WORDS(m->pp);
        if (avx512)
            hs_p1_permute_many_record_avx512(m->pp, s, cnt, r);
        else if (avx2)
            hs_p1_permute_many_record_avx2(m->pp, s, cnt, r);
        else
            hs_p1_permute_many_record_portable(m->pp, s, cnt, r);
    } else if (avx512) {
        hs_p1_permute_many_avx512(m->pp, s, cnt, m->canonical);
    } else if (avx2) {
        hs_p1_permute_many_avx2(m->pp, s, cnt, m->canonical);
    } else {
        hs_p1_permute_many_portable(m->pp, s, cnt, m->canonical);
    }
}

void hs_p1_permute_many(const hs_p1_params *pp, uint32_t *states, size_t n, int canonical, unsigned threads) {
    many_ctx m = {pp, states, NULL, canonical};
    hs_parallel_batches(n, 512, threads, many_batch, &m);
}

void hs_p1_permute_many_record(const hs_p1_params *pp, uint32_t *states, size_t n, uint32_t *rec, unsigned threads) {
    many_ctx m = {pp, states, rec, 0};
    hs_parallel_batches(n, 512, threads, many_batch, &m);
}

/* ---- naive reference: canonical integers, % p after every operation ---- */

void hs_p1_permute_naive(const hs_p1_params *pp, uint32_t *st) {
    const unsigned w = pp->width;
    const uint64_t p = HS_KB_P;
    const uint32_t *row = pp->canon.mds_row;
    uint64_t s[MAXW], t[MAXW];
    for (unsigned i = 0; i < w; i++) s[i] = st[i] % p;
    for (unsigned r = 0; r < pp->rounds; r++) {
        int full = r < HF || r >= HF + pp->partial;
        for (unsigned i = 0; i < w; i++) {
            uint64_t x = (s[i] + pp->canon.rc[r][i]) % p;
            s[i] = full || i == 0 ? x * x % p * x % p : x;
        }
        for (unsigned i = 0; i < w; i++) {
            uint64_t acc = 0;
            for (unsigned j = 0; j < w; j++) acc = (acc + row[(j + w - i) % w] * s[j] % p) % p;
            t[i] = acc;
        }
        memcpy(s, t, w * sizeof *s);
    }
    for (unsigned i = 0; i < w; i++) st[i] = (uint32_t)s[i];
}

/* ---- modes ---- */

void hs_p1_compress(const hs_p1_params *pp, uint32_t out[8], const uint32_t left[8], const uint32_t right[8]) {
    hs_kb s[MAXW] = {0};
    memcpy(s, left, 8 * sizeof *s);
    memcpy(s + 8, right, 8 * sizeof *s);
    hs_p1_permute(pp, s);
    memcpy(out, s, 8 * sizeof *s);
}

void hs_p1_sponge(const hs_p1_params *pp, uint32_t out[8], const uint32_t *in, size_t n, int canonical) {
    hs_kb s[MAXW] = {0};
    for (size_t off = 0; off < n; off += 8) {
        size_t m = n - off < 8 ? n - off : 8;
        for (size_t i = 0; i < m; i++) s[i] = canonical ? hs_kb_from_u32(in[off + i]) : in[off + i];
        hs_p1_permute(pp, s);
    }
    for (int i = 0; i < 8; i++) out[i] = canonical ? hs_kb_to_u32(s[i]) : s[i];
}
