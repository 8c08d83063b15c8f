#include "field/kb_ext.h"

#include <string.h>

/* ---- inverse: one solver for all three moduli ----
 *
 * a^-1 is the x with a * x = 1, i.e. M x = e_0 where column j of M is a * X^j mod f. The
 * modulus enters only through red[0..d-1], the coefficients of X^d mod f. Forward elimination
 * cross-multiplies rows (row_r = piv * row_r - m * row_c) so it needs no division; the d
 * diagonal entries are then inverted together with one base-field inversion. */
#define HS_KBX_MAX_DEG 8

static void hs_kbx_inv_generic(hs_kb *out, const hs_kb *a, unsigned d, const hs_kb *red) {
    hs_kb m[HS_KBX_MAX_DEG][HS_KBX_MAX_DEG + 1];
    hs_kb col[HS_KBX_MAX_DEG];
    memset(out, 0, d * sizeof *out);
    uint32_t nz = 0;
    for (unsigned i = 0; i < d; i++) nz |= a[i];
    if (!nz) return;

    memcpy(col, a, d * sizeof *col);
    for (unsigned j = 0; j < d; j++) {
        for (unsigned i = 0; i < d; i++) m[i][j] = col[i];
        /* col *= X: shift up, fold the X^d term back with red */
        hs_kb top = col[d - 1];
        for (unsigned i = d - 1; i > 0; i--) col[i] = hs_kb_add(col[i - 1], hs_kb_mul(top, red[i]));
        col[0] = hs_kb_mul(top, red[0]);
    }
    for (unsigned i = 0; i < d; i++) m[i][d] = i == 0 ? HS_KB_ONE : 0;

    for (unsigned c = 0; c < d; c++) {
        unsigned r = c;
        while (r < d && m[r][c] == 0) r++;
        if (r == d) return; /* singular: only if f were reducible */
        if (r != c) {
            for (unsigned k = c; k <= d; k++) {
                hs_kb t = m[r][k];
                m[r][k] = m[c][k];
                m[c][k] = t;
            }
        }
        hs_kb piv = m[c][c];
        for (r = c + 1; r < d; r++) {
            hs_kb f = m[r][c];
            if (!f) continue;
            hs_kb nf = HS_KB_P - f;
            /* two products stay below P32, so one REDC per entry */
            for (unsigned k = c + 1; k <= d; k++)
                m[r][k] = hs_kb_redc(hs_kbx_prod(piv, m[r][k]) + hs_kbx_prod(nf, m[c][k]));
        }
    }

    hs_kb diag[HS_KBX_MAX_DEG], dinv[HS_KBX_MAX_DEG];
    for (unsigned i = 0; i < d; i++) diag[i] = m[i][i];
    hs_kb_batch_inv(dinv, diag, d);
    for (unsigned i = d; i-- > 0;) {
        hs_kb s = m[i][d];
        for (unsigned j = i + 1; j < d; j++) s = hs_kb_sub(s, hs_kb_mul(m[i][j], out[j]));
        out[i] = hs_kb_mul(s, dinv[i]);
    }
}

hs_kb4 hs_kb4_inv(hs_kb4 a) {
    const hs_kb red[4] = {hs_kb_from_u32(3), 0, 0, 0}; /* X^4 = 3 */
    hs_kb4 r;
    hs_kbx_inv_generic(r.c, a.c, 4, red);
    return r;
}

hs_kb5 hs_kb5_inv(hs_kb5 a) {
    const hs_kb red[5] = {HS_KB_ONE, 0, hs_kb_neg(HS_KB_ONE), 0, 0}; /* X^5 = 1 - X^2 */
    hs_kb5 r;
    hs_kbx_inv_generic(r.c, a.c, 5, red);
    return r;
}

hs_kb8 hs_kb8_inv(hs_kb8 a) {
    const hs_kb red[8] = {hs_kb_from_u32(3), 0, 0, 0, 0, 0, 0, 0}; /* X^8 = 3 */
    hs_kb8 r;
    hs_kbx_inv_generic(r.c, a.c, 8, red);
    return r;
}

/* ---- conversions ---- */

static int hs_kbx_from_u32s(hs_kb *out, const uint32_t *c, unsigned d) {
    int ok = 1;
    for (unsigned i = 0; i < d; i++) {
        ok &= c[i] < HS_KB_P;
        out[i] = hs_kb_from_u64(c[i]);
    }
    return ok;
}

static void hs_kbx_to_u32s(uint32_t *out, const hs_kb *x, unsigned d) {
    for (unsigned i = 0; i < d; i++) out[i] = hs_kb_to_u32(x[i]);
}

/* ---- exp, batch inverse, conversions: the same code for each degree ---- */

#define HS_KBX_DEFINE_COMMON(T, N)                                                        \
    T T##_exp(T a, uint64_t e) {                                                          \
        T r = T##_one();                                                                  \
        while (e) {                                                                       \
            if (e & 1) r = T##_mul(r, a);                                                 \
            e >>= 1;                                                                      \
            if (e) a = T##_square(a);                                                     \
        }                                                                                 \
        return r;                                                                         \
    }                                                                                     \
                                                                                          \
    void T##_batch_inv(T *restrict out, const T *restrict in, size_t n) {                 \
        if (n == 0) return;                                                               \
        /* out[i] = product of the nonzero in[0..i-1]; one inversion; walk back */        \
        T acc = T##_one();                                                                \
        for (size_t i = 0; i < n; i++) {                                                  \
            out[i] = acc;                                                                 \
            if (!T##_is_zero(in[i])) acc = T##_mul(acc, in[i]);                           \
        }                                                                                 \
        T inv = T##_inv(acc);                                                             \
        for (size_t i = n; i-- > 0;) {                                                    \
            if (T##_is_zero(in[i])) {                                                     \
                out[i] = T##_zero();                                                      \
            } else {                                                                      \
                T r = T##_mul(inv, out[i]);                                               \
                inv = T##_mul(inv, in[i]);                                                \
                out[i] = r;                                                               \
            }                                                                             \
        }                                                                                 \
    }                                                                                     \
                                                                                          \
    int T##_from_u32s(T *out, const uint32_t *c) { return hs_kbx_from_u32s(out->c, c, N); } \
    void T##_to_u32s(uint32_t *out, T x) { hs_kbx_to_u32s(out, x.c, N); }

HS_KBX_DEFINE_COMMON(hs_kb4, 4)
HS_KBX_DEFINE_COMMON(hs_kb5, 5)
HS_KBX_DEFINE_COMMON(hs_kb8, 8)
