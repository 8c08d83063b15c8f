/* The fixed XMSS batch the xmssagg fuzz target verifies against and gen_corpus proves: n <=
 * HS_FUZZ_XA_MAX_N leanvm-kb-2605 signatures of one fixed message at epoch 5, key k from seed
 * 100 + k. */
#ifndef HS_TESTS_FUZZ_XMSSAGG_H
#define HS_TESTS_FUZZ_XMSSAGG_H

#include <stdint.h>

#include "sig/xmss.h"

#define HS_FUZZ_XA_MAX_N 2
#define HS_FUZZ_XA_EPOCH 5u

/* pk: n x pk_words, sig: n x sig_words, msg: 32 bytes. 0 if signing failed. */
static inline int hs_fuzz_xa_batch(size_t n, uint32_t *pk, uint32_t *sig, uint8_t msg[32]) {
    const hs_xmss_scheme *s = hs_xmss_scheme_find("leanvm-kb-2605");
    for (unsigned i = 0; i < 32; i++) msg[i] = (uint8_t)(i % 4 == 3 ? 0x11 : 37 * i + 1);
    for (size_t k = 0; k < n; k++)
        if (!hs_xmss_sign_random(s, 100 + k, HS_FUZZ_XA_EPOCH, msg, pk + k * hs_xmss_pk_words(s),
                                 sig + k * hs_xmss_sig_words(s), 1000000))
            return 0;
    return 1;
}

#endif
