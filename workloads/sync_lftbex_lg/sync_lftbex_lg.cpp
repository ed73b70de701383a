// sync_lftbex_lg (LFTBEX_LG): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_lftbex_lg{sync_driver::barrier_workload(
    "sync_lftbex_lg", "lf_tree_barrier_local_exchange", /*lf_tree=*/true, /*local_exchange=*/true,
    "decentralized two-level tree barrier, data exchanged with the next WG of the same CU "
    "(HeteroSync LFTreeBarrLocalExch, AWG LFTBEX_LG)")};

}  // namespace wf::workloads
