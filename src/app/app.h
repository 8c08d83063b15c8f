/* The program toolkit shared by the command line (src/cli) and the bench command's measurements
 * (src/bench): exit status, option parsing, error lines and the clock. Like everything in src/app
 * it includes nothing of the library but include/hashsnark.h (the cli_includes test), so both
 * folders above it can use it. Exit status: 0 success, 1 a negative answer (a rejected proof), 2
 * usage or input errors. */
#ifndef HS_APP_APP_H
#define HS_APP_APP_H

#include <stddef.h>
#include <string.h>

#define HS_EXIT_OK 0
#define HS_EXIT_REJECT 1
#define HS_EXIT_USAGE 2

typedef struct {
    const char *name;   /* without the leading "--" */
    int has_arg;
    const char **value; /* has_arg: where the argument goes */
    int *flag;          /* !has_arg: set to 1 when present */
} hs_opt;

/* Parses argv[1..] (argv[0] is the subcommand). Accepts "--name value" and "--name=value".
 * Returns 0 when parsed, 1 when --help/-h was given, -1 after printing an error to stderr. */
int hs_cli_parse(const char *cmd, int argc, char **argv, const hs_opt *opts, size_t nopts);
/* Unsigned integer option in [lo, hi]; prints an error and returns 0 when invalid. */
int hs_cli_uint(const char *cmd, const char *opt, const char *s, unsigned long lo, unsigned long hi,
                unsigned long *out);
/* "hashsnark CMD: message" on stderr. */
void hs_cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The value of the first --name in argv (after the subcommand): V of "--name V" or "--name=V", ""
 * when it ends the line, NULL when argv holds no --name. */
const char *hs_cli_opt_value(int argc, char **argv, const char *name);
/* 1 when the first --name on the command line has this value ("--name value" or "--name=value"). */
static inline int hs_cli_opt_is(int argc, char **argv, const char *name, const char *value) {
    const char *v = hs_cli_opt_value(argc, argv, name);
    return v && !strcmp(v, value);
}
/* 1 when argv (after the subcommand) holds option --name. */
static inline int hs_cli_has_opt(int argc, char **argv, const char *name) {
    return hs_cli_opt_value(argc, argv, name) != NULL;
}
/* A monotonic clock in seconds (the program's own timings: verification, the progress line). */
double hs_cli_now(void);

#endif
