/* Several writers on one on-disk tree. Processes that opened the same LMDB directory commit
 * batches at once: each must wait for the others (LMDB's writer lock) and apply its batch to the
 * newest tree, or fail cleanly, so that the stored tree is always some serial order of the
 * committed batches and its openings verify against its root.
 *
 * 1. A stale writer, deterministically: a tree computes a mutation set, another process commits a
 *    batch, then applying the set is refused (HS_SMT_ERR_CONFLICT) while a batch
 *    (hs_smt_tree_batch) applies on top of the other process's; a read brings the stale tree's
 *    root to the stored one.
 * 2. Racing writers: rounds of P processes that all open the tree, then write at a signal (half
 *    with hs_smt_tree_batch, half with mutations + apply, retried on a conflict). The batches
 *    share one key with a value of their own, so the final root names the last writer: it must
 *    be the root of base + every batch with that writer's value (one of P serial orders), every
 *    key must hold that order's value, and openings must verify against the root. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "smt/smt.h"
#include "testutil.h"

#define BASE 300
#define BATCH 40
#define P 4

static char reason[256];
static const hs_smt_hasher *h;
static hs_smt_word base[2 * BASE];
static hs_smt_word batch[P][2 * BATCH]; /* pair 0: the shared key, value p + 1 */

static void make_pairs(hs_rng *r) {
    for (size_t i = 0; i < BASE; i++) {
        memset(&base[2 * i], 0, 2 * sizeof *base);
        for (int e = 0; e < 4; e++) base[2 * i].g[e] = hs_rng_below(r, h->modulus);
        base[2 * i + 1].g[0] = 1, base[2 * i + 1].g[1] = i;
    }
    hs_smt_word shared;
    memset(&shared, 0, sizeof shared);
    for (int e = 0; e < 4; e++) shared.g[e] = hs_rng_below(r, h->modulus);
    for (int p = 0; p < P; p++)
        for (int i = 0; i < BATCH; i++) {
            hs_smt_word *kv = &batch[p][2 * i];
            memset(kv, 0, 2 * sizeof *kv);
            if (i == 0) kv[0] = shared;
            else if (i % 4 == 0) kv[0] = base[2 * (size_t)((p * BATCH + i) % BASE)]; /* an update */
            else for (int e = 0; e < 4; e++) kv[0].g[e] = hs_rng_below(r, h->modulus);
            kv[1].g[0] = 2 + (uint64_t)p, kv[1].g[2] = (uint64_t)i;
        }
}

static hs_smt_tree *disk_tree(const char *dir) {
    char err[200];
    hs_smt_store *st = hs_smt_store_lmdb_open(dir, 0, err, sizeof err);
    if (!st) {
        fprintf(stderr, "%s\n", err);
        return NULL;
    }
    hs_smt_tree *t;
    return hs_smt_tree_new(&t, h, st, 1, reason, sizeof reason) ? NULL : t;
}

/* mutations + apply, computed again when another writer got in first */
static hs_smt_err apply_retry(hs_smt_tree *t, const hs_smt_word *kv, size_t n) {
    for (int tries = 0; tries < 100; tries++) {
        hs_smt_mutset ms;
        hs_smt_err e = hs_smt_tree_mutations(t, &ms, kv, n, reason, sizeof reason);
        if (e) return e;
        e = hs_smt_tree_apply(t, &ms, reason, sizeof reason);
        hs_smt_mutset_free(&ms);
        if (e != HS_SMT_ERR_CONFLICT) return e;
    }
    return HS_SMT_ERR_CONFLICT;
}

/* The tree of base + batches[0 .. nb) applied in that order, in memory. */
static hs_smt_tree *model(const int *order, int nb) {
    hs_smt_tree *m;
    if (hs_smt_tree_new(&m, h, hs_smt_store_mem_new(), 1, reason, sizeof reason)) return NULL;
    CHECK(hs_smt_tree_build(m, base, BASE, reason, sizeof reason) == HS_SMT_OK);
    for (int b = 0; b < nb; b++) CHECK(hs_smt_tree_batch(m, batch[order[b]], BATCH, 0, reason, sizeof reason) == HS_SMT_OK);
    return m;
}

/* t holds exactly m's pairs of base and the batches, and its openings verify against its root */
static void check_same(hs_smt_tree *t, hs_smt_tree *m, const char *what) {
    int bad = 0;
    const hs_smt_word *root = hs_smt_tree_root(t);
    for (int p = -1; p < P; p++)
        for (size_t i = 0; i < (p < 0 ? BASE : BATCH); i++) {
            const hs_smt_word *key = p < 0 ? &base[2 * i] : &batch[p][2 * i];
            hs_smt_word v, w;
            CHECK(hs_smt_tree_get(t, &v, key, reason, sizeof reason) == HS_SMT_OK);
            CHECK(hs_smt_tree_get(m, &w, key, reason, sizeof reason) == HS_SMT_OK);
            bad += !hs_smt_word_eq(&v, &w);
            if (i % 7) continue;
            uint8_t *op;
            size_t len;
            CHECK(hs_smt_tree_open(t, &op, &len, key, reason, sizeof reason) == HS_SMT_OK);
            if (!op) continue;
            if (!hs_smt_verify_opening(h, root, key, &w, op, len, reason, sizeof reason)) {
                bad++;
                fprintf(stderr, "%s: an opening is rejected against the stored root: %s\n", what, reason);
            }
            free(op);
        }
    CHECK_EQ_U64(t->entries, m->entries);
    if (bad) fprintf(stderr, "%s: %d keys or openings differ from the serial order\n", what, bad);
    CHECK(bad == 0);
}

/* a new tree in dir holding the base pairs (NULL after a failed check) */
static hs_smt_tree *fresh_base(const char *dir) {
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s/*", dir);
    CHECK(system(cmd) == 0);
    hs_smt_tree *t = disk_tree(dir);
    CHECK(t != NULL);
    if (t && hs_smt_tree_build(t, base, BASE, reason, sizeof reason)) {
        CHECK(!"the base tree");
        hs_smt_tree_free(t);
        t = NULL;
    }
    return t;
}

static void test_stale(const char *dir) {
    hs_smt_tree *t = fresh_base(dir);
    if (!t) return;
    hs_smt_mutset ms;
    CHECK(hs_smt_tree_mutations(t, &ms, batch[0], BATCH, reason, sizeof reason) == HS_SMT_OK);
    /* another process commits batch 1 meanwhile */
    pid_t pid = fork();
    if (pid == 0) {
        hs_smt_tree *o = disk_tree(dir);
        _exit(!o ? 3 : hs_smt_tree_batch(o, batch[1], BATCH, 0, reason, sizeof reason) ? 4 : 0);
    }
    int st;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    /* the set made for the old root is refused, the tree left as the other process wrote it */
    CHECK(hs_smt_tree_apply(t, &ms, reason, sizeof reason) == HS_SMT_ERR_CONFLICT);
    hs_smt_mutset_free(&ms);
    int order[2] = {1, 0};
    hs_smt_tree *m = model(order, 1);
    hs_smt_word v;
    CHECK(hs_smt_tree_get(t, &v, &batch[1][2], reason, sizeof reason) == HS_SMT_OK);
    CHECK(hs_smt_word_eq(hs_smt_tree_root(t), hs_smt_tree_root(m))); /* the read brought the root along */
    hs_smt_tree_free(m);
    /* a batch applies on top of the other process's */
    CHECK(hs_smt_tree_batch(t, batch[0], BATCH, 0, reason, sizeof reason) == HS_SMT_OK);
    m = model(order, 2);
    CHECK(hs_smt_word_eq(hs_smt_tree_root(t), hs_smt_tree_root(m)));
    hs_smt_tree_free(t);
    t = disk_tree(dir); /* and so does the stored tree */
    CHECK(t != NULL);
    if (t) {
        CHECK(hs_smt_word_eq(hs_smt_tree_root(t), hs_smt_tree_root(m)));
        check_same(t, m, "stale writer");
        /* an update (every key present) of a key another process removes after this one saw it:
         * refused, as the key is checked under the writer lock, not in the stale snapshot */
        hs_smt_word upd[2] = {batch[1][2], batch[0][3]}, v;
        CHECK(hs_smt_tree_get(t, &v, &upd[0], reason, sizeof reason) == HS_SMT_OK && !hs_smt_word_is_zero(&v));
        if ((pid = fork()) == 0) {
            hs_smt_tree *o = disk_tree(dir);
            hs_smt_word rm[2] = {upd[0]};
            memset(&rm[1], 0, sizeof rm[1]);
            _exit(!o ? 3 : hs_smt_tree_batch(o, rm, 1, 0, reason, sizeof reason) ? 4 : 0);
        }
        CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
        CHECK(hs_smt_tree_batch(t, upd, 1, 1, reason, sizeof reason) == HS_SMT_ERR_ABSENT);
        CHECK(hs_smt_tree_get(t, &v, &upd[0], reason, sizeof reason) == HS_SMT_OK && hs_smt_word_is_zero(&v));
        CHECK_EQ_U64(t->entries, m->entries - 1);
    }
    hs_smt_tree_free(m);
    hs_smt_tree_free(t);
}

/* A store whose last writer did not record the root (an older hashsnark): a stale tree cannot
 * tell from the root record that the tree changed, so a write reloads everything. */
static int drop_root(hs_smt_tree *t) {
    hs_smt_store *st = t->st;
    return st->vt->begin(st) || st->vt->put(st, HS_SMT_T_META, HS_SMT_META_ROOT, NULL, 0) || st->vt->commit(st);
}

static void test_legacy(const char *dir) {
    hs_smt_tree *t = fresh_base(dir);
    if (!t) return;
    CHECK(drop_root(t) == 0);
    pid_t pid = fork();
    if (pid == 0) { /* an old writer: a batch, and no root record */
        hs_smt_tree *o = disk_tree(dir);
        _exit(!o ? 3 : hs_smt_tree_batch(o, batch[1], BATCH, 0, reason, sizeof reason) ? 4 : drop_root(o) ? 5 : 0);
    }
    int st;
    CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0);
    CHECK(hs_smt_tree_batch(t, batch[0], BATCH, 0, reason, sizeof reason) == HS_SMT_OK);
    int order[2] = {1, 0};
    hs_smt_tree *m = model(order, 2);
    CHECK(hs_smt_word_eq(hs_smt_tree_root(t), hs_smt_tree_root(m)));
    hs_smt_tree_free(t);
    t = disk_tree(dir);
    CHECK(t != NULL);
    if (t) check_same(t, m, "after a writer without root records");
    hs_smt_tree_free(m);
    hs_smt_tree_free(t);
}

static int racer(const char *dir, int p, int go) {
    hs_smt_tree *t = disk_tree(dir);
    if (!t) return 3;
    char c;
    if (read(go, &c, 1) != 1) return 5; /* every racer has opened the tree */
    hs_smt_err e = p % 2 ? apply_retry(t, batch[p], BATCH) : hs_smt_tree_batch(t, batch[p], BATCH, 0, reason, sizeof reason);
    hs_smt_tree_free(t);
    return e ? 4 : 0;
}

static void test_race(hs_smt_tree **serial, unsigned long rounds, const char *dir) {
    unsigned last_seen[P] = {0};
    for (unsigned long r = 0; r < rounds && !TOO_MANY_FAILURES(); r++) {
        hs_smt_tree *t = fresh_base(dir);
        if (!t) return;
        hs_smt_tree_free(t);
        int go[2];
        CHECK(pipe(go) == 0);
        pid_t pid[P];
        for (int p = 0; p < P; p++)
            if ((pid[p] = fork()) == 0) {
                close(go[1]);
                _exit(racer(dir, p, go[0]));
            }
        close(go[0]);
        struct timespec ts = {0, 20000000}; /* let them open */
        nanosleep(&ts, NULL);
        CHECK(write(go[1], "xxxxxxxx", P) == P);
        close(go[1]);
        for (int p = 0; p < P; p++) {
            int st;
            CHECK(waitpid(pid[p], &st, 0) == pid[p] && WIFEXITED(st) && WEXITSTATUS(st) == 0);
        }
        t = disk_tree(dir);
        CHECK(t != NULL);
        if (!t) return;
        int last = -1;
        for (int p = 0; p < P; p++)
            if (hs_smt_word_eq(hs_smt_tree_root(t), hs_smt_tree_root(serial[p]))) last = p;
        if (last < 0) fprintf(stderr, "test_smt_race: round %lu: the stored root is no serial order's\n", r);
        CHECK(last >= 0);
        if (last >= 0) {
            last_seen[last]++;
            check_same(t, serial[last], "racing writers");
        }
        hs_smt_tree_free(t);
    }
    printf("test_smt_race: %lu rounds of %d writers; last writer per batch:", rounds, P);
    for (int p = 0; p < P; p++) printf(" %u", last_seen[p]);
    printf("\n");
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_smt_race");
    if (!hs_smt_store_have_lmdb()) {
        printf("test_smt_race: LMDB not built in; skipped\n");
        return hs_test_done("test_smt_race");
    }
    h = hs_smt_hasher_find("poseidon2-gl12");
    make_pairs(&rng);
    char dir[] = "/tmp/hs_smt_race_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    test_stale(dir);
    test_legacy(dir);
    /* the P serial orders' final trees: every batch, the shared key last written by batch p */
    hs_smt_tree *serial[P];
    for (int p = 0; p < P; p++) {
        int order[P];
        for (int i = 0, k = 0; i < P; i++)
            if (i != p) order[k++] = i;
        order[P - 1] = p;
        serial[p] = model(order, P);
    }
    test_race(serial, hs_test_iters(hs_test_sanitized() ? 1 : 6), dir);
    for (int p = 0; p < P; p++) hs_smt_tree_free(serial[p]);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    CHECK(system(cmd) == 0);
    return hs_test_done("test_smt_race");
}
