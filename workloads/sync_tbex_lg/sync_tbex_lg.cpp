// sync_tbex_lg (TBEX_LG): workloads/sync/sync_driver.h runs and checks it.
#include "workloads/sync/sync_driver.h"

namespace wf::workloads {

static const WorkloadRegistrar k_sync_tbex_lg{sync_driver::barrier_workload(
    "sync_tbex_lg", "tree_barrier_local_exchange", /*lf_tree=*/false, /*local_exchange=*/true,
    "two-level atomic tree barrier, data exchanged with the next WG of the same CU (HeteroSync "
    "AtomicTreeBarrLocalExch, AWG TBEX_LG)")};

}  // namespace wf::workloads
