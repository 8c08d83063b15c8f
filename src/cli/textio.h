/* Text input and output of the command line: whole files in memory, tables of integers one row
 * per line, and atomic output (a temporary file renamed into place, so a failed run leaves
 * nothing half-written). */
#ifndef HS_CLI_TEXTIO_H
#define HS_CLI_TEXTIO_H

#include <stddef.h>
#include <stdint.h>

/* Growable byte buffer. */
typedef struct {
    char *data;
    size_t len, cap;
    int failed; /* an allocation failed; the contents are incomplete */
} hs_sbuf;

void hs_sbuf_free(hs_sbuf *b);
void hs_sbuf_put(hs_sbuf *b, const char *s, size_t n);
void hs_sbuf_printf(hs_sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void hs_sbuf_u64(hs_sbuf *b, uint64_t v);

/* The most a text input (perm, hash, prove and verify tables) may hold: 1 GiB. */
#define HS_READ_MAX_BYTES ((size_t)1 << 30)
/* ... and at most 2^26 lines (perm, hash). */
#define HS_TABLE_MAX_ROWS ((size_t)1 << 26)

/* Whole file (path NULL or "-": standard input), at most max bytes (0: HS_READ_MAX_BYTES) whatever
 * the file is (a pipe, a device, a FIFO: opened without blocking, so one without a writer reads as
 * empty). Returns 1; 0 with a message on failure; -1 with a message when the input holds more than
 * max bytes. */
int hs_read_all(const char *path, hs_sbuf *out, size_t max, char *err, size_t errlen);
/* Write data to path atomically (NULL or "-": standard output). Returns 0 with a message on failure. */
int hs_write_all(const char *path, const char *data, size_t len, char *err, size_t errlen);
/* 1 if a file can be created beside path (checked before long work, so an unwritable --out is
 * refused before proving); 0 with a message. */
int hs_out_check(const char *path, char *err, size_t errlen);

/* Several outputs that appear together or not at all: each add writes a temporary file beside
 * its path; commit renames them all into place; any failure (add, commit) removes every
 * temporary file it still holds, so a failed run leaves nothing behind. */
#define HS_OUTSET_MAX 4
typedef struct {
    char *tmp[HS_OUTSET_MAX], *dst[HS_OUTSET_MAX];
    int n;
} hs_outset;
int hs_outset_add(hs_outset *o, const char *path, const char *data, size_t len, char *err, size_t errlen);
int hs_outset_commit(hs_outset *o, char *err, size_t errlen);
void hs_outset_abort(hs_outset *o);

/* Rows of `width` unsigned integers, one row per line. Values are separated by spaces, tabs or
 * single commas; blank lines and lines starting with '#' are skipped. */
typedef struct {
    uint64_t *vals;      /* all values, row after row */
    size_t rows;
    unsigned width;       /* 0: rows of any length >= 1 (see off) */
    size_t *off;          /* rows + 1 entries: row r is vals[off[r] .. off[r+1]) */
    unsigned char *comma; /* per row: 1 if the line used commas (output mirrors it) */
    size_t *line;         /* per row: its 1-based line number in the source */
    size_t more;          /* 0, or the line of a row beyond max_rows (parsing stopped there) */
} hs_table;

/* width = 0 accepts any number of values per line, and a line holding only '-' as a row of none.
 * modulus = 0: any value below 2^bits is allowed (bits = 32 or 64); else every value < modulus.
 * what names the value kind in messages ("poseidon2-kb16"). max_rows > 0 bounds the rows: parsing
 * stops at the first row beyond it and sets t->more to its line. On error returns 0 with
 * "NAME:LINE: ..." in err (bad bytes shown escaped). */
int hs_table_parse(hs_table *t, const char *name, const char *text, size_t len, unsigned width,
                   uint64_t modulus, unsigned bits, const char *what, size_t max_rows, char *err, size_t errlen);
/* The same with hex values: each 1 to `digits` hex digits (digits 1..32, any case) after a 0x
 * prefix, optional unless prefixed. digits > 16 (a 128-bit value, such as a GF(2^128) element)
 * stores each value as two words, its low 64 bits first (width and the messages count values;
 * off counts words); else one word each. */
int hs_table_parse_hex(hs_table *t, const char *name, const char *text, size_t len, unsigned width, unsigned digits,
                       int prefixed, const char *what, size_t max_rows, char *err, size_t errlen);
void hs_table_free(hs_table *t);
/* Two rows whose first kw values are equal (a key twice): 1 with *a < *b the rows (the first such
 * pair in key order), 0 when every key differs, -1 out of memory. A merge sort of the rows, so
 * O(n log n) comparisons whatever their order; compares (may be NULL) receives their number. */
int hs_table_dup_key(const hs_table *t, unsigned kw, size_t *a, size_t *b, size_t *compares);
/* Append row r in the same form (spaces, or ", " when the source line used commas). */
void hs_table_format_row(hs_sbuf *b, const uint64_t *vals, unsigned width, int comma);
/* ... with each value as exactly `digits` lowercase hex digits, after "0x" when prefixed (digits > 16:
 * width values of two words each, low first, as hs_table_parse_hex stores them). */
void hs_table_format_row_hex(hs_sbuf *b, const uint64_t *vals, unsigned width, unsigned digits, int prefixed,
                             int comma);

#endif
