/* One rank's rows of a table file (src/cli/slice.h). The file is streamed in chunks: every rank
 * scans every line (to count the rows and keep the line numbers), but only the rows it holds are
 * parsed and kept, each by hs_table_parse on its own line, so the checks and messages are the
 * whole-file reader's. Memory: a chunk, one line and this rank's rows. */
#include "cli/slice.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/textio.h"

#define CHUNK_BYTES ((size_t)1 << 20)
#define LINE_MAX_BYTES ((size_t)1 << 20) /* a row of 24 values is a few hundred bytes */

typedef struct {
    const char *cmd, *path;
    const hs_provable *h;
    size_t R, r, max_rows;
    int speak; /* this rank prints the errors every rank finds alike (rank 0) */
    size_t lineno, rows, more;
    uint32_t *words;
    size_t n_mine, cap; /* rows held in words, and room for */
} slice_ctx;

/* A line (no '\n'): a data row (hs_table_parse's rule: not blank, not '#') counted, and parsed
 * when this rank holds it. 0 after printing why. */
static int slice_line(slice_ctx *s, const char *p, size_t len) {
    s->lineno++;
    size_t i = 0, e = len;
    if (e && p[e - 1] == '\r') e--;
    while (i < e && (p[i] == ' ' || p[i] == '\t')) i++;
    if (i == e || p[i] == '#') return 1;
    const size_t k = s->rows++;
    if (s->rows > s->max_rows) return s->more = s->lineno, 1;
    if (k % s->R != s->r) return 1;
    const hs_provable *h = s->h;
    const unsigned vb = h->value_bits == 64 ? 64 : 32, width = vb == 64 ? h->in_words / 2 : h->in_words;
    char err[512];
    hs_table t;
    if (!hs_table_parse(&t, s->path, p, len, width, h->word_modulus, vb, h->name, 1, err, sizeof err)) {
        /* the line alone is line 1 of its text: name its line in the file */
        const size_t pl = strlen(s->path);
        const char *rest = !strncmp(err, s->path, pl) && !strncmp(err + pl, ":1:", 3) ? err + pl + 3 : NULL;
        if (rest) hs_cli_error(s->cmd, "%s:%zu:%s", s->path, s->lineno, rest);
        else hs_cli_error(s->cmd, "%s", err);
        return 0;
    }
    if (s->n_mine == s->cap) {
        const size_t nc = s->cap ? 2 * s->cap : 1024;
        uint32_t *nw = realloc(s->words, nc * h->in_words * sizeof *nw);
        if (!nw) return hs_table_free(&t), hs_cli_error(s->cmd, "%s:%zu: out of memory", s->path, s->lineno), 0;
        s->words = nw, s->cap = nc;
    }
    uint32_t *dst = s->words + s->n_mine++ * h->in_words;
    for (unsigned j = 0; j < width; j++) {
        if (vb == 64)
            dst[2 * j] = (uint32_t)t.vals[j], dst[2 * j + 1] = (uint32_t)(t.vals[j] >> 32);
        else
            dst[j] = (uint32_t)t.vals[j];
    }
    hs_table_free(&t);
    return 1;
}

/* The whole file through slice_line. 0 after printing why. */
static int slice_scan(slice_ctx *s, FILE *f) {
    char *chunk = malloc(CHUNK_BYTES);
    hs_sbuf line = {0};
    size_t total = 0;
    int ok = chunk != NULL;
    if (!ok && s->speak) hs_cli_error(s->cmd, "%s: out of memory", s->path);
    while (ok && !s->more) {
        const size_t n = fread(chunk, 1, CHUNK_BYTES, f);
        if (n == 0) break;
        if ((total += n) > HS_READ_MAX_BYTES) {
            if (s->speak) hs_cli_error(s->cmd, "%s: larger than %zu bytes", s->path, (size_t)HS_READ_MAX_BYTES);
            ok = 0;
            break;
        }
        for (size_t at = 0; ok && at < n && !s->more;) {
            const char *nl = memchr(chunk + at, '\n', n - at);
            const size_t seg = (nl ? (size_t)(nl - chunk) : n) - at;
            if (line.len + seg > LINE_MAX_BYTES) {
                if (s->speak) hs_cli_error(s->cmd, "%s:%zu: a line of more than %zu bytes", s->path, s->lineno + 1,
                                           LINE_MAX_BYTES);
                ok = 0;
                break;
            }
            if (!nl || line.len) hs_sbuf_put(&line, chunk + at, seg); /* a line across chunks */
            if (nl && line.len) ok = !line.failed && slice_line(s, line.data, line.len), line.len = 0;
            else if (nl) ok = slice_line(s, chunk + at, seg);
            if (line.failed) {
                hs_cli_error(s->cmd, "%s: out of memory", s->path);
                ok = 0;
            }
            at += seg + (nl != NULL);
        }
    }
    if (ok && ferror(f)) {
        if (s->speak) hs_cli_error(s->cmd, "%s: read error: %s", s->path, strerror(errno));
        ok = 0;
    }
    if (ok && !s->more && line.len) ok = slice_line(s, line.data, line.len); /* a last line without '\n' */
    hs_sbuf_free(&line);
    free(chunk);
    return ok;
}

hs_inputs *hs_cli_read_slice(const char *cmd, const char *path, const hs_provable *h, size_t max_rows, size_t R,
                             size_t r, size_t *rows, uint32_t **words, size_t *mine) {
    const int speak = r == 0;
    FILE *f = !strcmp(path, "-") ? NULL : fopen(path, "rb");
    struct stat st;
    if (!f) {
        if (speak) hs_cli_error(cmd, "%s: cannot open: %s", path, strcmp(path, "-") ? strerror(errno) : "standard input "
                                "cannot be shared by several ranks (each rank reads the file itself)");
        return NULL;
    }
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        if (speak) hs_cli_error(cmd, "%s: not a regular file (each rank reads the file itself)", path);
        return fclose(f), NULL;
    }
    if ((uint64_t)st.st_size > (uint64_t)HS_READ_MAX_BYTES) {
        if (speak) hs_cli_error(cmd, "%s: larger than %zu bytes", path, (size_t)HS_READ_MAX_BYTES);
        return fclose(f), NULL;
    }
    slice_ctx s = {cmd, path, h, R, r, max_rows, speak, 0, 0, 0, NULL, 0, 0};
    int ok = slice_scan(&s, f);
    fclose(f);
    hs_inputs *in = NULL;
    if (ok && hs_inputs_new(&in, words, s.n_mine ? s.n_mine * h->in_words : 1) != HS_OK) {
        hs_cli_error(cmd, "%s: out of memory", path);
        ok = 0;
    }
    if (ok && s.n_mine) memcpy(*words, s.words, s.n_mine * h->in_words * sizeof *s.words);
    free(s.words);
    *rows = s.more ? max_rows + 1 : s.rows;
    *mine = s.n_mine;
    return ok ? in : NULL;
}
