#include "app/json.h"

#include <math.h>
#include <string.h>

void hs_json_begin(hs_json *j, FILE *f) {
    j->f = f;
    j->depth = 0;
    j->first[0] = 1;
    j->closing[0] = '}';
    fputc('{', f);
}

static void key_of(hs_json *j, const char *key) {
    if (!j->first[j->depth]) fputs(", ", j->f);
    j->first[j->depth] = 0;
    if (key) {
        fputc('"', j->f);
        fputs(key, j->f); /* keys are the program's own identifiers */
        fputs("\": ", j->f);
    }
}

void hs_json_quoted(FILE *f, const char *s, size_t n) {
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else if (c == '\n') fputs("\\n", f);
        else if (c < 0x20) fprintf(f, "\\u%04x", c);
        else fputc(c, f);
    }
    fputc('"', f);
}

void hs_json_strn(hs_json *j, const char *key, const char *v, size_t n) {
    key_of(j, key);
    hs_json_quoted(j->f, v ? v : "", v ? n : 0);
}

void hs_json_str(hs_json *j, const char *key, const char *v) { hs_json_strn(j, key, v, v ? strlen(v) : 0); }

void hs_json_num(hs_json *j, const char *key, double v) {
    if (!isfinite(v)) return;
    key_of(j, key);
    fprintf(j->f, "%.9g", v);
}

void hs_json_u64(hs_json *j, const char *key, uint64_t v) {
    key_of(j, key);
    fprintf(j->f, "%llu", (unsigned long long)v);
}

void hs_json_bool(hs_json *j, const char *key, int v) {
    key_of(j, key);
    fputs(v ? "true" : "false", j->f);
}

void hs_json_open(hs_json *j, const char *key, char bracket) {
    if (j->depth + 1 >= HS_JSON_DEPTH) return;
    key_of(j, key);
    fputc(bracket, j->f);
    j->first[++j->depth] = 1;
    j->closing[j->depth] = bracket == '[' ? ']' : '}';
}

void hs_json_close(hs_json *j) {
    if (j->depth == 0) return;
    fputc(j->closing[j->depth--], j->f);
}

void hs_json_end(hs_json *j) {
    while (j->depth > 0) hs_json_close(j);
    fputs("}\n", j->f);
    fflush(j->f);
}
