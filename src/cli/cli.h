/* Shared pieces of the hashsnark command line (exit status, option parsing, errors and the clock:
 * app/app.h, shared with src/bench). */
#ifndef HS_CLI_CLI_H
#define HS_CLI_CLI_H

#include <stddef.h>
#include <stdint.h>

#include "app/app.h" /* exit status, options, errors, the clock */

/* --format text|json (NULL: text): 1 json, 0 text, -1 after printing why. A command that takes
 * --format json sets it with hs_cli_set_json before it prints its result. */
int hs_cli_format(const char *cmd, const char *s);
void hs_cli_set_json(int on);
int hs_cli_json(void);
/* A checking command's negative answer on standard output: "rejected: REASON", or with --format
 * json one object {"command": CMD, "result": "rejected", "reason": REASON}. */
void hs_cli_reject(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
struct hs_json;
struct hs_prove_stats;
/* verify --format json: begins the result object on standard output (command, result "accepted",
 * proof); the caller adds what its statement has, then hs_json_end. */
void hs_cli_json_accepted(struct hs_json *j, const char *proof);
/* prove --format json: begins the result object on standard output (command, result, backend,
 * hash, statement, preset, instances, threads, proof, proof_bytes, total_s, per_s, phases); the
 * caller adds what its statement has, then hs_json_end. */
void hs_cli_json_proof(struct hs_json *j, const char *backend, const char *hash, const char *statement,
                       const char *preset, size_t n, const char *noun, const char *out, size_t proof_len,
                       const struct hs_prove_stats *st);
/* Phase times on standard error, one format for every command: "prove: trace 0.012 s, ..." */
void hs_cli_print_phases(const char *cmd, const struct hs_prove_stats *st);
/* The --format option's help line, the same for every command that takes it (indent: the
 * option column; width: the description column). */
#define HS_CLI_FORMAT_HELP(pad)                                                                                         \
    "  --format F" pad "text (default) or json: the result as one JSON object on standard output\n"                      \
    "            " pad "(a rejection: {\"result\": \"rejected\", \"reason\": ...}, exit 1); usage\n"                \
    "            " pad "errors stay text on standard error (exit 2)\n"

int hs_cmd_perm(int argc, char **argv);
int hs_cmd_bench(int argc, char **argv);
int hs_cmd_hash(int argc, char **argv);
int hs_cmd_smt(int argc, char **argv);
int hs_cmd_prove(int argc, char **argv);
int hs_cmd_merkle(int argc, char **argv);
struct hs_provable;
struct hs_inputs;
/* A provable hash's input (outputs = 0) or output lines as its canonical words (a 64-bit value is
 * two words, low first), or any table of `words` words per line, at most max_rows lines stored
 * (*rows = max_rows + 1 when the file holds more); NULL after printing the error (file, line,
 * value). Free with free(). */
uint32_t *hs_cli_read_lines(const char *cmd, const char *path, const struct hs_provable *h, int outputs,
                            size_t max_rows, size_t *rows);
uint32_t *hs_cli_read_words(const char *cmd, const char *path, unsigned words, unsigned value_bits, uint32_t modulus,
                            const char *what, size_t max_rows, size_t *rows);
/* The same input lines into a table for hs_prove_inputs (*words: its words); NULL after printing
 * the error. */
struct hs_inputs *hs_cli_read_inputs(const char *cmd, const char *path, const struct hs_provable *h, size_t max_rows,
                                     size_t *rows, uint32_t **words);
int hs_cmd_verify(int argc, char **argv);
int hs_cmd_params(int argc, char **argv);
/* cmd_xmss.c: hash-based signatures ('xmss verify', 'xmss make', 'bench --xmss'). */
int hs_cmd_xmss(int argc, char **argv);
int hs_cmd_bench_xmss(int argc, char **argv);
/* ... and the aggregate: prove --statement xmss, verify --proof P --json FILE, params --statement xmss. */
int hs_cmd_prove_xmss(int argc, char **argv);
int hs_cmd_verify_xmss(int argc, char **argv);
int hs_cmd_params_xmss(int argc, char **argv);

/* The gkr Merkle statements' commands (cmd_merkle_proof.c): prove --statement, verify --root,
 * params --statement. */
int hs_cmd_prove_merkle(int argc, char **argv);
int hs_cmd_verify_merkle(int argc, char **argv);
int hs_cmd_params_merkle(int argc, char **argv);
/* cmd_pcs.c: the commitment-only statement ('prove --statement pcs'; verify of its proofs, whose
 * frame is read already: pb[0..len) the file's bytes). */
int hs_cmd_prove_pcs(int argc, char **argv);
/* 'params --statement pcs' (cmd_pcs.c). */
int hs_cmd_params_pcs(int argc, char **argv);
int hs_cli_is_pcs_proof(const uint8_t *pb, size_t len); /* a commitment-only proof's header */
int hs_cli_verify_pcs(const char *proof, const uint8_t *pb, size_t len, int json, const char *min_bits_s,
                      unsigned long min_bits);
/* The hashes each backend proves, comma-separated (static buffers: help texts). */
const char *hs_cli_stark_names(void);
const char *hs_cli_gkr_names(void);
/* --regions "W1,W2,..": 1..HS_MAX_REGIONS widths, each 4..20; 0 on anything else. */
int hs_cli_widths(const char *s, unsigned *widths, unsigned *n);
/* A context of --threads T (NULL or 0: HS_THREADS, else every CPU); NULL after printing why. */
struct hs_ctx *hs_cli_ctx(const char *cmd, unsigned long threads);

#endif
