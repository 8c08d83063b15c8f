/* bench --native --field: field products per second on one core (bench/bench.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "bench/native.h"
#include "field/gf2_128.h"
#include "field/kb5_batch.h"
#include "util/cpu.h"
#include "util/rng.h"
#include "app/progress.h"

/* Elements an array: 3 arrays of 512 GF(2^128) values (24 KiB) stay in L1; the products measured are
 * throughput over independent elements, what the provers' loops over tables see. */
#define FB_N 512

typedef struct {
    const char *field, *kernel, *op;
    unsigned lanes;
    double per_s;
} fb_row;

typedef struct {
    const hs_gf128_kernels *k;
    int op; /* 0 mul, 1 inner, 2 scale_add, 3 mul256 */
    hs_gf128 *a, *b, *out;
    hs_gf256 *a2, *b2, *out2;
    hs_gf128 sink;
} gf_arg;

static void gf_step(void *p) {
    gf_arg *g = p;
    switch (g->op) {
    case 0: g->k->mul(g->out, g->a, g->b, FB_N); break;
    case 1: g->sink = hs_gf128_add(g->sink, g->k->inner(g->a, g->b, FB_N)); break;
    case 2: g->k->scale_add(g->out, g->a[0], g->b, FB_N); break;
    default: g->k->mul256(g->out2, g->a2, g->b2, FB_N / 2); break;
    }
}

typedef struct {
    hs_kb5_mul_planes_fn f;
    hs_kb *a[5], *b[5], *out[5];
} kb_arg;

static void kb_step(void *p) {
    kb_arg *k = p;
    k->f(k->out, k->a, k->b, FB_N);
}

static size_t gf_rows(int gf256, double seconds, fb_row *rows) {
    static const char *const ops[] = {"mul", "inner", "scale_add", "mul"};
    gf_arg g;
    memset(&g, 0, sizeof g);
    hs_gf128 *buf = malloc(3 * FB_N * sizeof *buf);
    if (!buf) return 0;
    g.a = buf, g.b = buf + FB_N, g.out = buf + 2 * FB_N;
    g.a2 = (hs_gf256 *)(void *)g.a, g.b2 = (hs_gf256 *)(void *)g.b, g.out2 = (hs_gf256 *)(void *)g.out;
    hs_rng rng;
    hs_rng_seed(&rng, 0x5eed);
    for (size_t i = 0; i < 3 * FB_N; i++) buf[i] = (hs_gf128){hs_rng_u64(&rng), hs_rng_u64(&rng)};
    size_t n = 0;
    for (int impl = 0; impl < HS_GF128_IMPL_COUNT; impl++) {
        if (!(g.k = hs_gf128_kernels_get((hs_gf128_impl)impl))) continue;
        for (int op = gf256 ? 3 : 0; op < (gf256 ? 4 : 3); op++) {
            g.op = op;
            hs_cli_progress_show(-1, "%s %s %s", gf256 ? "gf2-256" : "gf2-128", g.k->name, ops[op]);
            double ns = hs_bench_time_loop(gf_step, &g, seconds);
            rows[n++] = (fb_row){gf256 ? "gf2-256" : "gf2-128", g.k->name, ops[op], g.k->lanes,
                                 (gf256 ? FB_N / 2 : FB_N) * 1e9 / ns};
        }
    }
    free(buf);
    return n;
}

static size_t kb5_rows(double seconds, fb_row *rows) {
    static const char *const names[] = {"portable", "avx2", "avx512"};
    static const unsigned lanes[] = {1, 8, 16};
    kb_arg k;
    hs_kb *buf = malloc(15 * FB_N * sizeof *buf);
    if (!buf) return 0;
    hs_rng rng;
    hs_rng_seed(&rng, 0x5eed);
    for (size_t i = 0; i < 15 * FB_N; i++) buf[i] = (hs_kb)hs_rng_below(&rng, HS_KB_P);
    for (int c = 0; c < 5; c++) k.a[c] = buf + c * FB_N, k.b[c] = buf + (5 + c) * FB_N, k.out[c] = buf + (10 + c) * FB_N;
    size_t n = 0;
    for (int level = 0; level < 3; level++) {
        if (!(k.f = hs_kb5_mul_planes_kernel(level))) continue;
        hs_cli_progress_show(-1, "kb5 %s mul", names[level]);
        double ns = hs_bench_time_loop(kb_step, &k, seconds);
        rows[n++] = (fb_row){"kb5", names[level], "mul", lanes[level], FB_N * 1e9 / ns};
    }
    free(buf);
    return n;
}

int hs_bench_field_known(const char *name) {
    return !strcmp(name, "gf2-128") || !strcmp(name, "gf2-256") || !strcmp(name, "kb5") || !strcmp(name, "all");
}

int hs_bench_native_fields(const char *field, double seconds, hs_bench_format format) {
    fb_row rows[32];
    size_t n = 0;
    const int all = !strcmp(field, "all");
    if (all || !strcmp(field, "gf2-128")) n += gf_rows(0, seconds, rows + n);
    if (all || !strcmp(field, "gf2-256")) n += gf_rows(1, seconds, rows + n);
    n += kb5_rows(seconds, rows + n); /* always: the comparison */
    hs_cli_progress_clear();
    char features[160];
    hs_cpu_features_str(hs_cpu_features(), features, sizeof features);
    if (format == HS_BENCH_CSV) {
        printf("field,kernel,lanes,op,products_per_s,ns_per_product\n");
        for (size_t i = 0; i < n; i++)
            printf("%s,%s,%u,%s,%.0f,%.3f\n", rows[i].field, rows[i].kernel, rows[i].lanes, rows[i].op, rows[i].per_s,
                   1e9 / rows[i].per_s);
    } else if (format == HS_BENCH_JSON) {
        printf("{\n  \"cpu\": \"%s\",\n  \"simd\": \"%s\",\n  \"features\": \"%s\",\n  \"threads\": 1,\n  \"results\": [\n",
               hs_cpu_model(), hs_simd_level(), features);
        for (size_t i = 0; i < n; i++)
            printf("    {\"field\": \"%s\", \"kernel\": \"%s\", \"lanes\": %u, \"op\": \"%s\", \"products_per_s\": %.0f}%s\n",
                   rows[i].field, rows[i].kernel, rows[i].lanes, rows[i].op, rows[i].per_s, i + 1 < n ? "," : "");
        printf("  ]\n}\n");
    } else {
        printf("Field products per second on one core of %s (features in use: %s)\n\n", hs_cpu_model(), features);
        printf("| field | kernel | lanes | op | products/s | ns/product |\n|---|---|---:|---|---:|---:|\n");
        for (size_t i = 0; i < n; i++)
            printf("| %s | %s | %u | %s | %.3g%s | %.2f |\n", rows[i].field, rows[i].kernel, rows[i].lanes, rows[i].op,
                   rows[i].per_s / (rows[i].per_s >= 1e9 ? 1e9 : 1e6), rows[i].per_s >= 1e9 ? "G" : "M",
                   1e9 / rows[i].per_s);
    }
    return 0;
}
