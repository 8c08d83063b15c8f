/* libFuzzer target: the XMSS inputs. First byte even: the rest is JSON text for the command
 * line's reader (src/cli/jsonread.c hs_jr_parse, as `hashsnark xmss verify` reads its file):
 * no crash, a message naming the file on every refusal, and on success a tree as documented
 * (spans inside the text, child counts and links consistent, no more nodes than bytes + 1 or
 * the cap). First byte odd: the rest is one signature item for the native verifier
 * (src/sig/xmss.h; bit 1 picks the scheme): epoch (4 bytes LE), message (32 bytes), public key
 * and signature words (4 bytes LE each, any value: non-canonical ones must be refused); the single
 * and the batch verifier must agree, and an acceptance is a finding unless the input is a seed. */
#include <stdio.h>
#include <string.h>

#include "cli/jsonread.h"
#include "fuzz_common.h"
#include "sig/xmss.h"

const char hs_fuzz_target[] = "xmss";

const int hs_fuzz_seeds_verify = 0;

HS_FUZZ_INIT_SEEDS(0);

#define MAX_NODES 4096

static void json(const uint8_t *data, size_t size) {
    hs_jr j;
    char err[256];
    err[0] = 0;
    if (!hs_jr_parse(&j, "fuzz", (const char *)data, size, MAX_NODES, err, sizeof err)) {
        if (!err[0]) hs_fuzz_finding("hs_jr_parse refused without a message");
        if (strncmp(err, "fuzz:", 5)) hs_fuzz_finding("hs_jr_parse: message does not name the file");
        return;
    }
    if (j.n == 0 || j.n > size + 1 || j.n > MAX_NODES) hs_fuzz_finding("node count out of bounds");
    for (size_t i = 0; i < j.n; i++) {
        const hs_jr_node *nd = &j.nodes[i];
        if ((size_t)nd->off + nd->len > size) hs_fuzz_finding("a span beyond the text");
        if ((size_t)nd->key_off + nd->key_len > size) hs_fuzz_finding("a key beyond the text");
        if (nd->line < 1) hs_fuzz_finding("line 0");
        size_t count = 0;
        for (size_t c = nd->first; c; c = j.nodes[c].next) {
            if (c <= i || c >= j.n) hs_fuzz_finding("a child link out of order");
            if (++count > nd->count) break;
        }
        if (count != nd->count) hs_fuzz_finding("child count differs from the links");
        if (nd->count && nd->type != HS_JR_ARR && nd->type != HS_JR_OBJ) hs_fuzz_finding("children of a scalar");
    }
    hs_jr_free(&j);
}

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void signature(const uint8_t *data, size_t size, unsigned mode) {
    const hs_xmss_scheme *s = hs_xmss_scheme_at((mode >> 1) & 1);
    const unsigned pkw = hs_xmss_pk_words(s), sigw = hs_xmss_sig_words(s);
    uint32_t pk[HS_XMSS_MAX_PK] = {0}, sig[HS_XMSS_MAX_SIG] = {0};
    uint8_t msg[32] = {0};
    uint32_t epoch = size >= 4 ? le32(data) : 0;
    size_t o = 4;
    for (unsigned i = 0; i < 32 && o < size; i++) msg[i] = data[o++];
    for (unsigned i = 0; i < pkw && o + 4 <= size; i++, o += 4) pk[i] = le32(data + o);
    for (unsigned i = 0; i < sigw && o + 4 <= size; i++, o += 4) sig[i] = le32(data + o);
    char why[256], why2[256];
    hs_xmss_result r = hs_xmss_check(s, pk, epoch, msg, sig, NULL, why, sizeof why), r2;
    if (r != HS_XR_OK && !why[0]) hs_fuzz_finding("hs_xmss_check rejected without a reason");
    if (!hs_xmss_check_many(s, 1, pk, &epoch, msg, sig, &r2, why2, sizeof why2, 1)) return;
    if (r2 != r || strcmp(why, why2)) hs_fuzz_finding("hs_xmss_check and hs_xmss_check_many disagree");
    if (r == HS_XR_OK) hs_fuzz_accepted(data - 1, size + 1, 0, "hs_xmss_check");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    if (data[0] & 1) signature(data + 1, size - 1, data[0]);
    else json(data + 1, size - 1);
    return 0;
}
