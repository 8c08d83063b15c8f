/* A 32-byte hash value: Merkle caps and siblings, statement digests, anything the transcript
 * absorbs or a proof carries as a digest. Owned by the hash layer so that the transcript and the
 * proof reader and writer need no Merkle header. */
#ifndef HS_HASH_DIGEST_H
#define HS_HASH_DIGEST_H

#include <stdint.h>

typedef struct {
    uint8_t b[32];
} hs_digest;

#endif
