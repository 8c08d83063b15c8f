/* Number-theoretic transforms and low-degree extension over KoalaBear, on row-major matrices.
 *
 * A matrix is h = 2^log_h rows of w >= 1 hs_kb (Montgomery form) stored row after row; every
 * column is an independent polynomial. A butterfly combines two whole rows, so the SIMD kernels
 * pack 8 (AVX2) or 16 (AVX-512) columns per vector (masked last vector for the rest; narrower
 * rows of a power-of-two width are packed several to a vector instead).
 *
 * Notation. w_n = hs_kb_two_adic_root(log n) (Plonky3's two-adic generators: 3^((p-1)/2^24)
 * squared down); H = <w_h>; bitrev(i) reverses the low log_h bits of i. A column holds either the
 * coefficients c_0..c_{h-1} of p(x) = sum_j c_j x^j ("coefficients", always natural order) or
 * values of p at points of shift*H ("evaluations", natural order: row i = p(shift*w_h^i);
 * bit-reversed order: row i = p(shift*w_h^bitrev(i))).
 *
 * The efficient pairing needs no row permutation at all (a trace without transitions may store
 * its rows in bit-reversed order, so no bit-reversal pass is needed, where Plonky3 does several):
 *   hs_ntt_dif   coefficients          -> bit-reversed evaluations on H
 *   hs_ntt_idit  bit-reversed evals    -> coefficients (1/h included)
 * The natural-order wrappers add one explicit row bit-reversal pass.
 *
 * Work is cut into tiles of ~256 KiB (a block of rows times a stripe of columns) that stay in L2
 * while up to 11 layers run on them with radix-4 butterflies: the bottom layers on contiguous row
 * blocks in place, the top layers on strided rows gathered into per-thread scratch (for w = 256,
 * a 2^16-row transform is two memory passes; 2^21 x 164 is three). Tiles are independent, so
 * threads never share writes, and every value is kept reduced to [0, p): results are
 * bit-identical for every thread count, tile size and kernel set.
 *
 * Threads: `threads` <= 1 runs on the caller's thread, otherwise an OpenMP team of exactly that
 * size. Functions returning int give 1 on success and 0 on bad arguments (log size beyond the
 * plan or 24, w == 0, NULL, zero shift, size overflow) or when scratch memory (threads x 256 KiB,
 * twice that for the LDE) is out. */
#ifndef HS_POLY_NTT_H
#define HS_POLY_NTT_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"

#define HS_NTT_MAX_LOG HS_KB_TWO_ADICITY /* 24 */

/* Row kernels, one set per instruction set. Each call works on a run of nseg consecutive
 * segments of len words: segment s of row x is x[s*len .. s*len + len) and uses twiddle t[s]
 * (so narrow rows still fill vectors). Rows are distinct arrays of nseg*len words.
 *   dif2: (a, b) <- (a + b, (a - b) * t)
 *   dit2: (a, b) <- (a + t*b, a - t*b)
 *   dif4: two DIF layers on rows x0..x3: (x0,x2) with ta, (x1,x3) with tb, then (x0,x1) and
 *         (x2,x3) with tc
 *   dit4: two DIT layers: (x0,x1) and (x2,x3) with tc, then (x0,x2) with ta, (x1,x3) with tb
 *   scale: segment s of dst = segment s of src * f * g^s (dst may equal src)
 * Values are in [0, p), except that dit2/dit4 take and may return values in [0, 2p) (the AVX2
 * and AVX-512 sets leave DIT outputs unreduced) and scale takes [0, 2p); every transform ends reduced. */
typedef struct {
    const char *name;
    void (*dif2)(hs_kb *a, hs_kb *b, size_t nseg, size_t len, const hs_kb *t);
    void (*dit2)(hs_kb *a, hs_kb *b, size_t nseg, size_t len, const hs_kb *t);
    void (*dif4)(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t nseg, size_t len, const hs_kb *ta,
                 const hs_kb *tb, const hs_kb *tc);
    void (*dit4)(hs_kb *x0, hs_kb *x1, hs_kb *x2, hs_kb *x3, size_t nseg, size_t len, const hs_kb *ta,
                 const hs_kb *tb, const hs_kb *tc);
    void (*scale)(hs_kb *dst, const hs_kb *src, size_t nseg, size_t len, hs_kb f, hs_kb g);
} hs_ntt_kernels;

/* Portable C, AVX2 (x86 builds) and AVX-512 (builds with HS_HAVE_AVX512); a set the build lacks
 * is the portable one under that name. Use the AVX2 set only when hs_cpu_has_avx2(), the
 * AVX-512 set only when hs_cpu_has_avx512(). */
extern const hs_ntt_kernels hs_ntt_kernels_portable;
extern const hs_ntt_kernels hs_ntt_kernels_avx2;
extern const hs_ntt_kernels hs_ntt_kernels_avx512;

/* Twiddle tables for every transform size up to 2^max_log_n (2 * 2^max_log_n words in all:
 * 128 MiB at 2^24). Layered layout: tw[m + k] = w_{2m}^k and itw[m + k] = w_{2m}^-k for
 * m = 1, 2, 4, ..., 2^(max_log_n - 1) and k < m. Caller-owned; read-only once built, so one plan
 * serves any number of threads and calls. */
typedef struct {
    unsigned max_log_n;
    hs_kb *tw;
    hs_kb *itw;
    const hs_ntt_kernels *kern; /* set by hs_ntt_plan_init from the SIMD level; tests may swap it */
    unsigned tile_log;          /* log2 words per cache tile: 16 (256 KiB); 6..24 allowed, tests shrink
                                   it to reach the multi-pass paths with small matrices */
} hs_ntt_plan;

/* Returns 0 if max_log_n > 24 or on out-of-memory (the plan is then empty, safe to free). */
int hs_ntt_plan_init(hs_ntt_plan *plan, unsigned max_log_n);
void hs_ntt_plan_free(hs_ntt_plan *plan);

/* Coefficients (natural) -> evaluations on H, bit-reversed: row i = p(w_h^bitrev(i)). */
int hs_ntt_dif(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads);
/* Evaluations on H, bit-reversed -> coefficients (natural), 1/h included. Inverse of hs_ntt_dif. */
int hs_ntt_idit(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads);
/* Natural -> natural: coefficients -> row i = p(w_h^i), and back. */
int hs_ntt_forward(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads);
int hs_ntt_inverse(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, unsigned threads);

/* The same on the coset shift*H (shift in Montgomery form, nonzero):
 * coset_dif: coefficients -> row i = p(shift * w_h^bitrev(i)); coset_idit: its inverse;
 * coset_forward / coset_inverse: natural order, row i = p(shift * w_h^i). */
int hs_ntt_coset_dif(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift, unsigned threads);
int hs_ntt_coset_idit(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift, unsigned threads);
int hs_ntt_coset_forward(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift,
                         unsigned threads);
int hs_ntt_coset_inverse(const hs_ntt_plan *plan, hs_kb *mat, unsigned log_h, size_t w, hs_kb shift,
                         unsigned threads);

/* Swap rows i and bitrev(i) (an involution). */
void hs_ntt_bitrev_rows(hs_kb *mat, unsigned log_h, size_t w, unsigned threads);

/* Low-degree extension. `in` holds h rows: evaluations of polynomials of degree < h on H, in
 * natural order (in_bitrev = 0) or bit-reversed order (in_bitrev != 0). Bit-reversed input costs
 * no permutation; natural input is permuted while it is read when out != in, and by one extra
 * hs_ntt_bitrev_rows pass when out == in.
 * Work: one iDIT of size h (its last pass fused with every block's first DIF pass), then one
 * size-h DIF per block; the scaling by (g*w_N^j)^i / h costs one multiplication per output
 * element.
 * `out` receives N = h * 2^log_blowup rows: evaluations on the coset g*K, K = <w_N>, g = 3
 * (HS_KB_GENERATOR), in bit-reversed order over all log_h + log_blowup bits:
 *     out row i = p(g * w_N^bitrev_N(i)),   bitrev_N reversing log_h + log_blowup bits,
 * which is Plonky3's committed LDE (coset_lde_batch followed by bit_reverse_rows). Equivalently,
 * block q = rows [q*h, (q+1)*h) holds the evaluations on the coset g*w_N^bitrev_B(q)*H in
 * hs_ntt_dif order (at blowup 2: block 0 is g*H, block 1 is g*w_N*H).
 * `out` may be `in` (the input then occupies its first h rows); otherwise they must not overlap
 * and `in` is left unchanged. Needs log_h <= plan->max_log_n and log_h + log_blowup <= 24. */
int hs_ntt_lde(const hs_ntt_plan *plan, const hs_kb *in, hs_kb *out, unsigned log_h, size_t w, unsigned log_blowup,
               int in_bitrev, unsigned threads);
/* General form: input evaluations on in_shift*H, output on out_shift*K (both Montgomery form,
 * nonzero); hs_ntt_lde is in_shift = 1, out_shift = g. */
int hs_ntt_coset_lde(const hs_ntt_plan *plan, const hs_kb *in, hs_kb *out, unsigned log_h, size_t w,
                     unsigned log_blowup, hs_kb in_shift, int in_bitrev, hs_kb out_shift, unsigned threads);

/* Finished output rows [first, first + nrows), stored at `rows` (= out + first * w), final and
 * never touched again by the LDE. `thread` < max(threads, 1) names the calling thread (for
 * per-thread state). */
typedef void (*hs_ntt_rows_fn)(void *ctx, const hs_kb *rows, size_t first, size_t nrows, int thread);

/* hs_ntt_coset_lde that hands every output row to fn exactly once, as soon as its block is done:
 * in the normal case right after the last pass over a ~256 KiB block, while it is still in L2,
 * so a Merkle leaf hasher can run fused with the LDE (hashing rows while they are in cache saves a
 * pass over the LDE through memory). Calls
 * come from several threads at once, on disjoint ranges, in no particular order; fn may be NULL. */
int hs_ntt_coset_lde_rows(const hs_ntt_plan *plan, const hs_kb *in, hs_kb *out, unsigned log_h, size_t w,
                          unsigned log_blowup, hs_kb in_shift, int in_bitrev, hs_kb out_shift, unsigned threads,
                          hs_ntt_rows_fn fn, void *ctx);

#endif
