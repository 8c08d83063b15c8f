#include "cli/cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/json.h"
#include "hashsnark.h"

static int json_out; /* --format json: results as one JSON object on standard output */

int hs_cli_format(const char *cmd, const char *s) {
    if (!s || !strcmp(s, "text")) return 0;
    if (!strcmp(s, "json")) return 1;
    hs_cli_error(cmd, "--format must be text or json, not '%s'", s);
    return -1;
}

void hs_cli_set_json(int on) { json_out = on; }
int hs_cli_json(void) { return json_out; }

void hs_cli_reject(const char *cmd, const char *fmt, ...) {
    char why[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (!json_out) {
        printf("rejected: %s\n", why);
        return;
    }
    hs_json j;
    hs_json_begin(&j, stdout);
    hs_json_str(&j, "command", cmd);
    hs_json_str(&j, "result", "rejected");
    hs_json_str(&j, "reason", why);
    hs_json_end(&j);
}

void hs_cli_json_accepted(hs_json *j, const char *proof) {
    hs_json_begin(j, stdout);
    hs_json_str(j, "command", "verify");
    hs_json_str(j, "result", "accepted");
    hs_json_str(j, "proof", proof);
}

void hs_cli_json_proof(hs_json *j, const char *backend, const char *hash, const char *statement, const char *preset,
                       size_t n, const char *noun, const char *out, size_t proof_len, const hs_prove_stats *st) {
    hs_json_begin(j, stdout);
    hs_json_str(j, "command", "prove");
    hs_json_str(j, "result", "proved");
    hs_json_str(j, "backend", backend);
    hs_json_str(j, "hash", hash);
    hs_json_str(j, "statement", statement);
    hs_json_str(j, "preset", preset);
    hs_json_u64(j, "instances", n);
    hs_json_str(j, "noun", noun);
    if (st->threads) hs_json_u64(j, "threads", st->threads);
    hs_json_str(j, "proof", out);
    hs_json_u64(j, "proof_bytes", proof_len);
    hs_json_num(j, "total_s", st->total_s);
    hs_json_num(j, "per_s", (double)n / st->total_s);
    hs_json_num(j, "claimed_bits", st->claimed_bits);
    hs_json_open(j, "phases", '[');
    for (size_t i = 0; i < st->n_phases; i++) {
        hs_json_open(j, NULL, '{');
        hs_json_str(j, "name", st->phases[i].name);
        hs_json_num(j, "seconds", st->phases[i].seconds);
        hs_json_close(j);
    }
    hs_json_close(j);
}

void hs_cli_print_phases(const char *cmd, const hs_prove_stats *st) {
    fprintf(stderr, "%s:", cmd);
    for (size_t i = 0; i < st->n_phases; i++)
        fprintf(stderr, "%s %s %.3f s", i ? "," : "", st->phases[i].name, st->phases[i].seconds);
    fputc('\n', stderr);
}

/* The provable hashes one backend proves, comma-separated, in the provable table's order. */
static const char *backend_names(char *buf, size_t len, hs_backend b) {
    size_t k = 0;
    buf[0] = 0;
    for (size_t i = 0; i < hs_provable_count() && k + 40 < len; i++) {
        hs_provable h;
        if (hs_provable_at(&h, i) != HS_OK || !(h.backends & HS_BACKEND_BIT(b))) continue;
        k += (size_t)snprintf(buf + k, len - k, "%s%s", k ? ", " : "", h.name);
    }
    return buf;
}

const char *hs_cli_stark_names(void) {
    static char buf[512];
    return backend_names(buf, sizeof buf, HS_BACKEND_STARK);
}

const char *hs_cli_gkr_names(void) {
    static char buf[512];
    return backend_names(buf, sizeof buf, HS_BACKEND_GKR);
}

int hs_cli_widths(const char *s, unsigned *widths, unsigned *n) {
    *n = 0;
    if (!s || !*s) return 0;
    for (;;) {
        char *end;
        if (*s < '0' || *s > '9') return 0;
        errno = 0;
        unsigned long w = strtoul(s, &end, 10);
        if (errno || w < 4 || w > 20 || *n == HS_MAX_REGIONS) return 0;
        widths[(*n)++] = (unsigned)w;
        if (!*end) return 1;
        if (*end != ',') return 0;
        s = end + 1;
    }
}

hs_ctx *hs_cli_ctx(const char *cmd, unsigned long threads) {
    hs_ctx *ctx = NULL;
    if (hs_ctx_new(&ctx, (unsigned)threads) != HS_OK) {
        hs_cli_error(cmd, "bad HS_THREADS value (a thread count from 1 to 4096)");
        return NULL;
    }
    return ctx;
}
