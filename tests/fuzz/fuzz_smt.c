/* libFuzzer target: the sparse Merkle tree's opening verifier, hs_smt_verify (src/api/smt.c,
 * src/smt/smt.c), on untrusted opening bytes. Input: a tweak (8 bytes: position, delta, u32 LE),
 * a hash byte (hs_smt_hash_name), a key byte (< HS_FUZZ_SMT_KEYS: one of the fixed tree's keys,
 * present or absent, fuzz_openings.h), then the opening. The claim is the fixed tree's root and
 * the key's true value (the empty word when absent), with the tweak adding delta mod p to element
 * position % (2 * word elements) of root then value. The claim stays canonical, so what must hold is:
 * no crash; every refusal is HS_ERR_REJECTED with a reason; an acceptance that is not a seed, or of a tweaked claim, is a finding (only the
 * true opening of each key may pass, membership and non-membership alike). */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_openings.h"
#include "fuzz_tables.h"

const char hs_fuzz_target[] = "smt";
const int hs_fuzz_seeds_verify = 1;

#define MAX_HASHES 8
static hs_fuzz_smt trees[MAX_HASHES];
static size_t n_trees;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(HS_FUZZ_TWEAK_BYTES);
    for (n_trees = 0; n_trees < hs_smt_hash_count() && n_trees < MAX_HASHES; n_trees++)
        if (!hs_fuzz_smt_fixed(n_trees, &trees[n_trees])) hs_fuzz_finding("no fixed tree");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HS_FUZZ_TWEAK_BYTES + 2) return 0;
    const uint8_t *in = data + HS_FUZZ_TWEAK_BYTES;
    const size_t len = size - HS_FUZZ_TWEAK_BYTES;
    char reason[HS_REASON_LEN] = "";
    if (in[0] >= n_trees || in[1] >= HS_FUZZ_SMT_KEYS) {
        uint64_t w[HS_SMT_MAX_WORD] = {0};
        if (hs_smt_verify("no-such-tree-hash", w, w, w, 4, in + 2, len - 2, reason, sizeof reason) !=
            HS_ERR_UNKNOWN_HASH)
            hs_fuzz_finding("an unknown hash not refused as one");
        return 0;
    }
    const hs_fuzz_smt *t = &trees[in[0]];
    uint64_t root[HS_SMT_MAX_WORD], value[HS_SMT_MAX_WORD];
    memcpy(root, t->root, sizeof root);
    memcpy(value, t->value[in[1]], sizeof value);
    uint64_t *e = (hs_fuzz_le32(data) % (2 * t->elems) < t->elems ? root : value) + hs_fuzz_le32(data) % t->elems;
    const uint64_t old = *e;
    *e = (old + hs_fuzz_le32(data + 4)) % t->modulus; /* old < p, so the sum fits */
    const int tweaked = *e != old;
    hs_status st = hs_smt_verify(t->hash, root, t->key[in[1]], value, t->elems, in + 2, len - 2, reason, sizeof reason);
    if (st == HS_OK) {
        hs_fuzz_accepted(in, len, tweaked, "hs_smt_verify");
    } else if (st != HS_ERR_REJECTED) {
        hs_fuzz_finding("hs_smt_verify: an error other than a rejection on a well-formed claim");
    } else if (!reason[0]) {
        hs_fuzz_finding("hs_smt_verify rejected without a reason");
    }
    return 0;
}
