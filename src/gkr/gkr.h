/* The gkr backend (after leanMultisig's Poseidon GKR circuit): prove and verify that N = 2^n
 * permutations were evaluated correctly by a layered GKR walk over sumchecks. One walk serves every
 * permutation the backend proves (Poseidon2-KB16/24, Poseidon1-KB16/24): it reads the
 * permutation's description (gkr_perm.h: width w, rounds, constants, linear layers).
 *
 * The permutation as layers: S-box layer L = 0 .. layers - 1 takes pre_L = u_L + rc_L, cubes every
 * lane (full rounds) or lane 0 only (partial), and a linear layer gives u_{L+1}; u_0 = initial(x);
 * y = u_layers (gkr_perm.h has the partial rounds' block entry and constants).
 * The witness holds pre_L as base-field columns of N rows (row = one permutation; layout below).
 *
 * Walk (N_c = 0: no intermediate column is committed), prover and verifier share the transcript:
 *   header bytes -> transcript; public: the BLAKE3 digest of the table; private: WHIR commitment
 *   of X || Y (2w columns, zero-padded to a power of two)
 *   z_out <- transcript (n values of K = hs_kb5); claims v_j = Y_j^(z_out) (private: sent)
 *   for L = layers - 1 .. 0: w = M_L^{-1} v (claims on the S-box outputs at z); gamma <- transcript,
 *     beta = gamma^3; sumcheck of sum_j beta^j w_j = sum_x eq(z, x) g_L(pre_L(x)) with
 *     g_L = sum_{cubed j} beta^j t_j^3 + sum_{other j} beta^j t_j (n rounds, degree 4, Gruen form,
 *     src/sumcheck round transport); the prover sends pre_L,j(rho) (w values);
 *     v = those values - rc_L, z = rho
 *   x claims = initial^{-1} v at rho_in: public: the verifier evaluates X^(rho_in) from the table
 *   itself; private: WHIR opening of the output and input claims.
 * Univariate skip (n >= 3, header byte GKR_SKIP = 3; see "univariate skip" below): claim points
 * are (alpha, y') in K x K^(n-3) and claims are on skip extensions; z_out still has n values: the
 * output blocks' MLEs at z_out[3..] (private: sent) give the claims at (alpha, z_out[3..]), and
 * (private) the input blocks at rho' are sent, checked against the input claims at rho_0, and
 * opened at (epsilon, rho'); each layer's sumcheck starts with the skip round (degree 21), then
 * n - 3 rounds of degree 4. docs/PROOF_FORMAT_GKR.md has the bytes.
 * Partial layers (gkr.c "the partial rounds"): after the last partial round's layer the walk
 * carries ONE claim, a combination of s_r (the round's S-box output) and the basis columns; each
 * partial layer proves it with its cube lane and one K column (kept and updated across layers by
 * the prover) and sends 2 values; a fresh mu merges them into the next layer's claim; after the
 * first partial layer the block entry's lanes 1..w-1 are sent and the w claims continue into the
 * full layers. beta = gamma^3 (a bijection of K, so beta is uniform) lets the prover fold gamma^j
 * into lane j: beta^j t^3 = (gamma^j t)^3.
 *
 * Prover (gkr_layer.c, row kernels in gkr_kern*.c): round 0 reads the base columns; in full layers
 * round 1 too (the cube of A + rho_0 D expanded in rho_0) and the first fold binds two variables;
 * later rounds work on K tables; eq tables are split into 16 block weights times a 16x smaller
 * table. None of this changes a proof byte: every path gives the same round polynomials. */
#ifndef HS_GKR_GKR_H
#define HS_GKR_GKR_H

#include <stddef.h>
#include <stdint.h>

#include "field/kb.h"
#include "field/kb_ext.h"
#include "field/field_desc.h"
#include "hash/poseidon2_monty31.h"
#include "proof/bytes.h"
#include "preset/preset.h"
#include "soundness/soundness.h"
#include "transcript/transcript.h"
#include "util/progress.h"
#include "whir/whir.h"

#include "gkr/gkr_perm.h"

#define HS_GKR_MAX_LOG 24

/* ---- witness ----
 * Full layers keep their w pre-S-box columns. A partial layer keeps lane 0 only: its lanes
 * 1..w-1 are affine in the basis (gkr_perm.h), which the witness stores once. */

/* Build flags: IO keeps input and output columns (a private statement commits them); ALL keeps
 * all 2 HALF full layers at once. Without ALL the witness holds HALF full layers: the final ones
 * from the build, replaced by the initial ones (hs_gkr_witness_initial) once the walk has passed
 * them. */
#define HS_GKR_WIT_IO 1
#define HS_GKR_WIT_ALL 2

typedef struct {
    const hs_gkr_perm *perm;
    unsigned n;   /* log2 rows */
    size_t N;     /* rows */
    hs_kb *pre;   /* n_cols columns of N: n_slots full-layer slots x w lanes, lane 0 of the partial layers,
                     then the basis */
    size_t n_cols;
    unsigned n_slots;
    int slot[HS_GKR_MAX_LAYERS]; /* full layer -> slot, -1 if not held */
    hs_kb *in;    /* w columns of N: inputs x (HS_GKR_WIT_IO) */
    hs_kb *out;   /* w columns of N: outputs y (HS_GKR_WIT_IO) */
} hs_gkr_witness;

/* Columns of a witness holding `slots` full layers. */
static inline size_t hs_gkr_witness_cols(const hs_gkr_perm *p, unsigned slots) {
    return (size_t)slots * p->width + p->partial + p->basis;
}

/* Column of pre_L lane j: every lane of a held full layer, lane 0 of a partial one; NULL otherwise. */
const hs_kb *hs_gkr_col(const hs_gkr_witness *w, unsigned layer, unsigned lane);
/* Basis column k (gkr_perm.h), k < perm->basis. */
const hs_kb *hs_gkr_basis(const hs_gkr_witness *w, unsigned k);
/* pre_L lane j for every row into out (N words): materialises partial lanes (tests, checks). */
void hs_gkr_lane(const hs_gkr_witness *w, unsigned layer, unsigned lane, hs_kb *out);

/* A challenge in K (the transcript's KoalaBear^5 sampling, field/field_desc.h). */
static inline hs_kb5 hs_gkr_sample(hs_transcript *t) {
    hs_kb5 c;
    hs_transcript_sample(t, &hs_field_kb5, &c);
    return c;
}

/* cnt K values as proof bytes (w may be NULL: absorbed only) and transcript input; the reader side
 * reads and absorbs them (0 on a short proof: r->err says why). Every gkr and ragged message that
 * is a list of K values goes through these. */
void hs_gkr_send_k(hs_transcript *t, hs_writer *w, const hs_kb5 *v, size_t cnt);
int hs_gkr_recv_k(hs_transcript *t, hs_reader *r, hs_kb5 *v, size_t cnt);

/* Runs permutation p on the N = 2^n row-major Montgomery states (p->width words each) and fills
 * the witness (column-major). rows_out (may be NULL) receives the outputs row-major. flags:
 * HS_GKR_WIT_*. 0 on allocation failure. */
int hs_gkr_witness_build(hs_gkr_witness *w, const hs_gkr_perm *p, const hs_kb *inputs, unsigned n, unsigned threads,
                         hs_kb *rows_out, int flags);
/* Recomputes the initial full layers from the inputs into the slots of the final ones (which are
 * dropped). No-op if layer 0 is held. 0 on allocation failure. */
int hs_gkr_witness_initial(hs_gkr_witness *w, const hs_kb *inputs, unsigned threads);
void hs_gkr_witness_free(hs_gkr_witness *w);

/* ---- one S-box layer ---- */

typedef struct {
    unsigned n;                       /* variables */
    unsigned n_cube;                      /* w (full layers: every lane cubed) or 1 (partial: lane 0, and lin_k) */
    const hs_kb *cols[HS_GKR_MAX_WIDTH];  /* the cubed lanes' base-field columns of 2^n rows */
    /* lin_k (required when n_cube = 1: the walk's partial layers): the relation is
     * cube_coef t_0^3 + lin with lin a K column the caller keeps across layers (5 planes lin_cap
     * entries apart, hs_gkr_plane_cap(2^n) for speed; never folded in place); first, if upd_P:
     * lin += upd_mu upd_P + upd_na upd_s + upd_cst (upd_s may be NULL), in the same pass as the
     * first round's linear sums. The layer then sends 2 values, t_0(rho) and lin(rho), instead
     * of w. */
    hs_kb *lin_k;
    size_t lin_cap;
    hs_kb5 cube_coef;
    const hs_kb *upd_P, *upd_s;
    hs_kb5 upd_mu, upd_na, upd_cst;
} hs_gkr_layer;

/* The layer description of S-box layer L of a witness (a partial layer's lin_k is the caller's). */
void hs_gkr_layer_of(const hs_gkr_witness *w, unsigned layer, hs_gkr_layer *ly);

/* The plane stride of a K table of `entries` rows: HS_GKR_PLANE_PAD spare entries after each
 * plane. Tables of 2^k rows at plane strides of 2^k entries put every plane's row x at the same
 * cache set (addresses 4 KiB apart share an L1 set, 128 KiB apart an L2 set), so a kernel that
 * streams many planes at once (roundk: 16 lanes x 5 planes x rows x and x + h = 160 streams)
 * evicts its own lines; 1040 entries (65 cache lines) put consecutive planes 65 lines apart in
 * both. tests/bench_gkr_kern (roundk, 2^15 rows, 16 lanes, loaded): 12.5-14.4 ms unpadded
 * (BPAD=0) against 6.8-7.3 ms. */
#define HS_GKR_PLANE_PAD 1040
static inline size_t hs_gkr_plane_cap(size_t entries) { return entries + HS_GKR_PLANE_PAD; }

/* Scratch for the layer prover, reusable across layers of up to 2^n rows and `width` cube lanes.
 * K tables are stored as 5 planes (src/gkr/gkr_kern.h), each plane hs_gkr_plane_cap(its rows)
 * entries apart. */
typedef struct {
    unsigned n, width;
    hs_kb *eq;         /* 5 planes of 2^n (padded): the suffix eq tables, later eq(rho, .) */
    hs_kb *fold;       /* the folded, scaled cube columns (padded planes): lane 0 5 planes of 2^(n-1),
                        * lanes 1.. of 2^(n-2) */
    hs_kb *lin;        /* 5 planes of 2^n (padded): the linear lanes combined */
    const void *kern;  /* const hs_gkr_kernels *: AVX2 when available; tests may pick the portable ones */
    /* Data-parallel proving (src/sumcheck/comm.h; NULL alone): the skip layers' columns are this
     * rank's rows; their sums are reduced across the ranks and the rank's variables bound last, on
     * every rank alike. rank_w: the rank's eq weight at the layer's point (set by the layer). */
    const struct hs_comm *comm;
    hs_kb5 rank_w;
} hs_gkr_scratch;

int hs_gkr_scratch_init(hs_gkr_scratch *s, unsigned n, unsigned width);
void hs_gkr_scratch_free(hs_gkr_scratch *s);

/* g(t) = sum_{j < n_cube} beta^j t_j^3 + sum_{n_cube <= j < width} beta^j t_j with beta = gamma^3. */
hs_kb5 hs_gkr_layer_g(unsigned width, unsigned n_cube, hs_kb5 gamma, const hs_kb5 *t);

/* Proves claim = sum_x eq(z, x) g(cols(x)) (the caller knows it holds): n rounds through the
 * sumcheck transport, then writes and absorbs the n_cube values cols_j^(rho) (a lin_k layer: 2).
 * Fills rho (n values) and vals. 0 with *why on allocation failure or a degenerate challenge (probability ~n/|K|). */
int hs_gkr_layer_prove(const hs_gkr_layer *ly, hs_gkr_scratch *s, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                       hs_transcript *t, hs_writer *w, unsigned threads, hs_kb5 *rho, hs_kb5 *vals,
                       const char **why);

/* Verifier side of a full layer (every one of the n_cube lanes cubed): n rounds, reads the n_cube
 * values, checks eq(z, rho) g(vals) = the final claim. 1 if it holds; 0 with *why otherwise (a
 * short proof included). */
int hs_gkr_layer_verify(unsigned n, unsigned n_cube, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                        hs_transcript *t, hs_reader *r, hs_kb5 *rho, hs_kb5 *vals, const char **why);

/* Verifier of a lin_k layer (skip: the skip form, n >= 3): the rounds, then the 2 values
 * vals[0] = t_0(rho), vals[1] = lin(rho), checked by eq(z, rho) (cube_coef t_0^3 + lin) = the final
 * claim. 1 if it holds; 0 with *why otherwise. */
int hs_gkr_layer_verify_lin(unsigned n, int skip, hs_kb5 cube_coef, const hs_kb5 *z, hs_kb5 claim, hs_transcript *t,
                            hs_reader *r, hs_kb5 *rho, hs_kb5 vals[2], const char **why);

/* ---- univariate skip (k = 3; Gruen, eprint 2024/108, as leanMultisig uses it) ----
 * Row x = (d, y): d in D = {0..7} the top 3 bits, y the other n - 3. The skip extension of a
 * column f is f~(X, y') = sum_{d, y} L_d(X) eq(y', y) f(d, y), L_d the Lagrange basis of D. A skip
 * claim point is (alpha, y') in K x K^(n-3): n - 2 values, alpha first. The layer sumcheck of
 * claim = sum_{d, y} L_d(alpha) eq(y', y) g(cols(d, y)) starts with the skip round: the prover
 * sends q(X) = sum_y eq(y', y) g(cols~(X, y)) (degree 21) as its 22 values q(0..21) (own
 * transport: written, absorbed, then rho_0 sampled); the verifier checks
 * sum_{d < 8} L_d(alpha) q(d) = claim and continues with q(rho_0) and the n - 3 ordinary rounds
 * (degree 4, src/sumcheck transport); the final check is eq(y', rho') g(vals). */
#define HS_GKR_SKIP 3
#define HS_GKR_SKIP_D 8
#define HS_GKR_SKIP_DEG 21 /* 3 * 7 */
/* A claim point's length: n without the skip, n - k + 1 with it. (k = 4 was measured too: D = 16,
 * 46 values per skip round, half the later rounds' rows, same walk time at 2^20, larger proofs.) */
#define HS_GKR_SKIP_POINT(n) ((n) - HS_GKR_SKIP + 1)

/* L[d] = L_d(x), d = 0..7. */
void hs_gkr_skip_basis(hs_kb5 x, hs_kb5 L[HS_GKR_SKIP_D]);
/* Value at x of the polynomial of degree <= d given by its values at 0..d (d <= HS_GKR_SKIP_DEG). */
hs_kb5 hs_gkr_skip_interp(const hs_kb5 *vals, unsigned d, hs_kb5 x);

/* The skip layer: z and rho are skip points (n - 2 values), n = ly->n >= 3. Same contract as
 * hs_gkr_layer_prove / hs_gkr_layer_verify otherwise. With s->comm of R ranks, ly->n counts this
 * rank's rows (2^n of the 2^(n + log2 R)), z and rho are the whole table's points (n - 2 + log2 R
 * values) and every rank sends the same bytes. */
int hs_gkr_layer_prove_skip(const hs_gkr_layer *ly, hs_gkr_scratch *s, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                            hs_transcript *t, hs_writer *w, unsigned threads, hs_kb5 *rho, hs_kb5 *vals,
                            const char **why);
int hs_gkr_layer_verify_skip(unsigned n, unsigned n_cube, const hs_kb5 *z, hs_kb5 gamma, hs_kb5 claim,
                             hs_transcript *t, hs_reader *r, hs_kb5 *rho, hs_kb5 *vals, const char **why);

/* ---- batch evaluation helpers ---- */

/* dst (5 planes cap entries apart; hs_gkr_plane_cap(2^n) staggers them) = sum_{j < kc} coef[j] cols[j]
 * over 2^n rows. 0 if kc > HS_GKR_KERN_MAX_COLS (48). */
int hs_gkr_lin_combine(const hs_kb *const *cols, unsigned kc, const hs_kb5 *coef, hs_kb *dst, size_t cap, unsigned n,
                       unsigned threads);
/* out[j] = col_j^(z) for k base columns of 2^n rows (one eq table for all). */
int hs_gkr_eval_cols(const hs_kb *const *cols, unsigned k, unsigned n, const hs_kb5 *z, hs_kb5 *out,
                     unsigned threads);
/* out[j] = the MLE of column j of a row-major table of 2^n rows and `width` words at z. */
int hs_gkr_eval_rows(const hs_kb *rows, unsigned width, unsigned n, const hs_kb5 *z, hs_kb5 *out, unsigned threads);

/* ---- the backend ---- */

typedef struct {
    const hs_preset *preset;
    unsigned perm_id;    /* the permutation (gkr_perm.h: HS_GKR_P2_KB16 ..) */
    unsigned log_perms;
    int public_io;       /* 1: public statement (the verifier holds inputs and outputs) */
    size_t corrupt_cell; /* test hook, prover only: nonzero adds 1 to witness word corrupt_cell - 1 of pre */
    hs_whir_config whir; /* filled from the preset (private statements commit X || Y with it) */
} hs_gkr_shape;

/* log2 of the columns a private statement stacks: X || Y (2 width) and zero columns up to a power
 * of two (docs/PROOF_FORMAT_GKR.md). */
unsigned hs_gkr_stack_log_cols(unsigned width);

/* The WHIR configuration a preset gives the gkr backend. */
void hs_gkr_whir_config(const hs_preset *p, hs_whir_config *cfg);
/* Its 10 header bytes (docs/PROOF_FORMAT_GKR.md), the same in every gkr statement's header. */
void hs_gkr_write_whir_config(hs_writer *w, const hs_whir_config *c);

typedef struct {
    double witness_s, commit_s, walk_s, open_s, total_s;
} hs_gkr_timing;

/* Proves P(inputs[i]) for the 2^log_perms Montgomery-form states (width words each, row-major) and
 * appends the proof to out; outputs (may be NULL) receives the outputs row-major. 1, or 0 with a
 * reason. */
int hs_gkr_prove(const hs_gkr_shape *shape, const hs_kb *inputs, unsigned threads, hs_writer *out, hs_kb *outputs,
                 hs_gkr_timing *timing, const char **why);
/* hs_gkr_prove, calling hook (may be NULL) as each phase ends: "witness", "commit (WHIR)", "GKR
 * walk", "open (WHIR)" (a public statement's commit and open phases end at once, empty). */
int hs_gkr_prove_hooked(const hs_gkr_shape *shape, const hs_kb *inputs, unsigned threads, hs_writer *out,
                        hs_kb *outputs, hs_gkr_timing *timing, const hs_phase_hook *hook, const char **why);

/* hs_gkr_prove_hooked over the ranks of comm (src/sumcheck/comm.h; NULL or size 1: alone): rank r
 * passes the rows r, r + R, ... of the inputs (2^(log_perms - log2 R) states) and gets those rows'
 * outputs; every rank writes the whole proof, byte-identical to the one-process proof. Under R > 1
 * log_perms >= log2 R + 3; rank 0 gathers the public table for its digest, or (private) the
 * committed columns and runs the WHIR commitment and opening alone, sending the others its bytes
 * and transcript. */
struct hs_comm;
int hs_gkr_prove_comm(const hs_gkr_shape *shape, const hs_kb *inputs, const struct hs_comm *comm, unsigned threads,
                      hs_writer *out, hs_kb *outputs, hs_gkr_timing *timing, const hs_phase_hook *hook,
                      const char **why);

/* The walk of a private or public statement, callable by other statements over the same table
 * shape (src/statement/merkle/gkr_branches.c): samples z_out (n values); the output end (pub_out == NULL:
 * the private one, which sends the output blocks (or, without the skip, the w output values) and
 * sets v_out = Y^(z_out), w values; else the public rows pub_out, v_out unused); every S-box layer;
 * the input end. Leaves in x_claim the w claims X^(x_pt) on the inputs: private: a multilinear
 * point of n values (with the skip: the input blocks were sent and epsilon drawn); public: the
 * walk's last point (skip form, HS_GKR_SKIP_POINT(n) values). The witness needs HS_GKR_WIT_IO
 * (private) and is consumed (its initial full layers are rebuilt from inputs on the way). x_pt
 * has room for n values. 0 with a reason (allocation failure, a degenerate challenge). */
int hs_gkr_walk_prove(const hs_gkr_perm *P, hs_gkr_witness *wit, const hs_kb *inputs, const hs_kb *pub_out,
                      unsigned threads, hs_transcript *tr, hs_writer *out, hs_kb5 *z_out, hs_kb5 *v_out, hs_kb5 *x_pt,
                      hs_kb5 *x_claim, const char **why);
/* The verifier's twin: the same values from the proof; 0 with a reason on any failed check or a
 * short proof. */
int hs_gkr_walk_verify(const hs_gkr_perm *P, unsigned n, const hs_kb *pub_out, unsigned threads, hs_transcript *tr,
                       hs_reader *r, hs_kb5 *z_out, hs_kb5 *v_out, hs_kb5 *x_pt, hs_kb5 *x_claim, const char **why);
/* The bytes that walk writes for 2^n rows (a verifier's early length check). */
size_t hs_gkr_walk_bytes(const hs_gkr_perm *P, unsigned n, int public_io);

/* The statement a proof claims (header only). 0 with a reason if malformed or not a gkr proof. */
int hs_gkr_peek(const uint8_t *proof, size_t len, hs_gkr_shape *shape_out, const char **why);

/* 1 when accepted; 0 with a reason otherwise. Public statements need pub_in and pub_out (n_pub
 * states each of pub_width words, Montgomery, row-major): a proof whose permutation has another
 * width is rejected before the tables are read. Never reads outside proof[0..len) or the tables.
 * shape_out (may be NULL) says which permutation the proof is about. */
int hs_gkr_verify(const uint8_t *proof, size_t len, const hs_kb *pub_in, const hs_kb *pub_out, size_t n_pub,
                  unsigned pub_width, unsigned threads, hs_gkr_shape *shape_out, const char **why);

/* The gkr backend's soundness report (src/gkr/gkr_sound.c, docs/SOUNDNESS.md section "gkr
 * backend"; the formulas are src/soundness's and src/whir/params.c's): GKR walk terms (field size only, every regime), then for private statements the WHIR terms
 * (src/whir/params.c), statement batching and the Merkle hash; public statements add the table
 * digest's collision bound. The regime is the proven one the preset's WHIR configuration uses.
 * perm_id: the permutation (src/gkr/gkr_perm.h, HS_GKR_P2_KB16 ..): its width and layer count
 * enter the terms. */
int hs_soundness_gkr(const hs_preset *p, unsigned perm_id, unsigned log_perms, int public_io, hs_sound_report *out);
/* The walk's terms alone (gkr.output_point, gkr.layers[L]) for 2^log_perms rows, appended to out. */
void hs_soundness_gkr_walk(hs_sound_report *out, const hs_gkr_perm *pm, unsigned log_perms);
/* 1 when the preset's declared claim holds at that shape, 0 when not, -1 when unusable. */
int hs_soundness_gkr_check(const hs_preset *p, unsigned perm_id, unsigned log_perms, int public_io,
                           hs_sound_report *out);

#endif
