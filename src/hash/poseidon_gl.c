#include "hash/poseidon_gl.h"

#include <pthread.h>
#include <string.h>

#include "field/gl.h"

extern const uint64_t hs_poseidon_gl12_rc[30][12], hs_poseidon_gl12_mds_circ[12], hs_poseidon_gl12_mds_diag[12];

#define W 12
#define HALF_FULL 4
#define PARTIAL 22
#define PGL_INLINE static inline __attribute__((always_inline))

/* ---- arithmetic helpers ---- */

/* hs_gl_reduce128 without the final conditional subtraction (result < 2^64, congruent): fine as
 * the input of another multiplication. */
PGL_INLINE uint64_t red128_nc(hs_u128 x) {
    uint64_t lo = (uint64_t)x, hi = (uint64_t)(x >> 64);
    uint64_t hi_hi = hi >> 32, hi_lo = hi & HS_GL_EPS;
    uint64_t t = lo - hi_hi;
    if (lo < hi_hi) t -= HS_GL_EPS;
    uint64_t r = t + hi_lo * HS_GL_EPS;
    if (r < t) r += HS_GL_EPS;
    return r;
}

PGL_INLINE uint64_t sbox7(uint64_t x) {
    uint64_t x2 = red128_nc((hs_u128)x * x);
    uint64_t x3 = red128_nc((hs_u128)x2 * x);
    uint64_t x4 = red128_nc((hs_u128)x2 * x2);
    return hs_gl_reduce128((hs_u128)x3 * x4);
}

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

/* ---- MDS ---- */

/* Row r = sum_i circ[i] s[(i + r) % 12] + diag[r] s[r]. The entries are small (row sum 264), so
 * each lane is split into 32-bit halves whose weighted sums stay below 2^41 in 64-bit lanes; the
 * loops are plain widening multiply-adds that the compiler vectorises. One reduction per row. */
PGL_INLINE void mds_layer(uint64_t *s) {
    uint32_t lo[2 * W], hi[2 * W];
    for (unsigned i = 0; i < W; i++) {
        lo[i] = lo[i + W] = (uint32_t)s[i];
        hi[i] = hi[i + W] = (uint32_t)(s[i] >> 32);
    }
    uint64_t al[W], ah[W];
    for (unsigned r = 0; r < W; r++) {
        al[r] = (uint64_t)(uint32_t)hs_poseidon_gl12_mds_diag[r] * lo[r];
        ah[r] = (uint64_t)(uint32_t)hs_poseidon_gl12_mds_diag[r] * hi[r];
    }
    for (unsigned i = 0; i < W; i++) {
        uint32_t c = (uint32_t)hs_poseidon_gl12_mds_circ[i];
        for (unsigned r = 0; r < W; r++) {
            al[r] += (uint64_t)c * lo[i + r];
            ah[r] += (uint64_t)c * hi[i + r];
        }
    }
    for (unsigned r = 0; r < W; r++) s[r] = hs_gl_reduce96((hs_u128)al[r] + ((hs_u128)ah[r] << 32));
}

void hs_poseidon_gl12_mds(uint64_t s[12]) { mds_layer(s); }

PGL_INLINE void full_round(uint64_t *s, const uint64_t *rc) {
    for (unsigned i = 0; i < W; i++) s[i] = sbox7(hs_gl_add(s[i], rc[i]));
    mds_layer(s);
}

/* ---- straightforward form ---- */

void hs_poseidon_gl12_permute_trace(uint64_t s[12], uint64_t *out) {
    for (unsigned r = 0; r < 2 * HALF_FULL + PARTIAL; r++) {
        const uint64_t *rc = hs_poseidon_gl12_rc[r];
        if (r < HALF_FULL || r >= HALF_FULL + PARTIAL) {
            full_round(s, rc);
        } else {
            for (unsigned i = 0; i < W; i++) s[i] = hs_gl_add(s[i], rc[i]);
            s[0] = sbox7(s[0]);
            mds_layer(s);
        }
        if (out) memcpy(out + W * r, s, W * sizeof *s);
    }
}

void hs_poseidon_gl12_permute_ref(uint64_t s[12]) { hs_poseidon_gl12_permute_trace(s, NULL); }

/* ---- fast partial rounds (Poseidon paper appendix B) ----
 * Partial round r of the straightforward form: x += c_r; x0 = x0^7; x = M x.
 * Constants: going backwards, the whole pre-S-box constant d_r of round r >= 1 is moved through M
 * (t = M^-1 d_r): t[0] becomes a scalar added after round r-1's S-box, t[1..11] joins c_{r-1}
 * (the S-box does not touch lanes 1..11). Round 0 keeps a full-width constant.
 * Matrices: a matrix A = [[a00, a^T], [b, Ah]] (blocks 1 and 11) factors as A = S D with
 * D = diag(1, Ah) and sparse S = [[a00, what^T], [b, I]], what = Ah^-T a. D commutes with the
 * lane-0 S-box and lane-0 constant, so it moves into the previous round: A_{r-1} = D_r M. D_0 is
 * applied once, after the first constant. Per partial round that leaves 23 multiplications. */
static struct {
    int ok;
    uint64_t first_rc[W];             /* added to all lanes before the partial rounds */
    uint64_t init[W - 1][W - 1];      /* Ah of D_0, applied to lanes 1..11 */
    uint64_t rc0[PARTIAL];            /* added to lane 0 after the S-box of round r */
    uint64_t row0[PARTIAL][W];        /* (a00, what) of S_r */
    uint64_t col0[PARTIAL][W - 1];    /* b of S_r */
} fast;
static pthread_once_t fast_once = PTHREAD_ONCE_INIT;

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

static void init_fast(void) {
    uint64_t m[W][W], a[W][W], tmp[W][W];
    for (unsigned r = 0; r < W; r++)
        for (unsigned c = 0; c < W; c++)
            m[r][c] = hs_gl_add(hs_poseidon_gl12_mds_circ[(c + W - r) % W], r == c ? hs_poseidon_gl12_mds_diag[r] : 0);
    /* constants */
    uint64_t d[W];
    memcpy(d, hs_poseidon_gl12_rc[HALF_FULL + PARTIAL - 1], sizeof d);
    fast.rc0[PARTIAL - 1] = 0;
    for (unsigned r = PARTIAL - 1; r >= 1; r--) {
        memcpy(tmp, m, sizeof m);
        if (!solve(W, tmp, d)) return; /* d <- M^-1 d */
        fast.rc0[r - 1] = d[0];
        const uint64_t *c = hs_poseidon_gl12_rc[HALF_FULL + r - 1];
        d[0] = c[0];
        for (unsigned i = 1; i < W; i++) d[i] = hs_gl_add(d[i], c[i]);
    }
    memcpy(fast.first_rc, d, sizeof d);
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
        fast.row0[r][0] = a[0][0];
        for (unsigned i = 0; i < W - 1; i++) {
            fast.row0[r][i + 1] = what[i];
            fast.col0[r][i] = a[i + 1][0];
        }
        if (r == 0) {
            for (unsigned i = 0; i < W - 1; i++)
                for (unsigned j = 0; j < W - 1; j++) fast.init[i][j] = a[i + 1][j + 1];
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
    fast.ok = 1;
}

PGL_INLINE void partial_rounds_fast(uint64_t *s) {
    for (unsigned i = 0; i < W; i++) s[i] = hs_gl_add(s[i], fast.first_rc[i]);
    uint64_t t[W];
    t[0] = s[0];
    for (unsigned i = 0; i < W - 1; i++) t[i + 1] = dot(fast.init[i], s + 1, W - 1);
    memcpy(s, t, sizeof t);
    for (unsigned r = 0; r < PARTIAL; r++) {
        s[0] = hs_gl_add(sbox7(s[0]), fast.rc0[r]);
        uint64_t x0 = s[0];
        s[0] = dot(fast.row0[r], s, W);
        for (unsigned i = 1; i < W; i++) s[i] = hs_gl_reduce128((hs_u128)fast.col0[r][i - 1] * x0 + s[i]);
    }
}

static void permute_fast(uint64_t *s) {
    for (unsigned r = 0; r < HALF_FULL; r++) full_round(s, hs_poseidon_gl12_rc[r]);
    partial_rounds_fast(s);
    for (unsigned r = HALF_FULL + PARTIAL; r < 2 * HALF_FULL + PARTIAL; r++) full_round(s, hs_poseidon_gl12_rc[r]);
}

static int fast_ready(void) {
    pthread_once(&fast_once, init_fast);
    return fast.ok;
}

void hs_poseidon_gl12_permute(uint64_t s[12]) {
    if (fast_ready())
        permute_fast(s);
    else
        hs_poseidon_gl12_permute_ref(s);
}

void hs_poseidon_gl12_permute_many(uint64_t *states, size_t n, unsigned threads) {
    void (*fn)(uint64_t *) = fast_ready() ? permute_fast : hs_poseidon_gl12_permute_ref;
    const size_t chunk = 256; /* states per work item */
    if (threads <= 1 || n < 2 * chunk) {
        for (size_t k = 0; k < n; k++) fn(states + k * W);
        return;
    }
    const size_t items = (n + chunk - 1) / chunk;
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t it = 0; it < items; it++) {
        size_t lo = it * chunk, hi = n - lo < chunk ? n : lo + chunk;
        for (size_t k = lo; k < hi; k++) fn(states + k * W);
    }
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
