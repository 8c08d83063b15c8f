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
static int started;

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

static int allgather(void *user, const void *send, void *recv, size_t bytes) {
    (void)user;
    MPI_Datatype t, own;
    int c;
    if (!as_type(bytes, &t, &c, &own)) return 1;
    const int rc = MPI_Allgather(send, c, t, recv, c, t, MPI_COMM_WORLD);
    release(&own);
    return rc != MPI_SUCCESS;
}

static int gather(void *user, const void *send, void *recv, size_t bytes, int root) {
    (void)user;
    MPI_Datatype t, own;
    int c;
    if (!as_type(bytes, &t, &c, &own)) return 1;
    const int rc = MPI_Gather(send, c, t, recv, c, t, root, MPI_COMM_WORLD);
    release(&own);
    return rc != MPI_SUCCESS;
}

static int bcast(void *user, void *buf, size_t bytes, int root) {
    (void)user;
    MPI_Datatype t, own;
    int c;
    if (!as_type(bytes, &t, &c, &own)) return 1;
    const int rc = MPI_Bcast(buf, c, t, root, MPI_COMM_WORLD);
    release(&own);
    return rc != MPI_SUCCESS;
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
    world = (hs_comm){rank, size, NULL, allgather, gather, bcast};
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
    if (rc != 0 && world.size > 1) {
        fprintf(stderr, "hashsnark-mpi: rank %d of %d failed (exit status %d): ending every rank\n", world.rank,
                world.size, rc);
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, rc);
    }
    MPI_Finalize();
    started = 0;
    return rc;
}

const hs_comm *hs_cli_comm(void) { return started && world.size > 1 ? &world : NULL; }
