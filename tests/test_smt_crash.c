/* Crash safety of the on-disk tree: a child process applies a fixed sequence of update batches
 * to an LMDB tree (one write transaction each, full sync) and reports each commit on a pipe; the
 * parent kills it with SIGKILL at a random moment, reopens the tree and checks that the root is
 * the root after the last reported batch (or the one after it, committed but not yet reported),
 * never an older one, and that openings of keys changed by the batches verify against that root
 * with the values the in-memory replay gives. A few iterations, small trees. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "smt/smt.h"
#include "testutil.h"

#define BATCHES 40
#define BATCH 64
#define BASE 2000

static char reason[256];

static void make_pairs(const hs_smt_hasher *h, uint64_t seed, hs_smt_word *base, hs_smt_word batches[][2 * BATCH]) {
    hs_rng r;
    hs_rng_seed(&r, seed);
    for (size_t i = 0; i < BASE; i++) {
        memset(&base[2 * i], 0, 2 * sizeof *base);
        for (int e = 0; e < 4; e++) base[2 * i].g[e] = hs_rng_below(&r, h->modulus);
        base[2 * i + 1].g[0] = 1, base[2 * i + 1].g[3] = i;
    }
    for (int b = 0; b < BATCHES; b++)
        for (int i = 0; i < BATCH; i++) {
            hs_smt_word *kv = &batches[b][2 * i];
            /* half updates or removals of base keys (distinct within a batch), half new keys */
            if (i % 2 == 0) kv[0] = base[2 * ((size_t)(b * BATCH + i) % BASE)];
            else for (int e = 0; e < 4; e++) kv[0].g[e] = hs_rng_below(&r, h->modulus);
            memset(&kv[1], 0, sizeof kv[1]);
            if (hs_rng_below(&r, 5)) kv[1].g[0] = 7, kv[1].g[2] = hs_rng_below(&r, h->modulus);
        }
}

static int child(const char *dir, const hs_smt_hasher *h, hs_smt_word *base, hs_smt_word batches[][2 * BATCH],
                 int fd) {
    char err[200];
    hs_smt_tree *t;
    if (hs_smt_tree_new(&t, h, hs_smt_store_lmdb_open(dir, 1, err, sizeof err), 1, reason, sizeof reason)) return 3;
    if (hs_smt_tree_build(t, base, BASE, reason, sizeof reason)) return 4;
    unsigned char done = 0xff; /* the base tree is in */
    if (write(fd, &done, 1) != 1) return 5;
    for (int b = 0; b < BATCHES; b++) {
        hs_smt_mutset ms;
        if (hs_smt_tree_mutations(t, &ms, batches[b], BATCH, reason, sizeof reason)) return 6;
        if (hs_smt_tree_apply(t, &ms, reason, sizeof reason)) return 7;
        hs_smt_mutset_free(&ms);
        done = (unsigned char)b;
        if (write(fd, &done, 1) != 1) return 5;
    }
    hs_smt_tree_free(t);
    return 0;
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_smt_crash");
    if (!hs_smt_store_have_lmdb()) {
        printf("test_smt_crash: LMDB not built in; skipped\n");
        return hs_test_done("test_smt_crash");
    }
    const hs_smt_hasher *h = hs_smt_hasher_find("poseidon2-gl12");
    static hs_smt_word base[2 * BASE], batches[BATCHES][2 * BATCH];
    make_pairs(h, hs_rng_u64(&rng), base, batches);
    /* the expected root after each batch, from an in-memory replay */
    static hs_smt_word roots[BATCHES + 1];
    hs_smt_tree *m;
    CHECK(hs_smt_tree_new(&m, h, hs_smt_store_mem_new(), 1, reason, sizeof reason) == HS_SMT_OK);
    CHECK(hs_smt_tree_build(m, base, BASE, reason, sizeof reason) == HS_SMT_OK);
    roots[0] = *hs_smt_tree_root(m);
    for (int b = 0; b < BATCHES; b++) {
        hs_smt_mutset ms;
        CHECK(hs_smt_tree_mutations(m, &ms, batches[b], BATCH, reason, sizeof reason) == HS_SMT_OK);
        CHECK(hs_smt_tree_apply(m, &ms, reason, sizeof reason) == HS_SMT_OK);
        hs_smt_mutset_free(&ms);
        roots[b + 1] = *hs_smt_tree_root(m);
    }
    char dir[] = "/tmp/hs_smt_crash_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    unsigned long iters = hs_test_iters(6);
    for (unsigned long it = 0; it < iters && !TOO_MANY_FAILURES(); it++) {
        /* each run builds a fresh tree, then applies batches until killed */
        char cmd[160];
        snprintf(cmd, sizeof cmd, "rm -rf %s/*", dir);
        CHECK(system(cmd) == 0);
        int p[2];
        CHECK(pipe(p) == 0);
        pid_t pid = fork();
        if (pid == 0) {
            close(p[0]);
            _exit(child(dir, h, base, batches, p[1]));
        }
        close(p[1]);
        /* let it commit a random number of batches, then kill it at a random moment */
        int want = (int)hs_rng_below(&rng, BATCHES / 2);
        int reported = -1; /* index into roots */
        unsigned char c;
        while (reported < want && read(p[0], &c, 1) == 1) reported = c == 0xff ? 0 : c + 1;
        struct timespec ts = {0, (long)hs_rng_below(&rng, 4000000)};
        nanosleep(&ts, NULL);
        kill(pid, SIGKILL);
        int st;
        waitpid(pid, &st, 0);
        while (read(p[0], &c, 1) == 1) reported = c == 0xff ? 0 : c + 1; /* reports written before the kill */
        close(p[0]);
        CHECK(WIFSIGNALED(st) || (WIFEXITED(st) && WEXITSTATUS(st) == 0));
        char err[200];
        hs_smt_tree *t;
        CHECK(hs_smt_tree_new(&t, h, hs_smt_store_lmdb_open(dir, 1, err, sizeof err), 1, reason, sizeof reason) ==
              HS_SMT_OK);
        if (!t) continue;
        const hs_smt_word *root = hs_smt_tree_root(t);
        int found = -2;
        for (int s = -1; s <= BATCHES; s++) {
            if (s == -1 ? hs_smt_word_eq(root, &t->E[64]) : hs_smt_word_eq(root, &roots[s])) found = s;
        }
        printf("test_smt_crash: run %lu: %d batches reported, state on disk %d\n", it, reported, found);
        CHECK(found >= reported && found <= reported + 1); /* durable, and nothing beyond one unreported commit */
        if (found >= 0) {
            /* the state's values: replay up to it */
            hs_smt_tree *r;
            CHECK(hs_smt_tree_new(&r, h, hs_smt_store_mem_new(), 1, reason, sizeof reason) == HS_SMT_OK);
            CHECK(hs_smt_tree_build(r, base, BASE, reason, sizeof reason) == HS_SMT_OK);
            for (int b = 0; b < found; b++) {
                hs_smt_mutset ms;
                CHECK(hs_smt_tree_mutations(r, &ms, batches[b], BATCH, reason, sizeof reason) == HS_SMT_OK);
                CHECK(hs_smt_tree_apply(r, &ms, reason, sizeof reason) == HS_SMT_OK);
                hs_smt_mutset_free(&ms);
            }
            CHECK_EQ_U64(t->entries, r->entries);
            int b = found < BATCHES ? found : BATCHES - 1; /* keys of the batch in flight and of the last one */
            for (int i = 0; i < BATCH; i += 5) {
                const hs_smt_word *key = &batches[b][2 * i];
                hs_smt_word v, w;
                CHECK(hs_smt_tree_get(t, &v, key, reason, sizeof reason) == HS_SMT_OK);
                CHECK(hs_smt_tree_get(r, &w, key, reason, sizeof reason) == HS_SMT_OK);
                CHECK(hs_smt_word_eq(&v, &w));
                uint8_t *op;
                size_t len;
                CHECK(hs_smt_tree_open(t, &op, &len, key, reason, sizeof reason) == HS_SMT_OK);
                CHECK(hs_smt_verify_opening(h, root, key, &w, op, len, reason, sizeof reason));
                free(op);
            }
            hs_smt_tree_free(r);
        }
        hs_smt_tree_free(t);
    }
    hs_smt_tree_free(m);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    return hs_test_done("test_smt_crash");
}
