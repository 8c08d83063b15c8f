/* The command line's bounded JSON reader (jsonread.h): recursive descent, depth-limited. */
#include "cli/jsonread.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    hs_jr *j;
    const char *name;
    size_t pos, line, max_nodes;
    char *err;
    size_t errlen;
    int failed;
} parser;

static void show_span(const char *t, size_t len, char *buf, size_t buflen) {
    size_t o = 0;
    for (size_t i = 0; i < len && i < 24 && o + 5 < buflen; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c >= 0x20 && c < 0x7f && c != '\'') buf[o++] = (char)c;
        else o += (size_t)snprintf(buf + o, buflen - o, "\\x%02x", c);
    }
    if (len > 24 && o + 4 < buflen) buf[o++] = '.', buf[o++] = '.', buf[o++] = '.';
    buf[o < buflen ? o : buflen - 1] = 0;
}

static int fail(parser *p, const char *what) {
    if (p->failed) return 0;
    p->failed = 1;
    const hs_jr *j = p->j;
    char near[128];
    if (p->pos >= j->len) {
        snprintf(p->err, p->errlen, "%s:%zu: %s at the end of the text", p->name, p->line, what);
    } else {
        size_t n = 0;
        while (p->pos + n < j->len && n < 24 && j->text[p->pos + n] != '\n') n++;
        show_span(j->text + p->pos, n ? n : 1, near, sizeof near);
        snprintf(p->err, p->errlen, "%s:%zu: %s at '%s'", p->name, p->line, what, near);
    }
    return 0;
}

static void skip_ws(parser *p) {
    const hs_jr *j = p->j;
    while (p->pos < j->len) {
        char c = j->text[p->pos];
        if (c == '\n') p->line++;
        else if (c != ' ' && c != '\t' && c != '\r') break;
        p->pos++;
    }
}

static size_t new_node(parser *p, hs_jr_type t) {
    hs_jr *j = p->j;
    if (p->max_nodes && j->n >= p->max_nodes) return fail(p, "too many values"), 0;
    if (j->n == j->cap) {
        size_t cap = j->cap ? 2 * j->cap : 64;
        hs_jr_node *nn = realloc(j->nodes, cap * sizeof *nn);
        if (!nn) return fail(p, "out of memory"), 0;
        j->nodes = nn, j->cap = cap;
    }
    hs_jr_node *nd = &j->nodes[j->n];
    memset(nd, 0, sizeof *nd);
    nd->type = (uint32_t)t, nd->line = (uint32_t)p->line, nd->off = (uint32_t)p->pos;
    return j->n++;
}

/* A string at p->pos (the opening quote): *off, *len its contents. */
static int string(parser *p, size_t *off, size_t *len) {
    const hs_jr *j = p->j;
    size_t i = p->pos + 1;
    while (i < j->len && j->text[i] != '"') {
        unsigned char c = (unsigned char)j->text[i];
        if (c < 0x20) {
            p->pos = i;
            return fail(p, "a control character inside a string");
        }
        if (c == '\\') {
            if (i + 1 >= j->len) break;
            char e = j->text[i + 1];
            if (e == 'u') {
                for (int k = 2; k < 6; k++)
                    if (i + (size_t)k >= j->len || !strchr("0123456789abcdefABCDEF", j->text[i + (size_t)k]) ||
                        !j->text[i + (size_t)k]) {
                        p->pos = i;
                        return fail(p, "a bad \\u escape");
                    }
                i += 6;
                continue;
            }
            if (!e || !strchr("\"\\/bfnrt", e)) {
                p->pos = i;
                return fail(p, "a bad escape");
            }
            i += 2;
            continue;
        }
        i++;
    }
    if (i >= j->len) return fail(p, "an unterminated string");
    *off = p->pos + 1, *len = i - p->pos - 1;
    p->pos = i + 1;
    return 1;
}

static int value(parser *p, size_t *out, unsigned depth);

static int container(parser *p, size_t *out, unsigned depth, int obj) {
    hs_jr *j = p->j;
    size_t me = new_node(p, obj ? HS_JR_OBJ : HS_JR_ARR);
    if (p->failed) return 0;
    *out = me;
    p->pos++;
    skip_ws(p);
    const char close = obj ? '}' : ']';
    if (p->pos < j->len && j->text[p->pos] == close) {
        p->pos++;
        j->nodes[me].len = (uint32_t)(p->pos - j->nodes[me].off);
        return 1;
    }
    size_t last = 0;
    for (;;) {
        size_t koff = 0, klen = 0;
        if (obj) {
            skip_ws(p);
            if (p->pos >= j->len || j->text[p->pos] != '"') return fail(p, "expected a key (a string)");
            if (!string(p, &koff, &klen)) return 0;
            skip_ws(p);
            if (p->pos >= j->len || j->text[p->pos] != ':') return fail(p, "expected ':'");
            p->pos++;
        }
        size_t child;
        if (!value(p, &child, depth + 1)) return 0;
        j->nodes[child].key_off = (uint32_t)koff, j->nodes[child].key_len = (uint32_t)klen;
        if (last) j->nodes[last].next = (uint32_t)child;
        else j->nodes[me].first = (uint32_t)child;
        last = child;
        j->nodes[me].count++;
        skip_ws(p);
        if (p->pos < j->len && j->text[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < j->len && j->text[p->pos] == close) {
            p->pos++;
            j->nodes[me].len = (uint32_t)(p->pos - j->nodes[me].off);
            return 1;
        }
        return fail(p, obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int value(parser *p, size_t *out, unsigned depth) {
    hs_jr *j = p->j;
    skip_ws(p);
    if (depth > HS_JR_MAX_DEPTH) return fail(p, "nested too deeply");
    if (p->pos >= j->len) return fail(p, "expected a value");
    char c = j->text[p->pos];
    if (c == '{' || c == '[') return container(p, out, depth, c == '{');
    if (c == '"') {
        size_t me = new_node(p, HS_JR_STR);
        if (p->failed) return 0;
        *out = me;
        size_t off, len;
        if (!string(p, &off, &len)) return 0;
        j->nodes[me].off = (uint32_t)off, j->nodes[me].len = (uint32_t)len;
        return 1;
    }
    static const struct {
        const char *word;
        hs_jr_type t;
    } words[] = {{"true", HS_JR_BOOL}, {"false", HS_JR_BOOL}, {"null", HS_JR_NULL}};
    for (size_t w = 0; w < 3; w++) {
        size_t n = strlen(words[w].word);
        if (j->len - p->pos >= n && !memcmp(j->text + p->pos, words[w].word, n)) {
            size_t me = new_node(p, words[w].t);
            if (p->failed) return 0;
            j->nodes[me].len = (uint32_t)n;
            p->pos += n;
            *out = me;
            return 1;
        }
    }
    if (c == '-' || (c >= '0' && c <= '9')) { /* JSON's number grammar */
        size_t i = p->pos, start = i;
        if (j->text[i] == '-') i++;
        size_t d = i;
        while (i < j->len && j->text[i] >= '0' && j->text[i] <= '9') i++;
        if (i == d || (j->text[d] == '0' && i - d > 1)) return fail(p, "a malformed number");
        if (i < j->len && j->text[i] == '.') {
            size_t f = ++i;
            while (i < j->len && j->text[i] >= '0' && j->text[i] <= '9') i++;
            if (i == f) return fail(p, "a malformed number");
        }
        if (i < j->len && (j->text[i] == 'e' || j->text[i] == 'E')) {
            i++;
            if (i < j->len && (j->text[i] == '+' || j->text[i] == '-')) i++;
            size_t f = i;
            while (i < j->len && j->text[i] >= '0' && j->text[i] <= '9') i++;
            if (i == f) return fail(p, "a malformed number");
        }
        size_t me = new_node(p, HS_JR_NUM);
        if (p->failed) return 0;
        j->nodes[me].len = (uint32_t)(i - start);
        p->pos = i;
        *out = me;
        return 1;
    }
    return fail(p, "expected a value");
}

int hs_jr_parse(hs_jr *j, const char *name, const char *text, size_t len, size_t max_nodes, char *err, size_t errlen) {
    memset(j, 0, sizeof *j);
    j->text = text, j->len = len;
    if (len > HS_JR_MAX_TEXT) {
        snprintf(err, errlen, "%s: more than %zu bytes", name, HS_JR_MAX_TEXT);
        return 0;
    }
    parser p = {j, name, 0, 1, max_nodes, err, errlen, 0};
    size_t root;
    if (value(&p, &root, 0)) {
        skip_ws(&p);
        if (p.pos == len) return 1;
        fail(&p, "text after the value");
    }
    hs_jr_free(j);
    j->text = text, j->len = len;
    return 0;
}

void hs_jr_free(hs_jr *j) {
    free(j->nodes);
    j->nodes = NULL, j->n = j->cap = 0;
}

size_t hs_jr_get(const hs_jr *j, size_t obj, const char *key) {
    if (obj >= j->n || j->nodes[obj].type != HS_JR_OBJ) return 0;
    size_t kl = strlen(key);
    for (size_t c = j->nodes[obj].first; c; c = j->nodes[c].next)
        if (j->nodes[c].key_len == kl && !memcmp(j->text + j->nodes[c].key_off, key, kl)) return c;
    return 0;
}

const char *hs_jr_show(const hs_jr *j, size_t node, char *buf, size_t buflen) {
    const hs_jr_node *nd = &j->nodes[node];
    size_t off = nd->off, len = nd->len;
    if (nd->type == HS_JR_STR) off--, len += 2; /* with its quotes */
    size_t n = 0;
    while (n < len && j->text[off + n] != '\n') n++;
    show_span(j->text + off, n, buf, buflen);
    return buf;
}

int hs_jr_uint(const hs_jr *j, size_t node, unsigned bits, uint64_t *out) {
    const hs_jr_node *nd = &j->nodes[node];
    if (nd->type != HS_JR_NUM || !nd->len || nd->len > 20) return 0;
    const char *t = j->text + nd->off;
    if (nd->len > 1 && t[0] == '0') return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < nd->len; i++) {
        if (t[i] < '0' || t[i] > '9') return 0;
        unsigned d = (unsigned)(t[i] - '0');
        if (v > (UINT64_MAX - d) / 10) return 0;
        v = v * 10 + d;
    }
    if (bits < 64 && (v >> bits)) return 0;
    *out = v;
    return 1;
}
