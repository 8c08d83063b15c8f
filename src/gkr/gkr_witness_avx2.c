/* AVX2 replay of the partial rounds for the gkr witness: 8 permutations per vector, each lane of
 * the state one vector, gathered from the round records and stored straight into the columns. */
#include <immintrin.h>

#include "field/kb_avx2.h"
#include "gkr/gkr.h"

#define REC_WORDS 164

void hs_gkr_replay_avx2(const hs_kb *rec, size_t m, hs_kb *const *dst) {
    const hs_p2_params *pp = hs_p2_kb16();
    enum { W = HS_GKR_LANES, P = HS_GKR_PARTIAL };
    const __m256i idx = _mm256_setr_epi32(0, REC_WORDS, 2 * REC_WORDS, 3 * REC_WORDS, 4 * REC_WORDS, 5 * REC_WORDS,
                                          6 * REC_WORDS, 7 * REC_WORDS);
    hs_kb8x diag[W];
    for (unsigned j = 0; j < W; j++) diag[j] = hs_kb8x_set1(pp->diag[j]);
    size_t k = 0;
    for (; k + 8 <= m; k += 8) {
        const int *r = (const int *)(rec + k * REC_WORDS);
        hs_kb8x s[W];
        for (unsigned j = 0; j < W; j++) s[j] = _mm256_i32gather_epi32(r + 4 * W + j, idx, 4);
        for (unsigned j = 1; j < W; j++) hs_kb8x_store(dst[P + j - 1] + k, s[j]);
        for (unsigned q = 0; q < P; q++) {
            hs_kb8x_store(dst[q] + k, hs_kb8x_add(s[0], hs_kb8x_set1(pp->rc_int[q])));
            s[0] = _mm256_i32gather_epi32(r + 5 * W + q, idx, 4);
            if (q + 1 < P) hs_kb8x_store(dst[P + 15 + q] + k, s[0]);
            /* M_I = J + diag(V): every lane gets the sum of all lanes plus V_j times itself */
            hs_kb8x sum = s[0];
            for (unsigned j = 1; j < W; j++) sum = hs_kb8x_add(sum, s[j]);
            for (unsigned j = 0; j < W; j++) s[j] = hs_kb8x_add(sum, hs_kb8x_mul(diag[j], s[j]));
        }
        for (unsigned j = 0; j < W; j++)
            hs_kb8x_store(dst[P + HS_GKR_BASIS + j] + k, hs_kb8x_add(s[j], hs_kb8x_set1(pp->rc_final[0][j])));
    }
    if (k < m) {
        hs_kb *tail[HS_GKR_REPLAY_COLS];
        for (unsigned c = 0; c < HS_GKR_REPLAY_COLS; c++) tail[c] = dst[c] + k;
        hs_gkr_replay_portable(rec + k * REC_WORDS, m - k, tail);
    }
}
