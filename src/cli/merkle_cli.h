/* What `hashsnark merkle` (cmd_merkle.c) shares with the gkr Merkle statements' commands
 * (cmd_merkle_proof.c): the tree its options describe and digests in its notation. */
#ifndef HS_CLI_MERKLE_CLI_H
#define HS_CLI_MERKLE_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "cli/textio.h"
#include "hashsnark.h"

/* The first lines of the two openings files: 'merkle open' (read by 'merkle verify') and
 * 'prove --statement merkle-branches' (PROOF.openings, read by 'verify --openings'). */
#define HS_CLI_OPEN_FORMAT "# hashsnark merkle openings, format 1"
#define HS_CLI_BRANCHES_FORMAT "# hashsnark merkle-branches openings, format 1"
/* 1 when text (len bytes) begins with the format line's name part (up to its comma): the file is
 * of that kind, whatever its version. */
int hs_cli_openings_kind(const char *text, size_t len, const char *format_line);

/* Lines of a text: *q .. *qe is the next line without surrounding blanks (and '\r'), '#'
 * comments and empty lines skipped; lineno counts every line read. 0 at the end. */
typedef struct {
    const char *p, *end;
    size_t lineno;
} hs_cli_lines;
int hs_cli_next_line(hs_cli_lines *L, const char **q, const char **qe);

/* The tree of --hash H (--leaves FILE | --log-leaves N [--seed S]) [--threads T] (NULL options
 * absent), built; NULL after printing why. */
hs_tree *hs_cli_merkle_tree(const char *hash, const char *leaves, const char *logn, const char *seed,
                            const char *threads);
/* The digests of a --leaves FILE (a power of two of them) and log2 of their count; NULL after
 * printing the error (file, line, value). */
uint32_t *hs_cli_merkle_leaves(const char *hash, const char *path, unsigned *log_leaves);
/* One digest of that hash from s[0..n) (trimmed): 1, or 0 with the reason in err. */
int hs_cli_merkle_digest(const char *hash, const char *s, size_t n, uint32_t d[8], char *err, size_t errlen);
/* Appends d in the hash's notation. */
void hs_cli_merkle_digest_format(hs_sbuf *b, const char *hash, const uint32_t d[8]);

#endif
