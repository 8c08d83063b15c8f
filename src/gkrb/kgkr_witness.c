/* The bit-sliced Keccak-f[1600] witness and the linear maps of the binary GKR walk (kgkr.h). The
 * round is FIPS 202 section 3.2 (theta, rho, pi, chi, iota) on columns of 64 instances a word. */
#include <string.h>

#include "field/bitslice.h"
#include "gkrb/kgkr_internal.h"
#include "hash/keccak.h"
#include "util/mem.h"
#include "util/parallel.h"

/* rho's rotation offsets of lane x + 5 y (FIPS 202, Table 2). */
static const unsigned kgkr_rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                      25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

void hs_kgkr_bitslice(uint64_t *cols, const uint64_t *states, size_t n, size_t words) {
    uint64_t m[64];
    for (size_t b = 0; b < words; b++)
        for (unsigned l = 0; l < 25; l++) {
            for (size_t j = 0; j < 64; j++) m[j] = 64 * b + j < n ? states[(64 * b + j) * 25 + l] : 0;
            hs_bits_transpose64(m);
            for (unsigned z = 0; z < 64; z++) cols[(size_t)(64 * l + z) * words + b] = m[z];
        }
}

void hs_kgkr_unslice(uint64_t st[25], const uint64_t *cols, size_t words, size_t i) {
    for (unsigned l = 0; l < 25; l++) {
        uint64_t v = 0;
        for (unsigned z = 0; z < 64; z++) v |= (cols[(size_t)(64 * l + z) * words + i / 64] >> (i % 64) & 1) << z;
        st[l] = v;
    }
}

void hs_kgkr_linear(uint64_t *out, const uint64_t *in, size_t words) {
    uint64_t c[5][64];
    for (size_t b = 0; b < words; b++) {
        for (unsigned x = 0; x < 5; x++)
            for (unsigned z = 0; z < 64; z++) {
                uint64_t s = 0;
                for (unsigned y = 0; y < 5; y++) s ^= in[hs_kgkr_col(x, y, z) * words + b];
                c[x][z] = s;
            }
        for (unsigned x = 0; x < 5; x++)
            for (unsigned y = 0; y < 5; y++) {
                const unsigned X = y, Y = (2 * x + 3 * y) % 5, r = kgkr_rho[x + 5 * y];
                for (unsigned z = 0; z < 64; z++) {
                    const uint64_t d = c[(x + 4) % 5][z] ^ c[(x + 1) % 5][(z + 63) % 64];
                    out[hs_kgkr_col(X, Y, (z + r) % 64) * words + b] = in[hs_kgkr_col(x, y, z) * words + b] ^ d;
                }
            }
    }
}

void hs_kgkr_chi_iota(uint64_t *out, const uint64_t *in, size_t words, unsigned round) {
    const uint64_t rc = hs_keccak_rc[round];
    for (size_t b = 0; b < words; b++)
        for (unsigned y = 0; y < 5; y++)
            for (unsigned z = 0; z < 64; z++) {
                uint64_t a[5];
                for (unsigned x = 0; x < 5; x++) a[x] = in[hs_kgkr_col(x, y, z) * words + b];
                for (unsigned x = 0; x < 5; x++)
                    out[hs_kgkr_col(x, y, z) * words + b] = a[x] ^ (~a[(x + 1) % 5] & a[(x + 2) % 5]);
                if (y == 0 && (rc >> z & 1)) out[hs_kgkr_col(0, 0, z) * words + b] ^= ~(uint64_t)0;
            }
}

void hs_kgkr_linear_t(hs_gf128 *out, const hs_gf128 *in) {
    hs_gf128 u[HS_KGKR_BITS], d[5][64];
    /* pi and rho move bit (x, y, z) to (y, 2x + 3y, z + r): the transpose reads the weight back */
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            for (unsigned z = 0; z < 64; z++)
                u[hs_kgkr_col(x, y, z)] = in[hs_kgkr_col(y, (2 * x + 3 * y) % 5, (z + kgkr_rho[x + 5 * y]) % 64)];
    /* theta adds column sums C[x - 1][z] and C[x + 1][z - 1] to (x, y, z), so bit (x, y, z) reaches every
     * y of columns (x + 1, z) and (x - 1, z + 1) */
    for (unsigned x = 0; x < 5; x++)
        for (unsigned z = 0; z < 64; z++) {
            hs_gf128 s = hs_gf128_zero();
            for (unsigned y = 0; y < 5; y++) s = hs_gf128_add(s, u[hs_kgkr_col(x, y, z)]);
            d[x][z] = s;
        }
    for (unsigned x = 0; x < 5; x++)
        for (unsigned y = 0; y < 5; y++)
            for (unsigned z = 0; z < 64; z++) {
                const unsigned q = hs_kgkr_col(x, y, z);
                out[q] = hs_gf128_add(u[q], hs_gf128_add(d[(x + 1) % 5][z], d[(x + 4) % 5][(z + 1) % 64]));
            }
}

static void kgkr_eval_batch(const hs_gkrb_sums *c, size_t lo, size_t cnt) {
    const uint64_t *cols = c->user;
    hs_gf128 *acc = c->acc + (lo / c->chunk) * HS_KGKR_BITS;
    hs_gf128 t[8][256];
    for (size_t b = lo; b < lo + cnt; b++) {
        for (unsigned g = 0; g < 8; g++) kgkr_subset_sums(t[g], c->eq + 64 * b + 8 * g);
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) {
            const uint64_t v = cols[(size_t)q * c->items + b];
            hs_gf128 s = acc[q];
            for (unsigned g = 0; g < 8; g++) s = hs_gf128_add(s, t[g][(v >> (8 * g)) & 0xff]);
            acc[q] = s;
        }
    }
}

int hs_kgkr_eval_cols(hs_gf128 out[HS_KGKR_BITS], const uint64_t *cols, unsigned log_n, const hs_gf128 *pt,
                      unsigned threads) {
    const size_t words = hs_kgkr_words(log_n);
    const unsigned th = threads ? threads : 1;
    return hs_gkrb_eq_sums(out, HS_KGKR_BITS, pt, log_n, words * 64, words, (words + th - 1) / th, th, kgkr_eval_batch,
                           cols);
}

typedef struct {
    hs_kgkr_witness *w;
} kgkr_wit_ctx;

/* Words of each column a batch item computes together: 8 words are one 64-byte line of every
 * column, so the 24 chi inputs are written a whole line at a time (one word at a time wrote 1600
 * lines a word). */
#define KGKR_WIT_BLOCK 8

static void kgkr_wit_batch(void *vctx, size_t lo, size_t cnt) {
    hs_kgkr_witness *w = ((kgkr_wit_ctx *)vctx)->w;
    const size_t words = w->words;
    uint64_t s[HS_KGKR_BITS * KGKR_WIT_BLOCK], l[HS_KGKR_BITS * KGKR_WIT_BLOCK];
    for (size_t blk = lo; blk < lo + cnt; blk++) {
        const size_t b0 = blk * KGKR_WIT_BLOCK, bw = words - b0 < KGKR_WIT_BLOCK ? words - b0 : KGKR_WIT_BLOCK;
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) memcpy(s + q * bw, w->in + (size_t)q * words + b0, bw * sizeof *s);
        for (unsigned r = 0; r < HS_KECCAK_ROUNDS; r++) {
            hs_kgkr_linear(l, s, bw);
            uint64_t *dst = w->chi_in + (size_t)r * HS_KGKR_BITS * words + b0;
            for (unsigned q = 0; q < HS_KGKR_BITS; q++) memcpy(dst + (size_t)q * words, l + q * bw, bw * sizeof *l);
            hs_kgkr_chi_iota(s, l, bw, r);
        }
        for (unsigned q = 0; q < HS_KGKR_BITS; q++) memcpy(w->out + (size_t)q * words + b0, s + q * bw, bw * sizeof *s);
    }
}

int hs_kgkr_witness_build(hs_kgkr_witness *w, const uint64_t *states, unsigned log_n, unsigned threads,
                          const char **why) {
    memset(w, 0, sizeof *w);
    if (log_n > HS_KGKR_MAX_LOG_N) {
        *why = "keccak-gkr: log_n above the maximum";
        return 0;
    }
    w->log_n = log_n;
    w->words = hs_kgkr_words(log_n);
    const size_t cw = HS_KGKR_BITS * w->words;
    w->in = hs_alloc_array(cw, sizeof *w->in);
    w->out = hs_alloc_array(cw, sizeof *w->out);
    w->chi_in = hs_alloc_array(cw * HS_KECCAK_ROUNDS, sizeof *w->chi_in);
    if (!w->in || !w->out || !w->chi_in) {
        hs_kgkr_witness_free(w);
        *why = hs_why_nomem;
        return 0;
    }
    hs_kgkr_bitslice(w->in, states, (size_t)1 << log_n, w->words);
    kgkr_wit_ctx c = {w};
    hs_parallel_batches((w->words + KGKR_WIT_BLOCK - 1) / KGKR_WIT_BLOCK, 1, threads, kgkr_wit_batch, &c);
    return 1;
}

void hs_kgkr_witness_free(hs_kgkr_witness *w) {
    hs_free(w->in);
    hs_free(w->out);
    hs_free(w->chi_in);
    memset(w, 0, sizeof *w);
}
