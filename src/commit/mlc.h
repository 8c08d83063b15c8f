/* A multilinear polynomial commitment, behind one small interface (docs/PCS.md).
 *
 * A scheme commits to a multilinear t in n_vars variables and proves claims t(point) = value,
 * with point (n_vars coordinates) and value in the scheme's field (`field`). The committed table's
 * layout is the scheme's (`table_elems` elements of `field`): for FRI-Binius (binfri.h) the 2^l
 * values of t on the cube, variable k = bit k of the index.
 *
 * Flow, prover and verifier alike on their own transcript, after absorbing the same context:
 *   prover:   absorb_params, commit (writes the commitment), open (writes the opening)
 *   verifier: absorb_params, read_commitment, verify (reads the opening; 1 iff it holds)
 * The point and the value are absorbed by open and verify (a scheme binds its claim). A verifier
 * reads only what its parameters and the transcript fix: every count comes from them, never from
 * the proof, so its allocations are bounded by the parameters; each failure is named in *why.
 *
 * Instances: hs_binfri_mlc (binfri.h: FRI-Binius over GF(2^128)) and hs_ringsw_mlc (ringsw.h: GF(2)
 * values packed 128 an element, opened by ring switching). */
#ifndef HS_COMMIT_MLC_H
#define HS_COMMIT_MLC_H

#include <stddef.h>

#include "field/field_desc.h"
#include "merkle/merkle.h"
#include "proof/bytes.h"
#include "soundness/soundness.h"
#include "transcript/transcript.h"

#define HS_MLC_MAX_DIGESTS 16

/* A commitment: the Merkle cap(s) a scheme wrote (up to HS_MLC_MAX_DIGESTS digests). */
typedef struct {
    size_t n;
    hs_digest d[HS_MLC_MAX_DIGESTS];
} hs_mlc_commitment;

typedef struct hs_mlc hs_mlc;

typedef struct {
    const char *name; /* "binfri" */
    void (*absorb_params)(const hs_mlc *s, hs_transcript *t);
    /* evals: table_elems elements (copied). *wit receives the prover's state (free_witness). */
    int (*commit)(const hs_mlc *s, void **wit, const void *evals, hs_transcript *t, hs_writer *w,
                  hs_mlc_commitment *comm, unsigned threads, const char **why);
    /* Proves t(point) = value; a witness opens once. */
    int (*open)(const hs_mlc *s, void *wit, const void *point, const void *value, hs_transcript *t, hs_writer *w,
                unsigned threads, const char **why);
    void (*free_witness)(void *wit);
    int (*read_commitment)(const hs_mlc *s, hs_transcript *t, hs_reader *r, hs_mlc_commitment *comm,
                           const char **why);
    int (*verify)(const hs_mlc *s, const hs_mlc_commitment *comm, const void *point, const void *value,
                  hs_transcript *t, hs_reader *r, const char **why);
    /* Appends the scheme's soundness terms (bits, per regime) to r. */
    void (*soundness)(const hs_mlc *s, hs_sound_report *r);
    /* Bounds of the commitment's and of one opening's bytes. */
    size_t (*commit_size)(const hs_mlc *s);
    size_t (*open_size_bound)(const hs_mlc *s);
} hs_mlc_ops;

struct hs_mlc {
    const hs_mlc_ops *ops;
    const hs_field_desc *field; /* of points, values and the table */
    unsigned n_vars;
    size_t table_elems;
    const void *params; /* the scheme's parameters (outlive the hs_mlc) */
};

#endif
