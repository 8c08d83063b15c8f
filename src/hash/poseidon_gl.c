#include "hash/poseidon_gl.h"
#include "util/inline.h"

#include <pthread.h>
#include <string.h>

#include "field/gl.h"
#include "hash/poseidon_gl_impl.h"
#include "util/cpu.h"
#include "util/parallel.h"

#define W HS_PGL_W
#define HALF_FULL HS_PGL_HALF_FULL
#define PARTIAL HS_PGL_PARTIAL
#define PGL_INLINE HS_FORCE_INLINE
#define PGL_UNROLL HS_UNROLL_16

/* ---- arithmetic helpers ---- */

/* sum_j a[j] b[j] mod p for canonical a, b (n <= 12): 128-bit products accumulated with a count
 * of 2^128 overflows; 2^128 = -2^32 (mod p). */
PGL_INLINE uint64_t dot(const uint64_t *a, const uint64_t *b, const unsigned n) {
    hs_u128 acc = 0;
    uint64_t wraps = 0;
    for (unsigned j = 0; j < n; j++) {
        hs_u128 prod = (hs_u128)a[j] * b[j];
        acc += prod;
        wraps += acc < prod;
    }
    return hs_gl_sub(hs_gl_reduce128(acc), wraps << 32);
}

/* ---- MDS ----
 * Row r = sum_i circ[i] s[(i + r) % 12] + diag[r] s[r]: with c'[k] = circ[-k mod 12] that is the
 * cyclic convolution Y = C' X mod z^12 - 1 (plus the diagonal). The entries are small, so each lane
 * is split into 32-bit halves and each half convolved exactly in int64 through the CRT split
 * z^12 - 1 = (z^3 - 1)(z^3 + 1)(z^6 + 1): a 3-term cyclic, a 3-term negacyclic and a 6-term
 * negacyclic product (54 multiplications instead of 144), recombined with one exact division by 4.
 * The kernels c' reduced modulo the three factors are computed once (tab below). */
static hs_pgl_tables tab;
static pthread_once_t tab_once = PTHREAD_ONCE_INIT;

HS_PGL_CONV12_HALF_DEF(conv12_half, int64_t, uint64_t)

PGL_INLINE void mds_layer(uint64_t *s) {
    int64_t l[W], h[W], yl[W], yh[W];
    for (unsigned i = 0; i < W; i++) l[i] = (int64_t)(s[i] & HS_GL_EPS), h[i] = (int64_t)(s[i] >> 32);
    conv12_half(&tab, l, yl);
    conv12_half(&tab, h, yh);
    PGL_UNROLL
    for (unsigned r = 0; r < W; r++) {
        uint64_t d = hs_poseidon_gl12_mds_diag[r];
        uint64_t lo = (uint64_t)yl[r] + d * (uint64_t)l[r], hi = (uint64_t)yh[r] + d * (uint64_t)h[r];
        s[r] = hs_gl_reduce96((hs_u128)lo + ((hs_u128)hi << 32));
    }
}

PGL_INLINE void full_round(uint64_t *s, const uint64_t *rc) {
    for (unsigned i = 0; i < W; i++) s[i] = hs_gl_pow7(hs_gl_add(s[i], rc[i]));
    mds_layer(s);
}

/* ---- straightforward form ---- */

static void permute_ref(uint64_t *s, uint64_t *out) {
    for (unsigned r = 0; r < 2 * HALF_FULL + PARTIAL; r++) {
        const uint64_t *rc = hs_poseidon_gl12_rc[r];
        if (r < HALF_FULL || r >= HALF_FULL + PARTIAL) {
            full_round(s, rc);
        } else {
            for (unsigned i = 0; i < W; i++) s[i] = hs_gl_add(s[i], rc[i]);
            s[0] = hs_gl_pow7(s[0]);
            mds_layer(s);
        }
        if (out) memcpy(out + W * r, s, W * sizeof *s);
    }
}

/* ---- fast partial rounds (Poseidon paper appendix B) ----
 * Partial round r of the straightforward form: x += c_r; x0 = x0^7; x = M x.
 * Constants: going backwards, the whole pre-S-box constant d_r of round r >= 1 is moved through M
 * (t = M^-1 d_r): t[0] becomes a scalar added after round r-1's S-box, t[1..11] joins c_{r-1}
 * (the S-box does not touch lanes 1..11). Round 0 keeps a full-width constant.
 * Matrices: a matrix A = [[a00, a^T], [b, Ah]] (blocks 1 and 11) factors as A = S D with
 * D = diag(1, Ah) and sparse S = [[a00, what^T], [b, I]], what = Ah^-T a. D commutes with the
 * lane-0 S-box and lane-0 constant, so it moves into the previous round: A_{r-1} = D_r M. D_0 is
 * applied once, after the first constant. Per partial round that leaves 23 multiplications. */

/* Solve A x = y (n x n, canonical) by Gauss-Jordan elimination; returns 0 if A is singular. */
static int solve(unsigned n, uint64_t a[W][W], uint64_t *y) {
    for (unsigned c = 0; c < n; c++) {
        unsigned piv = c;
        while (piv < n && a[piv][c] == 0) piv++;
        if (piv == n) return 0;
        if (piv != c) {
            for (unsigned j = 0; j < n; j++) {
                uint64_t t = a[c][j];
                a[c][j] = a[piv][j];
                a[piv][j] = t;
            }
            uint64_t t = y[c];
            y[c] = y[piv];
            y[piv] = t;
        }
        uint64_t inv = hs_gl_inv(a[c][c]);
        for (unsigned j = 0; j < n; j++) a[c][j] = hs_gl_mul(a[c][j], inv);
        y[c] = hs_gl_mul(y[c], inv);
        for (unsigned r = 0; r < n; r++) {
            if (r == c || a[r][c] == 0) continue;
            uint64_t f = a[r][c];
            for (unsigned j = 0; j < n; j++) a[r][j] = hs_gl_sub(a[r][j], hs_gl_mul(f, a[c][j]));
            y[r] = hs_gl_sub(y[r], hs_gl_mul(f, y[c]));
        }
    }
    return 1;
}

static void init_tables(void) {
    /* MDS kernels: c'[k] = circ[-k mod 12] modulo z^3 - 1, z^3 + 1 and (doubled) z^6 + 1 */
    int64_t c[W], ka[6];
    for (unsigned k = 0; k < W; k++) c[k] = (int64_t)hs_poseidon_gl12_mds_circ[(W - k) % W];
    for (unsigned k = 0; k < 6; k++) ka[k] = c[k] + c[k + 6], tab.k3[k] = 2 * (c[k] - c[k + 6]);
    for (unsigned k = 0; k < 3; k++) tab.k1[k] = ka[k] + ka[k + 3], tab.k2[k] = ka[k] - ka[k + 3];

    uint64_t m[W][W], a[W][W], tmp[W][W];
    for (unsigned r = 0; r < W; r++)
        for (unsigned c = 0; c < W; c++)
            m[r][c] = hs_gl_add(hs_poseidon_gl12_mds_circ[(c + W - r) % W], r == c ? hs_poseidon_gl12_mds_diag[r] : 0);
    /* constants */
    uint64_t d[W];
    memcpy(d, hs_poseidon_gl12_rc[HALF_FULL + PARTIAL - 1], sizeof d);
    tab.rc0[PARTIAL - 1] = 0;
    for (unsigned r = PARTIAL - 1; r >= 1; r--) {
        memcpy(tmp, m, sizeof m);
        if (!solve(W, tmp, d)) return; /* d <- M^-1 d */
        tab.rc0[r - 1] = d[0];
        const uint64_t *c = hs_poseidon_gl12_rc[HALF_FULL + r - 1];
        d[0] = c[0];
        for (unsigned i = 1; i < W; i++) d[i] = hs_gl_add(d[i], c[i]);
    }
    memcpy(tab.first_rc, d, sizeof d);
    /* matrices */
    memcpy(a, m, sizeof m);
    for (unsigned r = PARTIAL; r-- > 0;) {
        /* what = Ah^-T a: solve Ah^T what = a */
        uint64_t aht[W][W], what[W];
        for (unsigned i = 0; i < W - 1; i++) {
            what[i] = a[0][i + 1];
            for (unsigned j = 0; j < W - 1; j++) aht[i][j] = a[j + 1][i + 1];
        }
        if (!solve(W - 1, aht, what)) return;
        tab.row0[r][0] = a[0][0];
        for (unsigned i = 0; i < W - 1; i++) {
            tab.row0[r][i + 1] = what[i];
            tab.col0[r][i] = a[i + 1][0];
        }
        if (r == 0) {
            for (unsigned i = 0; i < W - 1; i++)
                for (unsigned j = 0; j < W - 1; j++) tab.init[i][j] = a[i + 1][j + 1];
            break;
        }
        /* a <- D_r M = diag(1, Ah) M */
        for (unsigned i = 0; i < W; i++)
            for (unsigned j = 0; j < W; j++) {
                if (i == 0) {
                    tmp[i][j] = m[0][j];
                    continue;
                }
                uint64_t acc = 0;
                for (unsigned k = 1; k < W; k++) acc = hs_gl_add(acc, hs_gl_mul(a[i][k], m[k][j]));
                tmp[i][j] = acc;
            }
        memcpy(a, tmp, sizeof a);
    }
    tab.fast_ok = 1;
}

PGL_INLINE void partial_rounds_fast(uint64_t *s) {
    for (unsigned i = 0; i < W; i++) s[i] = hs_gl_add(s[i], tab.first_rc[i]);
    uint64_t t[W];
    t[0] = s[0];
    for (unsigned i = 0; i < W - 1; i++) t[i + 1] = dot(tab.init[i], s + 1, W - 1);
    memcpy(s, t, sizeof t);
    for (unsigned r = 0; r < PARTIAL; r++) {
        s[0] = hs_gl_add(hs_gl_pow7(s[0]), tab.rc0[r]);
        uint64_t x0 = s[0];
        s[0] = dot(tab.row0[r], s, W);
        for (unsigned i = 1; i < W; i++) s[i] = hs_gl_reduce128((hs_u128)tab.col0[r][i - 1] * x0 + s[i]);
    }
}

static void permute_fast(uint64_t *s) {
    for (unsigned r = 0; r < HALF_FULL; r++) full_round(s, hs_poseidon_gl12_rc[r]);
    partial_rounds_fast(s);
    for (unsigned r = HALF_FULL + PARTIAL; r < 2 * HALF_FULL + PARTIAL; r++) full_round(s, hs_poseidon_gl12_rc[r]);
}

static void ready(void) { pthread_once(&tab_once, init_tables); }

const hs_pgl_tables *hs_pgl_tables_get(void) {
    ready();
    return &tab;
}

static void permute_ref_plain(uint64_t *s) { permute_ref(s, NULL); }

void hs_poseidon_gl12_permute(uint64_t s[12]) {
    ready();
    if (tab.fast_ok)
        permute_fast(s);
    else
        permute_ref(s, NULL);
}

void hs_poseidon_gl12_permute_ref(uint64_t s[12]) {
    ready();
    permute_ref(s, NULL);
}

void hs_poseidon_gl12_permute_trace(uint64_t s[12], uint64_t *rounds_out) {
    ready();
    permute_ref(s, rounds_out);
}

void hs_poseidon_gl12_mds(uint64_t s[12]) {
    ready();
    mds_layer(s);
}

static void many_batch(void *ctx, size_t lo, size_t cnt) {
    void (*fn)(uint64_t *) = tab.fast_ok ? permute_fast : permute_ref_plain;
    uint64_t *states = ctx;
    for (size_t k = lo; k < lo + cnt; k++) fn(states + k * W);
}

#ifndef HS_HAVE_AVX512
void hs_poseidon_gl12_permute_many_avx512(uint64_t *states, size_t n) {
    hs_poseidon_gl12_permute_many_portable(states, n);
}
#endif

void hs_poseidon_gl12_permute_many_portable(uint64_t *states, size_t n) {
    ready();
    many_batch(states, 0, n);
}

static void many_batch_avx512(void *ctx, size_t lo, size_t cnt) {
    hs_poseidon_gl12_permute_many_avx512((uint64_t *)ctx + lo * W, cnt);
}

void hs_poseidon_gl12_permute_many(uint64_t *states, size_t n, unsigned threads) {
    ready();
    /* the vector kernel runs the fast form only */
    hs_parallel_batches(n, 256, threads, tab.fast_ok && hs_cpu_has_avx512() ? many_batch_avx512 : many_batch, states);
}

/* ---- plonky2 hash modes ---- */

void hs_poseidon_gl12_hash_no_pad(uint64_t out[4], const uint64_t *in, size_t n) {
    uint64_t s[W] = {0};
    for (size_t off = 0; off < n; off += HS_POSEIDON_GL12_RATE) {
        size_t m = n - off < HS_POSEIDON_GL12_RATE ? n - off : HS_POSEIDON_GL12_RATE;
        memcpy(s, in + off, m * sizeof *s);
        hs_poseidon_gl12_permute(s);
    }
    memcpy(out, s, HS_POSEIDON_GL12_DIGEST * sizeof *s);
}

void hs_poseidon_gl12_two_to_one(uint64_t out[4], const uint64_t left[4], const uint64_t right[4]) {
    uint64_t s[W] = {0};
    memcpy(s, left, 4 * sizeof *s);
    memcpy(s + 4, right, 4 * sizeof *s);
    hs_poseidon_gl12_permute(s);
    memcpy(out, s, 4 * sizeof *s);
}
