#include "fuzz_common.h"

#include "field/kb.h"
#include "fuzz_tables.h"
#include "statement/registry.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint8_t *data;
    size_t len;
} seed;

static seed *seeds;
static size_t n_seeds;
static int loaded;
unsigned long hs_fuzz_accepts;
size_t hs_fuzz_seed_skip;

static int read_file(const char *path, seed *out) {
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    size_t cap = 1 << 16, len = 0;
    uint8_t *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len, f)) > 0;) {
        len += got;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) free(buf);
            buf = nb, cap *= 2;
        }
    }
    fclose(f);
    if (!buf) return 0;
    out->data = buf, out->len = len;
    return 1;
}

void hs_fuzz_load_seeds(size_t skip) {
    if (loaded) return;
    loaded = 1;
    hs_fuzz_seed_skip = skip;
    const char *root = getenv("HS_FUZZ_CORPUS");
#ifdef HS_FUZZ_CORPUS_DIR
    if (!root) root = HS_FUZZ_CORPUS_DIR;
#endif
    if (!root) return;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", root, hs_fuzz_target);
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "fuzz %s: no seed corpus at %s (every acceptance is then a finding)\n", hs_fuzz_target, dir);
        return;
    }
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        seed *ns = realloc(seeds, (n_seeds + 1) * sizeof *ns);
        if (!ns) break;
        seeds = ns;
        if (!read_file(path, &seeds[n_seeds])) continue;
        if (seeds[n_seeds].len < skip) {
            free(seeds[n_seeds].data);
            continue;
        }
        seeds[n_seeds].len -= skip;
        memmove(seeds[n_seeds].data, seeds[n_seeds].data + skip, seeds[n_seeds].len);
        n_seeds++;
    }
    closedir(d);
}

size_t hs_fuzz_seed_count(void) { return n_seeds; }

int hs_fuzz_is_seed(const uint8_t *data, size_t size) {
    for (size_t i = 0; i < n_seeds; i++)
        if (seeds[i].len == size && !memcmp(seeds[i].data, data, size)) return 1;
    return 0;
}

void hs_fuzz_finding(const char *what) {
    fprintf(stderr, "FUZZ FINDING in %s: %s\n", hs_fuzz_target, what);
    fflush(stderr);
    abort();
}

void hs_fuzz_accepted(const uint8_t *data, size_t size, int tweaked, const char *what) {
    hs_fuzz_accepts++;
    if (tweaked) {
        fprintf(stderr, "FUZZ FINDING in %s: %s accepted for a table it was not made for\n", hs_fuzz_target, what);
        hs_fuzz_finding("false acceptance (table)");
    }
    if (!hs_fuzz_is_seed(data, size)) {
        fprintf(stderr, "FUZZ FINDING in %s: %s accepted an input (%zu bytes) that is no seed\n", hs_fuzz_target, what,
                size);
        hs_fuzz_finding("false acceptance");
    }
}

int hs_fuzz_tweak(uint32_t *const *parts, const size_t *words, size_t n_parts, const uint8_t *tw, uint64_t modulus,
                  int montgomery) {
    size_t total = 0;
    for (size_t i = 0; i < n_parts; i++) total += words[i];
    if (!total) return 0;
    size_t pos = hs_fuzz_le32(tw) % total, i = 0;
    while (pos >= words[i]) pos -= words[i++];
    uint32_t *w = parts[i] + pos;
    const uint64_t m = modulus ? modulus : (uint64_t)1 << 32;
    const uint32_t old = montgomery ? hs_kb_to_u32(*w) : *w;
    const uint32_t nv = (uint32_t)((old + (uint64_t)hs_fuzz_le32(tw + 4)) % m);
    *w = montgomery ? hs_kb_from_u32(nv) : nv;
    return nv != old;
}

int hs_fuzz_verify_input(const hs_fuzz_backend *b, int public_io, const uint8_t *data, size_t size) {
    const char *why = NULL;
    const size_t skip = public_io ? HS_FUZZ_TWEAK_BYTES : 0;
    if (size < skip) return 0;
    const uint8_t *proof = data + skip;
    const size_t len = size - skip;
    uint32_t *in = NULL, *out = NULL;
    int tweaked = 0;
    size_t n_pub = 0;
    if (public_io) {
        unsigned id, log_n;
        int pub;
        if (b->peek(proof, len, &id, &log_n, &pub)) {
            if (!pub) return 0; /* a private statement: the private target's */
            if (b->tables(id, log_n, data, &in, &out, &tweaked)) n_pub = (size_t)1 << log_n;
        }
    }
    int ok = b->verify(proof, len, in, out, n_pub, &why);
    free(in), free(out);
    if (ok) hs_fuzz_accepted(proof, len, tweaked, b->what);
    if (!ok && !why) {
        fprintf(stderr, "FUZZ FINDING in %s: %s rejected without a reason\n", hs_fuzz_target, b->what);
        hs_fuzz_finding("refusal without a reason");
    }
    return 0;
}

int hs_fuzz_tweaked_copies(const uint32_t *in, const uint32_t *out, size_t words, const uint8_t *tw, uint32_t **ci,
                           uint32_t **co) {
    uint32_t *c[2];
    const size_t n[2] = {words, words};
    for (int k = 0; k < 2; k++) {
        if (!(c[k] = malloc(words * sizeof **c))) hs_fuzz_finding("out of memory in the harness");
        memcpy(c[k], k ? out : in, words * sizeof **c);
    }
    *ci = c[0], *co = c[1];
    return hs_fuzz_tweak(c, n, 2, tw, 0, 0);
}

int hs_fuzz_registry_verify(unsigned id, const uint8_t *proof, size_t len, const uint32_t *in, const uint32_t *out,
                            size_t n_pub, const char **why) {
    hs_stmt_shape ss;
    const hs_stmt *e = hs_stmt_peek(proof, len, &ss, why);
    if (!e) return 0;
    if (e->id != (hs_stmt_id)id) return *why = "another statement (left to its own target)", 0;
    const hs_stmt_public pub = {1, in, out, n_pub, NULL, 0, 0, NULL, NULL};
    const hs_stmt_status st = e->verify(proof, len, &ss, &pub, why);
    if (st == HS_STMT_NOMEM) hs_fuzz_finding("out of memory verifying a proof of at most 2^24 states");
    return st == HS_STMT_OK;
}
