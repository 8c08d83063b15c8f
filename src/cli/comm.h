/* The command line's communicator: hashsnark-mpi (built when CMake finds MPI) runs every command
 * under MPI and hands prove an Open MPI communicator (src/cli/mpi/comm_mpi.c); the plain hashsnark
 * binary links no MPI and always runs alone (src/cli/comm.c). */
#ifndef HS_CLI_COMM_H
#define HS_CLI_COMM_H

#include "hashsnark.h"

/* Starts the communicator (MPI_Init); 0 after printing why it failed. */
int hs_cli_comm_begin(int *argc, char ***argv);
/* Ends it with the command's exit status: under several ranks a nonzero status on any rank ends
 * every rank (MPI_Abort) with that status, after a message naming the rank. Returns rc. */
int hs_cli_comm_end(int rc);
/* Every rank says whether it can go on (ok 1) or not (ok 0, after printing why): returns -1 when
 * every rank can, else the lowest rank that cannot (-2 when the exchange itself failed). A failure
 * the ranks so agree on ends the run without MPI_Abort: each rank returns the nonzero status and
 * hs_cli_comm_end finalises, so rank 0 can say why and mpirun exits nonzero. Alone: ok ? -1 : 0. */
int hs_cli_comm_agree(int ok);
/* The communicator of several ranks, or NULL (alone). */
const hs_comm *hs_cli_comm(void);

#endif
