/* The Keccak-f[1600] AIR (keccak_air.h): trace generation, the base-field and challenge-field
 * instantiations of keccak_air_eval.inc, and the registry entry. */
#include "air/keccak_air.h"

#include <pthread.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "air/air_eval.h"
#include "hash/keccak.h"
#include "util/cpu.h"

const unsigned char hs_kair_rc_pos[HS_KAIR_N_IOTA] = {0, 1, 3, 7, 15, 31, 63};
const unsigned char hs_kair_rho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                       25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

/* Filled once: the periodic columns (from hs_keccak_rc, which is not a constant expression) and
 * the byte -> 8 bit cells table of the trace generator. */
static hs_kb periodic[HS_KAIR_N_PERIODIC * HS_KAIR_R];
static hs_kb byte_cells[256][8];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void init_tables(void) {
    for (unsigned p = 0; p < HS_KAIR_R; p++) {
        for (unsigned j = 0; j < HS_KAIR_ROUNDS_PER_ROW; j++)
            for (unsigned i = 0; i < HS_KAIR_N_IOTA; i++)
                periodic[(HS_KAIR_N_IOTA * j + i) * HS_KAIR_R + p] =
                    (hs_keccak_rc[3 * p + j] >> hs_kair_rc_pos[i]) & 1 ? HS_KB_ONE : 0;
        periodic[HS_KAIR_SEL * HS_KAIR_R + p] = p + 1 < HS_KAIR_R ? HS_KB_ONE : 0;
    }
    for (unsigned v = 0; v < 256; v++)
        for (unsigned t = 0; t < 8; t++) byte_cells[v][t] = (v >> t) & 1 ? HS_KB_ONE : 0;
}

/* ---- trace ---- */

static inline uint64_t rol64(uint64_t v, unsigned n) { return n ? (v << n) | (v >> (64 - n)) : v; }

/* 64 bit cells of v, low bit first: one table row per byte instead of a branch or product per bit */
static inline void put_bits(hs_kb *dst, uint64_t v) {
    for (unsigned t = 0; t < 8; t++) memcpy(dst + 8 * t, byte_cells[(v >> (8 * t)) & 0xff], sizeof byte_cells[0]);
}

static inline void put_limbs(hs_kb *dst, const uint64_t st[25]) {
    for (unsigned L = 0; L < 25; L++)
        for (unsigned q = 0; q < 4; q++) dst[4 * L + q] = hs_kb_from_u32((uint32_t)(st[L] >> (16 * q)) & 0xffff);
}

/* One round on st, writing slot j's columns. */
static void round_slot(uint64_t st[25], unsigned r, hs_kb *slot) {
    uint64_t C[5], D[5], B[25];
    for (unsigned x = 0; x < 5; x++) C[x] = st[x] ^ st[x + 5] ^ st[x + 10] ^ st[x + 15] ^ st[x + 20];
    for (unsigned x = 0; x < 5; x++) D[x] = C[(x + 4) % 5] ^ rol64(C[(x + 1) % 5], 1);
    for (unsigned x = 0; x < 5; x++) {
        put_bits(slot + HS_KAIR_C + 64 * x, C[x]);
        put_bits(slot + HS_KAIR_CP + 64 * x, C[x] ^ D[x]);
    }
    for (unsigned L = 0; L < 25; L++) {
        st[L] ^= D[L % 5];
        put_bits(slot + HS_KAIR_AP + 64 * L, st[L]);
    }
    for (unsigned Y = 0; Y < 5; Y++)
        for (unsigned X = 0; X < 5; X++) {
            unsigned s = hs_kair_pi_src(X, Y);
            B[X + 5 * Y] = rol64(st[s], hs_kair_rho[s]);
        }
    for (unsigned Y = 0; Y < 5; Y++)
        for (unsigned X = 0; X < 5; X++)
            st[X + 5 * Y] = B[X + 5 * Y] ^ (~B[(X + 1) % 5 + 5 * Y] & B[(X + 2) % 5 + 5 * Y]);
    for (unsigned i = 0; i < HS_KAIR_N_IOTA; i++) slot[HS_KAIR_IOTA + i] = (st[0] >> hs_kair_rc_pos[i]) & 1 ? HS_KB_ONE : 0;
    st[0] ^= hs_keccak_rc[r];
}

/* dst[0 .. n) = src[0 .. n) with streaming stores where the target allows: the trace is far
 * larger than the caches and nothing reads it before the commitment, so reading each line in
 * before overwriting it (what an ordinary store does) would only double the memory traffic. */
static void copy_stream(hs_kb *dst, const hs_kb *src, size_t n) {
#ifdef __SSE2__
    size_t i = 0;
    for (; i < n && ((uintptr_t)(dst + i) & 15); i++) dst[i] = src[i];
    for (; i + 4 <= n; i += 4) _mm_stream_si128((__m128i *)(dst + i), _mm_loadu_si128((const __m128i *)(src + i)));
    for (; i < n; i++) dst[i] = src[i];
#else
    memcpy(dst, src, n * sizeof *dst);
#endif
}

static size_t bitrev(size_t i, unsigned bits) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; b++, i >>= 1) r = (r << 1) | (i & 1);
    return r;
}

/* The 8 rows of permutation k, each built in buf (in L1) and streamed out to trace row 8k + p,
 * or to its bit-reversal when rev_bits (the height's log2) is nonzero. */
static void perm_rows(const uint32_t *in, hs_kb *tr, size_t k, unsigned rev_bits, uint32_t *out, hs_kb *buf) {
    uint64_t st[25];
    for (unsigned L = 0; L < 25; L++) st[L] = in[2 * L] | (uint64_t)in[2 * L + 1] << 32;
    for (unsigned p = 0; p < HS_KAIR_R; p++) {
        put_limbs(buf + HS_KAIR_A, st);
        for (unsigned j = 0; j < HS_KAIR_ROUNDS_PER_ROW; j++)
            round_slot(st, HS_KAIR_ROUNDS_PER_ROW * p + j, buf + HS_KAIR_ROUND(j));
        put_limbs(buf + HS_KAIR_OUT, st);
        const size_t row = HS_KAIR_R * k + p;
        copy_stream(tr + (rev_bits ? bitrev(row, rev_bits) : row) * HS_KAIR_WIDTH, buf, HS_KAIR_WIDTH);
    }
    if (out)
        for (unsigned L = 0; L < 25; L++) {
            out[2 * L] = (uint32_t)st[L];
            out[2 * L + 1] = (uint32_t)(st[L] >> 32);
        }
}

static int trace_rows(const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads, int rev) {
    pthread_once(&tables_once, init_tables);
    unsigned rev_bits = 0;
    if (rev) {
        if (!n || (n & (n - 1))) return 0;
        while (((size_t)1 << rev_bits) < n * HS_KAIR_R) rev_bits++;
    }
#pragma omp parallel num_threads(threads > 1 ? threads : 1) if (threads > 1 && n > 1)
    {
        hs_kb buf[HS_KAIR_WIDTH];
#pragma omp for schedule(static) nowait
        for (size_t k = 0; k < n; k++) perm_rows(inputs + 50 * k, tr, k, rev_bits, outputs ? outputs + 50 * k : NULL, buf);
#ifdef __SSE2__
        _mm_sfence(); /* streaming stores are weakly ordered: make them visible before returning */
#endif
    }
    return 1;
}

static int trace(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs, unsigned threads) {
    (void)a;
    return trace_rows(inputs, n, tr, outputs, threads, 0);
}

static int trace_bitrev(const hs_air *a, const uint32_t *inputs, size_t n, hs_kb *tr, uint32_t *outputs,
                        unsigned threads) {
    (void)a;
    return trace_rows(inputs, n, tr, outputs, threads, 1);
}

/* ---- constraints ---- */

#define FN eval_base
#include "air/air_ops_base.h"
#include "air/keccak_air_eval.inc"

static void eval_row(const hs_air *a, unsigned d, const hs_kb *local, const hs_kb *next, const hs_kb *per,
                     const hs_kb *pow, hs_kbe *out) {
    (void)a;
    hs_air_acc_base b;
    hs_air_acc_base_init(&b, d, pow);
    eval_base(local, next, per, HS_KB_ONE, &b);
    *out = hs_air_acc_base_finish(&b);
}

#define FN eval_ext_body
#include "air/air_ops_ext.h"
#include "air/keccak_air_eval.inc"

static hs_kbe eval_ext(const hs_air *a, unsigned d, const hs_kbe *local, const hs_kbe *next, const hs_kbe *per,
                       const hs_kb *pow) {
    (void)a;
    hs_air_acc_ext e;
    hs_air_acc_ext_init(&e, d, pow);
    eval_ext_body(local, next, per, hs_kbe_one(), &e);
    return e.acc;
}

#ifdef HS_HAVE_AVX2
void hs_kair_eval_rows8_avx2(unsigned d, const hs_kb *const local[8], const hs_kb *const next[8], const hs_kb *per,
                             const hs_kb *pow, void *scratch, hs_kbe out[8]);
#endif
#ifdef HS_HAVE_AVX512
void hs_kair_eval_rows16_avx512(unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                                const hs_kb *per, const hs_kb *pow, void *scratch, hs_kbe out[16]);
#endif

/* the vector evaluators' columns: the local row and the next row's a limbs, up to 16 lanes each */
static size_t rows8_scratch_bytes(const hs_air *a) {
    (void)a;
    return (size_t)(HS_KAIR_WIDTH + 100) * 64;
}

static void eval_rows8(const hs_air *a, unsigned d, const hs_kb *const local[8], const hs_kb *const next[8],
                       const hs_kb *per, const hs_kb *pow, void *scratch, hs_kbe out[8]) {
#ifdef HS_HAVE_AVX2
    if (hs_cpu_has_avx2()) {
        hs_kair_eval_rows8_avx2(d, local, next, per, pow, scratch, out);
        return;
    }
#endif
    (void)scratch;
    hs_air_eval_rows8_scalar(a, d, local, next, per, pow, out);
}

static void eval_rows16(const hs_air *a, unsigned d, const hs_kb *const local[16], const hs_kb *const next[16],
                        const hs_kb *per, const hs_kb *pow, void *scratch, hs_kbe out[16]) {
#ifdef HS_HAVE_AVX512
    if (hs_cpu_has_avx512()) {
        hs_kair_eval_rows16_avx512(d, local, next, per, pow, scratch, out);
        return;
    }
#endif
    hs_air_eval_rows16_halves(a, d, local, next, per, pow, scratch, out);
}

static const hs_air_ops ops = {trace, eval_row, rows8_scratch_bytes, eval_rows8, eval_ext, trace_bitrev, NULL, NULL};

/* input word w (lane w / 2, half w % 2) is limbs 2w, 2w + 1 of a (phase 0), output word w of out (phase 7) */
static const hs_air_bind binds[2] = {
    {.io = 0, .len = 32, .col_bits = 16, .phase = 0, .count = 50, .col = HS_KAIR_A, .word_step = 2, .col_step = 1},
    {.io = 1, .len = 32, .col_bits = 16, .phase = HS_KAIR_R - 1, .count = 50, .col = HS_KAIR_OUT, .word_step = 2,
     .col_step = 1},
};

static int init(hs_air *a, unsigned log_v) {
    (void)log_v; /* R = 8 rows a permutation: never more than one a row */
    pthread_once(&tables_once, init_tables);
    memset(a, 0, sizeof *a);
    a->ops = &ops;
    a->eval_rows16 = eval_rows16;
    a->name = "keccak-f1600";
    a->id = 3;
    a->width = HS_KAIR_WIDTH;
    a->rows_per_inst = HS_KAIR_R;
    a->inst_per_row = 1;
    a->degree = 3;
    a->n_constraints = HS_KAIR_N_CONSTRAINTS;
    a->uses_next = 1;
    a->n_periodic = HS_KAIR_N_PERIODIC;
    a->periodic_vals = periodic;
    a->in_words = a->out_words = 50;
    a->word_modulus = 0;
    a->value_bits = 64; /* a line is 25 lanes */
    a->binds = binds;
    a->n_binds = 2;
    a->slot_stride = HS_KAIR_WIDTH;
    a->v = 1;
    return 1;
}

const hs_air_def hs_air_def_keccak_f1600 = {3, "keccak-f1600",
                                            "Keccak-f[1600] (FIPS 202), 3 rounds a row, 8 rows a permutation", 0, init,
                                            "permutations"};
