/* src/cli/comm.h for the plain binary: no MPI, one process. */
#include "cli/comm.h"

#ifndef HS_CLI_MPI
int hs_cli_comm_begin(int *argc, char ***argv) {
    (void)argc, (void)argv;
    return 1;
}
int hs_cli_comm_end(int rc) { return rc; }
const hs_comm *hs_cli_comm(void) { return NULL; }
#endif
