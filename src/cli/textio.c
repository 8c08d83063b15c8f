#include "cli/textio.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

void hs_sbuf_free(hs_sbuf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

static int reserve(hs_sbuf *b, size_t extra) {
    if (b->failed) return 0;
    if (b->len + extra + 1 <= b->cap) return 1;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra + 1) {
        if (cap > SIZE_MAX / 2) {
            b->failed = 1;
            return 0;
        }
        cap *= 2;
    }
    char *d = realloc(b->data, cap);
    if (!d) {
        b->failed = 1;
        return 0;
    }
    b->data = d;
    b->cap = cap;
    return 1;
}

void hs_sbuf_put(hs_sbuf *b, const char *s, size_t n) {
    if (!reserve(b, n)) return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = 0;
}

void hs_sbuf_printf(hs_sbuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char tmp[512];
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) {
        hs_sbuf_put(b, tmp, (size_t)n);
        return;
    }
    if (!reserve(b, (size_t)n)) return;
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

void hs_sbuf_u64(hs_sbuf *b, uint64_t v) {
    char tmp[24];
    int i = 24;
    do {
        tmp[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    hs_sbuf_put(b, tmp + i, (size_t)(24 - i));
}

int hs_read_all(const char *path, hs_sbuf *out, size_t max, char *err, size_t errlen) {
    int is_stdin = !path || !strcmp(path, "-");
    const char *name = is_stdin ? "<stdin>" : path;
    /* O_NONBLOCK: a FIFO without a writer must not block the open (a read then sees end of file);
     * the flag is cleared again before reading */
    int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return 0;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory", name);
        if (!is_stdin) close(fd);
        return 0;
    }
    if (!is_stdin) {
        int fl = fcntl(fd, F_GETFL);
        if (fl >= 0) (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    }
    /* the cap holds whatever the file is: a pipe, a device (/dev/zero) or a growing file; a regular
     * file already over it is refused without reading it */
    if (!max) max = HS_READ_MAX_BYTES;
    char chunk[65536];
    int bad = 0, big = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size > (uint64_t)max;
    while (!big) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            bad = 1;
            break;
        }
        if (n == 0) break;
        if ((size_t)n > max - out->len) {
            big = 1;
            break;
        }
        hs_sbuf_put(out, chunk, (size_t)n);
        if (out->failed) break;
    }
    if (!is_stdin) close(fd);
    if (big) {
        snprintf(err, errlen, "%s: larger than %zu bytes", name, max);
        return -1;
    }
    if (bad) {
        snprintf(err, errlen, "%s: read error: %s", name, strerror(errno));
        return 0;
    }
    if (out->failed) {
        snprintf(err, errlen, "%s: out of memory reading the input", name);
        return 0;
    }
    if (!out->data) hs_sbuf_put(out, "", 0);
    return 1;
}

/* data written to a fresh temporary file beside path; *tmp_out (malloc'd) names it. */
static int write_temp(const char *path, const char *data, size_t len, char **tmp_out, char *err, size_t errlen) {
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    *tmp_out = NULL;
    if (!tmp) {
        snprintf(err, errlen, "%s: out of memory", path);
        return 0;
    }
    snprintf(tmp, plen + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
        free(tmp);
        return 0;
    }
    FILE *f = fdopen(fd, "wb");
    int ok = f && (len == 0 || fwrite(data, 1, len, f) == len);
    if (f) ok = (fclose(f) == 0) && ok;
    else close(fd);
    if (!ok) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return 0;
    }
    *tmp_out = tmp;
    return 1;
}

int hs_write_all(const char *path, const char *data, size_t len, char *err, size_t errlen) {
    if (!path || !strcmp(path, "-")) {
        if (len && fwrite(data, 1, len, stdout) != len) {
            snprintf(err, errlen, "<stdout>: write error");
            return 0;
        }
        if (fflush(stdout)) {
            snprintf(err, errlen, "<stdout>: write error");
            return 0;
        }
        return 1;
    }
    hs_outset o = {0};
    return hs_outset_add(&o, path, data, len, err, errlen) && hs_outset_commit(&o, err, errlen);
}

int hs_out_check(const char *path, char *err, size_t errlen) {
    if (!path || !strcmp(path, "-")) return 1;
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: is a directory", path);
        return 0;
    }
    char *tmp;
    if (!write_temp(path, "", 0, &tmp, err, errlen)) return 0;
    unlink(tmp);
    free(tmp);
    return 1;
}

int hs_outset_add(hs_outset *o, const char *path, const char *data, size_t len, char *err, size_t errlen) {
    if (o->n == HS_OUTSET_MAX) {
        snprintf(err, errlen, "%s: too many outputs", path);
        hs_outset_abort(o);
        return 0;
    }
    char *tmp, *dst = malloc(strlen(path) + 1);
    if (!dst || !write_temp(path, data, len, &tmp, err, errlen)) {
        if (!dst) snprintf(err, errlen, "%s: out of memory", path);
        free(dst);
        hs_outset_abort(o);
        return 0;
    }
    strcpy(dst, path);
    o->tmp[o->n] = tmp, o->dst[o->n] = dst, o->n++;
    return 1;
}

int hs_outset_commit(hs_outset *o, char *err, size_t errlen) {
    int i = 0, ok = 1;
    for (; i < o->n; i++)
        if (rename(o->tmp[i], o->dst[i]) != 0) break;
    if (i < o->n) {
        snprintf(err, errlen, "%s: cannot write: %s", o->dst[i], strerror(errno));
        ok = 0;
    }
    for (int j = 0; j < i; j++) { /* renamed: nothing left to remove, unless the set failed */
        if (!ok) unlink(o->dst[j]);
        free(o->tmp[j]), o->tmp[j] = NULL;
    }
    hs_outset_abort(o); /* the temporary files not renamed */
    return ok;
}

void hs_outset_abort(hs_outset *o) {
    for (int i = 0; i < o->n; i++) {
        if (o->tmp[i]) unlink(o->tmp[i]);
        free(o->tmp[i]), free(o->dst[i]);
    }
    o->n = 0;
}

static int is_sep(char c) { return c == ' ' || c == '\t' || c == ','; }
static int hexdigit(char c) {
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Show at most 24 bytes of a bad token, quoted, with every byte that is not printable ASCII
 * escaped (\0, \r, \xNN), so a NUL or CR in the input cannot garble the message. */
static void token_repr(char *dst, size_t dlen, const char *s, size_t n) {
    size_t k = 0;
    const size_t shown = n > 24 ? 24 : n;
    if (dlen < 8) return;
    dst[k++] = '\'';
    for (size_t i = 0; i < shown && k + 6 < dlen; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\') dst[k++] = (char)c;
        else k += (size_t)snprintf(dst + k, dlen - k, c == 0 ? "\\0" : c == '\r' ? "\\r" : c == '\\' ? "\\\\" : "\\x%02x", c);
    }
    if (n > shown && k + 5 < dlen) dst[k++] = '.', dst[k++] = '.', dst[k++] = '.';
    dst[k++] = '\'';
    dst[k] = 0;
}

/* One hex token: an optional 0x prefix (required when prefixed) then 1 to `digits` hex digits,
 * any case, into lo (bits 0..63) and hi (bits 64..127). Returns 0 on anything else. */
static int hex_token(const char *tok, size_t tl, unsigned digits, int prefixed, uint64_t *lo, uint64_t *hi) {
    int has0x = tl > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X');
    if (prefixed && !has0x) return 0;
    if (has0x) tok += 2, tl -= 2;
    if (tl == 0 || tl > digits) return 0;
    *lo = *hi = 0;
    for (size_t i = 0; i < tl; i++) {
        int d = hexdigit(tok[i]);
        if (d < 0) return 0;
        *hi = *hi << 4 | *lo >> 60;
        *lo = *lo << 4 | (unsigned)d;
    }
    return 1;
}

/* digits: 0, decimal values below modulus or 2^bits; else hex values of at most `digits` digits
 * (1..32; above 16 a value is two words, low first), 0x-prefixed when prefixed */
static int table_parse(hs_table *t, const char *name, const char *text, size_t len, unsigned width,
                       uint64_t modulus, unsigned bits, unsigned digits, int prefixed, const char *what,
                       size_t max_rows, char *err, size_t errlen) {
    memset(t, 0, sizeof *t);
    t->width = width;
    size_t cap = 0;
    size_t lineno = 0;
    uint64_t vmax = bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
    const char *p = text, *end = text + len;
    size_t nvals = 0, vcap = 0;
    t->off = malloc(sizeof *t->off);
    if (!t->off) {
        snprintf(err, errlen, "%s: out of memory", name);
        return 0;
    }
    t->off[0] = 0;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *le = eol ? eol : end;
        lineno++;
        const char *q = p;
        const char *qe = le;
        if (qe > q && qe[-1] == '\r') qe--;
        p = eol ? eol + 1 : end;
        while (q < qe && (*q == ' ' || *q == '\t')) q++;
        if (q == qe || *q == '#') continue;
        unsigned count = 0;
        int comma = 0;
        const char *qt = qe;
        while (qt > q && (qt[-1] == ' ' || qt[-1] == '\t')) qt--;
        int empty_row = width == 0 && qt - q == 1 && *q == '-'; /* "-": a message of no values */
        for (; !empty_row;) {
            while (q < qe && (*q == ' ' || *q == '\t')) q++;
            const char *tok = q;
            while (q < qe && !is_sep(*q)) q++;
            size_t tl = (size_t)(q - tok);
            char repr[128];
            if (tl == 0) {
                snprintf(err, errlen, "%s:%zu: empty value (value %u on the line)", name, lineno, count + 1);
                goto fail;
            }
            uint64_t v = 0, vhi = 0;
            int overflow = 0;
            if (digits && !hex_token(tok, tl, digits, prefixed, &v, &vhi)) {
                token_repr(repr, sizeof repr, tok, tl);
                if (prefixed)
                    snprintf(err, errlen, "%s:%zu: %s is not 0x-prefixed hex of at most %u digits for %s", name,
                             lineno, repr, digits, what);
                else
                    snprintf(err, errlen, "%s:%zu: %s is not a word of at most %u hex digits for %s", name, lineno,
                             repr, digits, what);
                goto fail;
            }
            for (size_t i = 0; !digits && i < tl; i++) {
                if (tok[i] < '0' || tok[i] > '9') {
                    token_repr(repr, sizeof repr, tok, tl);
                    snprintf(err, errlen, "%s:%zu: %s is not a non-negative decimal integer", name, lineno, repr);
                    goto fail;
                }
                unsigned d = (unsigned)(tok[i] - '0');
                if (v > (UINT64_MAX - d) / 10) overflow = 1;
                else v = v * 10 + d;
            }
            if (!digits && (overflow || v > vmax || (modulus && v >= modulus))) {
                token_repr(repr, sizeof repr, tok, tl);
                if (modulus)
                    snprintf(err, errlen, "%s:%zu: value %s is out of range for %s (must be < %llu)", name, lineno,
                             repr, what, (unsigned long long)modulus);
                else
                    snprintf(err, errlen, "%s:%zu: value %s does not fit in %u bits", name, lineno, repr, bits);
                goto fail;
            }
            if (nvals + 2 > vcap) { /* room for a 128-bit value's two words */
                size_t ncap = vcap ? vcap * 2 : 4096;
                uint64_t *nv = ncap < vcap ? NULL : realloc(t->vals, ncap * sizeof *nv);
                if (!nv) {
                    snprintf(err, errlen, "%s:%zu: out of memory", name, lineno);
                    goto fail;
                }
                t->vals = nv;
                vcap = ncap;
            }
            t->vals[nvals++] = v;
            if (digits > 16) t->vals[nvals++] = vhi;
            count++;
            while (q < qe && (*q == ' ' || *q == '\t')) q++;
            if (q == qe) break;
            if (*q == ',') {
                comma = 1;
                q++;
                while (q < qe && (*q == ' ' || *q == '\t')) q++;
                if (q == qe) {
                    snprintf(err, errlen, "%s:%zu: trailing comma", name, lineno);
                    goto fail;
                }
            }
        }
        if (width && count != width) {
            snprintf(err, errlen, "%s:%zu: expected %u values for %s, found %u", name, lineno, width, what, count);
            goto fail;
        }
        if (max_rows && t->rows == max_rows) { /* a row beyond the bound: stop reading here */
            t->more = lineno;
            break;
        }
        if (t->rows == cap) {
            size_t ncap = cap ? cap * 2 : 1024;
            unsigned char *nc = realloc(t->comma, ncap);
            if (nc) t->comma = nc;
            size_t *nl = realloc(t->line, ncap * sizeof *nl);
            if (nl) t->line = nl;
            size_t *no = realloc(t->off, (ncap + 1) * sizeof *no);
            if (no) t->off = no;
            if (!nc || !nl || !no) {
                snprintf(err, errlen, "%s:%zu: out of memory", name, lineno);
                goto fail;
            }
            cap = ncap;
        }
        t->off[t->rows + 1] = nvals;
        t->comma[t->rows] = (unsigned char)comma;
        t->line[t->rows] = lineno;
        t->rows++;
    }
    return 1;
fail:
    hs_table_free(t);
    return 0;
}

int hs_table_parse(hs_table *t, const char *name, const char *text, size_t len, unsigned width,
                   uint64_t modulus, unsigned bits, const char *what, size_t max_rows, char *err, size_t errlen) {
    return table_parse(t, name, text, len, width, modulus, bits, 0, 0, what, max_rows, err, errlen);
}

int hs_table_parse_hex(hs_table *t, const char *name, const char *text, size_t len, unsigned width, unsigned digits,
                       int prefixed, const char *what, size_t max_rows, char *err, size_t errlen) {
    if (digits < 1 || digits > 32) {
        snprintf(err, errlen, "%s: %u hex digits a value (must be 1 to 32)", name, digits);
        memset(t, 0, sizeof *t);
        return 0;
    }
    return table_parse(t, name, text, len, width, 0, 64, digits, prefixed, what, max_rows, err, errlen);
}

void hs_table_free(hs_table *t) {
    free(t->vals);
    free(t->off);
    free(t->comma);
    free(t->line);
    memset(t, 0, sizeof *t);
}

void hs_table_format_row(hs_sbuf *b, const uint64_t *vals, unsigned width, int comma) {
    for (unsigned i = 0; i < width; i++) {
        if (i) hs_sbuf_put(b, comma ? ", " : " ", comma ? 2 : 1);
        hs_sbuf_u64(b, vals[i]);
    }
    hs_sbuf_put(b, "\n", 1);
}

void hs_table_format_row_hex(hs_sbuf *b, const uint64_t *vals, unsigned width, unsigned digits, int prefixed,
                             int comma) {
    const int two = digits > 16; /* two words a value, low first */
    for (unsigned i = 0; i < width; i++) {
        if (i) hs_sbuf_put(b, comma ? ", " : " ", comma ? 2 : 1);
        if (prefixed) hs_sbuf_put(b, "0x", 2);
        if (two)
            hs_sbuf_printf(b, "%0*llx%016llx", (int)digits - 16, (unsigned long long)vals[2 * i + 1],
                           (unsigned long long)vals[2 * i]);
        else
            hs_sbuf_printf(b, "%0*llx", (int)digits, (unsigned long long)vals[i]);
    }
    hs_sbuf_put(b, "\n", 1);
}

/* rows x and y of t by their first kw values */
static int key_cmp(const hs_table *t, unsigned kw, size_t x, size_t y) {
    const uint64_t *p = t->vals + t->off[x], *q = t->vals + t->off[y];
    for (unsigned i = 0; i < kw; i++)
        if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
    return 0;
}

int hs_table_dup_key(const hs_table *t, unsigned kw, size_t *a, size_t *b, size_t *compares) {
    size_t n = t->rows, cmps = 0;
    *a = *b = 0;
    if (compares) *compares = 0;
    size_t *ord = malloc((n + 1) * sizeof *ord), *tmp = malloc((n + 1) * sizeof *tmp);
    if (!ord || !tmp) {
        free(ord), free(tmp);
        return -1;
    }
    for (size_t i = 0; i < n; i++) ord[i] = i;
    /* bottom-up merge sort, stable: runs of w rows merged pairwise, w doubling; ceil(log2 n)
     * passes of at most n comparisons each */
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                cmps++;
                tmp[k++] = key_cmp(t, kw, ord[j], ord[i]) < 0 ? ord[j++] : ord[i++];
            }
            while (i < mid) tmp[k++] = ord[i++];
            while (j < hi) tmp[k++] = ord[j++];
        }
        size_t *x = ord;
        ord = tmp, tmp = x;
    }
    int dup = 0;
    for (size_t i = 1; i < n && !dup; i++) {
        cmps++;
        if (!key_cmp(t, kw, ord[i - 1], ord[i])) { /* stable: ord[i - 1] < ord[i] */
            *a = ord[i - 1], *b = ord[i];
            dup = 1;
        }
    }
    free(ord), free(tmp);
    if (compares) *compares = cmps;
    return dup;
}
