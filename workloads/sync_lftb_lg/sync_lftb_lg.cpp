// sync_lftb_lg (LFTB_LG): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_lftb_lg{sync_driver::barrier_workload(
    "sync_lftb_lg", "lf_tree_barrier", /*lf_tree=*/true, /*local_exchange=*/false,
    "decentralized (lock-free) two-level tree barrier, one arrival and one release flag per WG, "
    "data exchanged with the next WG of the grid (HeteroSync LFTreeBarr, AWG LFTB_LG)")};

}  // namespace wf::workloads
