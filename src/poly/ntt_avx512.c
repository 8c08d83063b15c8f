/* The NTT row kernels on 16-word AVX-512 vectors: ntt_packed.inc on util/vec_avx512.h (tails by
 * mask registers, the REDC's high words packed by one masked movehdup). Compiled with the AVX-512
 * flags; reached only through hs_cpu_has_avx512(). */
#include "util/vec_avx512.h"

#include "field/kb.h"

/* Lane j = t[j >> sh] for narrow segments of 1, 2, 4 or 8 words (sh = 0..3): 16 >> sh twiddles
 * read (a masked load), then one cross-lane permute. */
static inline __attribute__((always_inline)) V spread(const hs_kb *t, unsigned sh) {
    if (sh == 0) return V_LOAD(t);
    const V idx = _mm512_srl_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                   _mm_cvtsi32_si128((int)sh));
    return _mm512_permutexvar_epi32(idx, v_load_first(t, (size_t)16 >> sh));
}

#define NTT_KERNELS hs_ntt_kernels_avx512
#define NTT_NAME "avx512"

#include "poly/ntt_packed.inc"
