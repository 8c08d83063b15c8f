/* Our byte hashes against well-kept system libraries on random inputs: OpenSSL's SHA3-256,
 * nettle's Keccak-f[1600] permutation and SHA3-256, libb2's BLAKE2s (unkeyed and keyed, every
 * digest length). Our code stays the one the prover uses; this only cross-checks it. */
#include <blake2.h>
#include <nettle/sha3.h>
#include <openssl/evp.h>
#include <string.h>

#include "hash/blake2s.h"
#include "hash/keccak.h"
#include "testutil.h"

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_syslib");
    unsigned long iters = hs_test_iters(1000);
    uint8_t msg[700], a[64], b[64], key[32];
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        size_t len = hs_rng_below(&rng, sizeof msg);
        for (size_t i = 0; i < len; i++) msg[i] = (uint8_t)hs_rng_u64(&rng);
        /* SHA3-256: OpenSSL and nettle */
        unsigned int olen = 32;
        hs_sha3_256(a, msg, len);
        CHECK(EVP_Digest(msg, len, b, &olen, EVP_sha3_256(), NULL) == 1 && olen == 32);
        CHECK(!memcmp(a, b, 32));
        struct sha3_256_ctx nctx;
        nettle_sha3_256_init(&nctx);
        nettle_sha3_256_update(&nctx, len, msg);
        nettle_sha3_256_digest(&nctx, 32, b);
        CHECK(!memcmp(a, b, 32));
        /* Keccak-f[1600]: nettle's permutation on a random state */
        struct sha3_state ns;
        uint64_t st[25];
        for (int i = 0; i < 25; i++) st[i] = ns.a[i] = hs_rng_u64(&rng);
        hs_keccakf1600(st);
        nettle_sha3_permute(&ns);
        CHECK(!memcmp(st, ns.a, sizeof st));
        /* BLAKE2s: libb2, random digest and key lengths */
        size_t outlen = 1 + hs_rng_below(&rng, 32), keylen = hs_rng_below(&rng, 33);
        for (size_t i = 0; i < keylen; i++) key[i] = (uint8_t)hs_rng_u64(&rng);
        CHECK(hs_blake2s(a, outlen, keylen ? key : NULL, keylen, msg, len));
        CHECK(blake2s(b, msg, keylen ? key : NULL, outlen, len, keylen) == 0);
        CHECK(!memcmp(a, b, outlen));
    }
    return hs_test_done("test_syslib");
}
