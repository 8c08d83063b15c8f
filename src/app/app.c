#include "app/app.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/progress.h"

void hs_cli_error(const char *cmd, const char *fmt, ...) {
    hs_cli_progress_clear(); /* the live line, when one is shown */
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "hashsnark %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int hs_cli_parse(const char *cmd, int argc, char **argv, const hs_opt *opts, size_t nopts) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) return 1;
        if (strncmp(a, "--", 2) != 0 || !a[2]) {
            hs_cli_error(cmd, "unexpected argument '%s' (see 'hashsnark %s --help')", a, cmd);
            return -1;
        }
        const char *name = a + 2, *eq = strchr(name, '=');
        size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
        const hs_opt *o = NULL;
        for (size_t k = 0; k < nopts; k++)
            if (strlen(opts[k].name) == nlen && !strncmp(opts[k].name, name, nlen)) o = &opts[k];
        if (!o) {
            hs_cli_error(cmd, "unknown option '--%.*s' (see 'hashsnark %s --help')", (int)nlen, name, cmd);
            return -1;
        }
        if (o->has_arg) {
            if (eq) {
                *o->value = eq + 1;
            } else if (i + 1 < argc) {
                *o->value = argv[++i];
            } else {
                hs_cli_error(cmd, "option '--%s' needs a value", o->name);
                return -1;
            }
        } else {
            if (eq) {
                hs_cli_error(cmd, "option '--%s' takes no value", o->name);
                return -1;
            }
            *o->flag = 1;
        }
    }
    return 0;
}

int hs_cli_uint(const char *cmd, const char *opt, const char *s, unsigned long lo, unsigned long hi,
                unsigned long *out) {
    char *end;
    if (!s || *s < '0' || *s > '9') goto bad; /* no sign, no blank (strtoul would skip it) */
    errno = 0;
    unsigned long v = strtoul(s, &end, 10); /* beyond ULONG_MAX: ERANGE, an error (no silent clamp) */
    if (*end || errno == ERANGE || v < lo || v > hi) goto bad;
    *out = v;
    return 1;
bad:
    hs_cli_error(cmd, "--%s: '%s' is not an integer in [%lu, %lu]", opt, s ? s : "", lo, hi);
    return 0;
}

const char *hs_cli_opt_value(int argc, char **argv, const char *name) {
    const size_t n = strlen(name);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) || strncmp(a + 2, name, n)) continue;
        if (a[2 + n] == '=') return a + 3 + n;
        if (!a[2 + n]) return i + 1 < argc ? argv[i + 1] : "";
    }
    return NULL;
}

double hs_cli_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}
