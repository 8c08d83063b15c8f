/* src/cli/comm.h for the plain binary: no MPI, one process (hashsnark-mpi links
 * src/cli/mpi/comm_mpi.c instead of this file). */
#include "cli/comm.h"

int hs_cli_comm_begin(int *argc, char ***argv) {
    (void)argc, (void)argv;
    return 1;
}
int hs_cli_comm_end(int rc) { return rc; }
int hs_cli_comm_agree(int ok) { return ok ? -1 : 0; }
const hs_comm *hs_cli_comm(void) { return NULL; }
