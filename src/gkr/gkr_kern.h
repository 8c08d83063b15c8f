/* Row kernels of the gkr layer sumcheck (internal to src/gkr). K-valued tables are stored as five
 * planes (structure of arrays: plane c holds coordinate c of every entry), so the AVX2 twins load
 * 8 rows of a coordinate with one instruction. Each kernel covers rows [lo, hi) and ADDS its
 * result to the caller's accumulators; every one has a portable, an AVX2 and an AVX-512 version
 * (gkr_kern_packed.inc) that give identical results (tests/test_gkr.c). */
#ifndef HS_GKR_GKR_KERN_H
#define HS_GKR_GKR_KERN_H

#include <stddef.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "poly/mle.h"

#define HS_GKR_KERN_MAX_COLS 48
#define HS_GKR_KERN_SKIP_D 8    /* the univariate skip's domain D = {0..7} */
#define HS_GKR_KERN_SKIP_PTS 22 /* its round polynomial's values q(0..21) */

/* K tables are in the toolkit's plane layout (poly/mle.h, hs_mle_k5); the planes of a gkr table
 * are `cap` entries apart (hs_gkr_plane_cap in gkr/gkr.h for the padded layout). */

typedef struct {
    /* round 0 on base columns: acc[j][t] += sum_x eq[x] * v_t^3, v_0 = a, v_1 = 2b - a, v_2 = 3b - 2a,
     * a = cols[j][x], b = cols[j][x + h], for j < n_cube */
    void (*round0)(const hs_kb *const *cols, unsigned n_cube, size_t h, hs_mle_k5 eq, size_t lo, size_t hi,
                   hs_kb5 acc[][3]);
    /* round 1 on base columns (round 0 bound to r0, not yet folded): with a_b = cols[j][x + b q]
     * (b = 2 b0 + b1), A = a_0 + t (a_1 - a_0), D = a_2 + t (a_3 - a_2) - A for t = 0, 2, 3, the lane's
     * value is A + r0 D and its cube sum_k binom(3, k) r0^k A^(3-k) D^k; acc[j][t][k] += sum_x eq[x] A^(3-k) D^k */
    void (*round1)(const hs_kb *const *cols, unsigned n_cube, size_t q, hs_mle_k5 eq, size_t lo, size_t hi,
                   hs_kb5 acc[][3][4]);
    /* out[x] = sum_b w[b] col[x + b q], b = 0..3 (two rounds folded at once from the base column) */
    void (*fold01)(const hs_kb *col, size_t q, const hs_kb5 *w, hs_mle_k5 out, size_t lo, size_t hi);
    /* a K column as a linear lane: *la += sum eq[x] lin[x], *lb += sum eq[x] lin[x + h] (lb may be NULL) */
    void (*lin)(hs_mle_k5 lin, size_t h, hs_mle_k5 eq, size_t lo, size_t hi, hs_kb5 *la, hs_kb5 *lb);
    /* later rounds on folded K columns (fold[j], j < n_cube), a = f[x], d = f[x + h] - f[x]; the cube
     * (a + X d)^3 = a^3 + 3 a^2 d X + 3 a d^2 X^2 + d^3 X^3: c[0] += sum eq[x] sum_j a^3,
     * c[1] += sum eq[x] sum_j a^2 d, c[2] += sum eq[x] sum_j d^3 (the X^2 term follows from the claim) */
    void (*roundk)(const hs_mle_k5 *fold, unsigned n_cube, size_t h, hs_mle_k5 eq, size_t lo, size_t hi, hs_kb5 q[3]);
    /* out[x] = s a + sr (b - a), a = col[x], b = col[x + h] */
    void (*fold0)(const hs_kb *col, size_t h, hs_kb5 s, hs_kb5 sr, hs_mle_k5 out, size_t lo, size_t hi);
    /* in place: f[x] += r (f[x + h] - f[x]) */
    void (*foldk)(hs_mle_k5 f, size_t h, hs_kb5 r, size_t lo, size_t hi);
    /* dst[x] = sum_{j < k} coef[j] cols[j][x] */
    void (*lincol)(const hs_kb *const *cols, unsigned k, const hs_kb5 *coef, hs_mle_k5 dst, size_t lo, size_t hi);
    /* out[j] += sum eq[x] cols[j][x] for j < k */
    void (*dot)(const hs_kb *const *cols, unsigned k, hs_mle_k5 eq, size_t lo, size_t hi, hs_kb5 *out);
    /* the skip round (gkr.h): acc[j][X] += sum_y eq[y] v^3, X = 0..21, v the degree-7 polynomial
     * through cols[j][d M + y], d = 0..7 (raw rows at D, backward differences beyond), j < n_cube */
    void (*skip)(const hs_kb *const *cols, unsigned n_cube, size_t M, hs_mle_k5 eq, size_t lo, size_t hi,
                 hs_kb5 acc[][HS_GKR_KERN_SKIP_PTS]);
    /* out[y] = sum_d w[d] col[d M + y] (the skip fold of a base column) */
    void (*skipf0)(const hs_kb *col, size_t M, const hs_kb5 *w, hs_mle_k5 out, size_t lo, size_t hi);
    /* dst[y] = sum_d w[d] src[d M + y] (dst may be src: each y reads only its own entries) */
    void (*skipfk)(hs_mle_k5 src, size_t M, const hs_kb5 *w, hs_mle_k5 dst, size_t lo, size_t hi);
    /* the partial layers' running linear column (gkr.c): for x = d M + y, d < 8, y in [lo, hi):
     * if P: L[x] += mu P[x] + na s[x] + cst (s may be NULL: no s term); then, if eq.p[0]:
     * lam[d] += eq[y] L[x] (the skip round's linear sums, from the updated values) */
    void (*lupd)(hs_mle_k5 L, size_t M, const hs_kb *P, const hs_kb *s, hs_kb5 mu, hs_kb5 na, hs_kb5 cst, hs_mle_k5 eq,
                 size_t lo, size_t hi, hs_kb5 lam[HS_GKR_KERN_SKIP_D]);
} hs_gkr_kernels;

extern const hs_gkr_kernels hs_gkr_kernels_portable;
extern const hs_gkr_kernels hs_gkr_kernels_avx2; /* same as portable without AVX2 at build time */
#ifdef HS_HAVE_AVX512
extern const hs_gkr_kernels hs_gkr_kernels_avx512; /* gkr_kern_avx512.c */
#endif
/* The highest of AVX-512, AVX2, portable that hs_cpu_simd_level() allows. */
const hs_gkr_kernels *hs_gkr_kernels_best(void);

#endif
