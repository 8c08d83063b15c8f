/* A bounded JSON reader for the command line's inputs (hashsnark xmss): the whole text into a
 * tree of nodes in one array. Linear time in the text; at most one node per byte of text (and
 * max_nodes), nesting at most HS_JR_MAX_DEPTH; numbers and strings stay spans of the text
 * (strings: between the quotes, escapes checked but not decoded). Errors name the file, the line
 * and the text found there. */
#ifndef HS_CLI_JSONREAD_H
#define HS_CLI_JSONREAD_H

#include <stddef.h>
#include <stdint.h>

#define HS_JR_MAX_DEPTH 32

typedef enum { HS_JR_NULL, HS_JR_BOOL, HS_JR_NUM, HS_JR_STR, HS_JR_ARR, HS_JR_OBJ } hs_jr_type;

typedef struct {
    uint32_t type;             /* hs_jr_type */
    uint32_t line;             /* 1-based line where the value starts */
    uint32_t off, len;         /* the value's text (a string's without the quotes) */
    uint32_t key_off, key_len; /* a member of an object: its key (without the quotes) */
    uint32_t first, next;      /* first child, next sibling: node indices, 0 for none (node 0 is the root) */
    uint32_t count;            /* children */
} hs_jr_node;

typedef struct {
    hs_jr_node *nodes;
    size_t n, cap;
    const char *text;
    size_t len;
} hs_jr;

/* The longest text hs_jr_parse takes (offsets are 32-bit). */
#define HS_JR_MAX_TEXT ((size_t)1 << 31)
/* Parses text[0..len) (one value, whitespace around it; len <= HS_JR_MAX_TEXT). Returns 1; 0
 * with "NAME:LINE: why" in err. max_nodes 0: no bound but the text's length. */
int hs_jr_parse(hs_jr *j, const char *name, const char *text, size_t len, size_t max_nodes, char *err, size_t errlen);
void hs_jr_free(hs_jr *j);
/* The member of object node obj with this key (0 when absent; keys compared as written). */
size_t hs_jr_get(const hs_jr *j, size_t obj, const char *key);
/* Node text shown in messages: at most 24 bytes, non-printing bytes escaped, into buf. */
const char *hs_jr_show(const hs_jr *j, size_t node, char *buf, size_t buflen);
/* An unsigned decimal integer (no sign, fraction or exponent, no leading zero) below 2^bits (bits
 * <= 64) into *out; 0 otherwise. */
int hs_jr_uint(const hs_jr *j, size_t node, unsigned bits, uint64_t *out);

#endif
