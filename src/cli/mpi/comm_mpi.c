/* src/cli/comm.h for hashsnark-mpi: the library's communicator (include/hashsnark.h, hs_comm) on
 * MPI_COMM_WORLD. Blocks of more than INT_MAX bytes go as a contiguous type of 1 MiB units; such a
 * block that is not a whole number of MiB is refused (a failed transfer: the provers' blocks stay
 * below INT_MAX up to 2^24 Poseidon2-KB24 rows). Errors return (MPI_ERRORS_RETURN) so the library
 * can name them; a failing rank then ends the run. */
#include <limits.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/comm.h"

#define UNIT ((size_t)1 << 20)

static hs_comm world;
static int started, agreed;
/* HS_MPI_STATS=1: each rank counts its collectives and the bytes it hands them, and times them
 * after a barrier (the time the ranks wait for each other apart from the transfer's), printed at
 * the end (docs/DISTRIBUTED.md's model against a run) */
enum { ALLGATHER, GATHER, BCAST, ALLTOALL, KINDS };
static const char *const kind_name[KINDS] = {"allgather", "gather", "bcast", "alltoall"};
static unsigned long long n_calls[KINDS], n_bytes[KINDS];
static double t_wait[KINDS], t_xfer[KINDS];
static int stats;

/* The datatype and count for bytes (a multiple of UNIT when over INT_MAX: else fails). */
static int as_type(size_t bytes, MPI_Datatype *t, int *count, MPI_Datatype *owned) {
    *owned = MPI_DATATYPE_NULL;
    if (bytes <= INT_MAX) return *t = MPI_BYTE, *count = (int)bytes, 1;
    if (bytes % UNIT || bytes / UNIT > INT_MAX) return 0;
    if (MPI_Type_contiguous((int)UNIT, MPI_BYTE, owned) != MPI_SUCCESS || MPI_Type_commit(owned) != MPI_SUCCESS)
        return 0;
    return *t = *owned, *count = (int)(bytes / UNIT), 1;
}

static void release(MPI_Datatype *owned) {
    if (*owned != MPI_DATATYPE_NULL) MPI_Type_free(owned);
}

/* One collective of `bytes` a rank (a block of a root's or every rank's), counted. The callbacks
 * below pass it their MPI call; root < 0: the all-to-all ones (no root). */
typedef int (*all_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
static int collective(int kind, all_fn all, const void *send, void *recv, void *buf, size_t bytes, int root) {
    MPI_Datatype t, own;
    int c, rc;
    if (!as_type(bytes, &t, &c, &own)) return 1;
    double t0 = MPI_Wtime();
    if (stats) {
        MPI_Barrier(MPI_COMM_WORLD);
        const double t1 = MPI_Wtime();
        t_wait[kind] += t1 - t0, t0 = t1;
    }
    if (kind == BCAST)
        rc = MPI_Bcast(buf, c, t, root, MPI_COMM_WORLD);
    else if (kind == GATHER)
        rc = MPI_Gather(send, c, t, recv, c, t, root, MPI_COMM_WORLD);
    else
        rc = all(send, c, t, recv, c, t, MPI_COMM_WORLD);
    n_calls[kind]++, n_bytes[kind] += (kind == ALLTOALL ? (size_t)world.size : 1) * bytes;
    t_xfer[kind] += MPI_Wtime() - t0;
    release(&own);
    return rc != MPI_SUCCESS;
}

static int allgather(void *user, const void *send, void *recv, size_t bytes) {
    (void)user;
    return collective(ALLGATHER, MPI_Allgather, send, recv, NULL, bytes, -1);
}
static int gather(void *user, const void *send, void *recv, size_t bytes, int root) {
    (void)user;
    return collective(GATHER, NULL, send, recv, NULL, bytes, root);
}
static int bcast(void *user, void *buf, size_t bytes, int root) {
    (void)user;
    return collective(BCAST, NULL, NULL, NULL, buf, bytes, root);
}
static int alltoall(void *user, const void *send, void *recv, size_t bytes) {
    (void)user;
    return collective(ALLTOALL, MPI_Alltoall, send, recv, NULL, bytes, -1);
}

int hs_cli_comm_begin(int *argc, char ***argv) {
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        fprintf(stderr, "hashsnark-mpi: MPI_Init failed\n");
        return 0;
    }
    started = 1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    world = (hs_comm){rank, size, NULL, allgather, gather, bcast, alltoall};
    const char *st = getenv("HS_MPI_STATS");
    stats = st && *st && strcmp(st, "0");
    if (size & (size - 1) || size > 1024) {
        if (rank == 0) fprintf(stderr, "hashsnark-mpi: %d ranks; run it on a power of two, 1 to 1024\n", size);
        MPI_Finalize();
        started = 0;
        return 0;
    }
    return 1;
}

int hs_cli_comm_end(int rc) {
    if (!started) return rc;
    for (int k = 0; rc == 0 && stats && k < KINDS; k++)
        if (n_calls[k])
            fprintf(stderr,
                    "hashsnark-mpi: rank %d: %llu %s calls, %llu bytes handed in, %.3f s transfer, %.3f s waiting "
                    "for the other ranks\n",
                    world.rank, n_calls[k], kind_name[k], n_bytes[k], t_xfer[k], t_wait[k]);
    if (rc != 0 && world.size > 1 && !agreed) {
        fprintf(stderr, "hashsnark-mpi: rank %d of %d failed (exit status %d): ending every rank\n", world.rank,
                world.size, rc);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, rc);
    }
    MPI_Finalize();
    started = 0;
    return rc;
}

int hs_cli_comm_agree(int ok) {
    if (!started || world.size == 1) return ok ? -1 : 0;
    int *all = malloc((size_t)world.size * sizeof *all);
    if (!all || MPI_Allgather(&ok, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD) != MPI_SUCCESS) return free(all), -2;
    int first = -1;
    for (int r = world.size; r-- > 0;)
        if (!all[r]) first = r;
    free(all);
    if (first >= 0) agreed = 1;
    return first;
}

const hs_comm *hs_cli_comm(void) { return started && world.size > 1 ? &world : NULL; }
