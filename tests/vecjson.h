/* A small JSON reader for the known-answer files in tests/vectors/. Numbers are kept as text
 * (Goldilocks values exceed 2^53), so read them with vj_u64. Test code only. */
#ifndef HS_TESTS_VECJSON_H
#define HS_TESTS_VECJSON_H

#include <stddef.h>
#include <stdint.h>

typedef enum { VJ_NULL, VJ_BOOL, VJ_NUM, VJ_STR, VJ_ARR, VJ_OBJ } vj_type;

typedef struct vj {
    vj_type type;
    char *text;        /* VJ_NUM, VJ_STR: the text (strings unescaped); VJ_BOOL: "true"/"false" */
    char **keys;       /* VJ_OBJ */
    struct vj **items; /* VJ_ARR, VJ_OBJ */
    size_t n;
} vj;

/* Parse HS_VECTORS_DIR/name; exits the test with a message if it cannot. */
vj *vj_load(const char *name);
vj *vj_parse(const char *text, size_t len); /* NULL on a syntax error */
void vj_free(vj *v);

/* NULL when absent or of another type. */
const vj *vj_get(const vj *obj, const char *key);
/* vj_get through a path of keys separated by '.', e.g. "round_constants.internal". */
const vj *vj_path(const vj *root, const char *path);
const vj *vj_at(const vj *arr, size_t i);
size_t vj_len(const vj *v);
uint64_t vj_u64(const vj *num);      /* a VJ_NUM or a VJ_STR of decimal digits; aborts the test otherwise */
const char *vj_str(const vj *s);     /* aborts unless VJ_STR */
/* Read an array of integers into out (up to max); returns the count; aborts on a non-number. */
size_t vj_u64s(const vj *arr, uint64_t *out, size_t max);
size_t vj_u32s(const vj *arr, uint32_t *out, size_t max);
/* Decode a hex string into out (up to max bytes); returns the byte count. */
size_t vj_hex(const vj *s, uint8_t *out, size_t max);
/* A 128-bit value written as hex (an optional 0x, 1 to 32 digits): bits 0..63 in lo. */
void vj_u128(const vj *s, uint64_t *lo, uint64_t *hi);

#endif
