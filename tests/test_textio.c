/* The command line's table helpers (src/cli/textio.c): the duplicate-key check that `smt` runs on
 * every --pairs/--keys file. It must take O(n log n) comparisons whatever the order of the rows:
 * the Shell sort it replaced (gaps n/2, n/4, ..., 1) is quadratic on rows whose even positions
 * hold the larger half of the keys, since no gap but the last mixes even and odd positions. Here:
 * that order and others against a brute-force check (which rows repeat a key), the comparison
 * count against n * ceil(log2 n), and the old sort's count on the same order, to show the order is
 * the hard one (no timing). Also the hex reader of binary-field values (hs_table_parse_hex): words
 * of 8 digits (`perm --hash vision32`) and 0x-prefixed GF(2^128) elements of 32 digits in two
 * words (`perm --hash poseidon2b`): prefixes, case, commas, the digit bound, messages, and the
 * writer's round trip. */
#include <stdlib.h>
#include <string.h>

#include "cli/textio.h"
#include "testutil.h"

#define KW 4 /* key elements; rows are key + value */

typedef struct {
    hs_table t;
    uint64_t *vals;
    size_t *off, *line;
} tab;

/* n rows: row i has key (rank[i], 5, 6, 7), value (i, ...) */
static void tab_make(tab *x, const uint64_t *rank, size_t n) {
    memset(x, 0, sizeof *x);
    x->vals = malloc((2 * KW * n + 1) * sizeof *x->vals);
    x->off = malloc((n + 1) * sizeof *x->off);
    x->line = malloc((n + 1) * sizeof *x->line);
    for (size_t i = 0; i < n; i++) {
        uint64_t *r = x->vals + 2 * KW * i;
        r[0] = rank[i], r[1] = 5, r[2] = 6, r[3] = 7;
        for (int j = 0; j < KW; j++) r[KW + j] = i + (uint64_t)j;
        x->off[i] = 2 * KW * i;
        x->line[i] = i + 1;
    }
    x->off[n] = 2 * KW * n;
    x->t.vals = x->vals, x->t.rows = n, x->t.width = 2 * KW, x->t.off = x->off, x->t.line = x->line;
}

static void tab_free(tab *x) { free(x->vals), free(x->off), free(x->line); }

/* the adversarial order for gaps n/2, n/4, ...: even positions the upper half, each half rising */
static void adversarial(uint64_t *rank, size_t n) {
    for (size_t i = 0; i < n; i++) rank[i] = i % 2 ? i / 2 : n / 2 + i / 2;
}

static unsigned ceil_log2(size_t n) {
    unsigned k = 0;
    while (((size_t)1 << k) < n) k++;
    return k;
}

/* the replaced Shell sort on ranks, counting comparisons */
static size_t shell_compares(const uint64_t *rank, size_t n) {
    uint64_t *a = malloc(n * sizeof *a);
    memcpy(a, rank, n * sizeof *a);
    size_t c = 0;
    for (size_t gap = n / 2; gap > 0; gap /= 2)
        for (size_t i = gap; i < n; i++) {
            uint64_t x = a[i];
            size_t j = i;
            while (j >= gap && (c++, a[j - gap] > x)) a[j] = a[j - gap], j -= gap;
            a[j] = x;
        }
    free(a);
    return c;
}

/* hs_table_dup_key against brute force: found iff some key repeats, and the rows it names repeat */
static void check_dup(const uint64_t *rank, size_t n, const char *what) {
    tab x;
    tab_make(&x, rank, n);
    size_t a, b, cmps;
    int got = hs_table_dup_key(&x.t, KW, &a, &b, &cmps);
    int want = 0;
    for (size_t i = 0; i < n && !want && n <= 4096; i++)
        for (size_t j = i + 1; j < n && !want; j++) want = rank[i] == rank[j];
    if (n > 4096) { /* ranks below 2n: a counting check */
        unsigned char *seen = calloc(2 * n + 1, 1);
        for (size_t i = 0; i < n && !want; i++) want = seen[rank[i]]++ != 0;
        free(seen);
    }
    if (got != want) fprintf(stderr, "%s: dup %d, want %d\n", what, got, want);
    CHECK(got == want);
    if (got == 1) CHECK(a < b && b < n && rank[a] == rank[b]);
    size_t bound = n * (ceil_log2(n) + 1);
    if (cmps > bound) fprintf(stderr, "%s: %zu comparisons for %zu rows (bound %zu)\n", what, cmps, n, bound);
    CHECK(cmps <= bound);
    tab_free(&x);
}

struct bad_case {
    const char *text, *msg;
};

/* text refused by the hex reader, with msg in the message */
static void refused(const char *text, unsigned width, unsigned digits, int prefixed, const char *what, const char *msg) {
    hs_table t;
    char err[256] = {0};
    CHECK(!hs_table_parse_hex(&t, "in", text, strlen(text), width, digits, prefixed, what, 0, err, sizeof err));
    if (!strstr(err, msg)) {
        fprintf(stderr, "  hex case '%s' (%u digits): message '%s' lacks '%s'\n", text, digits, err, msg);
        CHECK(0);
    }
}

static void hex_words(void) {
    const char ok[] = "# c\n0x1 ABCDEF01, 0Xff\r\n\n00000000 ffffffff 7\n";
    hs_table t;
    char err[256];
    CHECK(hs_table_parse_hex(&t, "in", ok, strlen(ok), 3, 8, 0, "w", 0, err, sizeof err));
    const uint64_t want[6] = {1, 0xabcdef01, 0xff, 0, 0xffffffff, 7};
    CHECK(t.rows == 2 && t.comma[0] && !t.comma[1] && t.line[1] == 4 && !memcmp(t.vals, want, sizeof want));
    hs_sbuf b = {0};
    hs_table_format_row_hex(&b, t.vals, 3, 8, 0, 1);
    hs_table_format_row_hex(&b, t.vals + 3, 3, 8, 0, 0);
    CHECK(b.len == strlen("00000001, abcdef01, 000000ff\n00000000 ffffffff 00000007\n") &&
          !memcmp(b.data, "00000001, abcdef01, 000000ff\n00000000 ffffffff 00000007\n", b.len));
    hs_sbuf_free(&b);
    hs_table_free(&t);
    const struct bad_case bad[] = {{"1 2 123456789\n", "in:1: '123456789' is not a word of at most 8 hex digits for w"},
                                   {"1 2 3\n1 g 3\n", "in:2: 'g' is not a word"},
                                   {"0x 1 2\n", "in:1: '0x' is not a word"},
                                   {"0x0x1 1 2\n", "in:1: '0x0x1' is not a word"},
                                   {"-1 1 2\n", "in:1: '-1' is not a word"},
                                   {"1 2\n", "in:1: expected 3 values for w, found 2"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) refused(bad[i].text, 3, 8, 0, "w", bad[i].msg);
}

/* The same reader with 32 digits and the 0x prefix required (GF(2^128) elements): two words a
 * value, low first, and the writer's 0x and 32 digits read back. */
static void hex_elems(void) {
    const char ok[] = "0x1, 0XaBcDeF0123456789fedcba9876543210\n0x0 0xffffffffffffffffffffffffffffffff\n";
    hs_table t;
    char err[256];
    CHECK(hs_table_parse_hex(&t, "in", ok, strlen(ok), 2, 32, 1, "e", 0, err, sizeof err));
    const uint64_t exp[8] = {1, 0, 0xfedcba9876543210ull, 0xabcdef0123456789ull, 0, 0, UINT64_MAX, UINT64_MAX};
    CHECK(t.rows == 2 && t.off[1] == 4 && t.off[2] == 8 && t.comma[0] && !t.comma[1] &&
          !memcmp(t.vals, exp, sizeof exp));
    hs_sbuf b = {0};
    hs_table_format_row_hex(&b, t.vals, 2, 32, 1, t.comma[0]);
    const char *w = "0x00000000000000000000000000000001, 0xabcdef0123456789fedcba9876543210\n";
    CHECK(b.len == strlen(w) && !memcmp(b.data, w, b.len));
    hs_table u;
    CHECK(hs_table_parse_hex(&u, "out", b.data, b.len, 2, 32, 1, "e", 0, err, sizeof err));
    CHECK(u.rows == 1 && u.off[1] == 4 && !memcmp(u.vals, exp, 4 * sizeof *exp));
    hs_table_free(&u);
    hs_sbuf_free(&b);
    hs_table_free(&t);
    const struct bad_case bad[] = {{"0x1 3\n", "in:1: '3' is not 0x-prefixed hex of at most 32 digits for e"},
                                   {"0x1 0x100000000000000000000000000000000\n", "in:1: '0x1000"},
                                   {"0x1 0xg\n", "in:1: '0xg' is not"},
                                   {"0x1 0x\n", "in:1: '0x' is not"},
                                   {"0x1\n", "in:1: expected 2 values for e, found 1"}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) refused(bad[i].text, 2, 32, 1, "e", bad[i].msg);
}

int main(void) {
    hs_rng rng;
    hs_test_init(&rng, "test_textio");
    hex_words();
    hex_elems();
    /* the adversarial order: no key twice, then one key planted at both ends */
    for (size_t n = 2; n <= ((size_t)1 << 18); n *= 8) {
        uint64_t *rank = malloc(n * sizeof *rank);
        adversarial(rank, n);
        check_dup(rank, n, "adversarial");
        rank[n - 1] = rank[0];
        check_dup(rank, n, "adversarial, first and last rows equal");
        free(rank);
    }
    /* it is the old sort's hard case: quadratic there, more than 20x the bound at 2^12 */
    {
        size_t n = 4096;
        uint64_t rank[4096];
        adversarial(rank, n);
        size_t c = shell_compares(rank, n);
        printf("test_textio: %zu rows in the adversarial order: %zu comparisons in the replaced Shell sort, bound %zu\n",
               n, c, n * (ceil_log2(n) + 1));
        CHECK(c > 20 * n * (ceil_log2(n) + 1));
    }
    /* random orders of small tables, with and without a repeat; reversed and equal keys */
    for (unsigned long it = 0; it < hs_test_iters(300); it++) {
        size_t n = 1 + hs_rng_below(&rng, 300);
        uint64_t rank[300];
        for (size_t i = 0; i < n; i++) rank[i] = hs_rng_below(&rng, it % 2 ? 1000000 : 2 * n);
        check_dup(rank, n, "random");
    }
    {
        uint64_t rank[1000];
        for (size_t i = 0; i < 1000; i++) rank[i] = 1000 - i;
        check_dup(rank, 1000, "descending");
        for (size_t i = 0; i < 1000; i++) rank[i] = 3;
        check_dup(rank, 1000, "all equal");
        tab x;
        tab_make(&x, rank, 0);
        size_t a, b;
        CHECK(hs_table_dup_key(&x.t, KW, &a, &b, NULL) == 0);
        tab_free(&x);
    }
    return hs_test_done("test_textio");
}
