/* libFuzzer target: the binary Merkle tree's branch verifier, hs_tree_verify (src/api/tree.c), on
 * untrusted branch bytes. Input: a tweak (8 bytes: position, delta, u32 LE), a hash byte
 * (hs_tree_hash_at), a depth byte, the leaf index (u64 LE), then the branch (u32 LE words). The
 * root is the fixed tree's of that hash and depth (fuzz_openings.h; above HS_FUZZ_TREE_MAX_LOG
 * the deepest fixed tree's, which no branch of another depth may reach), with root word
 * position % 8 XORed with delta. What must hold: no crash; a refusal is HS_ERR_REJECTED with a
 * reason, HS_ERR_ARGUMENT only for a depth above 30, HS_ERR_RANGE only for a tweaked root; an
 * acceptance that is not a seed (the corpus holds the branch of every leaf of every fixed tree),
 * or with a tweaked root, is a finding; except at depth 0, where the root is the leaf itself and
 * the one branch that must be accepted (at index 0) is the given root's eight words, tweaked or not. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_openings.h"
#include "fuzz_tables.h"

const char hs_fuzz_target[] = "tree";
const int hs_fuzz_seeds_verify = 1;

#define MAX_HASHES 16
#define HDR 10 /* hash byte, depth byte, index */
static uint32_t roots[MAX_HASHES][HS_FUZZ_TREE_MAX_LOG + 1][8];
static size_t n_hashes;

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    hs_fuzz_load_seeds(HS_FUZZ_TWEAK_BYTES);
    for (n_hashes = 0; n_hashes < hs_tree_hash_count() && n_hashes < MAX_HASHES; n_hashes++)
        for (unsigned k = 0; k <= HS_FUZZ_TREE_MAX_LOG; k++) {
            hs_tree *t;
            if (!hs_fuzz_tree_fixed(n_hashes, k, &t)) hs_fuzz_finding("no fixed tree");
            hs_tree_root(t, roots[n_hashes][k]);
            hs_tree_free(t);
        }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < HS_FUZZ_TWEAK_BYTES + HDR || (size - HS_FUZZ_TWEAK_BYTES - HDR) % 4) return 0;
    const uint8_t *in = data + HS_FUZZ_TWEAK_BYTES;
    const size_t len = size - HS_FUZZ_TWEAK_BYTES;
    if (in[0] >= n_hashes) return 0;
    const unsigned depth = in[1];
    uint64_t index = 0;
    for (int i = 7; i >= 0; i--) index = index << 8 | in[2 + i];
    const size_t n_words = (len - HDR) / 4;
    uint32_t *branch = malloc(n_words ? n_words * sizeof *branch : 1), root[8];
    if (!branch) return 0;
    for (size_t i = 0; i < n_words; i++) branch[i] = hs_fuzz_le32(in + HDR + 4 * i);
    memcpy(root, roots[in[0]][depth <= HS_FUZZ_TREE_MAX_LOG ? depth : HS_FUZZ_TREE_MAX_LOG], sizeof root);
    const uint32_t delta = hs_fuzz_le32(data + 4);
    root[hs_fuzz_le32(data) % 8] ^= delta;
    char reason[HS_REASON_LEN] = "";
    hs_status st = hs_tree_verify(reason, sizeof reason, hs_tree_hash_at(in[0]), depth, root, index, branch, n_words);
    const int leaf_is_root = depth == 0 && index == 0 && n_words == 8 && !memcmp(branch, root, sizeof root);
    free(branch);
    if (depth == 0 && st == HS_OK && !leaf_is_root) hs_fuzz_finding("hs_tree_verify: a depth-0 leaf other than the root");
    if (leaf_is_root && st != HS_OK && !(st == HS_ERR_RANGE && delta))
        hs_fuzz_finding("hs_tree_verify: refused a depth-0 tree whose leaf is its root");
    if (st == HS_OK) {
        if (!(leaf_is_root && delta)) hs_fuzz_accepted(in, len, delta != 0, "hs_tree_verify"); /* untweaked: a seed */
        return 0;
    }
    if (!(st == HS_ERR_REJECTED || (st == HS_ERR_ARGUMENT && depth > 30) || (st == HS_ERR_RANGE && delta)))
        hs_fuzz_finding("hs_tree_verify: an unexpected error");
    if (!reason[0]) hs_fuzz_finding("hs_tree_verify refused without a reason");
    return 0;
}
