#include "vecjson.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p, *end;
} cur;

static void ws(cur *c) {
    while (c->p < c->end && isspace((unsigned char)*c->p)) c->p++;
}

static vj *node(vj_type t) {
    vj *v = calloc(1, sizeof *v);
    if (!v) abort();
    v->type = t;
    return v;
}

static void push(vj *v, vj *item, char *key) {
    v->items = realloc(v->items, (v->n + 1) * sizeof *v->items);
    if (!v->items) abort();
    v->items[v->n] = item;
    if (v->type == VJ_OBJ) {
        v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
        if (!v->keys) abort();
        v->keys[v->n] = key;
    }
    v->n++;
}

static char *parse_string(cur *c) {
    if (c->p >= c->end || *c->p != '"') return NULL;
    c->p++;
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (!s) abort();
    while (c->p < c->end && *c->p != '"') {
        char ch = *c->p++;
        if (ch == '\\') {
            if (c->p >= c->end) break;
            ch = *c->p++;
            switch (ch) {
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'r': ch = '\r'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'u': /* keep the escape as is: the vector files are ASCII in the fields we read */
                c->p += (c->end - c->p >= 4) ? 4 : c->end - c->p;
                ch = '?';
                break;
            default: break; /* \" \\ \/ */
            }
        }
        if (n + 2 > cap) {
            cap *= 2;
            s = realloc(s, cap);
            if (!s) abort();
        }
        s[n++] = ch;
    }
    if (c->p >= c->end) {
        free(s);
        return NULL;
    }
    c->p++;
    s[n] = 0;
    return s;
}

static vj *parse_value(cur *c, int depth);

static vj *parse_value(cur *c, int depth) {
    if (depth > 64) return NULL;
    ws(c);
    if (c->p >= c->end) return NULL;
    char ch = *c->p;
    if (ch == '{' || ch == '[') {
        vj *v = node(ch == '{' ? VJ_OBJ : VJ_ARR);
        char close = ch == '{' ? '}' : ']';
        c->p++;
        ws(c);
        if (c->p < c->end && *c->p == close) {
            c->p++;
            return v;
        }
        for (;;) {
            char *key = NULL;
            ws(c);
            if (v->type == VJ_OBJ) {
                key = parse_string(c);
                ws(c);
                if (!key || c->p >= c->end || *c->p != ':') {
                    free(key);
                    vj_free(v);
                    return NULL;
                }
                c->p++;
            }
            vj *item = parse_value(c, depth + 1);
            if (!item) {
                free(key);
                vj_free(v);
                return NULL;
            }
            push(v, item, key);
            ws(c);
            if (c->p < c->end && *c->p == ',') {
                c->p++;
                continue;
            }
            if (c->p < c->end && *c->p == close) {
                c->p++;
                return v;
            }
            vj_free(v);
            return NULL;
        }
    }
    if (ch == '"') {
        char *s = parse_string(c);
        if (!s) return NULL;
        vj *v = node(VJ_STR);
        v->text = s;
        return v;
    }
    const char *start = c->p;
    while (c->p < c->end && (isalnum((unsigned char)*c->p) || *c->p == '-' || *c->p == '+' || *c->p == '.'))
        c->p++;
    size_t len = (size_t)(c->p - start);
    if (len == 0) return NULL;
    vj *v;
    if (len == 4 && !memcmp(start, "null", 4))
        v = node(VJ_NULL);
    else if ((len == 4 && !memcmp(start, "true", 4)) || (len == 5 && !memcmp(start, "false", 5)))
        v = node(VJ_BOOL);
    else
        v = node(VJ_NUM);
    v->text = malloc(len + 1);
    if (!v->text) abort();
    memcpy(v->text, start, len);
    v->text[len] = 0;
    return v;
}

vj *vj_parse(const char *text, size_t len) {
    cur c = {text, text + len};
    vj *v = parse_value(&c, 0);
    if (!v) return NULL;
    ws(&c);
    if (c.p != c.end) {
        vj_free(v);
        return NULL;
    }
    return v;
}

vj *vj_load(const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", HS_VECTORS_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open vector file %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    vj *v = vj_parse(buf, (size_t)len);
    free(buf);
    if (!v) {
        fprintf(stderr, "%s: not valid JSON\n", path);
        exit(1);
    }
    return v;
}

void vj_free(vj *v) {
    if (!v) return;
    for (size_t i = 0; i < v->n; i++) {
        vj_free(v->items[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    free(v);
}

const vj *vj_get(const vj *o, const char *key) {
    if (!o || o->type != VJ_OBJ) return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->keys[i], key)) return o->items[i];
    return NULL;
}

const vj *vj_path(const vj *root, const char *path) {
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    const vj *v = root;
    for (char *tok = strtok(buf, "."); tok && v; tok = strtok(NULL, ".")) v = vj_get(v, tok);
    return v;
}

const vj *vj_at(const vj *a, size_t i) {
    if (!a || (a->type != VJ_ARR && a->type != VJ_OBJ) || i >= a->n) return NULL;
    return a->items[i];
}

size_t vj_len(const vj *v) { return v && (v->type == VJ_ARR || v->type == VJ_OBJ) ? v->n : 0; }

uint64_t vj_u64(const vj *v) {
    if (!v || (v->type != VJ_NUM && v->type != VJ_STR) || !v->text[0]) {
        fprintf(stderr, "vecjson: expected an integer\n");
        exit(1);
    }
    char *end;
    unsigned long long x = strtoull(v->text, &end, 10);
    if (*end) {
        fprintf(stderr, "vecjson: '%s' is not a decimal integer\n", v->text);
        exit(1);
    }
    return (uint64_t)x;
}

const char *vj_str(const vj *v) {
    if (!v || v->type != VJ_STR) {
        fprintf(stderr, "vecjson: expected a string\n");
        exit(1);
    }
    return v->text;
}

size_t vj_u64s(const vj *a, uint64_t *out, size_t max) {
    size_t n = vj_len(a);
    if (n > max) {
        fprintf(stderr, "vecjson: array of %zu exceeds %zu\n", n, max);
        exit(1);
    }
    for (size_t i = 0; i < n; i++) out[i] = vj_u64(a->items[i]);
    return n;
}

size_t vj_u32s(const vj *a, uint32_t *out, size_t max) {
    size_t n = vj_len(a);
    if (n > max) {
        fprintf(stderr, "vecjson: array of %zu exceeds %zu\n", n, max);
        exit(1);
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t x = vj_u64(a->items[i]);
        if (x > UINT32_MAX) {
            fprintf(stderr, "vecjson: %llu does not fit 32 bits\n", (unsigned long long)x);
            exit(1);
        }
        out[i] = (uint32_t)x;
    }
    return n;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

size_t vj_hex(const vj *v, uint8_t *out, size_t max) {
    const char *s = vj_str(v);
    size_t len = strlen(s);
    if (len % 2 || len / 2 > max) {
        fprintf(stderr, "vecjson: bad hex length %zu (max %zu bytes)\n", len, max);
        exit(1);
    }
    for (size_t i = 0; i < len / 2; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "vecjson: bad hex digit in '%s'\n", s);
            exit(1);
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return len / 2;
}

void vj_u128(const vj *v, uint64_t *lo, uint64_t *hi) {
    const char *s = vj_str(v);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    size_t len = strlen(s);
    if (len == 0 || len > 32) {
        fprintf(stderr, "vecjson: '%s' is not 1 to 32 hex digits\n", s);
        exit(1);
    }
    *lo = *hi = 0;
    for (size_t i = 0; i < len; i++) {
        int d = hexval(s[i]);
        if (d < 0) {
            fprintf(stderr, "vecjson: bad hex digit in '%s'\n", s);
            exit(1);
        }
        *hi = *hi << 4 | *lo >> 60;
        *lo = *lo << 4 | (uint64_t)d;
    }
}
