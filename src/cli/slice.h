/* One rank's rows of a table file, for hashsnark-mpi prove --inputs over R ranks: rank r keeps the
 * rows r, r + R, r + 2R, ... (the provers' split, src/sumcheck/comm.h) and parses only those. */
#ifndef HS_CLI_SLICE_H
#define HS_CLI_SLICE_H

#include <stddef.h>
#include <stdint.h>

#include "hashsnark.h"

/* The input lines of h in path that rank r of R holds, as a table for hs_prove_inputs (*words:
 * its words, *mine rows of them); *rows: the rows the file holds (max_rows + 1 when more). path
 * must be a regular file of at most HS_READ_MAX_BYTES (cli/textio.h). NULL after printing why:
 * a bad row by the rank that holds it ("FILE:LINE: ..."), what every rank finds alike (the file,
 * its size, a line too long) by rank 0 only. */
hs_inputs *hs_cli_read_slice(const char *cmd, const char *path, const hs_provable *h, size_t max_rows, size_t R,
                             size_t r, size_t *rows, uint32_t **words, size_t *mine);

#endif
