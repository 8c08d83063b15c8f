/* --format json: one JSON object on standard output, written as the command goes. Keys are
 * written in order; a number that is NaN or infinite is left out (a field that means nothing is
 * absent, never zero). */
#ifndef HS_APP_JSON_H
#define HS_APP_JSON_H

#include <stdint.h>
#include <stdio.h>

#define HS_JSON_DEPTH 8

typedef struct hs_json {
    FILE *f;
    int depth;
    int first[HS_JSON_DEPTH];
    char closing[HS_JSON_DEPTH]; /* the bracket each open level ends with */
} hs_json;

/* "{" on f; hs_json_end closes every open level and ends the line. */
void hs_json_begin(hs_json *j, FILE *f);
void hs_json_end(hs_json *j);
/* key NULL: an element of the array open at this level. */
void hs_json_str(hs_json *j, const char *key, const char *v);
void hs_json_strn(hs_json *j, const char *key, const char *v, size_t n);
void hs_json_num(hs_json *j, const char *key, double v);
void hs_json_u64(hs_json *j, const char *key, uint64_t v);
void hs_json_bool(hs_json *j, const char *key, int v);
/* s[0..n) as a JSON string, quoted and escaped, on f (the writers above use it; so does bench's
 * own JSON, which it writes without an hs_json). */
void hs_json_quoted(FILE *f, const char *s, size_t n);
/* A nested object ('{') or array ('['), closed by hs_json_close. */
void hs_json_open(hs_json *j, const char *key, char bracket);
void hs_json_close(hs_json *j);

#endif
